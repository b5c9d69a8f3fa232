"""Pictures of game states: PNG boards drawn with Pillow, and text diagrams. Imports the rules core only.

>>> from rules import get_game
>>> png = board_png(get_game("kamisado").new_state(), size=320)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core import State


def board_png(
    state: State,
    *,
    perspective: str = "white",
    last_move: Any = None,
    colorblind: bool = False,
    hints: Iterable[str] | None = None,
    size: int = 640,
) -> bytes:
    """The board of ``state`` as PNG bytes, ``size`` pixels wide (plus a header band above the board).

    ``perspective`` puts that player's side at the bottom; ``last_move`` (the move that led to
    ``state``) is drawn; ``colorblind`` adds a shape to every Kamisado colour; ``hints`` marks
    squares (for instance legal targets). The same arguments always give the same bytes.
    """
    key = getattr(state, "game_key", None)
    options = {"perspective": perspective, "last_move": last_move, "colorblind": colorblind, "hints": hints, "size": size}
    if key == "kamisado":
        from render import kamisado

        return kamisado.draw_state(state, **options)  # type: ignore[arg-type]
    if key == "ashtarashki":
        from render import ashtarashki

        return ashtarashki.draw_state(state, **options)  # type: ignore[arg-type]
    if key == "krepost":
        from render import krepost

        return krepost.draw_state(state, **options)  # type: ignore[arg-type]
    raise ValueError(f"no pictures for {type(state).__name__}")


__all__ = ["board_png"]
