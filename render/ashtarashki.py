"""Ashtarashki pictures: the checkered board, numbered stones in their states, the last move's path."""

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
    star,
    text_order,
)
from rules.ashtarashki import AshtarashkiMove, AshtarashkiState
from rules.ashtarashki.board import FINISH_RANK, W, number_of, owner_of, state_of

LIGHT: Colour = (238, 221, 188)
DARK: Colour = (155, 112, 78)


def _stone(draw: ImageDraw.ImageDraw, frame: Frame, square: int, code: int) -> None:
    file, rank = square % 8, square // 8
    finished = rank == FINISH_RANK[owner_of(code)]
    piece(draw, ("ashtarashki", frame.cell, code, finished), frame.centre(file, rank), frame.cell * 0.5,
          partial(_paint_stone, frame.cell * 0.40, code, finished))


def _paint_stone(radius: float, code: int, finished: bool, draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    owner = owner_of(code)
    body, ink = (WHITE_STONE, INK) if owner == 0 else (BLACK_STONE, PAPER)
    disc(draw, (centre[0], centre[1] + radius * 0.08), radius * 1.02, INK)
    disc(draw, centre, radius, body, ink, radius * 0.06)
    kind = state_of(code)
    if kind == W:
        # Twice retreated: the number is covered by a cap.
        disc(draw, centre, radius * 0.55, DARK if owner == 0 else LIGHT, ink, radius * 0.06)
    else:
        if kind == 1:
            # Retreated once: turned over, shown by an inner ring.
            ring(draw, centre, radius * 0.72, ink, radius * 0.08)
        draw.text(centre, str(number_of(code)), fill=ink, font=font(int(radius * 1.05)), anchor="mm")
    if finished:
        draw.polygon(star((centre[0] + radius * 0.72, centre[1] - radius * 0.72), radius * 0.36), fill=GOLD, outline=INK)


def _header(draw: ImageDraw.ImageDraw, frame: Frame, state: AshtarashkiState) -> None:
    y = frame.header / 2
    text = font(int(frame.header * 0.46))
    middle = frame.size / 2
    radius = frame.header * 0.2
    player_mark(draw, (middle - frame.header * 1.6, y), radius, WHITE_STONE, INK, state.to_play == "white")
    draw.text((middle, y), f"{state.stones('white')} : {state.stones('black')}", fill=PAPER, font=text, anchor="mm")
    player_mark(draw, (middle + frame.header * 1.6, y), radius, BLACK_STONE, PAPER, state.to_play == "black")
    outcome = state.outcome()
    if outcome is not None:
        draw.text((frame.size - frame.margin, y), f"{outcome.points['white']}:{outcome.points['black']}",
                  fill=GOLD, font=text, anchor="rm")


def frame_for(state: AshtarashkiState, size: int, perspective: str) -> Frame:
    """Where the squares of an Ashtarashki picture ``size`` pixels wide lie, seen from ``perspective``."""
    return make_frame(size, 8, 8, perspective)


def board_key(state: AshtarashkiState, colorblind: bool) -> Hashable:
    """What the empty board drawn by :func:`paint_board` depends on: nothing (one board for every game)."""
    return ()


def paint_board(draw: ImageDraw.ImageDraw, frame: Frame, state: AshtarashkiState, colorblind: bool = False) -> None:
    """The empty board: its squares and coordinates (the same for every position)."""
    for square in range(64):
        file, rank = square % 8, square // 8
        draw.rectangle(frame.box(file, rank), fill=DARK if (file + rank) % 2 == 0 else LIGHT)
    draw_coordinates(draw, frame, "abcdefgh")


def paint(draw: ImageDraw.ImageDraw, frame: Frame, state: AshtarashkiState, *, last_move: Any = None, colorblind: bool = False,
          hints: Iterable[str] | None = None, earlier_move: Any = None) -> None:
    """Draw an Ashtarashki position on ``draw`` (Pillow's, or :class:`render.svg.SvgDraw`) over the board that
    :func:`paint_board` drew within ``frame`` (see :func:`render.board_png`): the header, the stones, the moves."""
    _header(draw, frame, state)
    last_moves = moves_in(last_move, AshtarashkiMove)
    last_move = last_moves[-1] if last_moves else None
    for earlier in moves_in(earlier_move, AshtarashkiMove)[-1:]:
        arrow(draw, [frame.point(name) for name in earlier.path], EARLIER_MOVE, frame.cell * 0.06,
              stop_short=frame.cell * 0.42)
    if isinstance(last_move, AshtarashkiMove):
        outline_squares(draw, frame, [last_move.start, last_move.end])
        # Under the stones, its head at the moved stone's edge: an arrow never hides a stone's number.
        points = [frame.point(name) for name in last_move.path]
        arrow(draw, points, DANGER if last_move.captured else LAST_MOVE, frame.cell * 0.1, stop_short=frame.cell * 0.42)
    for square, code in enumerate(state.board):
        if code:
            _stone(draw, frame, square, code)
    if isinstance(last_move, AshtarashkiMove):
        for name in last_move.captured[:-1]:
            cross(draw, frame.point(name), frame.cell * 0.16, DANGER, frame.cell * 0.06)
        if last_move.captured:
            x, y = frame.point(last_move.end)
            cross(draw, (x - frame.cell * 0.32, y - frame.cell * 0.32), frame.cell * 0.09, DANGER, frame.cell * 0.05)
    mark_hints(draw, frame, list(hints or ()))


def diagram(state: AshtarashkiState, perspective: str = "white", legend: str | None = None) -> str:
    """The board as text: ``w1``/``b2`` full stones, ``W1``… turned (V), ``w-``/``b-`` covered (W), ``*`` finished."""
    ranks, files = text_order(8, perspective)
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
    if legend is None:
        lines.append("w/b: White/Black stone and number; capital letter: retreated once (V); '-': number covered (W); "
                     "*: finished")
    else:
        lines.append(legend)  # the caller's words (the chat's language)
    return "\n".join(lines)
