"""The words of the pages for every player (the board in words, the keyboard, a chat's home, the review's graph, the
shared card) in English: the reference, every other language has exactly these keys."""

PAGES: dict[str, str] = {
    # what stands on a square, for a screen reader
    "a11y.empty": "empty",
    "a11y.kamisado.square": "{colour} square",
    "a11y.kamisado.white": "white {colour} tower",
    "a11y.kamisado.black": "black {colour} tower",
    "a11y.kamisado.teeth_1": "1 tooth (sumo)",
    "a11y.kamisado.teeth_2": "2 teeth (double sumo)",
    "a11y.kamisado.teeth_3": "3 teeth (triple sumo)",
    "a11y.kamisado.teeth_4": "4 teeth (quadruple sumo)",
    "a11y.ashtarashki.white": "white stone {number}",
    "a11y.ashtarashki.black": "black stone {number}",
    "a11y.ashtarashki.white_covered": "white stone, number covered (W)",
    "a11y.ashtarashki.black_covered": "black stone, number covered (W)",
    "a11y.ashtarashki.retreated": "retreated once (V)",
    "a11y.ashtarashki.finished": "finished",
    "a11y.krepost.white": "white stone",
    "a11y.krepost.black": "black stone",
    "a11y.krepost.fortress_white": "White's fortress",
    "a11y.krepost.fortress_black": "Black's fortress",
    # the board played by keyboard, on the page
    "web.a11y.board": "Board",
    "web.a11y.keys": (
        "On the board: arrow keys move, Enter or Space chooses, Escape takes the last choice back. B reads the "
        "board, L the last move, C the clock, T whose turn it is, M the moves of the piece here, H these keys."
    ),
    "web.a11y.can_move": "can move",
    "web.a11y.can_go": "can go here",
    "web.a11y.chosen": "chosen",
    "web.a11y.chose": "{square} chosen. Now: {targets}.",
    "web.a11y.chosen_back": "{square}: the choice is taken back.",
    "web.a11y.last_move": "Last move: {move}.",
    "web.a11y.no_last": "No move yet.",
    "web.a11y.clock": "Time left for this move: {left}.",
    "web.a11y.no_clock": "This game has no clock.",
    "web.a11y.moves_from": "{square}: {moves}.",
    "web.a11y.no_moves_from": "No move from {square} now.",
    "web.a11y.pieces": "{side}: {squares}.",
    "web.a11y.type": "Type a move",
    "web.a11y.type_hint": "As in the chat, in the game's notation.",
    "web.a11y.send": "Send",
    "web.a11y.sent": "Sent: {move}.",
    "web.a11y.text_board": "Board in words",
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
    "card.turn": "{player} to move",
    "card.moves": "Moves: {count}",
    # settings: the board in words in the chats
    "settings.board_text": "Boards in this chat for your games: {how}.",
    "settings.board.picture": "a picture",
    "settings.board.text": "the board in words instead of the picture",
    "settings.board.both": "the picture and the board in words",
}
