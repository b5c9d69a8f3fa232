"""What a typed line means, in English: the readings of a line that fits several places, and the words for one that
fits none (see ``bot/service/meaning.py``)."""

LINES: dict[str, str] = {
    "game.which_command": "You have several games here: write {forms}.",
    "line.choose": "'{text}' fits more than one place, so nothing was played. Which did you mean?",
    "line.in_game": "In game #{id}: {move}",
    "line.for_puzzle": "For the puzzle: {move}",
    "line.in_lesson": "In the lesson: {move}",
    "line.refused": "'{text}' cannot be played:",
    "line.no_button": "There is no button [/{number}]: the last answer had no buttons.",
    "line.no_button_of": "There is no button [/{number}]: the last answer has [/1] to [/{count}].",
    "line.no_board_button": "Game #{id}'s board has {count} buttons now: there is no button {number}.",
    "line.unknown": "'{text}' is no command, and you have no game here.",
    "line.unknown_games": "'{text}' is no command and no move in your games here ({games}).",
    "line.near": "Did you mean '{near}'?",
    "line.how_games": "'{example} <move>' plays in that game; 'help' lists the commands.",
    "line.how_none": "'play kamisado bot' starts a game; 'help' lists the commands.",
    "notation.push": "push",
}
