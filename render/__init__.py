"""Pictures of game states: PNG boards drawn with Pillow, and text diagrams. Imports the rules core only.

Each game has its module ``render/<game key>.py`` with ``frame_for`` (where its squares lie), ``paint_board``
(the board without its pieces, the same for every position with the same ``board_key``: drawn once and copied),
``paint`` (a position over it) and ``diagram`` (the text picture); the painters draw on a
:class:`render.composer.Composer` (which puts the PNG together at its final size: each kind of piece is drawn once)
or on :class:`render.svg.SvgDraw`, so the PNG and the SVG look alike. :func:`renderer` finds the module by the
state's game.

>>> from rules import get_game
>>> png = board_png(get_game("kamisado").new_state(), size=320)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import cache
from types import ModuleType
from typing import Any

from PIL import Image

from render.canvas import BACKGROUND, SCALE, Frame, can_write, encode, new_picture
from render.composer import Composer
from render.kept import Kept
from render.svg import SvgDraw, document
from rules.core import State
from rules.registry import module_for


@cache
def renderer(key: str) -> ModuleType:
    """The module that draws the game ``key``; raise :class:`ValueError` when there is none."""
    try:
        return module_for("render", key)
    except KeyError:
        raise ValueError(f"no pictures for the game {key!r}") from None


def board_png(
    state: State,
    *,
    perspective: str = "white",
    last_move: Any = None,
    colorblind: bool = False,
    hints: Iterable[str] | None = None,
    size: int = 640,
    earlier_move: Any = None,
    caption: str | None = None,
) -> bytes:
    """The board of ``state`` as PNG bytes, ``size`` pixels wide (plus a header band above the board).

    ``perspective`` puts that player's side at the bottom; ``last_move`` (the move that led to
    ``state``, or one player's last moves in a row, as after an extra turn) is drawn; ``colorblind``
    adds a shape to every Kamisado colour; ``hints`` marks squares (for instance legal targets);
    ``earlier_move`` (the other player's move or moves just before ``last_move``) is drawn more faintly,
    so the whole last exchange shows; ``caption`` (how a finished game ended) is written under the
    board. The same arguments always give the same bytes.
    """
    module = renderer(state.game_key)
    frame = module.frame_for(state, size, perspective)
    composer = Composer()
    module.paint(composer, frame, state, last_move=last_move, colorblind=colorblind, hints=hints,
                 earlier_move=earlier_move)
    board = _empty_board(state.game_key, frame, module.board_key(state, colorblind), state, colorblind)
    return encode(composer.compose(board.copy()), caption)


EMPTY_BOARDS = 12  # kept at once, each about 1.3 MB: the usual boards of three games seen from either side, two sizes
_empty_boards: Kept[Image.Image] = Kept(EMPTY_BOARDS)


def _empty_board(key: str, frame: Frame, board: Hashable, state: State, colorblind: bool) -> Image.Image:
    """The board without its pieces at its final size, drawn once for each game, frame and ``board`` key (never
    changed: copied)."""

    def draw() -> Image.Image:
        drawing, canvas = new_picture(frame)
        renderer(key).paint_board(canvas, frame, state, colorblind)
        return drawing.reduce(SCALE)

    return _empty_boards.get((key, frame, board), draw)


def board_svg(state: State, *, perspective: str = "white", last_move: Any = None, colorblind: bool = False,
              earlier_move: Any = None, label: str = "") -> str:
    """The board of ``state`` as an SVG document, drawn as :func:`board_png` draws it (the same arguments
    mean the same); ``label`` is its text alternative. The same arguments always give the same text."""
    module = renderer(state.game_key)
    frame = module.frame_for(state, 640, perspective)
    draw = SvgDraw()
    module.paint_board(draw, frame, state, colorblind)
    module.paint(draw, frame, state, last_move=last_move, colorblind=colorblind, earlier_move=earlier_move)
    return document(draw, frame.size, frame.size + frame.header, BACKGROUND, label)


def square_boxes(state: State, perspective: str = "white") -> dict[str, tuple[float, float, float, float]]:
    """Where each square of :func:`board_svg`'s picture lies, in its own units: name → (x, y, width, height).

    >>> from rules import get_game
    >>> boxes = square_boxes(get_game("kamisado").new_state())
    >>> len(boxes), boxes["a1"][0] < boxes["b1"][0], boxes["a1"][1] > boxes["a2"][1]
    (64, True, True)
    """
    frame = renderer(state.game_key).frame_for(state, 640, perspective)
    boxes = {}
    for file in range(frame.files):
        for rank in range(frame.ranks):
            left, top, right, bottom = frame.box(file, rank)
            boxes[f"{'abcdefghijkl'[file]}{rank + 1}"] = (round(left, 1), round(top, 1), round(right - left, 1),
                                                          round(bottom - top, 1))
    return boxes


def diagram(state: State, perspective: str = "white", legend: str | None = None) -> str:
    """The board of ``state`` as plain text (for the terminal), seen from ``perspective``'s side; ``legend``
    replaces the English key to the symbols."""
    text: str = renderer(state.game_key).diagram(state, perspective, legend)
    return text


__all__ = ["board_png", "board_svg", "can_write", "diagram", "renderer", "square_boxes"]
