"""What a typed line means, in Russian (the keys of ``lines_en``)."""

LINES: dict[str, str] = {
    "game.which_command": "У вас здесь несколько партий: напишите {forms}.",
    "line.choose": "«{text}» подходит не к одному месту, поэтому ничего не сыграно. Что вы имели в виду?",
    "line.in_game": "В партии #{id}: {move}",
    "line.for_puzzle": "В задаче: {move}",
    "line.in_lesson": "В уроке: {move}",
    "line.refused": "«{text}» сыграть нельзя:",
    "line.no_button": "Кнопки [/{number}] нет: в последнем ответе не было кнопок.",
    "line.no_button_of": "Кнопки [/{number}] нет: в последнем ответе кнопки с [/1] по [/{count}].",
    "line.no_board_button": "На доске партии #{id} сейчас кнопок: {count}; кнопки {number} нет.",
    "line.unknown": "«{text}» — не команда, а партий у вас здесь нет.",
    "line.unknown_games": "«{text}» — не команда и не ход в ваших партиях здесь ({games}).",
    "line.near": "Может быть, «{near}»?",
    "line.how_games": "«{example} <ход>» — ход в этой партии; «help» — список команд.",
    "line.how_none": "«play kamisado bot» начинает партию; «help» — список команд.",
    "notation.push": "толчок",
}
