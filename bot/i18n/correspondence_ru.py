"""The words of correspondence play in Russian (the keys of ``correspondence_en``)."""

CORRESPONDENCE: dict[str, str] = {
    "menu.if": "заготовить ответы на следующие ходы соперника",
    "help.if": (
        "if <его ход> then <ваш ход> (или: если … то …) — в партии, где вы ждёте хода соперника, ответ, заготовленный "
        "заранее: когда он сделает этот ход, ваш будет сделан сразу. Глубже: '… if <его следующий ход> then <ваш>'; "
        "несколько 'if' — несколько вариантов. Любой другой ход их стирает (вам об этом скажут). Только в нашем личном "
        "чате, и никто их не увидит, пока они не сыграны. 'if' показывает их, 'if clear' стирает, '#N' выбирает партию. "
        "Не против бота."
    ),
    "prepared.usage": (
        "Напишите: if <его ход> then <ваш ход>, например 'if b6-a5 then b4-c5'; глубже: 'if b6-a5 then b4-c5 "
        "if a7-b6 then c3-d4'."
    ),
    "prepared.private_only": (
        "{user}: заготавливайте ответы в нашем личном чате: здесь их прочтут все. Ничего не сохранено."
    ),
    "prepared.not_vs_bot": "Ответы заготавливаются только в партиях между людьми.",
    "prepared.your_turn": "В #{id} сейчас ваш ход: сначала сделайте его. Ответы заготавливают, пока ждут.",
    "prepared.no_game": "У вас нет партии, где вы ждёте хода соперника.",
    "prepared.saved": "#{id}: ваши заготовленные ответы (их видите только вы):\n{lines}",
    "prepared.none": "#{id}: ответов не заготовлено.",
    "prepared.cleared_by_you": "#{id}: ваши заготовленные ответы стёрты.",
    "prepared.cleared": (
        "#{id}: соперник сыграл {move}, а ответа на этот ход у вас не было: заготовленные ответы стёрты. Ваш ход."
    ),
    "prepared.cleared_takeback": "#{id}: ход взят назад, поэтому ваши заготовленные ответы стёрты.",
    "prepared.played": "(ответ, заготовленный заранее)",
    "prepared.too_many": "Больше {most} заготовленных ответов в одной партии нельзя.",
    "prepared.illegal": "Ход {step} варианта, {move}: {why}",
    "prepared.not_theirs": "На ходу {step} варианта ходит не соперник.",
    "prepared.not_yours": "На ходу {step} варианта, после {move}, ходите не вы.",
    "prepared.over": "Партия заканчивается раньше хода {step} варианта.",
    "setting.quiet": "часы тишины",
    "setting.notices": "куда приходят уведомления",
    "setting.mute": "без напоминаний",
    "setting.unmute": "снова с напоминаниями",
    "notices.private": "ваш личный чат со мной",
    "notices.group": "чат партии",
    "notices.both": "чат партии и ваш личный чат",
    "notices.refused": (
        "{player}, я не могу написать вам в личку (бот там заблокирован или личные сообщения закрыты), поэтому "
        "уведомления приходят сюда. Напишите мне в личку, чтобы они снова шли туда."
    ),
    "notices.refused_now": "чат партии, пока ваша личка не принимает моих сообщений (напишите мне туда)",
    "settings.digest_every": "сводка ваших ходов каждые {every}",
    "settings.digest_daily": "сводка ваших ходов ежедневно в {time}",
    "settings.show_notices": (
        "Ваши ходы: напоминания: {reminders} · часы тишины: {quiet} (часовой пояс {zone}) · уведомления: {notices} · "
        "без напоминаний: {muted}."
    ),
    "help.notices": (
        "settings zone Europe/Moscow (ваш часовой пояс) · settings quiet 22:00-07:30 (в это время вам ничего не "
        "приходит; последнее предупреждение придёт до них) · settings reminders daily 08:00 (одна сводка всех партий, "
        "где ваш ход, вместо напоминания по каждой; или 'every 6h', 'on', 'off') · settings notices private|group|both "
        "· settings mute #N (без напоминаний в этой партии; последнее предупреждение всё равно придёт) · settings "
        "unmute #N."
    ),
    "digest.title": "Ваш ход в партиях ({count}):",
    "digest.line": "#{id} {game} против {opponent}: {left}",
    "digest.left": "осталось {left}",
    "digest.no_clock": "без часов",
    "digest.more": "… и ещё {count}.",
    "explore.players_only": "Пока партия идёт, разбирать её могут только игроки; когда она окончена — все.",
    "explore.illegal": "Ход {step} варианта, {move}: {why}",
    "explore.over": "Здесь партия закончилась бы.",
    "explore.to_move": "Ход: {side}.",
    "explore.title": "Доска для размышлений",
    "web.explore.open": "Разобрать отсюда",
    "web.explore.note": "Ничто из сыгранного здесь не касается партии: отвечают только правила.",
    "web.explore.back": "Назад",
    "web.explore.restart": "Сначала",
    "web.explore.play": "Сыграть первый ход по-настоящему",
    "web.explore.prepare": "Сохранить как заготовленные ответы",
    "web.explore.game": "Вернуться к партии",
    "web.explore.line": "Вариант",
    "web.explore.empty": "Ходов ещё нет: сделайте ход за любую сторону.",
    "web.explore.chance": "Шансы белых в партии: {value}%",
    "explore.proven": "Доказано: при лучшей игре побеждают {side}.",
    "web.settings.title": "Как вам сообщать о ваших ходах",
    "web.settings.save": "Сохранить",
    "web.settings.zone_hint": "Начните вводить город, чтобы найти пояс (Europe/Moscow), или +03:00.",
    "web.settings.from": "с",
    "web.settings.to": "до",
    "web.settings.none": "нет",
    "web.settings.reminders_on": "напоминание о каждой партии",
    "web.settings.reminders_daily": "сводка каждый день в",
    "web.settings.reminders_every": "сводка каждые",
    "web.settings.reminders_off": "никаких",
    "web.settings.mute": "Без напоминаний о #{id}",
    "web.settings.unmute": "Снова напоминать о #{id}",
}
