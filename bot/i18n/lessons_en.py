"""The lessons' words in English (the reference: every other language has exactly these keys)."""

LESSONS: dict[str, str] = {
    "menu.learn": "a three-minute first lesson of a game",
    "help.learn": (
        "learn <game> — a first lesson, about three minutes, played move by move (privately: in a group it goes to "
        "our private chat). learn hint · learn restart <game> · learn (your lessons and stars)."
    ),
    "learn.title": "{game} lesson · {n}/{total}",
    "learn.list": "Lessons, about three minutes each ('learn <game>'):",
    "learn.list_new": "{game}: not started",
    "learn.list_going": "{game}: step {n} of {total}",
    "learn.list_done": "{game}: done {stars}",
    "learn.usage": "learn <game> starts a lesson: learn kamisado, learn ashtarashki or learn krepost.",
    "learn.none_open": "No lesson is open. 'learn kamisado', 'learn ashtarashki' or 'learn krepost' starts one.",
    "learn.too_late": "That button belongs to an earlier position of the lesson.",
    "learn.pointer": "{user}: the lesson is in our private chat.",
    "learn.no_private": (
        "{user}: I cannot write to you privately yet. Open a private chat with me and send 'learn {command}' "
        "there."
    ),
    "learn.offer": "New to {game}? A three-minute lesson first: 'learn {command}'.",
    "learn.not_a_move": (
        "'{text}' is no move of the lesson. Make the step's move, or type 'learn hint', or 'learn stop' to leave the "
        "lesson."
    ),
    "learn.left": "You left the {game} lesson: what you type goes to your games again. 'learn {command}' goes on.",
    "learn.while_games": "While the lesson is open, what you type here goes to it: '#N <move>' plays in game N, "
                         "'learn stop' leaves.",
    "learn.go_on": "Your move: finish the task.",
    "learn.hint_button": "Hint",
    "learn.illegal": "{why}",
    "learn.hint": "Hint: {hint}",
    "learn.answer": "The answer: {move}. Play it to go on.",
    "learn.again": "Try again.",
    "learn.replied": "Black answers {move}.",
    "learn.step_done": "{stars} Done.",
    "learn.finished": "{game} lesson done: {stars} ({got} of {most} stars).",
    "learn.play_bot": "Play the beginner bot",
    "learn.first_puzzle": "A first puzzle",
    "learn.restart": "Lesson again",
    "learn.why.no_win": "{turns:That does not win.|That does not win in two moves, whatever Black answers.}",
    "learn.why.names_winner": (
        "You land on {colour}, so Black moves the {colour} tower, and it reaches your home row: {move}."
    ),
    "learn.why.names_free": (
        "You land on {colour}, so Black moves the {colour} tower, which is free: it can go to {targets}."
    ),
    "learn.why.blocked_not_enough": (
        "Black's {colour} tower is blocked and passes, but that does not do what the task asks."
    ),
    "learn.why.deadlock": (
        "That blocks Black, but then your own tower is blocked too: a deadlock. You made the last real move, so you "
        "lose the round."
    ),
    "learn.why.no_push": "That is no push: a sumo pushes straight ahead, one square.",
    "learn.why.chain": "That chain takes {taken}; another takes {best}.",
    "learn.why.not_step": "That goes backwards; step forward.",
    "learn.why.not_place": "That moves a stone; place one from your hand.",
    "learn.why.not_jump": "That is no jump: jump over your own stone onto the free square beyond.",
    "learn.why.not_there": "That does not end on {square}.",
    "learn.why.no_prisoner": "That surrounds nothing: no prisoner.",
    "learn.why.captured": "Then Black takes: {move}.",
    "learn.why.not_clean": "That wins, but not cleanly: a Black stone is left.",
    "learn.why.answer": "Black can still answer: {move}.",
    "learn.why.goal": "That is not what the task asks.",
    "learn.web.title": "Learn {game}",
    "learn.web.lessons": "First lessons",
    "learn.web.next": (
        "Next, in a chat with the bot: 'play {command} bot level=beginner' for a first game, 'puzzle "
        "{command} easy' for a first puzzle."
    ),
    "learn.web.signed_out": "Not signed in: your stars are kept on this page only.",
    # Kamisado
    "learn.kamisado.goal.task": (
        "You play White, from the bottom. A tower that reaches Black's home row, the top row, wins the round. "
        "Take your red tower there."
    ),
    "learn.kamisado.goal.hint": "Towers go straight or diagonally forward while the way is free. From c5, look up.",
    "learn.kamisado.goal.done": "The round is yours.",
    "learn.kamisado.moving.task": (
        "Towers move forward only, straight or diagonally, never over another tower. Take your green tower to "
        "the top row."
    ),
    "learn.kamisado.moving.hint": "Straight ahead d6 is taken, and b7 on the left; the right diagonal is free to g8.",
    "learn.kamisado.moving.done": "Right: the way to g8 was free.",
    "learn.kamisado.colour.task": (
        "The colour rule: the square you land on names the tower your opponent moves next. Move your yellow "
        "tower so that Black's tower of that colour cannot reach row 1."
    ),
    "learn.kamisado.colour.hint": (
        "For each square you can reach, look at Black's tower of its colour: can it run down to row 1? Your "
        "own tower can stand in its way."
    ),
    "learn.kamisado.colour.done": "Safe: g2 is orange too, but your tower on g2 stands in the orange tower's way.",
    "learn.kamisado.block.task": (
        "Block: land on the colour of a Black tower that will then have no free square ahead. Black passes, "
        "and you move again."
    ),
    "learn.kamisado.block.hint": (
        "Black's purple tower on e7 has one free square ahead, e6, and e6 is purple. Land there yourself."
    ),
    "learn.kamisado.block.done": (
        "Blocked: Black passes. The pass names the colour of the blocked tower's square, blue e7, so you move "
        "your blue tower."
    ),
    "learn.kamisado.deadlock.task": (
        "When both sides are blocked in turn, it is a deadlock: whoever made the last real move loses the "
        "round. Move your blue tower safely: no deadlock, no way through for Black."
    ),
    "learn.kamisado.deadlock.hint": (
        "a6 blocks Black, but then your own tower is blocked too. Land where Black's tower can move but "
        "cannot win."
    ),
    "learn.kamisado.deadlock.done": "Right: a block that blocks you back loses.",
    "learn.kamisado.two.task": "Win in two: play so that, whatever Black answers, your next move reaches the top row.",
    "learn.kamisado.two.hint": "Think of the tower Black's answer will name: which of your towers then has a free way up?",
    "learn.kamisado.two.done": "A two-move win.",
    "learn.kamisado.sumo.task": (
        "A round's winning tower gets a dragon tooth: it is a sumo. It moves at most 5 squares, but can push "
        "an enemy tower straight back one square into a free square; Black then loses a turn. Push Black's "
        "green tower with your yellow sumo."
    ),
    "learn.kamisado.sumo.hint": "Push straight ahead: your sumo goes to d5, the green tower back to d6.",
    "learn.kamisado.sumo.done": (
        "Pushed. The next tower is named by the pushed tower's square, not your sumo's (orange): d6 is red, "
        "so after Black's lost turn you move red. That is the whole game."
    ),
    # Ashtarashki
    "learn.ashtarashki.step.task": (
        "You play White, moving up. Each stone carries a number: 1, 2 or 3. A stone steps one square diagonally "
        "forward onto a free dark square. Step a stone forward."
    ),
    "learn.ashtarashki.step.hint": "Your stones are on c3 and e3: step one of them to b4, d4 or f4.",
    "learn.ashtarashki.step.done": "A step. Four stones on your finish rank (rank 8) win the game.",
    "learn.ashtarashki.retreat.task": (
        "A stone may also retreat one square diagonally back, but it pays: a full stone (M) becomes retreated (V) and "
        "can no longer capture; a second retreat makes it W, a third removes it (liquidated). Black's 3s threaten your "
        "2 on d4: save it."
    ),
    "learn.ashtarashki.retreat.hint": (
        "Your 2 cannot go forward, and moving the other stone leaves it to be taken: retreat it."
    ),
    "learn.ashtarashki.retreat.done": "Saved, at a price: it is V2 now and can no longer capture.",
    "learn.ashtarashki.numbers.task": (
        "A full stone captures an enemy stone next to it diagonally, in any direction, by moving onto its square. "
        "The numbers go round: 1 takes 3, 3 takes 2, 2 takes 1. Capturing is compulsory. Take a stone so that Black "
        "cannot take yours back."
    ),
    "learn.ashtarashki.numbers.hint": (
        "Your 3 may take the 2 on f4, but then Black's 1 on e5 takes your 3. Your 1 may take the 3 on d4."
    ),
    "learn.ashtarashki.numbers.done": "Right: 1 takes 3, and no Black stone can take your 1 on d4.",
    "learn.ashtarashki.chain.task": (
        "After a capture the same stone must go on capturing while it can, so one turn may take several stones; you "
        "choose the chain. Take as many as you can."
    ),
    "learn.ashtarashki.chain.hint": "From d4, the 2s on c5, b6 and a5 lie one after another.",
    "learn.ashtarashki.chain.done": "Three stones in one turn.",
    "learn.ashtarashki.finish.task": (
        "A stone on your finish rank (rank 8) is finished: it no longer moves and cannot be taken. Four stones there "
        "win. Finish the game."
    ),
    "learn.ashtarashki.finish.hint": "Your 2 on g7 has one free square ahead on rank 8.",
    "learn.ashtarashki.finish.done": (
        "Four stones home: you win. When either side has fewer than four stones, the side with more stones wins; a "
        "player who cannot move loses."
    ),
    "learn.ashtarashki.blocking.task": (
        "A player who cannot move loses. Black's only active stone, the 3 on h8, is stuck behind your 3 on "
        "g7 (equal numbers cannot take each other). Keep it stuck, and win."
    ),
    "learn.ashtarashki.blocking.hint": "Leave your 3 on g7 where it is; move the other stone.",
    "learn.ashtarashki.blocking.done": "Black cannot move: you win by blocking. This is the author's own example.",
    "learn.ashtarashki.clean.task": (
        "Taking every enemy stone is a clean win, worth two points instead of one. Black has four 2s left: win "
        "cleanly."
    ),
    "learn.ashtarashki.clean.hint": "Your 3 takes 2s. One chain goes through all four: start with e5.",
    "learn.ashtarashki.clean.done": "A clean win: two points. That is the whole game.",
    # Krepost
    "learn.krepost.place.task": (
        "You play White. A turn is one of: place a stone from your hand, step a stone, or jump. You place on your own "
        "side, ranks 1 to 4 (two ranks away from the middle line). Place a stone."
    ),
    "learn.krepost.place.hint": "Any empty square on ranks 1 to 4; typed, for example: e2.",
    "learn.krepost.place.done": "Placed: stones in hand enter the board this way, one a turn.",
    "learn.krepost.jump.task": (
        "A stone steps one square up, down, left or right, or jumps over one of your own stones onto the free square "
        "beyond, and may jump again in the same turn. Bring the stone on c4 to g4 in one turn."
    ),
    "learn.krepost.jump.hint": "Over d4 to e4, then over f4 to g4: c4-e4-g4.",
    "learn.krepost.jump.done": "Two jumps in one turn.",
    "learn.krepost.prisoner.task": (
        "Stones joined side by side form a detachment. A detachment is surrounded when no empty square next to it has "
        "a free way to the edge of the board. After your turn you take one stone of a surrounded enemy detachment "
        "prisoner. Surround Black's stone on f7 and take it."
    ),
    "learn.krepost.prisoner.hint": "The only free square next to f7 is f6: fill it.",
    "learn.krepost.prisoner.done": "A prisoner. It was the last stone of its detachment, so you also get another turn.",
    "learn.krepost.extra.task": "Use the extra turn: take both lone Black stones, c7 and j7, one after the other.",
    "learn.krepost.extra.hint": "c7 has one free neighbour, c6; j7 has j6.",
    "learn.krepost.extra.done": "Two prisoners in a row: the last stone of a detachment gives you another turn.",
    "learn.krepost.fortress.task": (
        "Each player has a fortress in their right-hand corner, walled but for one opening (Black's is b11, opening "
        "onto b10). Move a stone into the enemy's fortress while no enemy stone is inside, and you win."
    ),
    "learn.krepost.fortress.hint": "Your stone on b10 stands in front of the opening.",
    "learn.krepost.fortress.done": "You win: the empty fortress is yours.",
    "learn.krepost.garrison.task": (
        "Stones inside a fortress are its garrison. A garrison is surrounded once the square in front of its opening "
        "is taken, and taking its last stone prisoner wins. Black's garrison is one stone on b12: take it."
    ),
    "learn.krepost.garrison.hint": "Stand on b10, in front of Black's opening at b11.",
    "learn.krepost.garrison.done": (
        "The garrison is taken: you win. And if 100 turns of each player pass without a prisoner, the game is counted: "
        "prisoners plus the opponent's stones never played. That is the whole game."
    ),
}
