"""The review's graph: what it shows is drawn, in the reader's words, and fits from 320 pixels wide."""

from __future__ import annotations

import io

from PIL import Image

from render.canvas import DANGER, GOLD
from render.review import BANDS, MISTAKE, GraphWords, review_graph

WORDS = GraphWords("White's winning chances", ("0%", "50%", "100%"), "mistake", "blunder")
CURVE = [0.5, 0.55, 0.5, 0.3, 0.35, 0.9, 0.92, 1.0, 1.0]


def pixels(png: bytes) -> list[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return [image.getpixel((x, y)) for y in range(image.height) for x in range(image.width)]  # type: ignore[misc]


def count(png: bytes, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(1 for p in pixels(png) if all(abs(a - b) <= tolerance for a, b in zip(p, colour, strict=True)))


def test_mistakes_and_blunders_get_dots_in_their_colours_and_inaccuracies_none() -> None:
    plain = review_graph(CURVE, [], WORDS, size=320)
    marked = review_graph(CURVE, [(3, "mistake"), (5, "blunder"), (6, "inaccuracy")], WORDS, size=320)
    assert count(marked, MISTAKE) > count(plain, MISTAKE) + 20  # beyond the legend's own dots
    assert count(marked, DANGER) > count(plain, DANGER) + 20
    inaccurate = review_graph(CURVE, [(6, "inaccuracy")], WORDS, size=320)
    assert inaccurate == plain


def test_rounds_are_labelled_bands_and_the_decisive_turn_is_marked() -> None:
    plain = review_graph(CURVE, [], WORDS, size=320)
    assert count(plain, BANDS[1], 3) == 0 and count(plain, GOLD, 10) == 0
    words = GraphWords(WORDS.title, WORDS.percents, WORDS.mistake, WORDS.blunder, bands=("round 1", "round 2"),
                       decisive="decisive turn: 5. yellow ↑6 green (e8–e2)")
    full = review_graph(CURVE, [(5, "blunder")], words, band_starts=[4], decisive=5, size=320)
    assert count(full, BANDS[1], 3) > 100  # the second round's band
    assert count(full, GOLD, 10) > 50  # the decisive turn's line and pointers
    tall = Image.open(io.BytesIO(full))
    assert tall.width == 320 and tall.height > Image.open(io.BytesIO(plain)).height  # a legend line more


def test_a_long_legend_wraps_instead_of_running_off_the_picture() -> None:
    words = GraphWords(WORDS.title, WORDS.percents, WORDS.mistake, WORDS.blunder,
                       decisive="decisive turn: 123. brown ↗6 purple (g8–a2), and a great deal more to say about it")
    one_line = GraphWords(WORDS.title, WORDS.percents, WORDS.mistake, WORDS.blunder, decisive="decisive turn: 5. e5")
    long, short = (Image.open(io.BytesIO(review_graph(CURVE, [], w, decisive=5, size=320))) for w in (words, one_line))
    assert long.height > short.height
    right_edge = [long.getpixel((long.width - 2, y)) for y in range(long.height)]
    assert len(set(right_edge)) <= 2  # nothing drawn into the right margin


def test_persian_words_are_written() -> None:
    words = GraphWords("شانس برد سفید", ("۰٪", "۵۰٪", "۱۰۰٪"), "اشتباه", "اشتباه بزرگ", decisive="حرکت تعیین‌کننده: ۲۶. M1e7—d6")
    assert review_graph(CURVE, [(5, "blunder")], words, decisive=5, size=320) != review_graph(
        CURVE, [(5, "blunder")], WORDS, decisive=5, size=320)
