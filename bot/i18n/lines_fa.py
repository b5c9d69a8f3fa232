"""What a typed line means, in Persian (the keys of ``lines_en``)."""

LINES: dict[str, str] = {
    "game.which_command": "شما اینجا چند بازی دارید: بنویسید {forms}.",
    "line.choose": "«{text}» به بیش از یک جا می‌خورد، پس چیزی بازی نشد. منظورتان کدام بود؟",
    "line.in_game": "در بازی #{id}: {move}",
    "line.for_puzzle": "برای معما: {move}",
    "line.in_lesson": "در درس: {move}",
    "line.refused": "«{text}» را نمی‌توان بازی کرد:",
    "line.no_button": "دکمهٔ [/{number}] نیست: پاسخ آخر دکمه‌ای نداشت.",
    "line.no_button_of": "دکمهٔ [/{number}] نیست: پاسخ آخر دکمه‌های [/1] تا [/{count}] را دارد.",
    "line.no_board_button": "صفحهٔ بازی #{id} اکنون {count} دکمه دارد: دکمهٔ {number} نیست.",
    "line.unknown": "«{text}» فرمان نیست، و شما اینجا بازی‌ای ندارید.",
    "line.unknown_games": "«{text}» نه فرمان است و نه حرکتی در بازی‌های شما اینجا ({games}).",
    "line.near": "منظورتان «{near}» بود؟",
    "line.how_games": "«{example} <حرکت>» در آن بازی حرکت می‌کند؛ «help» فرمان‌ها را فهرست می‌کند.",
    "line.how_none": "«play kamisado bot» بازی‌ای را آغاز می‌کند؛ «help» فرمان‌ها را فهرست می‌کند.",
    "notation.push": "هل",
}
