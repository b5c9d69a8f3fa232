"""Each setting's one line of help, in Hungarian (the keys of ``settings_en``)."""

SETTINGS: dict[str, str] = {
    "settings.unknown_name": (
        "Nincs „{name}” beállítás. A tieid: {names}; a csevegésé: „settings chat …” ({chat_names})."
    ),
    "settings.now": "{name}: {value}. {about}",
    "settings.wrong_value": "A(z) „{value}” nem érték ehhez: {name}. {about}",
    "settings.no_game": "Nem játszod a(z) #{id} játszmát. {about}",
    "settings.pages_unavailable": (
        "Ennek a botnak nincs nyilvános címe a játszmák oldalaihoz (az üzemeltető a PUBLIC_URL-lel adja meg), "
        "így nincs mit bekapcsolni."
    ),
    "settings.flip_between_people": "{value} (emberek között; a bot ellen a te oldalad mindig alul van)",
    "settings.about.lang": "settings lang hu: a nyelv, amelyen a bot hozzád szól (en, ru, fa, hu).",
    "settings.about.board": "settings board picture|text|both: a játszmáid táblája képként, szavakkal vagy mindkettő.",
    "settings.about.reminders": "settings reminders on|off, daily 08:00 vagy every 6h: emlékeztető játszmánként vagy összesítő.",
    "settings.about.zone": "settings zone Europe/Budapest (vagy +03:00, UTC): az időzónád a csendes órákhoz és az összesítőkhöz.",
    "settings.about.quiet": (
        "settings quiet 22:00-07:00 (a saját órád szerint) vagy off: legfeljebb 12 óra, amikor sem "
        "emlékeztető, sem figyelmeztetés, sem összesítő nem jön, és a privát csevegésedbe semmi."
    ),
    "settings.about.notices": "settings notices private|group|both: hol szólunk, hogy te lépsz.",
    "settings.about.mute": "settings mute #12: nincs emlékeztető arról a játszmádról ('unmute #12' visszavonja).",
    "settings.about.unmute": "settings unmute #12: újra emlékeztető arról a játszmádról.",
    "settings.about.colorblind": "settings colorblind on|off: jel minden színen a játszmáid tábláján.",
    "settings.about.flip": (
        "settings flip on|off: emberek közti játszmában a tábla a te oldaladról, amikor te lépsz."
    ),
    "settings.about.warnings": "settings warnings on|off: kérdés egy azonnal vesztő lépés előtt.",
    "settings.about.chat.lang": "settings chat lang hu: a bot nyelve itt azoknak, akik nem választottak.",
    "settings.about.chat.time": "settings chat time 1d (vagy none): a lépésidő az itteni új játszmákban.",
    "settings.about.chat.board": "settings chat board new|edit: lépésenként új tábla, vagy az utolsó szerkesztése.",
    "settings.about.chat.thread": "settings chat thread on|off: beszélgetésszál minden itteni játszmához.",
    "settings.about.chat.zone": "settings chat zone Europe/Budapest (vagy +03:00): a csevegés órája a napi feladványhoz.",
    "settings.about.chat.puzzle": "settings chat puzzle daily 09:00 [játék] vagy off: minden nap egy feladvány itt.",
    "settings.about.chat.pages": "settings chat pages on|off: a csevegés játszmáinak oldalai (off: minden cím megszűnik).",
}
