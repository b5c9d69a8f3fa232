"""Kamisado pictures: the coloured board, dragon towers with their teeth, the last move, the tower to move."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import partial
from typing import Any

from PIL import ImageDraw

from render.canvas import (
    DANGER,
    EARLIER_MOVE,
    GOLD,
    HIGHLIGHT,
    INK,
    LAST_MOVE,
    PAPER,
    Colour,
    Frame,
    arrow,
    disc,
    draw_coordinates,
    font,
    make_frame,
    mark_hints,
    moves_in,
    outline_squares,
    piece,
    player_mark,
    regular_polygon,
    ring,
    star,
    text_order,
)
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import COLOURS, SQUARE_COLOUR, SQUARE_INDEX

PALETTE: dict[str, Colour] = {
    "brown": (139, 87, 42),
    "green": (46, 160, 67),
    "red": (214, 40, 40),
    "yellow": (247, 208, 36),
    "pink": (240, 128, 178),
    "purple": (123, 63, 168),
    "blue": (31, 102, 214),
    "orange": (247, 127, 0),
}
BLACK_TOWER: Colour = (28, 28, 30)
WHITE_TOWER: Colour = (244, 242, 236)


def symbol(draw: ImageDraw.ImageDraw, colour: str, centre: tuple[float, float], radius: float, fill: Colour) -> None:
    """The colour-blind mark of ``colour``: a shape of its own for each of the eight colours."""
    x, y = centre
    r = radius
    if colour == "brown":
        draw.rectangle((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8), fill=fill)
    elif colour == "green":
        draw.polygon(regular_polygon(centre, r, 3), fill=fill)
    elif colour == "red":
        disc(draw, centre, r * 0.85, fill)
    elif colour == "yellow":
        draw.polygon(regular_polygon(centre, r, 4), fill=fill)
    elif colour == "pink":
        w = r * 0.32
        draw.polygon([(x - r, y - r + w), (x - r + w, y - r), (x + r, y + r - w), (x + r - w, y + r)], fill=fill)
        draw.polygon([(x + r, y - r + w), (x + r - w, y - r), (x - r, y + r - w), (x - r + w, y + r)], fill=fill)
    elif colour == "purple":
        draw.polygon(star(centre, r * 1.1), fill=fill)
    elif colour == "blue":
        w = r * 0.34
        draw.rectangle((x - r, y - w, x + r, y + w), fill=fill)
        draw.rectangle((x - w, y - r, x + w, y + r), fill=fill)
    else:  # orange
        draw.polygon(regular_polygon(centre, r, 6, 0.5236), fill=fill)


def _contrast(colour: str) -> Colour:
    return INK if colour in ("yellow", "pink", "orange") else PAPER


def _tower(draw: ImageDraw.ImageDraw, frame: Frame, square: int, player: int, colour: str, teeth: int,
           colourblind: bool) -> None:
    looks = (player, colour, teeth, colourblind)
    piece(draw, ("kamisado", frame.cell, *looks), frame.centre(square % 8, square // 8), frame.cell * 0.7,
          partial(_paint_tower, frame.cell * 0.40, *looks))


def _paint_tower(radius: float, player: int, colour: str, teeth: int, colourblind: bool, draw: ImageDraw.ImageDraw,
                 centre: tuple[float, float]) -> None:
    body, edge = (BLACK_TOWER, WHITE_TOWER) if player == 0 else (WHITE_TOWER, BLACK_TOWER)
    disc(draw, (centre[0], centre[1] + radius * 0.08), radius * 1.02, INK)
    disc(draw, centre, radius, body, edge, radius * 0.07)
    disc(draw, centre, radius * 0.52, PALETTE[colour], edge, radius * 0.05)
    if colourblind:
        symbol(draw, colour, centre, radius * 0.30, _contrast(colour))
    spacing = min(radius * 0.74, radius * 2.3 / max(teeth, 1))
    for tooth in range(teeth):
        # Dragon teeth: gold triangles along the top of the tower, large enough to count on a phone.
        offset = (tooth - (teeth - 1) / 2) * spacing
        tip = (centre[0] + offset, centre[1] - radius * 1.38)
        base = tip[1] + radius * 0.86
        half = min(radius * 0.4, spacing * 0.56)
        draw.polygon([(tip[0] - half, base), (tip[0] + half, base), tip], fill=GOLD, outline=INK,
                     width=max(2, round(radius * 0.08)))


def _header(draw: ImageDraw.ImageDraw, frame: Frame, state: KamisadoState) -> None:
    height = frame.header
    text = font(int(height * 0.46))
    y = height / 2
    draw.text((frame.margin, y), f"R{state.round}", fill=PAPER, font=text, anchor="lm")  # the round, not a game id
    middle = frame.size / 2
    score = state.score
    radius = height * 0.2
    player_mark(draw, (middle - height * 1.5, y), radius, BLACK_TOWER, PAPER, state.to_play == "black")
    draw.text((middle - height * 0.5, y), f"{score['black']} : {score['white']}", fill=PAPER, font=text, anchor="mm")
    player_mark(draw, (middle + height * 0.5, y), radius, WHITE_TOWER, INK, state.to_play == "white")
    right = frame.size - frame.margin
    draw.text((right, y), str(state.target), fill=PAPER, font=text, anchor="rm")
    flag_x = right - text.getlength(str(state.target)) - height * 0.45
    # A goal flag before the match target.
    draw.line((flag_x, y - height * 0.28, flag_x, y + height * 0.28), fill=PAPER, width=3)
    pennant = [(flag_x, y - height * 0.28), (flag_x + height * 0.3, y - height * 0.17), (flag_x, y - height * 0.06)]
    draw.polygon(pennant, fill=GOLD)


def frame_for(state: KamisadoState, size: int, perspective: str) -> Frame:
    """Where the squares of a Kamisado picture ``size`` pixels wide lie, seen from ``perspective``."""
    return make_frame(size, 8, 8, perspective)


def board_key(state: KamisadoState, colorblind: bool) -> Hashable:
    """What the empty board drawn by :func:`paint_board` depends on: the colour-blind marks."""
    return colorblind


def paint_board(draw: ImageDraw.ImageDraw, frame: Frame, state: KamisadoState, colorblind: bool = False) -> None:
    """The empty board: its coloured squares (with their marks for the colour-blind) and coordinates."""
    for square in range(64):
        left, top, right, bottom = frame.box(square % 8, square // 8)
        colour = COLOURS[SQUARE_COLOUR[square]]
        draw.rectangle((left, top, right, bottom), fill=PALETTE[colour])
        if colorblind:
            half = frame.cell * 0.11
            symbol(draw, colour, (left + frame.cell * 0.16, top + frame.cell * 0.16), half, _contrast(colour))
    draw_coordinates(draw, frame, "abcdefgh")


def paint(draw: ImageDraw.ImageDraw, frame: Frame, state: KamisadoState, *, last_move: Any = None, colorblind: bool = False,
          hints: Iterable[str] | None = None, earlier_move: Any = None) -> None:
    """Draw a Kamisado position on ``draw`` (Pillow's, or :class:`render.svg.SvgDraw`) over the board that
    :func:`paint_board` drew within ``frame`` (see :func:`render.board_png`): the header, the towers, the moves."""
    _header(draw, frame, state)
    last_moves = moves_in(last_move, KamisadoMove)
    for move in moves_in(earlier_move, KamisadoMove):
        arrow(draw, [frame.point(move.start), frame.point(move.end)], EARLIER_MOVE, frame.cell * 0.06,
              stop_short=frame.cell * 0.44)
    for move in last_moves:
        outline_squares(draw, frame, [move.start, move.end])
        # Under the towers, its head at the moved tower's edge: an arrow never hides a tower's teeth.
        arrow(draw, [frame.point(move.start), frame.point(move.end)], DANGER if move.push else LAST_MOVE,
              frame.cell * 0.11, stop_short=frame.cell * 0.44)
    for square, tower in enumerate(state.board):
        if tower >= 0:
            _tower(draw, frame, square, tower // 8, COLOURS[tower % 8], state.teeth[tower], colorblind)
    if state.forced is not None and state.to_play is not None:
        square = SQUARE_INDEX[state.square_of(state.to_play, state.forced)]
        ring(draw, frame.centre(square % 8, square // 8), frame.cell * 0.47, HIGHLIGHT, frame.cell * 0.06)
    for passed in state.passes:
        left, top, right, bottom = frame.box(*_at(frame, passed.square))
        draw.line((left + 6, bottom - 6, right - 6, top + 6), fill=DANGER, width=round(frame.cell * 0.05))
    for move in last_moves:
        if move.push:
            _mark_pushed(draw, frame, state, move)
    mark_hints(draw, frame, list(hints or ()))


def _mark_pushed(draw: ImageDraw.ImageDraw, frame: Frame, state: KamisadoState, move: KamisadoMove) -> None:
    """Red rings on the towers standing in line in front of the pusher: the ones it pushed."""
    file, rank = _at(frame, move.end)
    pusher = state.board[rank * 8 + file]
    step = 1 if pusher // 8 == 1 else -1
    rank += step
    while 0 <= rank < 8 and state.board[rank * 8 + file] >= 0 and state.board[rank * 8 + file] // 8 != pusher // 8:
        ring(draw, frame.centre(file, rank), frame.cell * 0.46, INK, frame.cell * 0.09)
        ring(draw, frame.centre(file, rank), frame.cell * 0.45, DANGER, frame.cell * 0.05)
        rank += step


def _at(frame: Frame, name: str) -> tuple[int, int]:
    place = frame.place(name)
    assert place is not None, name
    return place


COLOUR_CODES = {
    "brown": "br", "green": "gr", "red": "rd", "yellow": "ye",
    "pink": "pk", "purple": "pu", "blue": "bl", "orange": "or",
}


def diagram(state: KamisadoState, perspective: str = "white", legend: str | None = None) -> str:
    """The board as text, seen from ``perspective``'s side.

    An empty square shows its colour in lower case (``rd``); a tower shows its owner
    (``●`` Black, ``○`` White), its colour in capitals and its teeth (``○RD2``).
    """
    ranks, files = text_order(8, perspective)
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
    if legend is None:
        codes = ", ".join(f"{code}={name}" for name, code in COLOUR_CODES.items())
        lines.append(f"● Black  ○ White  teeth after the colour;  {codes}")
    else:
        lines.append(legend)  # the caller's words (the chat's language)
    return "\n".join(lines)
