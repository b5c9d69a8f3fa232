"""The picture of a review: White's expected score over the game, in the boards' style, with the mistakes
marked and the rounds or phases divided.

>>> png = review_graph([0.5, 0.6, 0.2, 0.9], [(2, "blunder")], [2], size=320)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.canvas import (
    BACKGROUND,
    BLACK_STONE,
    COORDINATES,
    DANGER,
    GOLD,
    INK,
    SCALE,
    WHITE_STONE,
    Colour,
    disc,
    finish,
    font,
)

MARKS: dict[str, Colour] = {"inaccuracy": GOLD, "mistake": (245, 140, 30), "blunder": DANGER}


def review_graph(white: Sequence[float], marks: Sequence[tuple[int, str]], boundaries: Sequence[int], *,
                 size: int = 640, caption: str | None = None) -> bytes:
    """A PNG ``size`` pixels wide: White's expected score after each ply (``white[0]`` the start) as the
    white area under the curve, a dot on each marked ply (``(ply, verdict)``) in the verdict's colour, a
    line where each round or phase began, and ``caption`` under it."""
    if len(white) < 2:
        white = [*white, *white] if white else [0.5, 0.5]
    width, height = size * SCALE, size * SCALE // 2
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    margin = width * 0.05
    left, right, top, bottom = margin, width - margin, margin, height - margin
    draw.rectangle((left, top, right, bottom), fill=BLACK_STONE)
    step = (right - left) / (len(white) - 1)

    def at(ply: int, value: float) -> tuple[float, float]:
        return left + ply * step, bottom - value * (bottom - top)

    outline = [at(ply, value) for ply, value in enumerate(white)]
    draw.polygon([(left, bottom), *outline, (right, bottom)], fill=WHITE_STONE)
    middle = at(0, 0.5)[1]
    draw.line((left, middle, right, middle), fill=COORDINATES, width=SCALE)
    for ply in boundaries:
        x = at(ply, 0)[0]
        draw.line((x, top, x, bottom), fill=COORDINATES, width=2 * SCALE)
    draw.line(outline, fill=INK, width=2 * SCALE, joint="curve")
    radius = max(4.0, width * 0.008)
    for ply, verdict in marks:
        if verdict in MARKS and 0 <= ply < len(white):
            disc(draw, at(ply, white[ply]), radius, MARKS[verdict], INK, SCALE)
    labels = font(max(10, int(margin * 0.6)))
    draw.text((left, top / 2), "1", fill=COORDINATES, font=labels, anchor="lm")
    draw.text((right, top / 2), str(len(white) - 1), fill=COORDINATES, font=labels, anchor="rm")
    return finish(image, caption)
