"""Русские сообщения."""

MESSAGES: dict[str, str] = {
    "help": (
        "Команды (можно с / в начале):\n"
        "play <игра> [@игрок | bot] [параметры] — вызвать игрока, любого (без имени) или бота\n"
        "accept · decline · cancel — принять, отклонить или отозвать вызов\n"
        "move <ход> (или просто ход) — сделать ход; #<номер> до или после хода или команды выбирает партию (#2 e4, "
        "#2 resign)\n"
        "board · games · moves · resign · takeback · draw · abort · rematch · export · replay · review — текущая партия\n"
        "puzzle [игра] [easy|normal|hard] · puzzle hint · puzzle solution · top puzzles — задачи, решаемые вместе\n"
        "learn <игра> — первый урок на три минуты, наедине\n"
        "tournament new <игра> [swiss rounds=5 | roundrobin] · tournament join · tournament start · tournament — турниры\n"
        "rules <игра> · stats [игра] · top [игра] · settings · lang <код> · help <команда> · vacation · link · admin\n"
        "Игры: {game_list}. Параметры: {option_list}, "
        "time=none|12h|2d, level={level_list}, white|black|random."
    ),
    "help.play": (
        "play <игра> [@игрок | bot] [параметры] — например, 'play kamisado bot level=hard', 'play krepost @anna "
        "3x3 time=1d'."
    ),
    "help.move": "move <ход> — например, 'move purple l5' (Камисадо), 'move c3-d4' (Аштарашки), 'move e4-e5 xf7' (Крепость).",
    "help.draw": (
        "draw — только в крепости: предложить остановиться и подсчитать (пленники плюс камни соперника в руке). Соперник "
        "соглашается командой 'draw' или кнопкой «Да»; бот соглашается, только если подсчёт в его пользу."
    ),
    "help.board": (
        "Картинки доски: поля последнего хода обведены, ход перед ним нарисован стрелкой. Камисадо: цвет "
        "каждой башни, её зубы (сумо) после цвета; с 'settings colorblind on' у каждого цвета свой знак. "
        "Аштарашки: номер на каждом камне. Крепость: стены и ворота крепостей; красное кольцо отмечает камень "
        "окружённого отряда, который соперник может взять в плен; окно счёта показывает, сколько ходов "
        "осталось до подсчёта."
    ),
    "help.settings": (
        "settings — показать настройки. Ваши: 'settings lang ru', 'settings colorblind on', 'settings flip on', "
        "'settings reminders off', 'settings warnings on|off'. Этого чата: 'settings chat lang hu', 'settings chat "
        "time 1d', "
        "'settings chat board new|edit', 'settings chat thread on', 'settings chat pages on|off'"
        ", 'settings chat zone +03:00' (или Europe/Moscow), 'settings chat puzzle daily 09:00 [игра]' (или off)."
        " 'settings sessions' — где вы вошли на страницы партий ('settings sessions end' — выйти везде)."
        " 'settings board text' — доски ваших партий словами вместо картинки "
        "('both' — и то и другое; 'picture' — только картинка)."
        " 'help notices': часы тишины, ежедневная сводка, куда приходят уведомления."
    ),
    "help.unknown": "Команды '{command}' нет. Напишите 'help', чтобы увидеть список.",
    "help.unknown_near": "Команды '{command}' нет. Может быть, '{near}'? Напишите 'help', чтобы увидеть список.",
    "help.command": "{command} — {description}. 'help' — все команды.",
    "lang.set": "Язык: русский.",
    "lang.unknown": "Я говорю на: {languages}. Например: 'lang ru'.",
    "settings.show": (
        "Ваши настройки: язык: {user_language} · доска для дальтоников: {colorblind} · "
        "доски: {board} · своя сторона внизу: {flip} · "
        "предупреждения о проигрывающем ходе: {warnings}.\n"
        "Этот чат: язык: {chat_language} · время на ход: {chat_time} · доски: {chat_board} · "
        "ветка на каждую партию: {chat_thread}"
        "· часовой пояс чата (для задачи дня): {chat_zone} · задача дня: {chat_puzzle}."
    ),
    "settings.lang_own": "ваш выбор: 'lang'",
    "settings.lang_chat": "язык чата",
    "settings.lang_app": "язык вашего приложения",
    "settings.lang_default": "язык бота по умолчанию",
    "settings.lang_unset": "не задан (каждому на своём)",
    "settings.warnings_auto": "только против бота и в партиях без рейтинга",
    "settings.saved": "Сохранено: {name}: {value}.",
    "settings.sessions": "Вы вошли на страницы партий в браузерах: {count}.\n{list}\n'settings sessions end' — выйти во всех.",
    "settings.sessions_none": "Вы не вошли на страницы партий ни в одном браузере.",
    "settings.sessions_line": "с {since} (до {until})",
    "settings.sessions_ended": "Выход со страниц партий выполнен в браузерах: {count}.",
    "setting.lang": "язык",
    "setting.colorblind": "доска для дальтоников",
    "setting.flip": "своя сторона внизу",
    "setting.reminders": "напоминания",
    "setting.warnings": "предупреждения о проигрывающем ходе",
    "setting.time": "ограничение времени",
    "setting.board": "доски",
    "setting.thread": "ветка на каждую партию",
    "setting.zone": "часовой пояс",
    "setting.puzzle": "задача дня",
    "settings.admins_only": "Настройки чата могут менять только его администраторы.",
    "on": "вкл",
    "unrated": "без рейтинга",
    "off": "выкл",
    "too_long": "Сообщение слишком длинное ({length} символов; не больше {limit}).",
    "rate_limited": "Чуть помедленнее, пожалуйста: попробуйте через {seconds} с.",
    "discord.unread": (
        'Меня какое-то время не было, а читать историю этого канала мне нельзя, так что написанное здесь за '
        'это время до меня не дошло: если вы тогда сделали ход, напишите его ещё раз.'
    ),
    "discord.option.game_kind": 'игра',
    "discord.option.game": 'какая партия, если их несколько',
    "discord.option.opponent": 'кого вы вызываете (пусто: любого здесь)',
    "discord.option.bot": 'играть с ботом',
    "discord.option.level": 'сила бота',
    "discord.option.options": "напр. 'standard', '3x3 half', 'time=1d', 'white'",
    "discord.option.move": "ход, напр. 'purple l5', 'c3-d4', 'e4-e5 xf7'",
    "discord.option.code": 'пусто — получить код, или полученный код',
    "discord.option.length": "'5d'; 'end' — завершить; пусто: сколько дней осталось",
    "discord.option.action": "напр. 'abort #12', 'deadline #12 2d', 'evidence #12'",
    "discord.option.language": 'ваш язык',
    "discord.option.change": "напр. 'colorblind on', 'chat time 1d'; пусто: что задано",
    "discord.option.what": "что нужно, напр. 'hint', 'new', 'join'; пусто: что есть",
    "anonymous.refused": (
        "Вы пишете от имени группы (анонимный администратор), и я не знаю, кто вы: играть, отвечать и менять свои "
        "настройки можно только от своего имени. Отключите «Анонимность» в правах администратора, чтобы играть; от имени "
        "группы можно читать справку и правила и менять настройки чата (settings chat …)."
    ),
    "internal_error": "У меня что-то пошло не так; ничего не изменилось. Попробуйте ещё раз.",
    "database_unavailable": "База данных сейчас недоступна; ничего не изменилось. Попробуйте ещё раз чуть позже.",
    "unknown_game": "Игры '{name}' нет. Есть игры: {game_list}.",
    "games.list": "Игры: {game_list}. 'rules kamisado' — правила, 'play kamisado bot' — начать партию.",
    "bad_option": "Не понимаю параметр '{option}'. {usage}",
    "bad_option.contradiction": "'{first}' и '{second}' противоречат друг другу: выберите одно. {usage}",
    "challenge.open": "{challenger} хочет сыграть в {game} ({options}). Принять может любой: 'accept'.",
    "challenge.open_buttons": (
        "{challenger} хочет сыграть в {game} ({options}). Принять может любой здесь кнопкой; играют тоже "
        "кнопками."
    ),
    "challenge.to_user": "{target}, {challenger} вызывает вас на {game} ({options}): 'accept' или 'decline'.",
    "user.link_first": "Соперник на другой платформе? Сначала свяжите аккаунты ('link'), потом вызывайте его по имени.",
    "challenge.from_elsewhere": (
        "{challenger} (в {platform}) вызывает вас на {game} ({options}), вызов №{id}. Примите его здесь, и партия "
        "пойдёт в этом чате."
    ),
    "challenge.sent_elsewhere": (
        "Вызов №{id} отправлен {target} в {platform}, в личный чат с ботом: {game} ({options}). Когда вызов "
        "примут, доски будут приходить и сюда, и туда. Если вызов не дойдёт (там ещё не писали боту), пусть "
        "напишут боту в {platform}: 'accept {id}'."
    ),
    "challenge.unreachable": (
        "До {target} не достучаться в {platform} (там ещё не писали боту или не принимают личных сообщений): вызов "
        "№{id} ждёт. Можно написать боту в {platform}: 'accept {id}'."
    ),
    "challenge.declined": "{user} отклонил(а) вызов.",
    "challenge.cancelled": "Вызов отозван.",
    "challenge.none": "Здесь нет открытого вызова для вас.",
    "challenge.taken": "Поздно: этот вызов уже приняли. Партия №{id}: {white} против {black}.",
    "challenge.lost": (
        "Этот вызов до меня не дошёл (Telegram не сообщил, что он отправлен), поэтому принять его нельзя. Попросите "
        "новый: наберите моё имя в любом чате."
    ),
    "challenge.own": "Нельзя принять свой же вызов; 'cancel' отзывает его.",
    "challenge.not_yours": "Ответить на этот вызов может только {user}.",
    "challenge.open_decline": (
        "Открытый вызов не нужно отклонять: его может принять любой, а отозвать ('cancel') может только {user}."
    ),
    "challenge.gone": "Этот вызов уже закрыт.",
    "challenge.expired": "Вызов от {challenger} ({game}) истёк: никто не ответил.",
    "challenge.replaced": "(Ваш самый старый открытый вызов здесь отозван: одновременно ждать могут не больше {count}.)",
    "user.unknown": "Я ещё не знаю '{name}': пусть сначала что-нибудь напишет здесь.",
    "challenge.self": (
        "Нельзя вызвать самого себя: назовите другого игрока, вызовите любого ('play {game}') или бота ('play {game} bot')."
    ),
    "button.accept": "Принять",
    "button.decline": "Отклонить",
    "button.yes": "Да",
    "button.no": "Нет",
    "game.started": "Партия №{id}: {game}, {white} (белые) против {black} (чёрные). {options}",
    "game.caption": "№{id} {game} · {white} (белые) – {black} (чёрные)",
    "game.played": "{player}: {move}.",
    "game.to_move": "Ход: {player}.",
    "game.to_move_clock": "Ход: {player}, осталось {left}.",
    "game.ratings": "Рейтинги: {changes}.",
    "game.rating_change": "{player} {before} → {after} ({change})",
    "button.rematch": "Реванш",
    "button.review": "Разбор",
    "game.over": "Партия окончена. {result}",
    "game.won": "Победа: {player} ({reason}).",
    "game.draw": "Ничья ({reason}).",
    "ending.count": "Счёт: белые {white}, чёрные {black} (пленники плюс камни соперника в руке).",
    "ending.half_stone": "Полкамня у игрока {player}: ничья в его пользу.",
    "ending.points": "Очки: белые {white}, чёрные {black} (2 за чистую победу). Шары: белые {white_balls}, чёрные {black_balls}.",
    "ending.score": "Итоговый счёт: чёрные {black}, белые {white} (матч до {target}).",
    "game.frozen": "Партия №{id} заморожена: сохранённые ходы не дают сохранённую позицию. Администратор разберётся.",
    "game.none": "У вас здесь нет партии. Начните: 'play <игра>'.",
    "game.not_found": "Партии №{id} нет.",
    "game.not_here": "Здесь нет партии №{id}.",
    "game.not_yours": "Это не ваша партия.",
    "game.not_yours_named": "Это не ваша партия (№{id}: {white} – {black}).",
    "game.not_your_turn": "Сейчас не ваш ход: ходит {player}.",
    "game.changed": "Позиция изменилась, пока шёл ваш ход; посмотрите на доску ещё раз.",
    "game.busy": "Прямо сейчас в партии №{id} делается другой ход; попробуйте ещё раз чуть позже.",
    "game.finished": "Партия №{id} уже окончена.",
    "games.none": "У вас нет текущих партий.",
    "games.line": "№{id} {game} против {opponent}: {turn}{clock}",
    "games.your_turn": "ваш ход",
    "games.their_turn": "ход соперника",
    "games.clock": " (осталось {left})",
    "resign.done": "{player} сдаётся.",
    "resign.confirm": "{player}, сдать партию №{id} против {opponent}? Отменить будет нельзя.",
    "button.resign": "Да, сдаться",
    "button.keep": "Нет, играть дальше",
    "button.play_anyway": "Всё равно сыграть",
    "confirm.kept": "Партия №{id} продолжается.",
    "abort.done": "Партию №{id} отменил(а) {player}, пока она толком не началась. На рейтинг она не влияет.",
    "abort.late": "Партию №{id} уже нельзя отменить: вы в ней ходили. 'resign' — сдаться.",
    "moves.list": "Ходы партии №{id}: {moves}",
    "moves.none": "В партии №{id} ещё нет ходов.",
    "rematch.none": "Здесь нет вашей законченной партии, чтобы сыграть снова.",
    "move.loses": "Осторожно: после {move} {opponent} сразу выигрывает ходом {reply}. Всё равно сыграть?",
    "move.loses_now": "Осторожно: {move} заканчивает партию не в вашу пользу: {result} Всё равно сыграть?",
    "takeback.asked": "{player} просит вернуть свой последний ход. {opponent}, вы согласны? ('takeback' — согласие)",
    "takeback.done": "Возвращено ходов партии: {count} (ваш и ответы на него).",
    "takeback.rated": (
        "Против бота ходы возвращают только в нерейтинговых партиях: 'play {game} bot unrated'. Эта партия рейтинговая."
    ),
    "takeback.refused": "{player} не согласен(на) вернуть ход.",
    "takeback.nothing": "Нет вашего хода, который можно вернуть.",
    "count.confirm_lose": "Подсчёт сейчас проигрывает партию №{id}, {mine}:{theirs}. Всё равно остановиться и подсчитать?",
    "count.confirm_win": "Подсчёт сейчас выигрывает партию №{id} со счётом {mine}:{theirs}. Остановиться и подсчитать?",
    "count.confirm_draw": "Подсчёт сейчас завершает партию №{id} вничью, {mine}:{theirs}. Остановиться и подсчитать?",
    "count.rated": "Партия на рейтинг.",
    "button.count": "Да, подсчитать",
    "draw.refused": "{player} играет дальше: без подсчёта.",
    "offer.own": "Это ваше собственное предложение: отвечает соперник.",
    "offer.gone": "На это предложение уже ответили.",
    "question.answered": "На этот вопрос уже ответили.",
    "draw.not_here": "В игре {game} ничьих нет.",
    "draw.asked": "{player} предлагает остановиться и подсчитать. {opponent}, вы согласны? ('draw' — согласие)",
    "draw.bot_declines": "{bot} играет дальше: при подсчёте сейчас он бы не выиграл.",
    "export.done": "Запись партии №{id}:",
    "kamisado.refill": "Раунд выиграл(а) {player}. {player}, заполнять домашние ряды слева или справа?",
    "kamisado.round": "Раунд {round}: победа {winner} ({reason}). Счёт: чёрные {black} – белые {white}.",
    "kamisado.tooth": (
        "Башня «{colour}» ({player}) получает зуб дракона: теперь у неё {teeth} {teeth:зуб|зуба|зубов}, "
        "её победа стоит {points} {points:очко|очка|очков}."
    ),
    "kamisado.tower": "Ход башней цвета «{colour}» (на {square}) — {player}.",
    "kamisado.free": "Можно ходить любой башней — {player}.",
    "kamisado.match": "Раунд {round} · счёт: чёрные {black}, белые {white} · матч до {target}.",
    "kamisado.pass": "Башня «{colour}» ({player}) заблокирована: {player} пропускает ход.",
    "kamisado.push": (
        "Сумо «{colour}» ({player}) оттолкнуло на одно поле назад: {towers}. {opponent} пропускает ход: "
        "{player} ходит снова, башней «{next}» (цвет поля, куда отодвинута дальняя башня)."
    ),
    "kamisado.refilled": "{player} выбрал(а) заполнение первых рядов: {side}.",
    "kamisado.refill_preview": "{choice} — ряд игрока {player} от a до h: {row}",
    "legend.kamisado": "● чёрные  ○ белые  зубы после цвета;  {codes}",
    "legend.ashtarashki": (
        "w/b: камень белых/чёрных и его номер; заглавная буква: один отход (V); '-': номер закрыт (W); *: дошёл до конца"
    ),
    "legend.krepost": (
        "○ белые: в руке {white_hand}, пленных {white_prisoners} · ● чёрные: в руке "
        "{black_hand}, пленных {black_prisoners} · без пленных {quiet}/{count}"
        " · красное кольцо на картинке: камень окружённого отряда (его можно взять в плен)"
    ),
    "refill.left": "слева",
    "refill.right": "справа",
    "button.left": "Слева",
    "button.right": "Справа",
    "krepost.extra_turn": "{player} взял(а) последний камень отряда и ходит ещё раз.",
    "move.ambiguous": "'{text}' подходит к нескольким ходам; какой именно?",
    "move.hint_targets": "Возможные поля: {targets}.",
    "clock.reminder": "{player}, ваш ход в партии №{id} ({game}); осталось {left}.",
    "clock.final": "{player}, на ход в партии №{id} ({game}) осталось всего {left}!",
    "clock.lost": "{player}: время в партии №{id} истекло.",
    "option.shown": "{word} ({typed})",
    "option.single": "один раунд",
    "option.series": "серия",
    "option.standard": "стандартный матч",
    "option.long": "длинный матч",
    "option.marathon": "марафон",
    "option.half": "полкамня",
    "option.3x2": "3x2",
    "option.3x3": "3x3",
    "time.none": "без ограничения времени",
    "time.per_move": "{time} на ход",
    "duration.days": "{n} {n:день|дня|дней}",
    "duration.hours": "{n} {n:час|часа|часов}",
    "duration.minutes": "{n} {n:минута|минуты|минут}",
    "duration.seconds": "{n} {n:секунда|секунды|секунд}",
    "stats.header": "Рейтинги: {user}",
    "stats.line": "{game} ({scope}): {rating} · партии: {games}; выиграно: {wins}, проиграно: {losses}, вничью: {draws}",
    "stats.puzzles": "Задачи: рейтинг {rating} · решено {solved} из {tried} · серия {streak} (лучшая {best})",
    "stats.no_puzzles": "Задач ещё не было: 'puzzle' начинает первую.",
    "stats.none": "Рейтинговых партий пока нет.",
    "top.header": "Лучшие игроки в {game} ({scope}):",
    "top.line": "{rank}. {user} {rating} (партий: {games})",
    "top.none": "Рейтинговых партий в {game} пока нет.",
    "scope.all": "везде",
    "scope.chat": "в этом чате",
    "reason.home_row": "башня дошла до домашнего ряда соперника",
    "reason.deadlock": "взаимная блокировка",
    "reason.points": "набрано нужное число очков",
    "reason.resignation": "сдача",
    "reason.time": "истекло время",
    "reason.no_stones": "у соперника не осталось камней: чистая победа",
    "reason.home": "камни дошли до последнего ряда",
    "reason.liquidation": "последний активный камень ликвидирован",
    "reason.blocked": "сопернику некуда ходить",
    "reason.fortress": "вход в пустую крепость соперника",
    "reason.garrison": "взят последний камень гарнизона",
    "reason.no_move": "сопернику некуда ходить",
    "reason.count": "подсчёт после 100 ходов каждого игрока без пленных",
    "reason.agreed": "подсчёт по согласию",
    "name.kamisado": "Камисадо",
    "name.ashtarashki": "Аштарашки",
    "name.krepost": "Крепость",
    "side.white": "белые",
    "side.black": "чёрные",
    "colour.brown": "коричневый",
    "colour.green": "зелёный",
    "colour.red": "красный",
    "colour.yellow": "жёлтый",
    "colour.pink": "розовый",
    "colour.purple": "фиолетовый",
    "colour.blue": "синий",
    "colour.orange": "оранжевый",
    "rules.kamisado": (
        "Камисадо (Питер Бёрли). Цветная доска 8×8; у каждого игрока 8 башен, по одной каждого цвета, на домашнем "
        "ряду. Матч начинают чёрные. Первый ход раунда свободный; дальше вы обязаны ходить башней того цвета, на поле "
        "которого только что встал соперник. Башни ходят прямо или по диагонали вперёд на любое расстояние, не вставая "
        "на другие башни и не перепрыгивая их. Заблокированная башня пропускает ход автоматически (цвет её поля "
        "определяет следующую башню соперника). Дойдите до домашнего ряда соперника — раунд ваш. Если ходить не может "
        "никто, проигрывает сделавший последний настоящий ход (мы определяем это по повтору пары «игрок — цвет» среди "
        "пропусков).\nМатчи (3, 7 или 15 очков): победившая башня получает зуб дракона ценой 1, 2, 4, 8 очков; "
        "победитель выбирает заполнение слева или справа, следующий раунд начинает проигравший. Сумо ходят не дальше "
        "5/3/1 полей и могут толкнуть прямо вперёд на поле назад 1/2/3 башни соперника с меньшим числом зубов, но не "
        "первым ходом раунда; после толчка вы ходите снова. Серия (наш вариант) — раунды без зубов до 3 побед, "
        "начинают по очереди.\nХод: 'фиолетовый влево 5', '4' (прямо), 'e5', 'c1-e3'. '/1' сам по себе — кнопка [/1] "
        "(а '#2 /1' — первая кнопка партии #2): для хода пишите 'вправо 1' или '↗1'.\n"
        "Полные правила: docs/rules/kamisado.md"
    ),
    "rules.ashtarashki": (
        "Аштарашки (Юрий Халафян). Тёмные поля доски 8×8; у каждого 12 камней с номерами 1, 2, 3. Начинают белые. "
        "Камень ходит на одно поле по диагонали вперёд или отступает по диагонали назад: первое отступление "
        "переворачивает его (V), второе закрывает номер (W), третье снимает его с доски. Неотступавший камень (M) бьёт "
        "во всех четырёх диагональных направлениях, вставая на поле камня соперника: 1 бьёт 3, 3 бьёт 2, 2 бьёт 1; "
        "камень W может побить любой камень M. Бить обязательно, и продолжать тем же камнем, пока можно (ветку "
        "выбираете вы; взятие не меняет состояние бьющего). Камень на первом ряду соперника выбывает из игры: он не "
        "ходит и его нельзя бить, цепочка на нём останавливается. Вы побеждаете, если у соперника не осталось камней "
        "(чистая победа, 2 очка), если четыре ваших камня (или все, если их меньше) дошли, или если сопернику некуда "
        "ходить; если у кого-то меньше четырёх камней и их число разное, побеждает тот, у кого камней больше. Баллы: "
        "3/2/1 за каждый дошедший камень M/V/W.\nПолные правила: docs/rules/ashtarashki.md"
    ),
    "rules.krepost": (
        "Крепость (Константин Бояндин). Доска 12×12; у каждого 48 камней в запасе и крепость 3×2 (по желанию 3×3) со "
        "стенами и одним проходом в правом углу. Начинают белые. Ход: поставить камень на свои ряды 1–4 (чёрные 9–12, "
        "включая свою крепость), сдвинуть камень на одно поле по вертикали или горизонтали или прыгать через свои камни "
        "сколько угодно раз (не возвращаясь на пройденные поля и не через стены). Отряд, от которого нет свободного пути "
        "по пустым полям к краю доски вне крепостей, окружён; стены — не край, поэтому гарнизон заперт, как только "
        "перед проходом стоит любой камень — даже ваш, если он не соединён с гарнизоном. После каждого хода вы обязаны "
        "взять в плен один камень окружённого отряда соперника; за последний камень отряда — ещё один ход. Победа: "
        "войти в пустую крепость соперника, взять последний камень гарнизона, или сопернику некуда ходить. После 100 "
        "ходов каждого игрока (200 всего) без пленных (или по согласию: 'draw') "
        "идёт подсчёт: пленные плюс камни соперника в запасе; с "
        "полукамнем ничью выигрывает второй игрок.\nПолные правила: docs/rules/krepost.md"
    ),
    # administrators and vacations
    "help.admin": (
        "Для администраторов чата: 'admin abort #<партия> [причина]' прекращает сломанную партию без "
        "результата; 'admin deadline #<партия> 2d' даёт игроку, чей ход, столько времени; 'admin evidence "
        "#<партия>' показывает, почему партия заморожена."
    ),
    "help.vacation": (
        "vacation — сколько дней отпуска осталось в этом году ({days} в год); 'vacation 5d' останавливает часы "
        "всех ваших партий на пять дней; 'vacation end' заканчивает отпуск раньше."
    ),
    "admin.denied": "Это могут только администраторы чата.",
    "admin.elsewhere": "Партия №{id} играется не в этом чате.",
    "admin.aborted": "Партию №{id} прекратил {admin}{reason}. На рейтинги она не влияет.",
    "admin.not_active": "Партия №{id} сейчас не идёт (её состояние: {status}).",
    "admin.no_clock": "В партии №{id} нет контроля времени.",
    "admin.deadline": "{admin} перенёс срок в партии №{id}: у игрока {player} есть {left} на следующий ход.",
    "admin.not_frozen": "Партия №{id} не заморожена: её ходы дают её позицию.",
    "admin.evidence": (
        "Партия №{id} заморожена: {problem}\nЗаписано ходов: {count}; последние: {last}.\nЧем сохранённая "
        "позиция отличается от воспроизведённой: {fields}.\nПрекратить её: 'admin abort #{id}'."
    ),
    "vacation.status": (
        "В этом году у вас осталось отпуска: {left}{current}. 'vacation 5d' начинает отпуск; 'vacation end' "
        "заканчивает его раньше."
    ),
    "vacation.current": " (вы в отпуске до {until})",
    "vacation.bad": "Скажите, на сколько, например 'vacation 5d' или 'vacation 36h' (не меньше часа).",
    "vacation.too_long": "Это больше, чем осталось у вас отпуска в этом году: {left}.",
    "vacation.already": "Вы уже в отпуске до {until}; 'vacation end' заканчивает его.",
    "vacation.none": "Вы не в отпуске.",
    "vacation.started": (
        "{player} в отпуске до {until}: часы всех партий остановлены "
        "(в этом году использовано {used} из {limit} {limit:дня|дней|дней} отпуска)."
    ),
    "vacation.ended": (
        "{player} вернулся из отпуска: часы партий снова идут "
        "(в этом году использовано {used} из {limit} {limit:дня|дней|дней} отпуска)."
    ),
    "vacation.paused": "{opponent}: {player} в отпуске до {until}; часы партии №{id} ждут его.",
    "vacation.resumed": "{opponent}: {player} вернулся из отпуска; часы партии №{id} снова идут.",
    # the command menus of the platforms
    "menu.play": "начать игру: /play kamisado bot",
    "menu.move": "сделать ход",
    "menu.board": "показать доску",
    "menu.games": "ваши партии",
    "menu.resign": "сдаться",
    "menu.takeback": "попросить вернуть ход",
    "menu.export": "запись партии",
    "menu.rules": "правила игры",
    "menu.help": "все команды",
    "menu.lang": "язык: en ru fa hu",
    "menu.settings": "настройки",
    "menu.stats": "ваши рейтинги",
    "menu.top": "лучшие игроки",
    "menu.vacation": "отпуск: /vacation 5d",
    "menu.admin": "для администраторов чата",
    "menu.moves": "ходы партии",
    "menu.abort": "отменить партию до своего первого хода",
    "menu.rematch": "сыграть последнюю партию снова, цвета поменяны",
    # move examples
    "examples.kamisado": "'фиолетовая l5' (башня, направление, расстояние), '4' (прямо), 'e5' (поле), 'c1-e3'",
    "examples.ashtarashki": "'c3-d4', 'M3d4', 'd4:c5:b6' (цепочка взятий)",
    "examples.krepost": "'@e4' (поставить), 'e4-e5' (шаг), 'e4-e6-g6' (прыжки), 'e4-e5 xf7' (с пленником)",
    "language.name": "Русский",
    # the terminal chat
    "console.welcome": (
        "Бот настольных игр — чат в терминале. Попробуйте: 'play kamisado bot', 'play ashtarashki bot level=easy', 'help'."
    ),
    "console.welcome_more": (
        "Двое за одной клавиатурой: 'play krepost @bob', затем 'as bob' и 'accept'; 'as ИМЯ' меняет того, кто"
        " печатает. '/3' нажимает кнопку [/3] (просто число — это ход: '4' в Камисадо — прямо вперёд). 'quit'"
        " — выход."
    ),
    "console.help": "Здесь, в терминале: '/3' нажимает кнопку [/3] · 'as ИМЯ' меняет того, кто печатает · 'quit' — выход.",
    "console.help_quit": "'quit' (или 'exit', или Ctrl-D) закрывает чат в терминале; партии сохраняются до следующего запуска.",
    "console.help_as": (
        "'as ИМЯ' — следующие строки пишет ИМЯ: двое игроков за одной клавиатурой ('play krepost @bob',"
        " затем 'as bob', 'accept')."
    ),
    "console.name_is_square": "'{name}' читается как поле доски и не может быть именем: выберите другое.",
    "console.thinking": "Бот думает…",
    "console.typing_as": "(теперь печатает {name})",
    "console.other_picture": "[картинка: {path}]",
    "console.picture": "[картинка доски: {path}]",
    "console.to_only": "(только для {name})",
    "diagram.last_moves": "Последние ходы: {moves}",
    "game.not_your_turn_in": "В партии {games} сейчас не ваш ход.",
    "move.counted": "Осторожно: после {move} будет подсчёт: {result} Всё равно сыграть?",
    "time.unlimited": "без ограничения",
    "board.new": "новое сообщение на каждый ход",
    "board.edit": "одно сообщение, которое правится",
    "games.vacation": " · {player} в отпуске до {until}",
    "span.days": "{n} {n:день|дня|дней}",
    "span.hours": "{n} {n:час|часа|часов}",
    "menu.replay": "партия в виде анимации: replay #12",
    "replay.none": "Здесь нет вашей партии для повтора: 'replay #<номер>' показывает любую партию этого чата.",
    "replay.caption": "Повтор партии №{id}: {game}, {white} (белые) против {black} (чёрные), ходов: {plies}.",
    "replay.start": "{game}: начальная позиция",
    "replay.move": "{number}/{total} · {player}: {move}",
    "replay.going_on": "после {total} {total:хода|ходов|ходов}: партия продолжается",
    "console.replay": "[повтор: {path} — откройте в браузере или в программе просмотра]",
    "menu.review": "где партия была выиграна и проиграна: review #12",
    "review.none": (
        "Здесь нет вашей законченной партии для разбора: 'review #<номер>' разбирает любую законченную партию"
        " этого чата."
    ),
    "review.not_finished": "Партия №{id} ещё идёт: разбор сейчас был бы подсказкой. Спросите, когда она закончится.",
    "review.started": "Разбираю партию №{id}: ходов: {turns}, около {seconds} с. 'review cancel' останавливает разбор.",
    "review.busy": "В этом чате уже идёт разбор (по одному за раз): 'review cancel' останавливает его.",
    "review.cancelled": "Разбор отменён.",
    "review.nothing": "Здесь сейчас ничего не разбирается.",
    "review.failed": "Не удалось разобрать партию №{id}; попробуйте позже.",
    "review.title": "Разбор партии №{id} ({game}): {white} (белые) против {black} (чёрные).",
    "review.tally": (
        "{player}: лучших {best} · хороших {good} · неточностей {inaccuracy} · ошибок {mistake} · грубых "
        "ошибок {blunder}"
    ),
    "review.worst": "Худшие ходы ({player}):",
    "review.line": "  {ply}. {move}: {verdict}; лучше {better}",
    "review.proven": " (доказано: выигранная позиция упущена)",
    "review.note.prisoner_given": " (отдаёт пленника даром)",
    "review.clean": "{player}: движок не нашёл ни одной неточности.",
    "verdict.best": "лучший ход",
    "verdict.good": "хороший ход",
    "verdict.inaccuracy": "неточность",
    "verdict.mistake": "ошибка",
    "verdict.blunder": "грубая ошибка",
    "review.comments": "Оценки разбора (ход с номером по записи, оценка, ход получше):",
    "review.graph.title": "Шансы белых на победу",
    "review.graph.percent": "{value}%",
    "review.graph.round": "раунд {number}",
    "review.graph.mistake": "ошибка",
    "review.graph.blunder": "грубая ошибка",
    "review.graph.decisive": "решающий ход: {ply}. {move}",
    "review.progress": "Разбор партии №{id}: готово {percent}%. 'review cancel' останавливает его.",
    "help.puzzle": (
        "puzzle [игра] [easy|normal|hard] — задача для чата: ответить может любой, ходом (текстом или "
        "кнопкой), бот защищается. 'puzzle hint' называет фигуру, 'puzzle solution' показывает решение, "
        "'puzzle new' — другая задача, 'top puzzles' — лучшие решатели. Задача дня: 'settings chat puzzle "
        "daily 09:00'."
        " 'puzzle <ход>' — ответ на задачу, когда ход подошёл бы к вашей партии. Тема ('puzzle ashtarashki "
        "clean') или номер ('puzzle krepost 12' — поделиться задачей) выбирают задачу."
    ),
    "menu.puzzle": "задача: /puzzle kamisado hard",
    "puzzle.title": "Задача {game} №{number} · {difficulty} · рейтинг {rating} · {theme}",
    "puzzle.goal.round": "{side}: ход и выигрыш раунда в {n} {n:ход|хода|ходов}.",
    "puzzle.goal.win": "{side}: ход и выигрыш в {n} {n:ход|хода|ходов}.",
    "puzzle.goal.prisoner": "{side}: ход и пленник за {n} {n:ход|хода|ходов}.",
    "puzzle.goal.clean": "{side}: ход и чистая победа (взять все камни соперника) в {n} {n:ход|хода|ходов}.",
    "puzzle.easy": "лёгкая",
    "puzzle.normal": "средняя",
    "puzzle.hard": "трудная",
    "puzzle.theme.race": "гонка к последнему ряду",
    "puzzle.theme.deadlock": "взаимная блокировка",
    "puzzle.theme.sumo": "толчок сумо",
    "puzzle.theme.clean": "чистая победа",
    "puzzle.theme.blockade": "блокада",
    "puzzle.theme.combination": "комбинация",
    "puzzle.theme.endgame": "эндшпиль",
    "puzzle.theme.prisoner": "пленник",
    "puzzle.theme.fortress": "в крепость",
    "puzzle.theme.garrison": "гарнизон падает",
    "puzzle.how": "Ответить может любой: напишите ход или нажмите кнопку. 'puzzle hint' · 'puzzle solution'.",
    "puzzle.open": "Эта задача ещё не решена: решайте, или 'puzzle solution' · 'puzzle new'.",
    "puzzle.none": "Задач {game} такого рода нет.",
    "puzzle.no_number": "Задачи {game} — с 1 по {last}: задачи №{number} нет.",
    "puzzle.right": "✔ {user}: {move}. {side} отвечают {reply}.",
    "puzzle.right_again": "✔ {user}: {move}. Ходите ещё раз.",
    "puzzle.too_late": "Поздно: этот шаг задачи уже сыгран (или задача закрыта).",
    "puzzle.solved": "🏆 {user} решил(а) задачу ходом {move}!",
    "puzzle.line": "Решение: {line}",
    "puzzle.refuted": "✘ {move} не проходит: {side} отвечают {reply}, и {lost}.",
    "puzzle.not_in_time": "✘ {move}: {lost}.",
    "puzzle.not_at_once.win": "✘ {move} не выигрывает сразу.",
    "puzzle.not_at_once.round": "✘ {move} не выигрывает раунд сразу.",
    "puzzle.not_at_once.prisoner": "✘ {move} не берёт пленника сразу.",
    "puzzle.not_at_once.clean": "✘ {move} не даёт чистой победы сразу.",
    "puzzle.lost.win": "выигрыша за {n} {n:ход|хода|ходов} больше нет",
    "puzzle.lost.round": "раунд за {n} {n:ход|хода|ходов} больше не выиграть",
    "puzzle.lost.prisoner": "пленника за {n} {n:ход|хода|ходов} больше не взять",
    "puzzle.lost.clean": "чистой победы за {n} {n:ход|хода|ходов} больше нет",
    "puzzle.again": "Позиция прежняя: попробуйте ещё.",
    "puzzle.standing": "{user}: рейтинг в задачах {rating}, серия {streak}.",
    "puzzle.hint": "Подсказка: ходите фигурой с {square}.",
    "puzzle.hint_row": "Подсказка: выигрывающий ход заканчивается на {row}-й горизонтали.",
    "puzzle.hint_file": "Подсказка: выигрывающий ход заканчивается на вертикали {file}.",
    "puzzle.hint_place": "Подсказка: поставьте камень из запаса на {row}-ю горизонталь.",
    "puzzle.solution": "Решение: {line}",
    "puzzle.daily": "Задача дня, {day}:",
    "puzzle.solved_by": "Решил(а): {users}.",
    "puzzle.unsolved": "Никто не решил.",
    "puzzle.yesterday": "Вчерашняя задача ({game} №{number}): {line}",
    "puzzle.nothing_open": "Здесь нет открытой задачи: 'puzzle' даст новую.",
    "puzzle.illegal": "Задача: {why}",
    "puzzle.usage": (
        "puzzle [игра] [easy|normal|hard] [тема] · puzzle <игра> <номер> · "
        "puzzle hint · puzzle solution · puzzle new"
    ),
    "puzzle.any_game": "любая игра",
    "settings.puzzle_daily": "каждый день в {at} ({game})",
    "top.puzzles": "Лучшие решатели задач ({scope}):",
    "top.puzzle_unrated": "ещё решено без рейтинга (после подсказки или ошибки): {count}",
    "top.puzzle_line": "{rank}. {user} — {rating} · решено {solved} из {tried} · серия {streak} (лучшая {best})",
    "top.no_puzzles": "Задач ещё никто не решал: 'puzzle' даст первую.",
    "help.tournament": (
        "tournament new <игра> [опции] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] — открыть турнир в "
        "этом чате; 'tournament join' — записаться ('tournament join bot hard' записывает бота этого уровня), "
        "'tournament leave' — выйти (после начала оставшиеся партии проиграны), 'tournament start' — начать первый тур "
        "(создатель или администратор), 'tournament' — таблица, 'tournament cancel' — отменить. Партии тура начинаются "
        "сразу, с часами; когда кончается последняя, составляется следующий тур. Победа — 1 очко, ничья — ½, поражение "
        "(и по времени, и при выходе) — 0, свободный тур в швейцарке — 1 (пропуск тура в круговом — 0). При равенстве: "
        "Зонненборн–Бергер (круговой); Бухгольц без худшего, затем личная встреча (швейцарка)."
    ),
    "menu.tournament": "турнир в этом чате: /tournament new kamisado swiss rounds=5",
    "tournament.usage": (
        "tournament new <игра> [опции] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] · tournament join "
        "[bot <уровень>] · tournament leave · tournament start · tournament · tournament cancel"
    ),
    "tournament.none": "Турнира здесь нет. Открыть: 'tournament new kamisado swiss rounds=5 time=1d'.",
    "tournament.exists": "В этом чате уже есть турнир: 'tournament' покажет его.",
    "tournament.created": (
        "🏆 {creator} открывает турнир №{id}: {game} — {terms}. Записаться: 'tournament join'; "
        "{creator} начнёт его командой 'tournament start'."
    ),
    "tournament.rated": "рейтинговый",
    "tournament.entries": (
        "Турнир №{id}: {game} — {terms}. {count} {count:участник|участника|участников}: {players}. "
        "Записаться: 'tournament join'; {creator} начнёт его командой 'tournament start'."
    ),
    "tournament.begun": "Турнир №{id} уже начался: записаться нельзя.",
    "tournament.changed": "Турнир тем временем изменился (кто-то записался, вышел, начал или отменил его); попробуйте ещё раз.",
    "tournament.full": "В турнире №{id} мест больше нет ({most} участников).",
    "tournament.in_already": "{player} уже в турнире №{id}.",
    "tournament.joined": "{player} в турнире №{id} ({count} {count:участник|участника|участников}).",
    "tournament.not_in": "{player} не играет в турнире №{id}.",
    "tournament.left": "{player} выходит из турнира №{id}.",
    "tournament.not_creator": "Это может только {creator} (создатель турнира) или администратор чата.",
    "tournament.too_few": "Турниру №{id} нужно хотя бы {fewest} участника; сейчас {count}.",
    "tournament.fewer_rounds": (
        "Просили {asked} туров, но {count} участников могут сыграть без повторных встреч только {rounds}: "
        "будет {rounds} {rounds:тур|тура|туров}."
    ),
    "tournament.cancelled": "Турнир №{id} отменён. Начатые партии продолжаются как обычные.",
    "tournament.swiss": "швейцарская система, {rounds} {rounds:тур|тура|туров}",
    "tournament.roundrobin": "круговой",
    "tournament.double": "двухкруговой",
    "tournament.sb": "З-Б",
    "tournament.buchholz": "Бухгольц",
    "tournament.out": "(выбыл)",
    "tournament.line": "{rank}. {player} — {points} ({tiebreak} {value}), {games} {games:партия|партии|партий}",
    "tournament.stage": "Тур {round} из {rounds}",
    "tournament.status.open": "Идёт запись",
    "tournament.status.finished": "Итоговая таблица",
    "tournament.status.cancelled": "Отменён",
    "tournament.title": "Турнир №{id} · {game}",
    "tournament.col.rank": "№",
    "tournament.col.player": "Игрок",
    "tournament.col.points": "Очки",
    "tournament.col.games": "Партии",
    "tournament.round": "🏆 Турнир №{id}, тур {round} из {rounds}:",
    "tournament.game": "Турнир №{id}, тур {round} из {rounds}.",
    "tournament.bye": "{player}: свободен от игры ({points})",
    "tournament.forfeit": "{white} – {black}: {score}, без игры (выбыл)",
    "tournament.pairing": "#{id} {white} – {black}",
    "tournament.finished": "🏆 Турнир №{id} окончен. {count:Победитель|Победители|Победители}: {winners}!",
    "tournament.withdrew": "{player} выбывает из турнира №{id}: оставшиеся партии проиграны.",
    "tournament.forfeited": "{player} выбывает из турнира: партия проиграна.",
    "tournament.bad_rounds": "'{option}': число туров — целое число от 1 до {most}.",
    "tournament.leave_confirm": "{player}, выйти из турнира №{id}? Текущая партия будет проиграна{later}. Это нельзя отменить.",
    "tournament.leave_confirm_free": "{player}, выйти из турнира №{id}? {later} Это нельзя отменить.",
    "tournament.leave_free_roundrobin": "Все последующие партии будут проиграны.",
    "tournament.leave_free_swiss": "Пар вам больше не составят.",
    "tournament.leave_later_roundrobin": ", как и все последующие",
    "tournament.leave_later_swiss": ", и пар вам больше не составят",
    "tournament.stays": "{player} остаётся в турнире №{id}.",
    "tournament.now": "Тур {round}:",
    "tournament.playing": "идёт игра",
    "button.withdraw": "Да, выйти",
    "button.stay": "Нет, остаться",
    "tournament.no_abort": "Партия №{id} турнирная, её нельзя отменить: сдайтесь или играйте дальше.",
    "scoring.kamisado": (
        "В турнире партия считается по победителю: выигранный матч (серия, отдельный раунд) — 1 очко, проигранный — 0, "
        "разница в очках не важна."
    ),
    "scoring.ashtarashki": (
        "В турнире партия считается по победителю: победа — 1 очко (и чистая, на 2 очка, тоже 1), поражение — 0; "
        "баллы не учитываются."
    ),
    "scoring.krepost": (
        "В турнире партия считается по результату: победа — 1 очко, будь то крепость, гарнизон, запертый соперник или "
        "подсчёт; ничья (равный подсчёт без половины камня) — ½; поражение — 0."
    ),
    # the web pages
    "web.position": "Доска после хода {ply}",
    "web.start": "Начальная позиция",
    "web.moves": "Ходы",
    "web.round": "Раунд {number}",
    "web.first": "В начало",
    "web.previous": "Назад",
    "web.next": "Вперёд",
    "web.last": "К последнему",
    "web.diagram": "Доска текстом",
    "web.live": "В прямом эфире: новые ходы появляются здесь сами.",
    "web.review": "Разбор",
    "web.no_moves": "Ходов пока нет.",
    "web.chat_title": "Партии этого чата",
    "web.chat_link": "Все партии этого чата",
    "web.no_games": "Партий пока нет.",
    "web.standings": "Турнир",
    "web.not_found": "Такой страницы нет. Возможно, ссылка неверна или чат закрыл свои страницы.",
    "web.bad_ply": "В этой партии нет такого хода.",
    "web.unavailable": (
        "Партии на минуту недоступны (база данных не отвечает); ничего не изменилось. Попробуйте "
        "чуть позже."
    ),
    "web.too_many": "Слишком много запросов с вашего адреса: подождите минуту и попробуйте снова.",
    "web.link": "Страница партии",
    "web.terminal_link": "Смотреть в браузере: {url}",
    "web.challenges": "Открытые вызовы",
    "web.challenge": "{challenger}: {game} ({options})",
    "web.challenges_sign_in": (
        "Чтобы принять вызов здесь, сначала войдите: напишите боту в личные сообщения 'signin' (в Telegram или "
        "Discord), откройте ссылку, которую он даст, и вернитесь на эту страницу. Партия пойдёт в вашем личном "
        "чате с ботом."
    ),
    "web.no_pages": "Страницы партий у этого бота не настроены.",
    "web.signin": (
        "Вход на страницы партий: {url}\nСсылка выполняет вход на том устройстве, где вы её откроете. Она работает "
        "один раз, в течение {minutes} мин.: никому её не показывайте."
    ),
    "web.signin_not_sent": (
        "{user}: я пока не могу написать вам лично, поэтому ссылка для входа не отправлена (здесь она не показывается "
        "никогда). Откройте личный чат со мной и напишите там 'signin'."
    ),
    "web.signin_sent": (
        "{user}: я отправил вам ссылку для входа в личные сообщения (если она не пришла, напишите мне 'signin' в "
        "личные)."
    ),
    "menu.signin": "личная ссылка для входа на страницы партий",
    "help.signin": (
        "signin — личная одноразовая ссылка для входа на страницы партий (чтобы принять вызов на странице чата или "
        "играть касаниями). Работает один раз, 10 минут; в группе никогда не показывается."
    ),
    "web.accept_on_page": "Играть на странице",
    "web.share": "Страница партии: {url}",
    "web.play.go_latest": "Ваш ход: перейдите к последней позиции (»), чтобы сделать его.",
    "web.puzzle_link": "Решать на странице",
    "web.puzzle_done": "Эта головоломка закончена: вот конец её решения.",
    "web.puzzle_none": "В этом чате нет открытой задачи: начните её командой «puzzle».",
    "web.puzzle_title": "Задача",
    "web.play.hint": "Подсказка",
    "web.play.solution": "Показать решение",
    "web.play.offer_takeback": "{player} просит вернуть свой последний ход.",
    "web.play.offer_draw": "{player} предлагает остановиться и подсчитать.",
    "web.play.offer_waiting": "Вы спросили: {opponent}; ждём ответа.",
    "web.play.accept": "Принять",
    "web.play.decline": "Отклонить",
    "web.play.rematch": "Реванш",
    "web.play.review": "Разбор партии",
    "web.play.game_over": "Партия окончена.",
    "web.play.not_member": "На головоломку чата отвечают только его участники. Напишите в чат хотя бы раз и попробуйте снова.",
    "web.play.hint_refill": "Вы выиграли раунд: заполните домашние ряды слева или справа (кнопки ниже).",
    "web.play.hint_extra_turn": "Вы взяли пленника: это ваш дополнительный ход.",
    "web.play.hint_capture": "Взятие обязательно: коснитесь камня, который может бить.",
    "web.play.chain": "Взятие продолжается: единственный путь выбран; коснитесь следующего поля.",
    "web.play.loupe_hint": "Нажмите на доску: поля вокруг нажатия покажутся крупнее ниже, там и делайте ход.",
    "web.play.loupe_open": "Крупнее ниже, вокруг {square}: сделайте ход там или нажмите на доску в другом месте.",
    "web.play.loupe_close": "Закрыть крупный вид",
    "web.play.sign_out": "Выйти",
    "web.play.next_puzzle": "Следующая головоломка",
    "web.play.resign": "Сдаться",
    "web.play.count": "Остановить и подсчитать",
    "web.play.takeback": "Попросить вернуть ход",
    "web.play.signin": (
        "Играйте на странице партии: {url}\nСсылка входит под вашим именем на том устройстве, где вы её откроете. "
        "Она действует один раз и {minutes} минут: никому её не передавайте."),
    "web.play.not_player": "Ходить здесь могут только игроки этой партии; вы наблюдаете.",
    "web.play.other_platform": "Вы вошли с учётной записью другого приложения, чем чат этой партии: играйте из её чата.",
    "web.play.bad_request": "Не удалось прочитать запрос: обновите страницу.",
    "web.play.signed_out": "Вы не вошли: откройте страницу из чата партии.",
    "web.play.forged": "Этот запрос пришёл не с этой страницы: обновите её.",
    "web.play.too_fast": "Слишком много ходов сразу: подождите немного.",
    "web.play.telegram_refused": "Не удалось проверить вход через Telegram: откройте партию из Telegram ещё раз.",
    "web.play.telegram_expired": "Вход через Telegram устарел: откройте партию из Telegram ещё раз.",
    "web.play.signin_title": "Вход на страницы партий",
    "web.play.signin_confirm": "Эта ссылка один раз входит на страницы партий в этом браузере. Нажмите кнопку, чтобы войти.",
    "web.play.signin_button": "Войти",
    "web.play.signin_used": "Эта ссылка для входа уже использована. Попросите новую командой «board» в чате партии.",
    "web.play.signin_expired": "Срок этой ссылки для входа истёк. Попросите новую командой «board» в чате партии.",
    "web.play.signin_unknown": "Эта ссылка для входа недействительна.",
    "web.play.your_turn": "Ваш ход: нажмите на фигуру, затем на поле, куда она идёт.",
    "web.play.waiting": "Ход соперника.",
    "web.play.undo": "Отменить",
    "web.play.finish": "Закончить ход здесь",
    "web.play.signed_in_as": "Вы вошли как {name}.",
    "web.play.watching": "Вы вошли как {name}: вы наблюдаете за этой партией.",
    "web.play.sending": "Отправляю…",
    "web.play.sign_in_hint": (
        "Игроки ходят здесь, открыв страницу из чата партии (в Telegram — её кнопкой, в других местах — ссылкой, "
        "которую команда «board» пришлёт вам лично)."),
    "web.play.failed": "Ход не отправлен: проверьте соединение и попробуйте ещё раз.",
    "web.play.your_games": "Ваши партии",
    "web.play.no_games": "У вас нет идущих партий. Начните партию в чате командой «play».",
    "web.play.your_move": "ваш ход",
    "web.play.their_move": "ход соперника",
    "web.play.opening": "Выполняю вход…",
    "settings.pages_off": "Страницы партий этого чата закрыты: ссылки на них больше не работают.",
    "settings.pages_on": "Страницы партий этого чата снова открыты, по новым адресам.",
    "no.nothing": (
        "Отклонять нечего: «нет» отклоняет предложение соперника вернуть ход или подсчитать, или вызов вам, а здесь "
        "ничего такого вас не ждёт. На мой вопрос (сдаться? считать сейчас?) отвечать не нужно: ничего не случится, "
        "пока вы не нажмёте его «Да»."
    ),
    "yes.nothing": (
        "«да» отвечает на предложение соперника вернуть ход или подсчитать, или на вызов вам, а здесь ничего "
        "такого вас не ждёт. Чтобы сдаться, нажмите «Да, сдаться» или напишите 'resign yes'."
    ),
    "help.answers_only": (
        "Здесь я не участник чата (вы установили меня для себя): я отвечаю только на команды и кнопки. Играйте "
        "кнопками (набранные ходы сюда до меня не доходят); /board возвращает партию; напоминания приходят в "
        "личный чат со мной, если он у вас есть."
    ),
    "inline.challenge": (
        "{user} вызывает любого здесь: {game}, {about}. Играют кнопками (набранные ходы сюда до меня не "
        "доходят)."
    ),
    "inline.challenge_page": (
        "{user} вызывает любого здесь: {game}, {about}. Партия идёт на её странице (кнопка под доской): набранные "
        "ходы сюда до меня не доходят."
    ),
    "inline.unavailable": "Сейчас партии предложить нельзя (оператору бота сообщено). Напишите мне в личные сообщения.",
    "inline.accept": "Принять",
    # linked accounts
    "menu.link": "один игрок в Telegram и Discord: код, чтобы связать аккаунты",
    "menu.unlink": "снова разделить связанные аккаунты",
    "help.link": (
        "link — одноразовый код (действует один раз, 10 минут), который делает ваши аккаунты в Telegram, "
        "Discord и терминале одним игроком: отправьте 'link <код>' с другого аккаунта. Тогда на всех платформах "
        "один рейтинг в каждой игре, один рейтинг задач и одна 'stats' под именем первого аккаунта. 'unlink' снова "
        "разделяет их (рейтинги, набранные вместе, остаются у первого аккаунта)."
    ),
    "link.code": (
        "Ваш код связи: {code}. С аккаунта на другой платформе отправьте мне 'link {code}' в течение {minutes} "
        "минут: тогда оба аккаунта станут одним игроком — один рейтинг в каждой игре, один рейтинг задач и одна "
        "'stats'. Код действует один раз; никому его не показывайте."
    ),
    "left.page": (
        "Меня удалили из чата партии №{id} ({game} против {opponent}), доски туда больше не дойдут. Продолжайте на её "
        "странице: {url} — или завершите партию здесь: '#{id} resign' ('#{id} abort', пока вы не сделали ход)."
    ),
    "left.no_page": (
        "Меня удалили из чата партии №{id} ({game} против {opponent}), и там она продолжиться не может. Добавьте меня "
        "в тот чат снова, чтобы играть дальше, или завершите партию здесь: '#{id} resign' ('#{id} abort', пока вы не "
        "сделали ход)."
    ),
    "link.not_sent": (
        "{user}: я пока не могу написать вам лично, поэтому код связи не отправлен (здесь он не показывается никогда). "
        "Откройте личный чат со мной и напишите там 'link'."
    ),
    "link.sent_privately": (
        "{user}: я отправил вам код связи лично (если он не пришёл, откройте личный чат со мной и напишите там 'link')."
    ),
    "link.done": (
        "Связано: {accounts} теперь один игрок. Рейтинги, рейтинг задач и 'stats' на всех платформах — как у "
        "{first}; 'unlink' снова разделяет аккаунты."
    ),
    "link.unknown": "Такого кода связи нет. Напишите 'link' на другом аккаунте, чтобы получить новый.",
    "link.used": "Этот код связи уже использован. Напишите 'link' на другом аккаунте, чтобы получить новый.",
    "link.expired": (
        "Срок кода связи истёк (код действует {minutes} минут). Напишите 'link' на другом аккаунте, чтобы получить "
        "новый."
    ),
    "link.same_platform": "Этот код выдан на этой же платформе: отправьте его с аккаунта на другой платформе.",
    "link.already_one": "Эти аккаунты уже один игрок.",
    "link.already_linked": "Этот аккаунт уже связан с другим игроком: сначала 'unlink'.",
    "unlink.done": "Связь снята: {accounts} снова играют сами по себе. Рейтинги, набранные вместе, остаются у {first}.",
    "unlink.none": "Этот аккаунт ни с каким другим не связан. 'link' даёт код, чтобы связать.",
    "platform.telegram": "Telegram",
    "platform.discord": "Discord",
    "platform.console": "терминал",
    "private.answered": "Ответ отправлен лично (его видит только спросивший).",
}
