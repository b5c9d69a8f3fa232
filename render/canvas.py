"""What every board picture shares: layout, coordinates, shapes, fonts and PNG output.

Pictures are drawn at twice their size and reduced, which smooths edges. Only Pillow's own
built-in font is used, so a picture is the same on every machine.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

SCALE = 2
Colour = tuple[int, int, int]

INK: Colour = (30, 30, 34)
PAPER: Colour = (246, 244, 238)
BACKGROUND: Colour = (44, 47, 56)
COORDINATES: Colour = (214, 216, 222)
HIGHLIGHT: Colour = (0, 220, 255)
LAST_MOVE: Colour = (255, 196, 0)
EARLIER_MOVE: Colour = (190, 214, 245)  # the other player's move before the last one, drawn fainter
DANGER: Colour = (230, 40, 40)
GOLD: Colour = (250, 205, 60)
WHITE_STONE: Colour = (246, 244, 236)
BLACK_STONE: Colour = (34, 34, 38)


CAPTION_FONT = Path(__file__).with_name("fonts") / "DejaVuSans-Bold-subset.ttf"
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


@cache
def font(pixels: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``pixels`` size (the same everywhere)."""
    return ImageFont.load_default(size=pixels)


@cache
def caption_font(pixels: int) -> ImageFont.FreeTypeFont:
    """The font of captions, shipped with the program: Latin, Cyrillic and Arabic letters."""
    return ImageFont.truetype(str(CAPTION_FONT), pixels)


def can_write(text: str) -> bool:
    """Whether a caption of ``text`` comes out right here: right-to-left script needs Pillow's text
    shaping (libraqm), which not every installation has."""
    return not _RIGHT_TO_LEFT.search(text) or bool(features.check_feature("raqm"))


def write(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, face: ImageFont.FreeTypeFont, fill: Colour,
          anchor: str) -> None:
    """Draw ``text`` at ``at`` (its ``anchor``), right to left when its script is written so."""
    rtl = bool(_RIGHT_TO_LEFT.search(text)) and can_write(text)
    draw.text(at, text, fill=fill, font=face, anchor=anchor, direction="rtl" if rtl else None)


def stacked(top: Image.Image, bottom: Image.Image) -> Image.Image:
    """``top`` with ``bottom`` under it (as wide as it)."""
    framed = Image.new("RGB", (top.width, top.height + bottom.height), BACKGROUND)
    framed.paste(top, (0, 0))
    framed.paste(bottom, (0, top.height))
    return framed


def caption_band(width: int, caption: str) -> Image.Image:
    """A band ``width`` drawing pixels wide holding the whole ``caption``, its letters as large as lets it fit in
    three lines (a longer one, at the smallest size, takes as many lines as it needs: nothing is cut off)."""
    lines: list[str] = []
    for pixels in (round(width * 0.05), round(width * 0.042), round(width * 0.035), round(width * 0.03)):
        lines = wrapped(caption, caption_font(pixels), width * 0.92)
        if len(lines) <= 3:
            break
    face = caption_font(pixels)
    step = pixels * 1.3
    band = Image.new("RGB", (width, math.ceil((step * len(lines) + pixels * 0.9) / SCALE) * SCALE), BACKGROUND)
    draw = ImageDraw.Draw(band)
    rule = max(2, pixels // 8)
    draw.line((width * 0.05, rule / 2, width * 0.95, rule / 2), fill=GOLD, width=rule)
    for number, line in enumerate(lines):
        write(draw, (width / 2, pixels * 0.5 + step * (number + 0.5)), line, face, PAPER, "mm")
    return band


def wrapped(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in ``face`` (at spaces; a longer word stands alone)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and face.getlength(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
    return lines


@dataclass(frozen=True)
class Frame:
    """Where the squares are: a ``files`` × ``ranks`` board under a header band, seen from one side.

    All numbers are in drawing pixels (``SCALE`` times the final picture).
    """

    size: int
    files: int
    ranks: int
    header: int
    margin: int
    flip: bool

    @property
    def cell(self) -> float:
        return (self.size - 2 * self.margin) / max(self.files, self.ranks)

    def box(self, file: int, rank: int) -> tuple[float, float, float, float]:
        """The square's rectangle (left, top, right, bottom); rank 0 is the bottom for White."""
        column = self.files - 1 - file if self.flip else file
        row = rank if self.flip else self.ranks - 1 - rank
        left = self.margin + column * self.cell
        top = self.header + self.margin + row * self.cell
        return left, top, left + self.cell, top + self.cell

    def centre(self, file: int, rank: int) -> tuple[float, float]:
        left, top, right, bottom = self.box(file, rank)
        return (left + right) / 2, (top + bottom) / 2

    def place(self, name: str) -> tuple[int, int] | None:
        """(file, rank) of a square name such as ``"e4"``, or ``None`` when it is not on this board."""
        file = "abcdefghijkl".find(name[:1])
        rank = int(name[1:]) - 1 if name[1:].isdigit() else -1
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return file, rank
        return None

    def point(self, name: str) -> tuple[float, float]:
        """The centre of the named square."""
        place = self.place(name)
        if place is None:
            raise ValueError(f"{name!r} is not a square of this board")
        return self.centre(*place)


def make_frame(size: int, files: int, ranks: int, perspective: str, header_share: float = 0.09) -> Frame:
    """A frame for a picture whose board part is ``size`` pixels wide (before the ``SCALE``)."""
    if perspective not in ("white", "black"):
        raise ValueError(f"perspective is 'white' or 'black', not {perspective!r}")
    if not 160 <= size <= 4096:
        raise ValueError(f"size must be 160 to 4096 pixels, not {size}")
    scaled = size * SCALE
    header = round(scaled * header_share) if header_share else 0
    return Frame(scaled, files, ranks, header, round(scaled * 0.05), perspective == "black")


def new_picture(frame: Frame) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An empty picture for ``frame``: the background colour everywhere."""
    image = Image.new("RGB", (frame.size, frame.size + frame.header), BACKGROUND)
    return image, ImageDraw.Draw(image)


def draw_coordinates(draw: ImageDraw.ImageDraw, frame: Frame, files: str) -> None:
    """File letters under and over the board, rank numbers left and right of it."""
    letters = font(max(10, int(frame.margin * 0.62)))
    for file in range(frame.files):
        x = frame.centre(file, 0)[0]
        for y in (frame.header + frame.margin / 2, frame.header + frame.size - frame.margin / 2):
            draw.text((x, y), files[file], fill=COORDINATES, font=letters, anchor="mm")
    for rank in range(frame.ranks):
        y = frame.centre(0, rank)[1]
        for x in (frame.margin / 2, frame.size - frame.margin / 2):
            draw.text((x, y), str(rank + 1), fill=COORDINATES, font=letters, anchor="mm")


def disc(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, fill: Colour | None,
         outline: Colour | None = None, width: float = 0) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=max(0, round(width)))


def ring(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, colour: Colour, width: float) -> None:
    disc(draw, centre, radius, None, colour, width)


def cross(draw: ImageDraw.ImageDraw, centre: tuple[float, float], half: float, colour: Colour, width: float) -> None:
    x, y = centre
    draw.line((x - half, y - half, x + half, y + half), fill=colour, width=round(width))
    draw.line((x - half, y + half, x + half, y - half), fill=colour, width=round(width))


def arrow(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: Colour, width: float,
          outline: Colour = INK, stop_short: float = 0.0) -> None:
    """A line through ``points`` with an arrow head at the end, drawn over a darker outline; with
    ``stop_short``, the head's tip stops that far before the last point (at the edge of the piece there)."""
    points = list(points)
    if stop_short:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > stop_short * 1.5:
            points[-1] = (x1 - (x1 - x0) * stop_short / length, y1 - (y1 - y0) * stop_short / length)
    for fill, extra in ((outline, width * 0.6), (colour, 0.0)):
        draw.line(list(points), fill=fill, width=round(width + extra), joint="curve")
        (x0, y0), (x1, y1) = points[-2], points[-1]
        angle = math.atan2(y1 - y0, x1 - x0)
        head = width * 2.6 + extra
        tip = (x1 + math.cos(angle) * extra / 2, y1 + math.sin(angle) * extra / 2)
        left = (x1 - head * math.cos(angle - 0.5), y1 - head * math.sin(angle - 0.5))
        right = (x1 - head * math.cos(angle + 0.5), y1 - head * math.sin(angle + 0.5))
        draw.polygon([tip, left, right], fill=fill)


def regular_polygon(centre: tuple[float, float], radius: float, sides: int, rotation: float = 0.0) -> list[tuple[float, float]]:
    x, y = centre
    return [
        (x + radius * math.sin(rotation + 2 * math.pi * i / sides), y - radius * math.cos(rotation + 2 * math.pi * i / sides))
        for i in range(sides)
    ]


def star(centre: tuple[float, float], radius: float, points: int = 5) -> list[tuple[float, float]]:
    x, y = centre
    corners = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi * i / points
        corners.append((x + r * math.sin(angle), y - r * math.cos(angle)))
    return corners


def finish(image: Image.Image, caption: str | None = None) -> bytes:
    """Reduce the drawing to its final size and encode it as PNG (the same bytes for the same picture);
    a ``caption`` (how the game ended) is written in a band under the board."""
    return encode(image.reduce(SCALE), caption)


def encode(small: Image.Image, caption: str | None = None) -> bytes:
    """A picture at its final size as PNG bytes (the same bytes for the same picture), with ``caption`` (how the
    game ended) in a band under it."""
    if caption:
        small = stacked(small, caption_band(small.width * SCALE, caption).reduce(SCALE))
    # 256 colours hold every board (its flat colours and their smoothed edges) and halve the time to encode it. They
    # are chosen from every third pixel each way (where every colour of any size shows), then each pixel takes the
    # nearest: half the time of choosing them from every pixel, and as true.
    sample = small.resize((max(1, small.width // 3), max(1, small.height // 3)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small = small.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


def piece(draw: ImageDraw.ImageDraw, key: Hashable, centre: tuple[float, float], reach: float,
          paint: Callable[[ImageDraw.ImageDraw, tuple[float, float]], None]) -> None:
    """A piece that ``paint(draw, centre)`` draws within ``reach`` of ``centre``, and that looks the same wherever
    ``key`` is the same: a :class:`render.composer.Composer` draws it once and reuses it, another canvas at once."""
    stamp = getattr(draw, "piece", None)
    if stamp is not None:
        stamp(key, centre, reach, paint)
    else:
        paint(draw, centre)


def outline_squares(draw: ImageDraw.ImageDraw, frame: Frame, names: Sequence[str], share: float = 0.06) -> None:
    """Frame the named squares in the last-move colour."""
    for name in names:
        place = frame.place(name)
        if place is not None:
            left, top, right, bottom = frame.box(*place)
            draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), outline=LAST_MOVE, width=round(frame.cell * share))


def moves_in(value: object, kind: type) -> list:  # type: ignore[type-arg]
    """The moves of ``kind`` in ``value``: one move, a list or tuple of them, or nothing."""
    items = value if isinstance(value, (list, tuple)) else [value]
    return [move for move in items if isinstance(move, kind)]


def mark_hints(draw: ImageDraw.ImageDraw, frame: Frame, names: Sequence[str] | None, share: float = 0.12) -> None:
    """A dot on every named square (squares not on the board are passed over)."""
    for name in names or ():
        place = frame.place(name)
        if place is not None:
            disc(draw, frame.centre(*place), frame.cell * share, HIGHLIGHT, INK, 2)


def player_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, body: Colour, edge: Colour,
                to_move: bool) -> None:
    """A player's disc in a header, ringed when that player decides next."""
    disc(draw, centre, radius, body, edge, 2)
    if to_move:
        ring(draw, centre, radius * 1.55, HIGHLIGHT, 3)


def text_order(size: int, perspective: str) -> tuple[range, range]:
    """The ranks (top line first) and files (left first) of a text diagram seen from ``perspective``."""
    if perspective == "white":
        return range(size - 1, -1, -1), range(size)
    return range(size), range(size - 1, -1, -1)
