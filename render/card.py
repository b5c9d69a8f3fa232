"""The card a shared link of a game's page previews (1200×630, as link previews show them): the game's name, the
players with their ratings, how it stands (whose turn, or the result and score), and the board."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.canvas import caption_font, wrapped, write

WIDTH, HEIGHT = 1200, 630
PAPER, INK, ACCENT = (246, 244, 238), (30, 30, 34), (11, 111, 140)


def card_png(board_png: bytes, title: str, players: Sequence[str], lines: Sequence[str]) -> bytes:
    """The card: ``board_png`` (any size, fitted to the card's height) on the left, ``title``, each of ``players``
    (a name with its rating) and the ``lines`` (whose turn, or the result and score) beside it. The texts are drawn as
    given: the caller chooses words the card can write (see :func:`render.can_write`)."""
    card = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    side = HEIGHT - 60
    board.thumbnail((side, side))
    card.paste(board, (30, (HEIGHT - board.height) // 2))
    draw = ImageDraw.Draw(card)
    left, right = 30 + side + 40, WIDTH - 40
    y = 50.0
    y = _block(draw, title, left, right, y, 58, ACCENT) + 24
    for player in players:
        y = _block(draw, player, left, right, y, 42, INK) + 10
    y += 20
    for line in lines:
        y = _block(draw, line, left, right, y, 34, INK) + 6
    out = io.BytesIO()
    card.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _block(draw: ImageDraw.ImageDraw, text: str, left: float, right: float, y: float, pixels: int,
           fill: tuple[int, int, int]) -> float:
    """``text`` wrapped to the column from ``y`` down (at most three lines, the last cut short): where it ends."""
    face = caption_font(pixels)
    rows = wrapped(text, face, right - left)
    if len(rows) > 3:
        rows = [*rows[:2], rows[2].rstrip() + "…"]
    for row in rows:
        if y + pixels > HEIGHT - 20:
            break
        write(draw, (left, y), row, face, fill, "la")
        y += pixels * 1.25
    return y
