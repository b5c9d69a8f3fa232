"""Boards as SVG: the same painting as the PNG pictures, written as vector shapes for a browser.

:class:`SvgDraw` has the part of Pillow's ``ImageDraw`` the games' painters use (``rectangle``, ``ellipse``,
``line``, ``polygon``, ``text``), so one painter draws both pictures and they look alike. Outlines are drawn
inside a shape's box, as Pillow draws them.

>>> draw = SvgDraw()
>>> draw.rectangle((0, 0, 10, 10), fill=(255, 0, 0), outline=(0, 0, 0), width=2)
>>> draw.parts[0]
'<rect x="1" y="1" width="8" height="8" fill="#ff0000" stroke="#000000" stroke-width="2"/>'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

Colour = tuple[int, int, int]
_ANCHORS = {"l": "start", "m": "middle", "r": "end"}
_BASELINES = {"m": "central", "s": "alphabetic", "a": "text-before-edge", "d": "text-after-edge", "t": "hanging"}


def _number(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _colour(colour: Colour | None) -> str:
    return "none" if colour is None else "#{:02x}{:02x}{:02x}".format(*colour)


def _points(xy: Any) -> list[tuple[float, float]]:
    """Pillow's forms of a list of points: ``(x0, y0, x1, y1, …)`` or ``[(x0, y0), (x1, y1), …]``."""
    items = list(xy)
    if items and isinstance(items[0], (tuple, list)):
        return [(float(x), float(y)) for x, y in items]
    return [(float(items[i]), float(items[i + 1])) for i in range(0, len(items) - 1, 2)]


def _paint(fill: Colour | None, outline: Colour | None, width: float) -> str:
    text = f'fill="{_colour(fill)}"'
    if outline is not None and width > 0:
        text += f' stroke="{_colour(outline)}" stroke-width="{_number(width)}"'
    return text


class SvgDraw:
    """Shapes drawn in Pillow's terms, kept as SVG elements in ``parts`` (in drawing order)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def rectangle(self, xy: Sequence[Any], fill: Colour | None = None, outline: Colour | None = None,
                  width: float = 1) -> None:
        (left, top), (right, bottom) = _points(xy)
        inset = width / 2 if outline is not None else 0
        self.parts.append(
            f'<rect x="{_number(left + inset)}" y="{_number(top + inset)}" width="{_number(right - left - 2 * inset)}" '
            f'height="{_number(bottom - top - 2 * inset)}" {_paint(fill, outline, width)}/>')

    def ellipse(self, xy: Sequence[Any], fill: Colour | None = None, outline: Colour | None = None,
                width: float = 1) -> None:
        (left, top), (right, bottom) = _points(xy)
        inset = width / 2 if outline is not None else 0
        rx, ry = (right - left) / 2 - inset, (bottom - top) / 2 - inset
        centre = f'cx="{_number((left + right) / 2)}" cy="{_number((top + bottom) / 2)}"'
        if _number(rx) == _number(ry):  # the usual disc: the shorter element
            self.parts.append(f'<circle {centre} r="{_number(rx)}" {_paint(fill, outline, width)}/>')
        else:
            self.parts.append(f'<ellipse {centre} rx="{_number(rx)}" ry="{_number(ry)}" {_paint(fill, outline, width)}/>')

    def line(self, xy: Sequence[Any], fill: Colour | None = None, width: float = 0, joint: str | None = None) -> None:
        points = " ".join(f"{_number(x)},{_number(y)}" for x, y in _points(xy))
        join = ' stroke-linejoin="round"' if joint == "curve" else ""
        self.parts.append(f'<polyline points="{points}" fill="none" stroke="{_colour(fill)}" '
                          f'stroke-width="{_number(max(width, 1))}"{join}/>')

    def polygon(self, xy: Sequence[Any], fill: Colour | None = None, outline: Colour | None = None,
                width: float = 1) -> None:
        points = " ".join(f"{_number(x)},{_number(y)}" for x, y in _points(xy))
        self.parts.append(f'<polygon points="{points}" {_paint(fill, outline, width)} stroke-linejoin="round"/>')

    def text(self, xy: Sequence[float], text: str, fill: Colour | None = None, font: Any = None,
             anchor: str | None = None, direction: str | None = None, **_: Any) -> None:
        x, y = xy
        anchor = anchor or "la"
        size = getattr(font, "size", 10)
        rtl = ' direction="rtl"' if direction == "rtl" else ""
        placing = "".join(  # the document's defaults (centred on the point) are not repeated
            f' {name}="{value}"' for name, value, usual in (
                ("text-anchor", _ANCHORS.get(anchor[0], "start"), "middle"),
                ("dominant-baseline", _BASELINES.get(anchor[1], "auto"), "central")) if value != usual)
        self.parts.append(
            f'<text x="{_number(x)}" y="{_number(y)}" font-size="{_number(size)}" fill="{_colour(fill)}"'
            f'{placing}{rtl}>{escape(text)}</text>')


def document(draw: SvgDraw, width: float, height: float, background: Colour, label: str) -> str:
    """The SVG document of ``draw``'s shapes on a ``width`` × ``height`` canvas of ``background``, its text
    alternative ``label``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_number(width)} {_number(height)}" role="img" '
            f'aria-label="{escape(label)}" direction="ltr" font-family="DejaVu Sans, Verdana, sans-serif" '
            'text-anchor="middle" dominant-baseline="central">'
            f'<rect width="100%" height="100%" fill="{_colour(background)}"/>' + "".join(draw.parts) + "</svg>")
