"""Each setting's one line of help, in Russian (the keys of ``settings_en``)."""

SETTINGS: dict[str, str] = {
    "settings.unknown_name": (
        "Настройки «{name}» нет. Ваши: {names}; настройки чата: «settings chat …» ({chat_names})."
    ),
    "settings.now": "{name}: {value}. {about}",
    "settings.wrong_value": "«{value}» — не значение для «{name}». {about}",
    "settings.no_game": "Вы не играете в партии #{id}. {about}",
    "settings.pages_unavailable": (
        "У этого бота нет публичного адреса для страниц партий (его задаёт PUBLIC_URL), так что включать нечего."
    ),
    "settings.flip_between_people": "{value} (между людьми; против бота ваша сторона всегда внизу)",
    "settings.about.lang": "settings lang ru: язык, на котором бот говорит с вами (en, ru, fa, hu).",
    "settings.about.board": "settings board picture|text|both: доски ваших партий картинкой, словами или и так и так.",
    "settings.about.reminders": "settings reminders on|off, daily 08:00 или every 6h: напоминание о каждой партии или сводка.",
    "settings.about.zone": "settings zone Europe/Budapest (или +03:00, UTC): ваш часовой пояс для тихих часов и сводок.",
    "settings.about.quiet": (
        "settings quiet 22:00-07:00 (по вашим часам) или off: до 12 часов, когда нет ни "
        "напоминаний, ни предупреждений, ни сводок, а в личку ничего не приходит."
    ),
    "settings.about.notices": "settings notices private|group|both: куда вам сообщают о вашем ходе.",
    "settings.about.mute": "settings mute #12: без напоминаний об этой вашей партии ('unmute #12' отменяет).",
    "settings.about.unmute": "settings unmute #12: снова напоминания об этой вашей партии.",
    "settings.about.colorblind": "settings colorblind on|off: значок на каждом цвете досок ваших партий.",
    "settings.about.flip": (
        "settings flip on|off: в партиях между людьми доска рисуется с вашей стороны, когда ваш ход."
    ),
    "settings.about.warnings": "settings warnings on|off: вопрос перед ходом, который сразу проигрывает.",
    "settings.about.chat.lang": "settings chat lang hu: язык бота здесь для тех, кто свой не выбрал.",
    "settings.about.chat.time": "settings chat time 1d (или none): время на ход в новых партиях здесь.",
    "settings.about.chat.board": "settings chat board new|edit: после хода новая доска или правка последней.",
    "settings.about.chat.thread": "settings chat thread on|off: ветка обсуждения для каждой партии здесь.",
    "settings.about.chat.zone": "settings chat zone Europe/Budapest (или +03:00): часы чата для ежедневной задачи.",
    "settings.about.chat.puzzle": "settings chat puzzle daily 09:00 [игра] или off: задача здесь каждый день.",
    "settings.about.chat.pages": "settings chat pages on|off: страницы партий этого чата (off: все адреса перестают работать).",
}
