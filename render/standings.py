"""A tournament's standings as a picture table in the boards' style: a title, a header, and a line per player
(rank, name, points, tie-break, games), the leaders marked in gold.

>>> png = standings_table("Tournament #1", ("#", "Player", "Points", "SB", "Games"),
...                       [("1", "Anna", "2½", "3¼", "3"), ("2", "Борис", "½", "1", "3")], size=320)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.canvas import BACKGROUND, BLACK_STONE, COORDINATES, GOLD, INK, PAPER, SCALE, caption_font, finish

SHARES = (0.08, 0.42, 0.14, 0.2, 0.16)  # of the table's width: rank, player, points, tie-break, games
STRIPE = (226, 224, 216)


def _fitted(text: str, pixels: int, width: float) -> str:
    """``text`` cut (with an ellipsis) to fit ``width`` at ``pixels``."""
    face = caption_font(pixels)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def standings_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], *, size: int = 640,
                    caption: str | None = None, leaders: int = 1) -> bytes:
    """A PNG ``size`` pixels wide: ``title`` above, ``header`` and ``rows`` (five cells each) as a table, the first
    ``leaders`` rows in gold, and ``caption`` under it."""
    width = size * SCALE
    line = max(18, width // 20)
    margin = width * 0.04
    height = int(margin * 2 + line * (len(rows) + 2.4))
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    text_px = int(line * 0.55)
    draw.text((width / 2, margin + line * 0.6), _fitted(title, int(line * 0.7), width - 2 * margin), fill=COORDINATES,
              font=caption_font(int(line * 0.7)), anchor="mm")
    inner = width - 2 * margin
    edges = [margin]
    for share in SHARES:
        edges.append(edges[-1] + share * inner)

    def put(cells: Sequence[str], top: float, colour: tuple[int, int, int], pixels: int) -> None:
        for column, cell in enumerate(cells[:5]):
            left, right = edges[column], edges[column + 1]
            text = _fitted(cell, pixels, right - left - line * 0.3)
            if column == 1:
                draw.text((left + line * 0.15, top + line / 2), text, fill=colour, font=caption_font(pixels), anchor="lm")
            else:
                draw.text(((left + right) / 2, top + line / 2), text, fill=colour, font=caption_font(pixels), anchor="mm")

    top = margin + line * 1.3
    put(header, top, COORDINATES, int(text_px * 0.9))
    top += line
    for number, cells in enumerate(rows):
        fill = GOLD if number < leaders else (PAPER if number % 2 == 0 else STRIPE)
        draw.rectangle((margin, top, width - margin, top + line), fill=fill, outline=BLACK_STONE, width=SCALE)
        put(cells, top, INK, text_px)
        top += line
    return finish(image, caption)
