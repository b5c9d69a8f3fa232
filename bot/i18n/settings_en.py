"""Each setting's one line of help, in English: what an answer about that setting says (the reference: every other
language has exactly these keys)."""

SETTINGS: dict[str, str] = {
    "settings.unknown_name": (
        "There is no setting '{name}'. Yours: {names}; the chat's: 'settings chat …' ({chat_names})."
    ),
    "settings.now": "{name}: {value}. {about}",
    "settings.wrong_value": "'{value}' is not a value for {name}. {about}",
    "settings.no_game": "You play no game #{id}. {about}",
    "settings.pages_unavailable": (
        "This bot has no public address for game pages (its operator sets PUBLIC_URL), so there are none to turn on."
    ),
    "settings.flip_between_people": "{value} (between people; against the bot your side is always at the bottom)",
    "settings.about.lang": "settings lang ru: the language the bot speaks to you (en, ru, fa, hu).",
    "settings.about.board": "settings board picture|text|both: your games' boards as a picture, in words, or both.",
    "settings.about.reminders": "settings reminders on|off, daily 08:00 or every 6h: a reminder per game, or a digest.",
    "settings.about.zone": "settings zone Europe/Budapest (or +03:00, UTC): your time zone, for quiet hours and digests.",
    "settings.about.quiet": (
        "settings quiet 22:00-07:00 (your own clock) or off: at most 12 hours when no reminder, "
        "warning or digest reaches you, and nothing comes to your private chat."
    ),
    "settings.about.notices": "settings notices private|group|both: where your turns are told to you.",
    "settings.about.mute": "settings mute #12: no reminders for that game of yours ('unmute #12' undoes it).",
    "settings.about.unmute": "settings unmute #12: reminders for that game of yours again.",
    "settings.about.colorblind": "settings colorblind on|off: a mark on every colour of your games' boards.",
    "settings.about.flip": (
        "settings flip on|off: in games between people, the board drawn from your side when it is your move."
    ),
    "settings.about.warnings": "settings warnings on|off: a question before a move that loses at once.",
    "settings.about.chat.lang": "settings chat lang hu: the language the bot speaks here to those who chose none.",
    "settings.about.chat.time": "settings chat time 1d (or none): the time per move of new games here.",
    "settings.about.chat.board": "settings chat board new|edit: each move a new board message, or the last one edited.",
    "settings.about.chat.thread": "settings chat thread on|off: a discussion thread for each game here.",
    "settings.about.chat.zone": "settings chat zone Europe/Budapest (or +03:00): the chat's clock, for its daily puzzle.",
    "settings.about.chat.puzzle": "settings chat puzzle daily 09:00 [game] or off: a puzzle here every day.",
    "settings.about.chat.pages": "settings chat pages on|off: this chat's game pages (off: every address stops working).",
}
