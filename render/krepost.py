"""Krepost pictures: the 12×12 board, neutral line, walled fortresses, stones, hands, prisoners, threats."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import partial
from typing import Any

from PIL import ImageDraw

from render.canvas import (
    BLACK_STONE,
    DANGER,
    EARLIER_MOVE,
    GOLD,
    INK,
    LAST_MOVE,
    PAPER,
    WHITE_STONE,
    Colour,
    Frame,
    arrow,
    cross,
    disc,
    draw_coordinates,
    font,
    make_frame,
    mark_hints,
    moves_in,
    outline_squares,
    piece,
    player_mark,
    ring,
    text_order,
)
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import SIZE, SQUARE_INDEX, squares_of

BOARD: Colour = (226, 196, 148)
GRID: Colour = (120, 90, 60)
FORT: Colour = (196, 160, 112)
WALL: Colour = (70, 40, 25)
GATE: Colour = (240, 206, 110)  # the fortress's opening square


def _fortress_floors(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState) -> None:
    for player in (0, 1):
        for square in squares_of(state.geometry.fortress[player]):
            floor = GATE if square == state.geometry.opening[player] else FORT
            draw.rectangle(frame.box(square % SIZE, square // SIZE), fill=floor)


def _walls(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState) -> None:
    """Thick lines on every side of a fortress square that faces the outside, except the opening."""
    geo = state.geometry
    width = round(frame.cell * 0.12)
    for player in (0, 1):
        inside = set(squares_of(geo.fortress[player]))
        for square in inside:
            file, rank = square % SIZE, square // SIZE
            left, top, right, bottom = frame.box(file, rank)
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                f, r = file + df, rank + dr
                if not (0 <= f < SIZE and 0 <= r < SIZE) or r * SIZE + f in inside:
                    continue
                if (square == geo.opening[player] and r * SIZE + f == geo.front[player]):
                    continue
                # The side of the square that faces (f, r), on screen.
                nl, nt, nr, _ = frame.box(f, r)
                if abs(nl - right) < 1:
                    draw.line((right, top, right, bottom), fill=WALL, width=width)
                elif abs(nr - left) < 1:
                    draw.line((left, top, left, bottom), fill=WALL, width=width)
                elif abs(nt - bottom) < 1:
                    draw.line((left, bottom, right, bottom), fill=WALL, width=width)
                else:
                    draw.line((left, top, right, top), fill=WALL, width=width)


def _gates(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState) -> None:
    """Each fortress's opening, easy to spot on a phone: a gold threshold between two posts, and a chevron
    pointing out of the fortress."""
    geo = state.geometry
    for player in (0, 1):
        inside, outside = geo.opening[player], geo.front[player]
        (x0, y0), (x1, y1) = frame.centre(inside % SIZE, inside // SIZE), frame.centre(outside % SIZE, outside // SIZE)
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        along = ((y1 - y0) / frame.cell, (x1 - x0) / frame.cell)  # the threshold runs across the way out
        half = frame.cell / 2
        ends = [(mid[0] + along[0] * half * sign, mid[1] + along[1] * half * sign) for sign in (-1, 1)]
        draw.line(ends, fill=GOLD, width=round(frame.cell * 0.1))
        post = frame.cell * 0.13
        for x, y in ends:
            draw.rectangle((x - post, y - post, x + post, y + post), fill=WALL, outline=GOLD, width=2)
        way = ((x1 - x0) / frame.cell, (y1 - y0) / frame.cell)
        tip = (x0 + way[0] * frame.cell * 0.3, y0 + way[1] * frame.cell * 0.3)
        back = frame.cell * 0.3
        wing = frame.cell * 0.3
        chevron = [(tip[0] - way[0] * back + along[0] * wing, tip[1] - way[1] * back + along[1] * wing), tip,
                   (tip[0] - way[0] * back - along[0] * wing, tip[1] - way[1] * back - along[1] * wing)]
        draw.line(chevron, fill=WALL, width=round(frame.cell * 0.12), joint="curve")


def _paint_stone(cell: float, owner: int, threatened: bool, draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    body, edge = (WHITE_STONE, INK) if owner == 0 else (BLACK_STONE, PAPER)
    disc(draw, (centre[0], centre[1] + cell * 0.03), cell * 0.41, INK)
    disc(draw, centre, cell * 0.40, body, edge, cell * 0.05)
    if threatened:
        ring(draw, centre, cell * 0.22, DANGER, cell * 0.08)


def _header(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState) -> None:
    y = frame.header / 2
    text = font(int(frame.header * 0.42))
    radius = frame.header * 0.2
    for player, x, body, edge in ((0, frame.margin + radius, WHITE_STONE, INK),
                                  (1, frame.size / 2 + frame.margin + radius, BLACK_STONE, PAPER)):
        player_mark(draw, (x, y), radius, body, edge, state.to_play == ("white", "black")[player])
        # stones in hand, then prisoners taken (after a cross)
        draw.text((x + radius * 2.2, y), f"{state.in_hand[player]}", fill=PAPER, font=text, anchor="lm")
        cx = x + radius * 2.2 + text.getlength("48") + radius * 2
        cross(draw, (cx, y), radius * 0.55, DANGER, 4)
        draw.text((cx + radius * 1.2, y), f"{state.prisoners[player]}", fill=PAPER, font=text, anchor="lm")
    window = f"{state.quiet}/{state.count_after}"  # turns without a prisoner, of those that end in a count
    draw.text((frame.size - frame.margin, y), window, fill=PAPER, font=font(int(frame.header * 0.32)), anchor="rm")


def frame_for(state: KrepostState, size: int, perspective: str) -> Frame:
    """Where the squares of a Krepost picture ``size`` pixels wide lie, seen from ``perspective``."""
    return make_frame(size, SIZE, SIZE, perspective)


def board_key(state: KrepostState, colorblind: bool) -> Hashable:
    """What the empty board drawn by :func:`paint_board` depends on: the fortresses' size."""
    return state.geometry.fortress_size


def paint_board(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState, colorblind: bool = False) -> None:
    """The empty board: the squares, the fortresses with their walls and gates, the neutral line, the coordinates."""
    left, top, _, _ = frame.box(0, SIZE - 1) if not frame.flip else frame.box(SIZE - 1, 0)
    draw.rectangle((left, top, left + frame.cell * SIZE, top + frame.cell * SIZE), fill=BOARD)
    _fortress_floors(draw, frame, state)
    for i in range(SIZE + 1):
        x = left + i * frame.cell
        y = top + i * frame.cell
        draw.line((x, top, x, top + frame.cell * SIZE), fill=GRID, width=2)
        draw.line((left, y, left + frame.cell * SIZE, y), fill=GRID, width=2)
    _walls(draw, frame, state)
    _gates(draw, frame, state)
    neutral = top + frame.cell * 6
    draw.line((left, neutral, left + frame.cell * SIZE, neutral), fill=WALL, width=round(frame.cell * 0.08))
    draw_coordinates(draw, frame, "abcdefghijkl")


def paint(draw: ImageDraw.ImageDraw, frame: Frame, state: KrepostState, *, last_move: Any = None, colorblind: bool = False,
          hints: Iterable[str] | None = None, earlier_move: Any = None) -> None:
    """Draw a Krepost position on ``draw`` (Pillow's, or :class:`render.svg.SvgDraw`) over the board that
    :func:`paint_board` drew within ``frame`` (see :func:`render.board_png`): the header, the stones, the moves."""
    _header(draw, frame, state)
    last_moves = moves_in(last_move, KrepostMove)  # an extra turn: both of the player's turns are marked
    earlier_moves = moves_in(earlier_move, KrepostMove)  # and the other player's turn before them
    for move in last_moves:
        outline_squares(draw, frame, [move.squares[0], move.squares[-1]], 0.08)
    threatened = set()
    for player in ("white", "black"):
        threatened |= {SQUARE_INDEX[s] for s in state.surrounded(player)}
    for owner in (0, 1):
        for square in squares_of(state.stones[owner]):
            looks = (owner, square in threatened)
            piece(draw, ("krepost", frame.cell, *looks), frame.centre(square % SIZE, square // SIZE), frame.cell * 0.5,
                  partial(_paint_stone, frame.cell, *looks))
    for move in earlier_moves:
        if len(move.squares) > 1:
            arrow(draw, [frame.point(n) for n in move.squares], EARLIER_MOVE, frame.cell * 0.08)
        else:  # a placement
            ring(draw, frame.point(move.squares[0]), frame.cell * 0.47, EARLIER_MOVE, frame.cell * 0.07)
    for move in last_moves:
        if len(move.squares) > 1:
            arrow(draw, [frame.point(n) for n in move.squares], LAST_MOVE, frame.cell * 0.12)
        if move.prisoner:
            cross(draw, frame.point(move.prisoner), frame.cell * 0.3, DANGER, frame.cell * 0.1)
    mark_hints(draw, frame, list(hints or ()), 0.14)


def diagram(state: KrepostState, perspective: str = "white", legend: str | None = None) -> str:
    """The board as text: ``○`` White, ``●`` Black, ``+`` fortress squares, with hands and prisoners."""
    geo = state.geometry
    ranks, files = text_order(12, perspective)
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
    if legend is None:
        lines.append(
            f"○ White: in hand {state.in_hand[0]}, prisoners {state.prisoners[0]} · "
            f"● Black: in hand {state.in_hand[1]}, prisoners {state.prisoners[1]} · "
            f"without a prisoner {state.quiet}/{state.count_after}"
        )
    else:
        lines.append(legend)  # the caller's words (the chat's language)
    return "\n".join(lines)
