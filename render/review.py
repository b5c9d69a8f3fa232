"""The picture of a review: White's winning chances over the game, as analysis graphs show them.

White's share is the light area under the line, Black's the dark one above it, from 0 to 100% with
the 50% line; rounds are labelled bands; each mistake and blunder is a dot in its verdict's colour;
the turn that decided the game is marked, and a legend says all this in the reader's words.

>>> words = GraphWords("White's winning chances", ("0%", "50%", "100%"), "mistake", "blunder")
>>> png = review_graph([0.5, 0.6, 0.2, 0.9], [(2, "blunder")], words, size=320)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.canvas import (
    BACKGROUND,
    BLACK_STONE,
    COORDINATES,
    DANGER,
    GOLD,
    INK,
    PAPER,
    SCALE,
    WHITE_STONE,
    Colour,
    caption_font,
    disc,
    finish,
    wrapped,
    write,
)

MISTAKE: Colour = (245, 140, 30)
DOTS: dict[str, Colour] = {"mistake": MISTAKE, "blunder": DANGER}
LINE: Colour = (120, 150, 230)
BANDS: tuple[Colour, Colour] = ((58, 62, 74), (74, 79, 94))


@dataclass(frozen=True)
class GraphWords:
    """The graph's words in the reader's language: its title, the 0/50/100% labels, the legend's verdicts,
    the bands' labels (one per round, from the first; none for a game without rounds) and the decisive turn
    (``"the turn that decided: 5. h8–e5"``, or ``None``)."""

    title: str
    percents: tuple[str, str, str]
    mistake: str
    blunder: str
    bands: tuple[str, ...] = ()
    decisive: str | None = None


def review_graph(white: Sequence[float], marks: Sequence[tuple[int, str]], words: GraphWords, *,
                 band_starts: Sequence[int] = (), decisive: int | None = None, size: int = 640) -> bytes:
    """A PNG ``size`` pixels wide of White's winning chances after each ply (``white[0]`` the start, 0 to 1).

    ``marks`` are ``(ply, verdict)``: mistakes and blunders get a dot. ``band_starts`` are the plies after
    which a new band (round) begins, labelled by ``words.bands``; ``decisive`` is the ply of the turn that
    decided the game. Readable from 320 pixels wide."""
    if len(white) < 2:
        white = [*white, *white] if white else [0.5, 0.5]
    width = size * SCALE
    pixels = max(11 * SCALE, round(width * 0.04))
    face, small = caption_font(pixels), caption_font(round(pixels * 0.85))
    pad = pixels * 0.7
    label_width = max(draw_width(face, text) for text in words.percents)
    left, right = pad + label_width + pad * 0.6, width - pad * 1.2
    top = pad + pixels * 1.4 + (pixels * 1.4 if words.bands else 0)
    bottom = top + width * 0.36
    legend_top = bottom + pixels * 1.6
    radius = pixels * 0.36
    text_left = left + radius * 2 + pixels * 0.35
    decisive_lines = wrapped(words.decisive, face, width - pad - text_left) if words.decisive else []
    height = round(legend_top + (1 + len(decisive_lines)) * pixels * 1.5 + pad * 0.6)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    step = (right - left) / (len(white) - 1)

    def at(ply: int, value: float) -> tuple[float, float]:
        return left + ply * step, bottom - min(1.0, max(0.0, value)) * (bottom - top)

    write(draw, (left, pad + pixels * 0.6), words.title, face, PAPER, "lm")
    if words.bands:
        edges = [0, *[p for p in band_starts if 0 < p < len(white) - 1], len(white) - 1]
        for number, (start, end) in enumerate(itertools.pairwise(edges)):
            x0, x1 = at(start, 0)[0], at(end, 0)[0]
            draw.rectangle((x0, top - pixels * 1.35, x1, top - pixels * 0.1), fill=BANDS[number % 2])
            label = words.bands[number] if number < len(words.bands) else str(number + 1)
            if draw_width(small, label) > x1 - x0 - pixels * 0.3:
                label = str(number + 1)  # a short round: its number only
            if draw_width(small, label) <= x1 - x0:
                write(draw, ((x0 + x1) / 2, top - pixels * 0.72), label, small, COORDINATES, "mm")
    draw.rectangle((left, top, right, bottom), fill=BLACK_STONE)
    outline = [at(ply, value) for ply, value in enumerate(white)]
    draw.polygon([(left, bottom), *outline, (right, bottom)], fill=WHITE_STONE)
    for ply in band_starts:
        if 0 < ply < len(white) - 1:
            x = at(ply, 0)[0]
            draw.line((x, top, x, bottom), fill=COORDINATES, width=SCALE)
    _dashed(draw, at(0, 0.5)[1], left, right, pixels)
    for value, text in zip((0.0, 0.5, 1.0), words.percents, strict=True):
        write(draw, (left - pad * 0.6, at(0, value)[1]), text, small, COORDINATES, "rm")
    draw.line(outline, fill=LINE, width=2 * SCALE, joint="curve")
    if decisive is not None and 0 < decisive < len(white):
        x, y = at(decisive, white[decisive])
        draw.line((x, top, x, bottom), fill=GOLD, width=2 * SCALE)
        _pointer(draw, (x, top), pixels * 0.45)
    for ply, verdict in marks:
        if verdict in DOTS and 0 < ply < len(white):
            disc(draw, at(ply, white[ply]), radius, DOTS[verdict], INK, SCALE)
    write(draw, (at(1, 0)[0], bottom + pixels * 0.75), "1", small, COORDINATES, "mm")  # the first move's turn
    write(draw, (right, bottom + pixels * 0.75), str(len(white) - 1), small, COORDINATES, "rm")
    y = legend_top + pixels * 0.6
    x = left
    for verdict, text in (("mistake", words.mistake), ("blunder", words.blunder)):
        disc(draw, (x + radius, y), radius, DOTS[verdict], INK, SCALE)
        write(draw, (x + radius * 2 + pixels * 0.35, y), text, face, PAPER, "lm")
        x += radius * 2 + pixels * 1.4 + draw_width(face, text)
    for number, line in enumerate(decisive_lines):
        y += pixels * 1.5
        if number == 0:
            _pointer(draw, (left + radius, y - pixels * 0.3), pixels * 0.45)
        write(draw, (text_left, y), line, face, PAPER, "lm")
    return finish(image)


def draw_width(face: object, text: str) -> float:
    """How wide ``text`` is drawn in ``face``."""
    return float(face.getlength(text))  # type: ignore[attr-defined]


def _dashed(draw: ImageDraw.ImageDraw, y: float, left: float, right: float, pixels: int) -> None:
    """The 50% line."""
    dash = pixels * 0.5
    x = left
    while x < right:
        draw.line((x, y, min(right, x + dash), y), fill=(150, 150, 160), width=SCALE)
        x += dash * 1.8


def _pointer(draw: ImageDraw.ImageDraw, tip_top: tuple[float, float], half: float) -> None:
    """A gold triangle pointing down, its top edge at ``tip_top``'s height."""
    x, y = tip_top
    draw.polygon([(x - half, y - half * 1.2), (x + half, y - half * 1.2), (x, y + half * 0.4)], fill=GOLD, outline=INK)
