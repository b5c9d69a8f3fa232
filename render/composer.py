"""Board pictures put together at their final size, which costs a fraction of drawing them whole at twice the size.

A painter draws on a :class:`Composer` as it would on Pillow's canvas. Each piece it hands to
:func:`render.canvas.piece` is drawn once at twice the size, reduced, and kept (a board repeats a few
kinds of piece); every other shape (arrows, rings, the header) is drawn at twice the size on a patch just
big enough for it, reduced and laid on. The result looks as if the whole picture had been drawn at twice
its size and reduced, as :func:`render.canvas.finish` does for other pictures, to within a shade at the
edges of shapes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import SCALE
from render.kept import Kept

Box = tuple[float, float, float, float]
PiecePainter = Callable[[Any, tuple[float, float]], None]

SPRITES = 512  # pieces kept at once (at most 42 kB each): every kind of piece of the three games at 640 px is about 300
_sprites: Kept[Image.Image] = Kept(SPRITES)
_measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # measures text; never drawn on


@dataclass(frozen=True)
class _Shape:
    method: str
    args: tuple[Any, ...]
    options: dict[str, Any]
    box: Box


@dataclass(frozen=True)
class _Piece:
    key: Hashable
    centre: tuple[float, float]
    reach: float
    paint: PiecePainter


class Composer:
    """Takes a painter's drawing calls (in the drawing pixels of its frame) and puts the picture together at
    the final size with :meth:`compose`."""

    def __init__(self) -> None:
        self._calls: list[_Shape | _Piece] = []

    def rectangle(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        self._shape("rectangle", (xy,), dict(fill=fill, outline=outline, width=width), _around(xy, width))

    def ellipse(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        self._shape("ellipse", (xy,), dict(fill=fill, outline=outline, width=width), _around(xy, width))

    def line(self, xy: Sequence[Any], fill: Any = None, width: float = 0, joint: str | None = None) -> None:
        self._shape("line", (xy,), dict(fill=fill, width=width, joint=joint), _around(xy, width))

    def polygon(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        self._shape("polygon", (xy,), dict(fill=fill, outline=outline, width=width), _around(xy, width))

    def text(self, xy: Sequence[float], text: str, fill: Any = None, font: Any = None, anchor: str | None = None,
             direction: str | None = None) -> None:
        left, top, right, bottom = _measure.textbbox((xy[0], xy[1]), text, font=font, anchor=anchor, direction=direction)
        options = dict(fill=fill, font=font, anchor=anchor, direction=direction)
        self._shape("text", (xy, text), options, (left - 2, top - 2, right + 2, bottom + 2))

    def piece(self, key: Hashable, centre: tuple[float, float], reach: float, paint: PiecePainter) -> None:
        """A piece that ``paint(draw, centre)`` draws within ``reach`` of ``centre``; it looks the same wherever
        ``key`` is the same."""
        self._calls.append(_Piece(key, centre, reach, paint))

    def _shape(self, method: str, args: tuple[Any, ...], options: dict[str, Any], box: Box) -> None:
        self._calls.append(_Shape(method, args, options, box))

    def compose(self, board: Image.Image) -> Image.Image:
        """``board`` (the empty board at the final size, changed in place) with everything drawn on it."""
        shapes: list[_Shape] = []
        for call in self._calls:
            if isinstance(call, _Piece):
                _lay_shapes(board, shapes)
                shapes = []
                _lay_piece(board, call)
            else:
                shapes.append(call)
        _lay_shapes(board, shapes)
        return board


def _lay_piece(board: Image.Image, piece: _Piece) -> None:
    x, y = piece.centre
    left, top = _even(x - piece.reach), _even(y - piece.reach)
    side = _even(2 * piece.reach + 3) + 2
    # Where the centre falls within the patch (to an eighth of a pixel) shapes the smoothed edges: part of the key.
    at = (round((x - left) * 8), round((y - top) * 8))

    def draw() -> Image.Image:
        patch = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        piece.paint(ImageDraw.Draw(patch), (at[0] / 8, at[1] / 8))
        return _smaller(patch)

    sprite = _sprites.get((piece.key, side, at), draw)
    board.paste(sprite, (left // SCALE, top // SCALE), sprite)


def _lay_shapes(board: Image.Image, shapes: list[_Shape]) -> None:
    """Draw ``shapes`` in their order, on patches each covering shapes that touch (shapes on different patches
    touch no pixel in common, so their order between patches does not matter)."""
    width, height = board.width * SCALE, board.height * SCALE
    groups: list[tuple[Box, list[int]]] = []  # each patch's box and its shapes' places in the order
    for place, shape in enumerate(shapes):
        box, members = shape.box, [place]
        for group in [g for g in groups if _meet(g[0], box)]:
            groups.remove(group)
            box = (min(box[0], group[0][0]), min(box[1], group[0][1]), max(box[2], group[0][2]),
                   max(box[3], group[0][3]))
            members += group[1]
        groups.append((box, sorted(members)))
    for (left, top, right, bottom), places in groups:
        left, top = max(0, _even(left)), max(0, _even(top))
        right, bottom = min(width, _even(right) + 2), min(height, _even(bottom) + 2)
        if right <= left or bottom <= top:
            continue
        patch = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        draw = ImageDraw.Draw(patch)
        for shape in (shapes[place] for place in places):
            points = _shifted(shape.args[0], -left, -top)
            moved = (points[0] if shape.method == "text" else points, *shape.args[1:])
            getattr(draw, shape.method)(*moved, **{k: v for k, v in shape.options.items() if v is not None})
        small = _smaller(patch)
        board.paste(small, (left // SCALE, top // SCALE), small)


def _smaller(patch: Image.Image) -> Image.Image:
    """``patch`` reduced to the final size (Pillow weights each colour by how much of the pixel it covers, so the
    edges come out smooth against whatever lies under them)."""
    return patch.reduce(SCALE)


def _even(value: float) -> int:
    """The even drawing pixel at or below ``value``: a patch starting there reduces onto whole final pixels."""
    return math.floor(value / SCALE) * SCALE


def _meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _points(xy: Sequence[Any]) -> list[tuple[float, float]]:
    if xy and isinstance(xy[0], (int, float)):
        return [(float(xy[i]), float(xy[i + 1])) for i in range(0, len(xy), 2)]
    return [(float(x), float(y)) for x, y in xy]


def _around(xy: Sequence[Any], width: float) -> Box:
    """The box around the points ``xy`` widened by a line's ``width`` (and a pixel either way)."""
    points = _points(xy)
    grow = (width or 0) + 2
    return (min(x for x, _ in points) - grow, min(y for _, y in points) - grow,
            max(x for x, _ in points) + grow, max(y for _, y in points) + grow)


def _shifted(xy: Sequence[Any], dx: float, dy: float) -> list[tuple[float, float]]:
    return [(x + dx, y + dy) for x, y in _points(xy)]
