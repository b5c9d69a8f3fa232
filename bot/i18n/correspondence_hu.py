"""The words of correspondence play in Hungarian (the keys of ``correspondence_en``)."""

CORRESPONDENCE: dict[str, str] = {
    "menu.if": "előre elkészített válaszok az ellenfél következő lépéseire",
    "help.if": (
        "if <az ő lépése> then <a te lépésed> (vagy: ha … akkor …) — egy játszmában, ahol az ellenfeled lépésére vársz, "
        "előre elkészített válasz: ha ő azt lépi, a tiéd azonnal megtörténik. Mélyebben: '… if <a következő lépése> "
        "then <a tiéd>'; több 'if' több ágat ad. Bármely más lépés törli őket (szólunk). Csak a privát csevegésünkben, "
        "és senki sem látja, amíg meg nem történnek. 'if' felsorolja, 'if clear' törli őket, '#N' választja a "
        "játszmát. A bot ellen nem."
    ),
    "prepared.usage": (
        "Írd így: if <az ő lépése> then <a te lépésed>, például 'if b6-a5 then b4-c5'; mélyebben: 'if b6-a5 then b4-c5 "
        "if a7-b6 then c3-d4'."
    ),
    "prepared.private_only": (
        "{user}: a válaszaidat a privát csevegésünkben készítsd el: itt mindenki olvasná. Semmi sem maradt meg."
    ),
    "prepared.not_vs_bot": "Előre elkészített válasz csak emberek közti játszmában van.",
    "prepared.your_turn": "A(z) #{id} játszmában te lépsz: előbb lépj. A válaszokat várakozás közben lehet elkészíteni.",
    "prepared.no_game": "Nincs olyan játszmád, ahol az ellenfeled lépésére vársz.",
    "prepared.saved": "#{id}: az előre elkészített válaszaid (csak te látod):\n{lines}",
    "prepared.none": "#{id}: nincs előre elkészített válasz.",
    "prepared.cleared_by_you": "#{id}: az előre elkészített válaszaid törölve.",
    "prepared.cleared": (
        "#{id}: az ellenfeled {move} lépett, amire nem volt válaszod: az előre elkészített válaszaid törölve. Te lépsz."
    ),
    "prepared.cleared_takeback": "#{id}: egy lépést visszavettek, ezért az előre elkészített válaszaid törölve.",
    "prepared.after": "(és utána még {count} válasz)",
    "prepared.in_all": "Összesen {count} válasz: az egyes első lépések utániakat megszámoltam, nem soroltam fel.",
    "prepared.played": "(előre elkészített válasz)",
    "prepared.too_many": "Egy játszmában legfeljebb {most} előre elkészített válasz lehet.",
    "prepared.illegal": "A változat {step}. lépése, {move}: {why}",
    "prepared.not_theirs": "A változat {step}. lépésénél nem az ellenfeled lép.",
    "prepared.not_yours": "A változat {step}. lépésénél, {move} után, nem te lépsz.",
    "prepared.over": "A játszma a változat {step}. lépése előtt véget ér.",
    "setting.quiet": "csendes órák",
    "setting.notices": "hová mennek az értesítéseid",
    "setting.mute": "némítva",
    "setting.unmute": "már nincs némítva",
    "notices.private": "a privát csevegésünk",
    "notices.group": "a játszma csevegése",
    "notices.both": "a játszma csevegése és a privát csevegésünk",
    "notices.refused": (
        "{player}, privátban nem tudok írni neked (a bot le van tiltva, vagy a közvetlen üzeneteid zárva vannak), ezért "
        "az értesítéseid ide jönnek. Írj nekem privátban, és újra oda mennek."
    ),
    "notices.refused_now": "a játszma csevegése, egyelőre: a privát csevegésed nem fogadja az üzeneteimet (írj ott nekem)",
    "settings.digest_every": "összesítő a lépéseidről {every} időnként",
    "settings.digest_daily": "összesítő a lépéseidről naponta {time}-kor",
    "settings.show_notices": (
        "A lépéseid: emlékeztetők: {reminders} · csendes órák: {quiet} (a te időzónád: {zone}) · értesítések ide: {notices} · "
        "némított játszmák: {muted}."
    ),
    "help.notices": (
        "settings zone Europe/Budapest (a saját időzónád: ehhez igazodnak a csendes óráid, az összesítők és a "
        "szabadság időpontjai) · settings quiet 22:00-07:30 (legfeljebb 12 óra; 'settings quiet off' megszünteti): "
        "ekkor semmilyen emlékeztető, utolsó figyelmeztetés vagy összesítő nem ér el egyik csevegésben sem, és a privát "
        "csevegésedbe semmi sem jön; mind a végükig vár. A csoport saját beszélgetésének üzenetei (tábla, kihívás, "
        "ajánlat) azonnal mennek. Az utolsó figyelmeztetés előttük jön; a bennük lejáró határidő, ha előttük kevesebb "
        "időd volt a lépésre, mint amennyit egy utolsó figyelmeztetés ad, a végükre és ennyi időre tolódik · settings "
        "reminders daily 08:00 (egy összesítő minden játszmáról, ahol te lépsz, játszmánkénti emlékeztető helyett; "
        "minden játszma utolsó figyelmeztetése azért jön; vagy 'every 6h', 'on', 'off') · settings notices "
        "private|group|both (ha a privát csevegésed nem fogadja a botot, a játszma csevegésébe mennek, amíg nem írsz "
        "ott nekem) · settings mute #N (nincs emlékeztető abban a játszmában; az utolsó figyelmeztetés azért jön) · "
        "settings unmute #N."
    ),
    "digest.title": "Te lépsz ezekben a játszmákban ({count}):",
    "digest.line": "#{id} {game} {opponent} ellen: {left}",
    "digest.left": "{left} van hátra",
    "digest.no_clock": "óra nélkül",
    "digest.more": "… és még {count}.",
    "explore.players_only": "Amíg a játszma tart, csak a játékosai elemezhetik; ha véget ért, bárki.",
    "explore.illegal": "A változat {step}. lépése, {move}: {why}",
    "explore.over": "Itt véget érne a játszma.",
    "explore.to_move": "{side} lép.",
    "explore.title": "Tábla a gondolkodáshoz",
    "web.explore.open": "Elemzés innen",
    "web.explore.note": "Semmi, amit itt lépsz, nem érinti a játszmát: csak a szabályok felelnek.",
    "web.explore.back": "Vissza",
    "web.explore.restart": "Elölről",
    "web.explore.play": "Az első lépés megtétele élesben",
    "web.explore.prepare": "Megtartás előre elkészített válaszként",
    "web.explore.game": "Vissza a játszmához",
    "web.explore.line": "Változat",
    "web.explore.empty": "Még nincs lépés: lépj bármelyik oldallal.",
    "web.explore.chance": "Világos esélyei a játszmában: {value}%",
    "explore.busy": "A megoldók most foglaltak: az ítéletük akkor jön, ha {seconds} mp múlva újra kérdezed.",
    "web.busy": "Most foglalt: kérlek, próbáld újra néhány másodperc múlva.",
    "explore.proven": "Bizonyított: legjobb játékkal {side} nyer.",
    "web.settings.title": "Hogyan értesülj a lépéseidről",
    "web.settings.save": "Mentés",
    "web.settings.zone_hint": "Kezdj el beírni egy várost az időzónához (Europe/Budapest), vagy +03:00.",
    "web.settings.from": "ettől",
    "web.settings.to": "eddig",
    "web.settings.none": "nincs",
    "web.settings.reminders_on": "emlékeztető játszmánként",
    "web.settings.reminders_daily": "összesítő minden nap ekkor",
    "web.settings.reminders_every": "összesítő ennyi óránként",
    "web.settings.reminders_off": "semmi",
    "web.settings.mute": "A(z) #{id} némítása",
    "web.settings.unmute": "A(z) #{id} újra",
}
