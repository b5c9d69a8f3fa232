"""Plain-text diagrams of states, for the terminal."""

from __future__ import annotations

from rules.ashtarashki import AshtarashkiState
from rules.core import State
from rules.kamisado.board import COLOURS, SQUARE_COLOUR
from rules.kamisado.state import KamisadoState
from rules.krepost import KrepostState

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


def ashtarashki_diagram(state: AshtarashkiState, perspective: str = "white") -> str:
    """The board as text: ``w1``/``b2`` full stones, ``W1``… turned (V), ``w-``/``b-`` covered (W), ``*`` finished."""
    ranks = range(7, -1, -1) if perspective == "white" else range(8)
    files = range(8) if perspective == "white" else range(7, -1, -1)
    lines = ["    " + " ".join(f" {'abcdefgh'[f]} " for f in files)]
    for rank in ranks:
        cells = []
        for file in files:
            stone = state.stone_at(f"{'abcdefgh'[file]}{rank + 1}")
            if stone is None:
                cells.append(" · " if (rank + file) % 2 == 0 else "   ")
                continue
            player, kind, number, finished = stone
            mark = "w" if player == "white" else "b"
            if kind == "V":
                mark = mark.upper()
            cells.append(f"{mark}{number if kind != 'W' else '-'}{'*' if finished else ' '}")
        lines.append(f"{rank + 1:>2}  " + " ".join(cells))
    lines.append(lines[0])
    lines.append("w/b: White/Black stone and number; capital letter: retreated once (V); '-': number covered (W); *: finished")
    return "\n".join(lines)


def krepost_diagram(state: KrepostState, perspective: str = "white") -> str:
    """The board as text: ``○`` White, ``●`` Black, ``+`` fortress squares, with hands and prisoners."""
    geo = state.geometry
    ranks = range(11, -1, -1) if perspective == "white" else range(12)
    files = range(12) if perspective == "white" else range(11, -1, -1)
    lines = ["    " + " ".join("abcdefghijkl"[f] for f in files)]
    for rank in ranks:
        cells = []
        for file in files:
            square = rank * 12 + file
            if state.stones[0] >> square & 1:
                cells.append("○")
            elif state.stones[1] >> square & 1:
                cells.append("●")
            elif (geo.fortress[0] | geo.fortress[1]) >> square & 1:
                cells.append("+")
            else:
                cells.append("·")
        lines.append(f"{rank + 1:>2}  " + " ".join(cells))
        if (rank == 6 and perspective == "white") or (rank == 5 and perspective == "black"):
            lines.append("    " + "-" * 23)
    lines.append(lines[0])
    lines.append(
        f"○ White: {state.in_hand[0]} in hand, {state.prisoners[0]} prisoners · "
        f"● Black: {state.in_hand[1]} in hand, {state.prisoners[1]} prisoners · {state.quiet}/100"
    )
    return "\n".join(lines)


def diagram(state: State, perspective: str = "white") -> str:
    """The text diagram of any game's state."""
    if isinstance(state, KamisadoState):
        return kamisado_diagram(state, perspective)
    if isinstance(state, AshtarashkiState):
        return ashtarashki_diagram(state, perspective)
    if isinstance(state, KrepostState):
        return krepost_diagram(state, perspective)
    raise ValueError(f"no diagram for {type(state).__name__}")
