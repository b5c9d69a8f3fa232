"""The words of the pages for every player (the board in words, the keyboard, a chat's home, the review's graph, the
shared card) in English: the reference, every other language has exactly these keys."""

PAGES: dict[str, str] = {
    # what stands on a square, for a screen reader
    "square.empty": "empty",
    "square.kamisado.square": "{colour} square",
    "square.kamisado.white": "white {colour} tower",
    "square.kamisado.black": "black {colour} tower",
    "square.kamisado.teeth_1": "1 tooth (sumo)",
    "square.kamisado.teeth_2": "2 teeth (double sumo)",
    "square.kamisado.teeth_3": "3 teeth (triple sumo)",
    "square.kamisado.teeth_4": "4 teeth (quadruple sumo)",
    "square.ashtarashki.white": "white stone {number}",
    "square.ashtarashki.black": "black stone {number}",
    "square.ashtarashki.white_covered": "white stone, number covered (W)",
    "square.ashtarashki.black_covered": "black stone, number covered (W)",
    "square.ashtarashki.retreated": "retreated once (V)",
    "square.ashtarashki.finished": "finished",
    "square.krepost.white": "white stone",
    "square.krepost.black": "black stone",
    "square.krepost.fortress_white": "White's fortress",
    "square.krepost.fortress_black": "Black's fortress",
    # the board played by keyboard, on the page
    "web.keyboard.board": "Board",
    "web.keyboard.move_list": (
        "Moves: one stop of the Tab key; the arrow keys step "
        "through them, Home and End go to the first and the last."
    ),
    "web.keyboard.keys": (
        "On the board: arrow keys move, Enter or Space chooses, Escape takes the last choice back. B reads the "
        "board, L the last move, C the clock, T whose turn it is, M the moves of the piece here, H these keys."
    ),
    "web.keyboard.can_move": "can move",
    "web.keyboard.can_go": "can go here",
    "web.keyboard.chosen": "chosen",
    "web.keyboard.chose": "{square} chosen. Now: {targets}.",
    "web.keyboard.chosen_back": "{square}: the choice is taken back.",
    "web.keyboard.nothing": "Nothing stands on the board.",
    "web.keyboard.last_move": "Last move: {move}.",
    "web.keyboard.no_last": "No move yet.",
    "web.keyboard.clock": "Time left for this move: {left}.",
    "web.keyboard.no_clock": "This game has no clock.",
    "web.keyboard.moves_from": "{square}: {moves}.",
    "web.keyboard.no_moves_from": "No move from {square} now.",
    "web.keyboard.type": "Type a move",
    "web.keyboard.type_hint": "As in the chat, in the game's notation.",
    "web.keyboard.send": "Send",
    "web.keyboard.sent": "Sent: {move}.",
    # a chat's home page
    "web.lobby.going_on": "Going on",
    "web.lobby.finished": "Finished",
    "web.lobby.your_turn_in": "Games here waiting for your move: {count}.",
    "web.lobby.none_waiting": "None of your games here waits for your move.",
    "web.lobby.next_game": "Next game",
    "web.lobby.your_move": "Your move",
    "web.lobby.yours": "Your game",
    # the review's graph on a game's page
    "web.graph.axis_moves": "Move",
    "web.graph.axis_chances": "White's chances",
    "web.graph.legend": "Marks: ?! inaccuracy, ? mistake, ?? blunder. Tap or focus a point to see its move.",
    "web.graph.point": "Move {ply}, {side}: {move}. White's chances {value}%.",
    "web.graph.decisive": "The decisive turn: move {ply}, {move}.",
    "web.graph.better": "Better: {move}.",
    # the card a shared link shows
    "card.moves": "Moves: {count}",
    # settings: the board in words in the chats
    "settings.board.picture": "a picture",
    "settings.board.text": "the board in words instead of the picture",
    "settings.board.both": "the picture and the board in words",
    "web.puzzle_watching": "Signed in as {name}: you are watching this puzzle (the chat's members answer it).",
    "web.play.offer_closed": "The offer is no longer open.",
    "web.play.taken_back": "A move was taken back.",
    "web.move_label": "Move {number}, {player}: {move}",
    "web.play.prechosen": "The only piece that can move is chosen: tap where it goes.",
    "web.play.hint_place": (
        "Tap an empty square of your half to place a stone from your hand, or a stone of yours and then where it goes."
    ),
    "beside.kamisado": "Score: Black {black}, White {white}.",
    "beside.krepost": (
        "White: {white_hand} in hand, {white_prisoners} prisoners. Black: {black_hand} in hand, {black_prisoners} prisoners."
    ),
}
