"""English messages (the reference catalogue: every other language has exactly these keys)."""

MESSAGES: dict[str, str] = {
    # help and settings
    "help": (
        "Commands (with or without a leading /):\n"
        "play <game> [@user | bot] [options] — challenge someone, anyone (no name) or the bot\n"
        "accept · decline · cancel — answer or withdraw a challenge\n"
        "move <move> (or just the move) — play; #<game> before or after a move or command picks the game (#2 e4, "
        "#2 resign)\n"
        "board · games · moves · resign · takeback · draw · abort · rematch · export · replay · review — the current game\n"
        "puzzle [game] [easy|normal|hard] · puzzle hint · puzzle solution · top puzzles — puzzles to solve together\n"
        "learn <game> — a three-minute first lesson, privately\n"
        "tournament new <game> [swiss rounds=5 | roundrobin] · tournament join · tournament start · tournament — "
        "tournaments\n"
        "rules <game> · stats [game] · top [game] · settings · lang <code> · help <command> · vacation · link · admin\n"
        "Games: {game_list}. Options: {option_list}, "
        "time=none|12h|2d, level={level_list}, white|black|random."
    ),
    "help.play": "play <game> [@user | bot] [options] — e.g. 'play kamisado bot level=hard', 'play krepost @anna 3x3 time=1d'.",
    "help.move": "move <move> — e.g. 'move purple l5' (Kamisado), 'move c3-d4' (Ashtarashki), 'move e4-e5 xf7' (Krepost).",
    "help.draw": (
        "draw — Krepost only: offer to stop and count now (prisoners plus the opponent's stones in hand). The opponent "
        "agrees with 'draw' or the Yes button; the bot agrees only when the count favours it."
    ),
    "help.board": (
        "The board pictures: the squares of the last move are outlined and the move before it is drawn as an "
        "arrow. Kamisado: each tower's colour, its teeth (sumo) after it; with 'settings colorblind on' a "
        "symbol for each colour. Ashtarashki: each stone's number on it. Krepost: the fortresses' walls and "
        "gates; a red ring marks a stone of a surrounded detachment, which the opponent can take as a "
        "prisoner; the count window shows the turns left before the count."
    ),
    "help.settings": (
        "settings — show the settings. Yours: 'settings lang ru', 'settings colorblind on', 'settings flip on', "
        "'settings reminders off', 'settings warnings on|off'. This chat's: 'settings chat lang hu', 'settings "
        "chat time 1d', "
        "'settings chat board new|edit', 'settings chat thread on', 'settings chat pages on|off'"
        ", 'settings chat zone +03:00' (or Europe/Budapest), 'settings chat puzzle daily 09:00 [game]' (or off)."
        " 'settings sessions' lists where you are signed in on the game pages ('settings sessions end' signs you out everywhere)."
        " 'settings board text' gives your games' boards in words instead of the picture "
        "('both': with it; 'picture': the picture alone)."
        " 'help notices': quiet hours, a daily digest, where your notices go."
    ),
    "help.unknown": "There is no command '{command}'. Type 'help' for the list.",
    "help.unknown_near": "There is no command '{command}'. Did you mean '{near}'? Type 'help' for the list.",
    "help.command": "{command} — {description}. Type 'help' for every command.",
    "lang.set": "Language set to English.",
    "lang.unknown": "I speak: {languages}. Example: 'lang ru'.",
    "settings.show": (
        "Your settings: language: {user_language} · colour-blind boards: {colorblind} · "
        "boards: {board} · own side at the bottom: {flip} · "
        "warnings before a losing move: {warnings}.\n"
        "This chat: language: {chat_language} · time per move: {chat_time} · boards: {chat_board} · "
        "a thread per game: {chat_thread}"
        "· the chat's time zone (its daily puzzle): {chat_zone} · daily puzzle: {chat_puzzle}."
    ),
    "settings.lang_own": "your choice: 'lang'",
    "settings.lang_chat": "the chat's",
    "settings.lang_app": "your app's",
    "settings.lang_default": "the bot's default",
    "settings.lang_unset": "not set (each in their own)",
    "settings.warnings_auto": "only against the bot and in unrated games",
    "settings.saved": "Saved: {name}: {value}.",
    "settings.sessions": (
        "You are signed in on the game pages in {count} browser(s):\n{list}\n'settings "
        "sessions end' signs you out of all of them."
    ),
    "settings.sessions_none": "You are signed in on the game pages in no browser.",
    "settings.sessions_line": "since {since} (until {until})",
    "settings.sessions_ended": "Signed out of the game pages in {count} browser(s).",
    "setting.lang": "language",
    "setting.colorblind": "colour-blind boards",
    "setting.flip": "own side at the bottom",
    "setting.reminders": "reminders",
    "setting.warnings": "warnings before a losing move",
    "setting.time": "time limit",
    "setting.board": "boards",
    "setting.thread": "a thread per game",
    "setting.zone": "time zone",
    "setting.puzzle": "daily puzzle",
    "settings.admins_only": "Only the chat's administrators can change this chat's settings.",
    "on": "on",
    "unrated": "unrated",
    "off": "off",
    # input problems
    "too_long": "That message is too long ({length} characters; at most {limit}).",
    "rate_limited": "Slow down a little, please: try again in {seconds} s.",
    "discord.unread": (
        "I was away for a while and may not read this channel's history, so what was typed here meanwhile did "
        'not reach me: if you made a move then, please type it again.'
    ),
    "discord.option.game_kind": 'the game',
    "discord.option.game": 'which game, if you play several',
    "discord.option.opponent": 'who you challenge (empty: anyone here)',
    "discord.option.bot": 'play the bot',
    "discord.option.level": "the bot's strength",
    "discord.option.options": "e.g. 'standard', '3x3 half', 'time=1d', 'white'",
    "discord.option.move": "the move, e.g. 'purple l5', 'c3-d4', 'e4-e5 xf7'",
    "discord.option.code": 'empty for a code, or the code you got',
    "discord.option.length": "'5d'; 'end' ends it; empty: the days left",
    "discord.option.action": "'abort #12', 'deadline #12 2d', 'evidence #12'",
    "discord.option.language": 'your language',
    "discord.option.change": "e.g. 'colorblind on', 'chat time 1d'; empty: what is set",
    "discord.option.what": "what you ask, e.g. 'hint', 'new', 'join'; empty: what there is",
    "anonymous.refused": (
        "You are writing in the group's name (an anonymous admin), so I cannot tell who you are: playing, answering and "
        "your own settings need you. Turn off \"Remain anonymous\" in your admin rights to play; in the group's name you "
        "can still read help and the rules and change the chat's settings (settings chat …)."
    ),
    "internal_error": "Something went wrong on my side; nothing was changed. Please try again.",
    "database_unavailable": "The database is unavailable right now; nothing was changed. Please try again in a moment.",
    "unknown_game": "There is no game '{name}'. The games are: {game_list}.",
    "games.list": "The games: {game_list}. 'rules kamisado' explains one, 'play kamisado bot' starts one.",
    "bad_option": "I don't understand the option '{option}'. {usage}",
    "bad_option.contradiction": "'{first}' and '{second}' contradict each other: choose one. {usage}",
    # challenges
    "challenge.open": "{challenger} wants to play {game} ({options}). Anyone can accept: 'accept'.",
    "challenge.open_buttons": (
        "{challenger} wants to play {game} ({options}). Anyone here can accept with the button; the game is "
        "played with the buttons."
    ),
    "challenge.to_user": "{target}, {challenger} challenges you to {game} ({options}): 'accept' or 'decline'.",
    "user.link_first": "Someone on another platform? Link your accounts first ('link'), then challenge them by name.",
    "challenge.from_elsewhere": (
        "{challenger} (on {platform}) challenges you to {game} ({options}), challenge #{id}. Accept here, and the "
        "game is played from this chat."
    ),
    "challenge.sent_elsewhere": (
        "Challenge #{id} sent to {target} on {platform}, in their private chat with the bot: {game} ({options}). "
        "Once they accept, the boards come here and there. If it does not reach them (they never wrote to the bot "
        "there), they can write 'accept {id}' to the bot on {platform}."
    ),
    "challenge.unreachable": (
        "{target} cannot be reached on {platform} (they never wrote to the bot there, or they accept no private "
        "messages): challenge #{id} waits. They can write 'accept {id}' to the bot on {platform}."
    ),
    "challenge.declined": "{user} declined the challenge.",
    "challenge.cancelled": "Challenge cancelled.",
    "challenge.none": "There is no open challenge here for you.",
    "challenge.taken": "Too late: this offer was taken. Game #{id} is {white} against {black}.",
    "challenge.lost": (
        "This offer never reached me (Telegram did not tell me it was posted), so it cannot be accepted. Ask for a new "
        "one: type my name in any chat."
    ),
    "challenge.own": "You cannot accept your own challenge; 'cancel' withdraws it.",
    "challenge.not_yours": "Only {user} can answer this challenge.",
    "challenge.open_decline": (
        "An open challenge needs no decline: anyone may accept it, and only {user} can withdraw it ('cancel')."
    ),
    "challenge.gone": "That challenge is no longer open.",
    "challenge.expired": "{challenger}'s challenge to {game} expired: nobody answered it.",
    "challenge.replaced": "(Your oldest open challenge here was withdrawn: at most {count} wait at once.)",
    "user.unknown": "I don't know '{name}' yet: they need to write something here first.",
    "challenge.self": (
        "You cannot challenge yourself: name someone else, challenge anyone here ('play {game}'), or the bot "
        "('play {game} bot')."
    ),
    "button.accept": "Accept",
    "button.decline": "Decline",
    "button.yes": "Yes",
    "button.no": "No",
    # games
    "game.started": "Game #{id}: {game}, {white} (White) against {black} (Black). {options}",
    "game.caption": "#{id} {game} · {white} (White) vs {black} (Black)",
    "game.played": "{player} played {move}.",
    "game.to_move": "{player} to move.",
    "game.to_move_clock": "{player} to move, {left} left.",
    "game.ratings": "Ratings: {changes}.",
    "game.rating_change": "{player} {before} → {after} ({change})",
    "button.rematch": "Rematch",
    "button.review": "Review",
    "game.over": "Game over. {result}",
    "game.won": "{player} wins ({reason}).",
    "game.draw": "Draw ({reason}).",
    "ending.count": "The count: White {white}, Black {black} (prisoners plus the opponent's stones in hand).",
    "ending.half_stone": "{player} holds the half stone: a tie goes to them.",
    "ending.points": "Points: White {white}, Black {black} (2 for a clean win). Balls: White {white_balls}, Black {black_balls}.",
    "ending.score": "Final score: Black {black}, White {white} (the match was to {target}).",
    "game.frozen": "Game #{id} is frozen: its stored moves do not give its position. An administrator will look at it.",
    "game.none": "You have no game here. Start one with 'play <game>'.",
    "game.not_found": "There is no game #{id}.",
    "game.not_here": "There is no game #{id} here.",
    "game.not_yours": "That is not your game.",
    "game.not_yours_named": "That is not your game (#{id}: {white} – {black}).",
    "game.not_your_turn": "It is not your turn: {player} is to move.",
    "game.changed": "The position changed before your move arrived; look at the board again.",
    "game.busy": "Another move of game #{id} is being made right now; try again in a moment.",
    "game.finished": "Game #{id} is already over.",
    "games.none": "You have no games in progress.",
    "games.line": "#{id} {game} against {opponent}: {turn}{clock}",
    "games.your_turn": "your turn",
    "games.their_turn": "their turn",
    "games.clock": " ({left} left)",
    "resign.done": "{player} resigned.",
    "resign.confirm": "{player}, resign game #{id} against {opponent}? This cannot be undone.",
    "button.resign": "Yes, resign",
    "button.keep": "No, play on",
    "button.play_anyway": "Play it",
    "confirm.kept": "Game #{id} goes on.",
    "abort.done": "Game #{id} was called off by {player} before it really began. It counts for nobody's rating.",
    "abort.late": "Game #{id} cannot be called off any more: you have moved in it. 'resign' ends it.",
    "moves.list": "Moves of game #{id}: {moves}",
    "moves.none": "No moves yet in game #{id}.",
    "rematch.none": "There is no finished game of yours here to play again.",
    "move.loses": "Careful: after {move}, {opponent} wins at once with {reply}. Play it anyway?",
    "move.loses_now": "Careful: {move} ends the game, and not in your favour: {result} Play it anyway?",
    "takeback.asked": "{player} asks to take back their last move. {opponent}, do you agree? ('takeback' agrees)",
    "takeback.done": "Moves taken back: {count} (yours and the answers to it).",
    "takeback.rated": (
        "Against the bot, takebacks are for unrated games: 'play {game} bot unrated'. This game counts, so it stands."
    ),
    "takeback.refused": "{player} refused the takeback.",
    "takeback.nothing": "There is no move of yours to take back.",
    "count.confirm_lose": "Counting now loses game #{id} {mine}:{theirs}. Stop and count anyway?",
    "count.confirm_win": "Counting now wins game #{id} {mine}:{theirs}. Stop and count?",
    "count.confirm_draw": "Counting now ends game #{id} level, {mine}:{theirs}. Stop and count?",
    "count.rated": "The game is rated.",
    "button.count": "Yes, count",
    "draw.refused": "{player} plays on: no count.",
    "offer.own": "That is your own offer: your opponent answers it.",
    "offer.gone": "That offer was answered already.",
    "question.answered": "That question was answered already.",
    "draw.not_here": "{game} has no draws.",
    "draw.asked": "{player} proposes to stop and count. {opponent}, do you agree? ('draw' agrees)",
    "draw.bot_declines": "{bot} plays on: counted now, it would not win.",
    "export.done": "Record of game #{id}:",
    # Kamisado
    "kamisado.refill": "{player} won the round. {player}, refill the home rows from the left or the right?",
    "kamisado.round": "Round {round} to {winner} ({reason}). Score: Black {black} – White {white}.",
    "kamisado.tooth": "{player}'s {colour} tower gets a dragon tooth: {teeth} now, worth {points} {points:point|points}.",
    "kamisado.tower": "{player} moves the {colour} tower (on {square}).",
    "kamisado.free": "{player} may move any tower.",
    "kamisado.match": "Round {round} · score Black {black}, White {white} · the match is to {target}.",
    "kamisado.pass": "{player}'s {colour} tower is blocked: {player} passes.",
    "kamisado.push": (
        "{player}'s {colour} sumo pushed {towers} one square back. {opponent} loses the turn: {player} moves again, "
        "with the {next} tower (the colour of the square the farthest pushed tower landed on)."
    ),
    "kamisado.refilled": "{player} chose to refill the home rows from the {side}.",
    "kamisado.refill_preview": "{choice} — {player}'s row from a to h: {row}",
    "legend.kamisado": "● Black  ○ White  teeth after the colour;  {codes}",
    "legend.ashtarashki": (
        "w/b: White/Black stone and its number; capital letter: retreated once (V); '-': number covered (W); *: finished"
    ),
    "legend.krepost": (
        "○ White: in hand {white_hand}, prisoners {white_prisoners} · ● Black: in hand {black_hand}, "
        "prisoners {black_prisoners} · without a prisoner {quiet}/{count}"
        " · a red ring in the picture: a stone of a surrounded detachment (it can be taken)"
    ),
    "refill.left": "left",
    "refill.right": "right",
    "button.left": "Fill from the left",
    "button.right": "Fill from the right",
    "krepost.extra_turn": "{player} took the last stone of a detachment and moves again.",
    # moves
    "move.ambiguous": "'{text}' fits several moves; which one?",
    "move.hint_targets": "It can go to: {targets}.",
    # clocks
    "clock.reminder": "{player}, it is your move in game #{id} ({game}); {left} left.",
    "clock.final": "{player}, only {left} left for your move in game #{id} ({game})!",
    "clock.lost": "{player} ran out of time in game #{id}.",
    "option.shown": "{word} ({typed})",
    "option.single": "single",
    "option.series": "series",
    "option.standard": "standard",
    "option.long": "long",
    "option.marathon": "marathon",
    "option.half": "half",
    "option.3x2": "3x2",
    "option.3x3": "3x3",
    "time.none": "no time limit",
    "time.per_move": "{time} per move",
    "duration.days": "{n} d",
    "duration.hours": "{n} h",
    "duration.minutes": "{n} min",
    "duration.seconds": "{n} s",
    # ratings
    "stats.header": "{user}'s ratings:",
    "stats.line": "{game} ({scope}): {rating} · games {games}: won {wins}, lost {losses}, drawn {draws}",
    "stats.puzzles": "Puzzles: rating {rating} · solved {solved} of {tried} · streak {streak} (best {best})",
    "stats.no_puzzles": "No puzzle tried yet: 'puzzle' starts one.",
    "stats.none": "No rated games yet.",
    "top.header": "Best {game} players ({scope}):",
    "top.line": "{rank}. {user} {rating} (games: {games})",
    "top.none": "No rated {game} games yet.",
    "scope.all": "everywhere",
    "scope.chat": "this chat",
    # result reasons
    "reason.home_row": "a tower reached the home row",
    "reason.deadlock": "deadlock",
    "reason.points": "reached the match target",
    "reason.resignation": "resignation",
    "reason.time": "out of time",
    "reason.no_stones": "no stones left: a clean win",
    "reason.home": "stones home on the finish rank",
    "reason.liquidation": "the last active stone was liquidated",
    "reason.blocked": "the opponent could not move",
    "reason.fortress": "entered the empty enemy fortress",
    "reason.garrison": "took the last stone of the garrison",
    "reason.no_move": "the opponent could not move",
    "reason.count": "counted after 100 turns of each player without a prisoner",
    "reason.agreed": "counted by agreement",
    # game names and colours
    "name.kamisado": "Kamisado",
    "name.ashtarashki": "Ashtarashki",
    "name.krepost": "Krepost",
    "side.white": "White",
    "side.black": "Black",
    "colour.brown": "brown",
    "colour.green": "green",
    "colour.red": "red",
    "colour.yellow": "yellow",
    "colour.pink": "pink",
    "colour.purple": "purple",
    "colour.blue": "blue",
    "colour.orange": "orange",
    # rules summaries
    "rules.kamisado": (
        "Kamisado (Peter Burley). 8×8 coloured board; each player has 8 towers, one per colour, on their home row. "
        "Black starts the match. The first move of a round is free; after that you must move your tower of the colour "
        "of the square your opponent just landed on. Towers move straight or diagonally forward, any distance, never "
        "onto or across another tower. A blocked tower passes automatically (its square's colour decides the "
        "opponent's next tower). Reach the opponent's home row to win the round. If neither side can move, the player "
        "who made the last real move loses (we detect it when a blocked pair of player and colour repeats).\n"
        "Matches (3, 7 or 15 points): the winning tower gets a dragon tooth worth 1, 2, 4, 8 points; the winner chooses "
        "to refill from the left or right, the loser starts the next round. Sumo towers move at most 5/3/1 squares and "
        "may push 1/2/3 enemy towers with fewer teeth one square back, straight ahead, never on a round's first move; "
        "after a push you move again. A series (our option) is rounds without teeth, first to 3, starts alternating.\n"
        "Typing a move: 'purple l5', '4' (straight ahead), 'e5', 'c1-e3'. '/1' alone presses button [/1] (and "
        "'#2 /1' game #2's first button): for the move type 'r1' or '↗1'.\n"
        "Full rules: docs/rules/kamisado.md"
    ),
    "rules.ashtarashki": (
        "Ashtarashki (Yuri Khalafyan). Dark squares of an 8×8 board; 12 numbered stones each (1, 2, 3). White starts. "
        "A stone steps one square diagonally forward, or retreats diagonally back: the first retreat turns it over "
        "(V), the second covers its number (W), the third removes it. An unretreated stone (M) captures in all four "
        "diagonal directions by moving onto the enemy stone: 1 beats 3, 3 beats 2, 2 beats 1; covered (W) stones can "
        "be taken by any M stone. Capturing is compulsory and the chain must go on with the same stone (you choose the "
        "branch; a capture never changes the capturer). A stone on the opponent's first rank is finished: it cannot "
        "move or be taken, and a chain stops there. You win when the opponent has no stones (clean win, 2 points), "
        "when you have four stones (or all of them, if fewer) home, or when the opponent cannot move; if either side "
        "has fewer than four stones and the counts differ, the side with more stones wins. Balls: 3/2/1 per finished "
        "M/V/W stone.\nFull rules: docs/rules/ashtarashki.md"
    ),
    "rules.krepost": (
        "Krepost, the Fortress (Konstantin Boyandin). 12×12 board; each player has 48 stones in hand and a walled "
        "3×2 fortress (3×3 as an option) in their right-hand corner with one opening. White starts. A turn: place a "
        "stone on your ranks 1–4 (Black 9–12, your fortress included), step one square orthogonally, or jump over own "
        "stones as often as you like (never visiting a square twice, never through a wall). A detachment with no free "
        "way through empty squares to a board edge outside the fortresses is surrounded; walls are not edges, so a "
        "garrison is shut in once any stone stands in front of its opening — even your own, if it is not joined to the "
        "garrison. After every turn you must take one stone of a surrounded enemy detachment prisoner; taking the last "
        "stone of a detachment gives you another turn. Win by entering the empty enemy fortress, by taking the last "
        "garrison stone, or when the opponent cannot move. After 100 turns of each "
        "player (200 in all) without a prisoner (or by agreement: "
        "'draw') the game is counted: prisoners plus the opponent's stones in hand; with the half stone the second "
        "player wins ties.\nFull rules: docs/rules/krepost.md"
    ),
    # administrators and vacations
    "help.admin": (
        "For the chat's administrators: 'admin abort #<game> [reason]' ends a broken game without a result; "
        "'admin deadline #<game> 2d' gives the player to move that long; 'admin evidence #<game>' shows why a "
        "game froze."
    ),
    "help.vacation": (
        "vacation — how many days you have left this year ({days} a year); 'vacation 5d' pauses the clocks of "
        "all your games for five days; 'vacation end' ends it early."
    ),
    "admin.denied": "Only the chat's administrators can do that.",
    "admin.elsewhere": "Game #{id} is not played in this chat.",
    "admin.aborted": "Game #{id} was aborted by {admin}{reason}. It counts for nobody's rating.",
    "admin.not_active": "Game #{id} is not being played (it is {status}).",
    "admin.no_clock": "Game #{id} has no clock.",
    "admin.deadline": "{admin} moved the deadline of game #{id}: {player} has {left} for the next move.",
    "admin.not_frozen": "Game #{id} is not frozen: its moves give its position.",
    "admin.evidence": (
        "Game #{id} is frozen: {problem}\nMoves stored: {count}; the last ones: {last}.\nWhere the stored "
        "position differs from the replayed one: {fields}.\nTo end it: 'admin abort #{id}'."
    ),
    "vacation.status": (
        "You have {left} of vacation left this year{current}. "
        "'vacation 5d' starts one; 'vacation end' ends it early."
    ),
    "vacation.current": " (you are on vacation until {until})",
    "vacation.bad": "Say how long, for example 'vacation 5d' or 'vacation 36h' (at least an hour).",
    "vacation.too_long": "That is more than the {left} of vacation you have left this year.",
    "vacation.already": "You are already on vacation until {until}; 'vacation end' ends it.",
    "vacation.none": "You are not on vacation.",
    "vacation.started": (
        "{player} is on vacation until {until}: the clocks of their games are paused ({used} of this year's "
        "{limit} days used)."
    ),
    "vacation.ended": "{player} is back: the clocks of their games run again ({used} of this year's {limit} days used).",
    "vacation.paused": "{opponent}: {player} is on vacation until {until}; the clock of game #{id} waits for them.",
    "vacation.resumed": "{opponent}: {player} is back from vacation; the clock of game #{id} runs again.",
    # the command menus of the platforms
    "menu.play": "start a game: /play kamisado bot",
    "menu.move": "make a move",
    "menu.board": "show the board",
    "menu.games": "your games",
    "menu.resign": "resign",
    "menu.takeback": "ask to take back a move",
    "menu.export": "the record",
    "menu.rules": "rules of a game",
    "menu.help": "all commands",
    "menu.lang": "language: en ru fa hu",
    "menu.settings": "settings",
    "menu.stats": "your ratings",
    "menu.top": "best players",
    "menu.vacation": "pause your clocks: /vacation 5d",
    "menu.admin": "for the chat's administrators",
    "menu.moves": "the moves of a game",
    "menu.abort": "call off a game before you have moved",
    "menu.rematch": "play your last game again, colours swapped",
    # move examples
    "examples.kamisado": "'purple l5' (tower, direction, distance), '4' (straight ahead), 'e5' (a square), 'c1-e3'",
    "examples.ashtarashki": "'c3-d4', 'M3d4', 'd4:c5:b6' (a capture chain)",
    "examples.krepost": "'@e4' (place), 'e4-e5' (step), 'e4-e6-g6' (jumps), 'e4-e5 xf7' (with a prisoner)",
    "language.name": "English",
    # the terminal chat
    "console.welcome": ("Board game bot — terminal chat. Try: 'play kamisado bot', 'play ashtarashki bot level=easy', 'help'."),
    "console.welcome_more": (
        "Two players at one keyboard: 'play krepost @bob', then 'as bob' and 'accept'; 'as NAME' switches who"
        " types. '/3' presses button [/3] (a plain number is a move: '4' is Kamisado's straight ahead). "
        "'quit' leaves."
    ),
    "console.help": "Here in the terminal: '/3' presses button [/3] · 'as NAME' switches who types · 'quit' leaves.",
    "console.help_quit": "'quit' (or 'exit', or Ctrl-D) leaves the terminal chat; your games are kept for the next start.",
    "console.help_as": (
        "'as NAME' lets the next lines be typed by NAME: two players at one keyboard ('play krepost @bob',"
        " then 'as bob', 'accept')."
    ),
    "console.name_is_square": "'{name}' reads as a square of the board, so it cannot be a name: choose another.",
    "console.thinking": "The bot is thinking…",
    "console.typing_as": "(now typing as {name})",
    "console.other_picture": "[picture: {path}]",
    "console.picture": "[board picture: {path}]",
    "console.to_only": "(to {name} only)",
    "diagram.last_moves": "Last moves: {moves}",
    "game.not_your_turn_in": "It is not your turn in {games}.",
    "move.counted": "Careful: after {move} the game will be counted: {result} Play it anyway?",
    "time.unlimited": "no limit",
    "board.new": "a new message for each move",
    "board.edit": "one message, edited in place",
    "games.vacation": " · {player} is on vacation until {until}",
    "span.days": "{n} {n:day|days}",
    "span.hours": "{n} {n:hour|hours}",
    "menu.replay": "a game as an animation: replay #12",
    "replay.none": "You have no game here to replay: 'replay #<number>' replays any game of this chat.",
    "replay.caption": "Replay of game #{id}: {game}, {white} (White) against {black} (Black), {plies} {plies:turn|turns}.",
    "replay.start": "{game}: the start",
    "replay.move": "{number}/{total} · {player}: {move}",
    "replay.going_on": "after {total} {total:turn|turns}: the game goes on",
    "console.replay": "[replay: {path} — open it in a browser or an image viewer]",
    "menu.review": "where a finished game was won and lost: review #12",
    "review.none": "You have no finished game here to review: 'review #<number>' reviews any finished game of this chat.",
    "review.not_finished": "Game #{id} is still going on: a review now would be coaching. Ask again when it is over.",
    "review.started": "Reviewing game #{id}: {turns} {turns:turn|turns}, about {seconds} s. 'review cancel' stops it.",
    "review.busy": "A review is already being made in this chat (one at a time): 'review cancel' stops it.",
    "review.cancelled": "The review is called off.",
    "review.nothing": "No review is being made here.",
    "review.failed": "The review of game #{id} could not be made; ask again later.",
    "review.title": "Review of game #{id} ({game}): {white} (White) against {black} (Black).",
    "review.tally": (
        "{player}: best {best} · good {good} · inaccuracies {inaccuracy} · mistakes {mistake} · blunders "
        "{blunder}"
    ),
    "review.worst": "{player}'s costliest moves:",
    "review.line": "  {ply}. {move}: {verdict}; better {better}",
    "review.proven": " (proven: it threw away a won position)",
    "review.note.prisoner_given": " (it gives a prisoner away)",
    "review.clean": "{player}: no inaccuracy the engine could find.",
    "verdict.best": "best",
    "verdict.good": "good",
    "verdict.inaccuracy": "an inaccuracy",
    "verdict.mistake": "a mistake",
    "verdict.blunder": "a blunder",
    "review.comments": "The review's verdicts (the move as the record numbers it, the verdict, the better move):",
    "review.graph.title": "White's winning chances",
    "review.graph.percent": "{value}%",
    "review.graph.round": "round {number}",
    "review.graph.mistake": "mistake",
    "review.graph.blunder": "blunder",
    "review.graph.decisive": "decisive turn: {ply}. {move}",
    "review.progress": "Reviewing game #{id}: {percent}% done. 'review cancel' stops it.",
    "help.puzzle": (
        "puzzle [game] [easy|normal|hard] — a puzzle for the chat: anyone answers with a move (typed or the "
        "buttons), the bot defends. 'puzzle hint' names the piece, 'puzzle solution' shows the line, 'puzzle "
        "new' gives another, 'top puzzles' lists the best solvers. Daily: 'settings chat puzzle daily 09:00'."
        " 'puzzle <move>' answers it when a game of yours would take the move. A theme ('puzzle ashtarashki "
        "clean') or a number ('puzzle krepost 12', to share one) picks the puzzle."
    ),
    "menu.puzzle": "a puzzle to solve: /puzzle kamisado hard",
    "puzzle.title": "Puzzle {game} #{number} · {difficulty} · rating {rating} · {theme}",
    "puzzle.goal.round": "{side} to play and win the round in {n} {n:move|moves}.",
    "puzzle.goal.win": "{side} to play and win in {n} {n:move|moves}.",
    "puzzle.goal.prisoner": "{side} to play and take a prisoner in {n} {n:turn|turns}.",
    "puzzle.goal.clean": "{side} to play and win cleanly (take every enemy stone) in {n} {n:move|moves}.",
    "puzzle.easy": "easy",
    "puzzle.normal": "normal",
    "puzzle.hard": "hard",
    "puzzle.theme.race": "race to the home row",
    "puzzle.theme.deadlock": "deadlock",
    "puzzle.theme.sumo": "sumo push",
    "puzzle.theme.clean": "clean win",
    "puzzle.theme.blockade": "blockade",
    "puzzle.theme.combination": "combination",
    "puzzle.theme.endgame": "endgame",
    "puzzle.theme.prisoner": "prisoner",
    "puzzle.theme.fortress": "into the fortress",
    "puzzle.theme.garrison": "the garrison falls",
    "puzzle.how": "Anyone may answer: type the move or use the buttons. 'puzzle hint' · 'puzzle solution'.",
    "puzzle.open": "This puzzle is still open: answer it, or 'puzzle solution' · 'puzzle new'.",
    "puzzle.none": "There are no {game} puzzles of that kind.",
    "puzzle.no_number": "{game} has puzzles 1 to {last}: there is no #{number}.",
    "puzzle.right": "✔ {user}: {move}. {side} answers {reply}.",
    "puzzle.right_again": "✔ {user}: {move}. Move again.",
    "puzzle.too_late": "Too late: that step of the puzzle has been played (or the puzzle is closed).",
    "puzzle.solved": "🏆 {user} solved it with {move}!",
    "puzzle.line": "The line: {line}",
    "puzzle.refuted": "✘ {move} fails: {side} answers {reply}, and {lost}.",
    "puzzle.not_in_time": "✘ {move}: {lost}.",
    "puzzle.not_at_once.win": "✘ {move} does not win at once.",
    "puzzle.not_at_once.round": "✘ {move} does not win the round at once.",
    "puzzle.not_at_once.prisoner": "✘ {move} takes no prisoner at once.",
    "puzzle.not_at_once.clean": "✘ {move} does not win cleanly at once.",
    "puzzle.lost.win": "there is no win in {n} {n:turn|turns} any more",
    "puzzle.lost.round": "the round cannot be won in {n} {n:turn|turns} any more",
    "puzzle.lost.prisoner": "there is no prisoner in {n} {n:turn|turns} any more",
    "puzzle.lost.clean": "there is no clean win in {n} {n:turn|turns} any more",
    "puzzle.again": "The position stays: try again.",
    "puzzle.standing": "{user}: puzzle rating {rating}, streak {streak}.",
    "puzzle.hint": "Hint: move the piece on {square}.",
    "puzzle.hint_row": "Hint: the winning move ends on row {row}.",
    "puzzle.hint_file": "Hint: the winning move ends on file {file}.",
    "puzzle.hint_place": "Hint: place a stone from your hand on row {row}.",
    "puzzle.solution": "The solution: {line}",
    "puzzle.daily": "Puzzle of the day, {day}:",
    "puzzle.solved_by": "Solved by {users}.",
    "puzzle.unsolved": "Nobody solved it.",
    "puzzle.yesterday": "Yesterday's puzzle ({game} #{number}): {line}",
    "puzzle.nothing_open": "No puzzle is open here: 'puzzle' starts one.",
    "puzzle.illegal": "The puzzle: {why}",
    "puzzle.usage": (
        "puzzle [game] [easy|normal|hard] [theme] · puzzle <game> <number> · "
        "puzzle hint · puzzle solution · puzzle new"
    ),
    "puzzle.any_game": "any game",
    "settings.puzzle_daily": "every day at {at} ({game})",
    "top.puzzles": "Best puzzle solvers ({scope}):",
    "top.puzzle_unrated": "{count} more solved unrated (after a hint or a wrong try)",
    "top.puzzle_line": "{rank}. {user} — {rating} · solved {solved} of {tried} · streak {streak} (best {best})",
    "top.no_puzzles": "Nobody has solved a puzzle yet: 'puzzle' starts one.",
    "help.tournament": (
        "tournament new <game> [options] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] — open a tournament "
        "here; 'tournament join' enters you ('tournament join bot hard' enters a level of the bot), 'tournament leave' "
        "takes you out (once it runs: your remaining games are lost), 'tournament start' pairs the first round (its "
        "creator or an admin), 'tournament' shows the standings, 'tournament cancel' calls it off. Each round's games "
        "start at once with their clocks; when the last one ends, the next round is paired. A win is 1 point, a "
        "draw ½, a loss "
        "(on time or by withdrawing too) 0, a Swiss bye 1 (sitting out a round robin round 0). Ties: Sonneborn–Berger "
        "(round robin); Buchholz cut-1, then the games between the tied (Swiss)."
    ),
    "menu.tournament": "a tournament in this chat: /tournament new kamisado swiss rounds=5",
    "tournament.usage": (
        "tournament new <game> [options] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] · tournament join "
        "[bot <level>] · tournament leave · tournament start · tournament · tournament cancel"
    ),
    "tournament.none": "No tournament here. Open one: 'tournament new kamisado swiss rounds=5 time=1d'.",
    "tournament.exists": "This chat has a tournament already: 'tournament' shows it.",
    "tournament.created": (
        "🏆 {creator} opened tournament #{id}: {game} — {terms}. Enter with 'tournament join'; "
        "{creator} starts it with 'tournament start'."
    ),
    "tournament.rated": "rated",
    "tournament.entries": (
        "Tournament #{id}: {game} — {terms}. {count} {count:player|players}: {players}. "
        "'tournament join' to enter; {creator} starts it with 'tournament start'."
    ),
    "tournament.begun": "Tournament #{id} has begun: nobody can enter now.",
    "tournament.changed": "The tournament changed meanwhile (someone joined, left, started or cancelled it); try again.",
    "tournament.full": "Tournament #{id} is full ({most} players).",
    "tournament.in_already": "{player} is in tournament #{id} already.",
    "tournament.joined": "{player} entered tournament #{id} ({count} {count:player|players}).",
    "tournament.not_in": "{player} is not playing in tournament #{id}.",
    "tournament.left": "{player} left tournament #{id}.",
    "tournament.not_creator": "Only {creator} (who opened it) or an administrator of the chat can do that.",
    "tournament.too_few": "Tournament #{id} needs at least {fewest} players; it has {count}.",
    "tournament.fewer_rounds": (
        "{asked} rounds were asked for, but {count} players can play only {rounds} without anyone meeting twice: "
        "{rounds} {rounds:round|rounds} it is."
    ),
    "tournament.cancelled": "Tournament #{id} is cancelled. Games already begun go on as ordinary games.",
    "tournament.swiss": "Swiss, {rounds} {rounds:round|rounds}",
    "tournament.roundrobin": "round robin",
    "tournament.double": "double round robin",
    "tournament.sb": "SB",
    "tournament.buchholz": "Buchholz",
    "tournament.out": "(withdrew)",
    "tournament.line": "{rank}. {player} — {points} ({tiebreak} {value}), {games} {games:game|games}",
    "tournament.stage": "Round {round} of {rounds}",
    "tournament.status.open": "Open for entries",
    "tournament.status.finished": "Final standings",
    "tournament.status.cancelled": "Cancelled",
    "tournament.title": "Tournament #{id} · {game}",
    "tournament.col.rank": "#",
    "tournament.col.player": "Player",
    "tournament.col.points": "Points",
    "tournament.col.games": "Games",
    "tournament.round": "🏆 Tournament #{id}, round {round} of {rounds}:",
    "tournament.game": "Tournament #{id}, round {round} of {rounds}.",
    "tournament.bye": "{player}: a bye ({points})",
    "tournament.forfeit": "{white} – {black}: {score}, no game (withdrawn)",
    "tournament.pairing": "#{id} {white} – {black}",
    "tournament.finished": "🏆 Tournament #{id} is over. {count:Winner|Winners}: {winners}!",
    "tournament.withdrew": "{player} withdrew from tournament #{id}: their remaining games are lost.",
    "tournament.forfeited": "{player} withdrew from the tournament: the game is lost.",
    "tournament.bad_rounds": "'{option}': the number of rounds is a whole number from 1 to {most}.",
    "tournament.leave_confirm": (
        "{player}, withdraw from tournament #{id}? The game you are playing now is lost{later}. This cannot"
        " be undone."
    ),
    "tournament.leave_confirm_free": "{player}, withdraw from tournament #{id}? {later} This cannot be undone.",
    "tournament.leave_free_roundrobin": "Every later game is lost.",
    "tournament.leave_free_swiss": "You are paired no more.",
    "tournament.leave_later_roundrobin": ", and so is every later game",
    "tournament.leave_later_swiss": ", and you are paired no more",
    "tournament.stays": "{player} stays in tournament #{id}.",
    "tournament.now": "Round {round}:",
    "tournament.playing": "playing",
    "button.withdraw": "Yes, withdraw",
    "button.stay": "No, stay",
    "tournament.no_abort": "Game #{id} is a tournament game and cannot be called off: resign it, or play on.",
    "scoring.kamisado": (
        "In a tournament a game counts by its winner: winning the match (or the series, or the single round) is 1 "
        "point, losing it 0, whatever the margin."
    ),
    "scoring.ashtarashki": (
        "In a tournament a game counts by its winner: 1 point for a win (a clean win's 2 points count as 1), 0 for a "
        "loss; balls do not count."
    ),
    "scoring.krepost": (
        "In a tournament a game counts by its result: 1 point for a win, whether by the fortress, the garrison, a "
        "blocked opponent or the count; ½ for a draw (an even count without the half stone); 0 for a loss."
    ),
    # the web pages
    "web.position": "The board after move {ply}",
    "web.start": "The board at the start",
    "web.moves": "Moves",
    "web.round": "Round {number}",
    "web.first": "Start",
    "web.previous": "Back",
    "web.next": "Forward",
    "web.last": "Latest",
    "web.diagram": "The board as text",
    "web.live": "Live: new moves appear here by themselves.",
    "web.review": "Review",
    "web.no_moves": "No moves yet.",
    "web.chat_title": "Games of this chat",
    "web.chat_link": "All games of this chat",
    "web.no_games": "No games yet.",
    "web.standings": "Tournament",
    "web.not_found": "There is no such page. The link may be wrong, or the chat has taken its pages down.",
    "web.bad_ply": "There is no such move in this game.",
    "web.unavailable": (
        "The games are unavailable for a moment (the database is not answering); nothing was "
        "changed. Try again shortly."
    ),
    "web.too_many": "Too many requests from your address: wait a minute and try again.",
    "web.link": "Game page",
    "web.terminal_link": "Watch it in a browser: {url}",
    "web.challenges": "Open challenges",
    "web.challenge": "{challenger}: {game} ({options})",
    "web.challenges_sign_in": (
        "To accept one here, sign in first: write 'signin' to the bot in private (on Telegram or Discord) and open "
        "the link it gives you, then come back to this page. The game is then played from your private chat with "
        "the bot."
    ),
    "web.no_pages": "The game pages are not set up for this bot.",
    "web.signin": (
        "Sign in on the game pages: {url}\nThe link signs you in on the device where you open it. It works once, "
        "within {minutes} minutes: keep it to yourself."
    ),
    "web.signin_not_sent": (
        "{user}: I cannot write to you privately yet, so no sign-in link was sent (it is never shown here). Open a "
        "private chat with me, then send 'signin' there."
    ),
    "web.signin_sent": "{user}: I sent you a sign-in link privately (if it did not arrive, write 'signin' to me in private).",
    "menu.signin": "a private link that signs you in on the game pages",
    "help.signin": (
        "signin — a private one-time link that signs you in on the game pages (to accept a challenge on a chat's "
        "page, to play your games by tapping). It works once, within 10 minutes; it is never shown in a group."
    ),
    "web.accept_on_page": "Play on the page",
    "web.share": "The game's page: {url}",
    "web.play.go_latest": "Your move: go to the latest position (») to play it.",
    "web.puzzle_link": "Solve it on the page",
    "web.puzzle_done": "This puzzle is over: here is the end of its line.",
    "web.puzzle_none": "No puzzle is open in this chat: start one with 'puzzle'.",
    "web.puzzle_title": "Puzzle",
    "web.play.hint": "Hint",
    "web.play.solution": "Show the solution",
    "web.play.offer_takeback": "{player} asks to take back their last move.",
    "web.play.offer_draw": "{player} proposes to stop and count.",
    "web.play.offer_waiting": "You asked {opponent}; waiting for the answer.",
    "web.play.accept": "Accept",
    "web.play.decline": "Decline",
    "web.play.rematch": "Rematch",
    "web.play.review": "Review the game",
    "web.play.game_over": "The game is over.",
    "web.play.not_member": "Only the people of this chat answer its puzzle. Write in the chat once, then try again.",
    "web.play.hint_refill": "You won the round: fill the home rows from the left or from the right (the buttons below).",
    "web.play.hint_extra_turn": "You took a prisoner: this is your extra turn.",
    "web.play.hint_capture": "A capture is compulsory: tap a stone that can take.",
    "web.play.chain": "The capture goes on: the only way on is chosen; tap the next square.",
    "web.play.loupe_hint": "Tap the board: the squares around your tap are shown larger below, where you tap the move.",
    "web.play.loupe_open": "Enlarged below around {square}: tap the move there, or tap the board to look elsewhere.",
    "web.play.loupe_close": "Close the enlarged view",
    "web.play.sign_out": "Sign out",
    "web.play.next_puzzle": "Next puzzle",
    "web.play.resign": "Resign",
    "web.play.count": "Stop and count",
    "web.play.takeback": "Ask to take back",
    "web.play.signin": (
        "Play on the game's page: {url}\nThe link signs you in on the device where you open it. It works once, "
        "within {minutes} minutes: keep it to yourself."),
    "web.play.not_player": "Only the game's players can move here; you are watching.",
    "web.play.other_platform": "You signed in with an account of another app than this game's chat: play it from its chat.",
    "web.play.bad_request": "That request could not be read: reload the page.",
    "web.play.signed_out": "You are not signed in: open the page from the game's chat.",
    "web.play.forged": "That request did not come from this page: reload it.",
    "web.play.too_fast": "Too many moves at once: wait a moment.",
    "web.play.telegram_refused": "Telegram's sign-in could not be checked: open the game again from Telegram.",
    "web.play.telegram_expired": "Telegram's sign-in is too old: open the game again from Telegram.",
    "web.play.signin_title": "Sign in on the game pages",
    "web.play.signin_confirm": "This link signs you in on the game pages in this browser, once. Press the button to sign in.",
    "web.play.signin_button": "Sign in",
    "web.play.signin_used": "This sign-in link was used already. Ask for a new one with 'board' in the game's chat.",
    "web.play.signin_expired": "This sign-in link has expired. Ask for a new one with 'board' in the game's chat.",
    "web.play.signin_unknown": "This sign-in link is not valid.",
    "web.play.your_turn": "Your move: tap a piece, then where it goes.",
    "web.play.waiting": "Your opponent is to move.",
    "web.play.undo": "Undo",
    "web.play.finish": "End the move here",
    "web.play.signed_in_as": "Signed in as {name}.",
    "web.play.watching": "Signed in as {name}: you are watching this game.",
    "web.play.sending": "Sending…",
    "web.play.sign_in_hint": (
        "Players move here after opening the page from the game's chat (in Telegram, its button; elsewhere, the link "
        "'board' sends you privately)."),
    "web.play.failed": "The move could not be sent: check your connection and try again.",
    "web.play.your_games": "Your games",
    "web.play.no_games": "You have no games going on. Start one in a chat with 'play'.",
    "web.play.your_move": "your move",
    "web.play.their_move": "their move",
    "web.play.opening": "Signing you in…",
    "settings.pages_off": "This chat's game pages are taken down: their links no longer work.",
    "settings.pages_on": "This chat's game pages are on again, at new addresses.",
    "no.nothing": (
        "Nothing to refuse: a 'no' refuses a take-back or count your opponent proposes, or a challenge to you, and "
        "none waits for you here. A question of mine (resign? count now?) needs no answer: nothing happens unless you "
        "press its 'Yes'."
    ),
    "yes.nothing": (
        "A 'yes' answers a take-back or count your opponent proposes, or a challenge to you, and none waits for "
        "you here. To resign, press 'Yes, resign' or type 'resign yes'."
    ),
    "help.answers_only": (
        "Here I am no member of the chat (you installed me for yourself): I answer commands and buttons only. Play "
        "with the buttons (typed moves do not reach me here); /board brings a game back; reminders go to a private "
        "chat with me, if you have one."
    ),
    "inline.challenge": (
        "{user} challenges anyone here: {game}, {about}. The game is played with the buttons (typed moves do "
        "not reach me here)."
    ),
    "inline.challenge_page": (
        "{user} challenges anyone here: {game}, {about}. The game is played on its page (the button under the "
        "board): typed moves do not reach me here."
    ),
    "inline.unavailable": "Games cannot be offered right now (the bot's operator is told). Write to me privately instead.",
    "inline.accept": "Accept",
    # linked accounts
    "menu.link": "one player on Telegram and Discord: a code to link your accounts",
    "menu.unlink": "separate linked accounts again",
    "help.link": (
        "link — a one-time code (it works once, for 10 minutes) that makes your accounts on Telegram, "
        "Discord and the terminal one player: send 'link <code>' from the other account. Then one rating per game, "
        "one puzzle rating and one 'stats' on every platform, shown under the first account's name. 'unlink' "
        "separates them again (the first account keeps the ratings earned together)."
    ),
    "link.code": (
        "Your link code: {code}. From your account on the other platform, send me 'link {code}' within {minutes} "
        "minutes: then both accounts are one player, with one rating per game, one puzzle rating and one 'stats'. "
        "The code works once; keep it to yourself."
    ),
    "left.page": (
        "I was removed from the chat of game #{id} ({game} against {opponent}), so its boards cannot go there. Play on "
        "on its page: {url} — or end it here with '#{id} resign' ('#{id} abort' before you have moved)."
    ),
    "left.no_page": (
        "I was removed from the chat of game #{id} ({game} against {opponent}), so it cannot go on there. Add me to "
        "that chat again to play on, or end it here with '#{id} resign' ('#{id} abort' before you have moved)."
    ),
    "link.not_sent": (
        "{user}: I cannot write to you privately yet, so your link code was not sent (it is never shown here). Open a "
        "private chat with me, then send 'link' there."
    ),
    "link.sent_privately": (
        "{user}: I sent you your link code privately (if it did not arrive, open a private chat with me and type "
        "'link' there)."
    ),
    "link.done": (
        "Linked: {accounts} are one player now. The ratings, the puzzle rating and 'stats' are {first}'s on every "
        "platform; 'unlink' separates the accounts again."
    ),
    "link.unknown": "There is no such link code. Type 'link' on your other account for a new one.",
    "link.used": "That link code was used already. Type 'link' on your other account for a new one.",
    "link.expired": (
        "That link code expired (a code works for {minutes} minutes). Type 'link' on your other account for a new "
        "one."
    ),
    "link.same_platform": "That code comes from this platform: send it from your account on the other platform.",
    "link.already_one": "These accounts are one player already.",
    "link.already_linked": "This account is linked to another player already: 'unlink' it first.",
    "unlink.done": "Unlinked: {accounts} play on their own again. The ratings earned together stay with {first}.",
    "unlink.none": "This account is not linked to any other. 'link' gives a code to link one.",
    "platform.telegram": "Telegram",
    "platform.discord": "Discord",
    "platform.console": "terminal",
    "private.answered": "Answered privately (only the one who asked sees it).",
}
