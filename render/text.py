"""Plain-text diagrams of states, for the terminal."""

from __future__ import annotations

from rules.kamisado.board import COLOURS, SQUARE_COLOUR
from rules.kamisado.state import KamisadoState

COLOUR_CODES = {
    "brown": "br", "green": "gr", "red": "rd", "yellow": "ye",
    "pink": "pk", "purple": "pu", "blue": "bl", "orange": "or",
}


def kamisado_diagram(state: KamisadoState, perspective: str = "white") -> str:
    """The board as text, seen from ``perspective``'s side.

    An empty square shows its colour in lower case (``rd``); a tower shows its owner
    (``●`` Black, ``○`` White), its colour in capitals and its teeth (``○RD2``).
    """
    ranks = range(7, -1, -1) if perspective == "white" else range(8)
    files = range(8) if perspective == "white" else range(7, -1, -1)
    lines = ["    " + "".join(f"  {'abcdefgh'[f]}   " for f in files)]
    for rank in ranks:
        cells = []
        for file in files:
            square = rank * 8 + file
            tower = state.board[square]
            if tower < 0:
                cells.append(f" {COLOUR_CODES[COLOURS[SQUARE_COLOUR[square]]]}  ")
            else:
                mark = "●" if tower // 8 == 0 else "○"
                teeth = state.teeth[tower]
                cells.append(f"{mark}{COLOUR_CODES[COLOURS[tower % 8]].upper()}{teeth or ' '} ")
        lines.append(f"{rank + 1:>2}  " + " ".join(cells) + f"  {rank + 1}")
    lines.append(lines[0])
    legend = ", ".join(f"{code}={name}" for name, code in COLOUR_CODES.items())
    lines.append(f"● Black  ○ White  teeth after the colour;  {legend}")
    return "\n".join(lines)
