"""A whole game as one animated GIF: a frame per turn with its last-move marks, longer pauses where
something happens, and a last frame that holds the result.

>>> from rules import get_game
>>> game = get_game("kamisado")
>>> start = game.new_state()
>>> move = game.parse_move(start, "a8-a6")
>>> gif = replay_gif([ReplayFrame(start, caption="start"), ReplayFrame(start.play(move), [move], caption="1")], size=200)
>>> gif[:6]
b'GIF89a'
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from render import board_png
from render.canvas import BACKGROUND

MAX_FRAMES = 160  # longer games show every event and an even selection of the other turns
MAX_SECONDS = 75.0  # the whole replay, the last frame's pause included
TURN_MS = 700
EVENT_MS = 1600  # a capture, a push, a prisoner, a round's end, a refill
FIRST_MS = 1200
LAST_MS = 6000
SHORTEST_MS = 120  # what a sped-up turn keeps (viewers show faster frames at 100 ms anyway)
COLOURS = 160  # the shared palette's size


@dataclass(frozen=True)
class ReplayFrame:
    """One picture of the replay: the ``state``, the moves to mark (``last_move`` gold, ``earlier_move``
    faint), the words under the board, and whether something happened that deserves a longer look."""

    state: Any
    last_move: Sequence[Any] = field(default_factory=tuple)
    earlier_move: Sequence[Any] = field(default_factory=tuple)
    caption: str = ""
    event: bool = False


def replay_gif(frames: Sequence[ReplayFrame], *, perspective: str = "white", colorblind: bool = False,
               size: int = 400) -> bytes:
    """The animated GIF of ``frames`` (the first is the start, the last holds the result): at most
    :data:`MAX_FRAMES` pictures sharing one palette, at most :data:`MAX_SECONDS` long. The same frames
    always give the same bytes."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    chosen = _selection(len(frames), [frame.event for frame in frames])
    pictures = [_picture(frames[i], perspective, colorblind, size) for i in chosen]
    height = max(p.height for p in pictures)
    pictures = [_padded(p, height) for p in pictures]
    durations = _durations([frames[i].event for i in chosen])
    palette = _palette(pictures)
    indexed = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    buffer = io.BytesIO()
    indexed[0].save(buffer, "GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0,
                    disposal=1)
    return buffer.getvalue()


def _selection(count: int, events: Sequence[bool]) -> list[int]:
    """Which frames are shown: all when they fit; else the first, the last, every event, and turns spread
    evenly over the game in the room left."""
    if count <= MAX_FRAMES:
        return list(range(count))
    kept = {0, count - 1} | {i for i, event in enumerate(events) if event}
    if len(kept) >= MAX_FRAMES:
        ordered = sorted(kept)
        step = len(ordered) / (MAX_FRAMES - 2)
        return sorted({0, count - 1} | {ordered[int(k * step)] for k in range(MAX_FRAMES - 2)})
    others = [i for i in range(count) if i not in kept]
    room = MAX_FRAMES - len(kept)
    step = len(others) / room
    kept |= {others[int(k * step)] for k in range(room)}
    return sorted(kept)


def _durations(events: Sequence[bool]) -> list[int]:
    """Each shown frame's pause in milliseconds; ordinary turns are sped up (events too, when they alone are
    too many) to keep to :data:`MAX_SECONDS`."""
    durations = [EVENT_MS if event else TURN_MS for event in events]
    durations[0] = max(durations[0], FIRST_MS)
    durations[-1] = LAST_MS
    for kind in (False, True):  # first the ordinary turns, then (if need be) the events
        middle = [i for i in range(1, len(durations) - 1) if events[i] == kind]
        excess = sum(durations) - MAX_SECONDS * 1000
        if excess <= 0 or not middle:
            continue
        share = sum(durations[i] for i in middle)
        scale = max(0.0, share - excess) / share
        for i in middle:
            durations[i] = max(SHORTEST_MS, int(durations[i] * scale))
    return durations


def _picture(frame: ReplayFrame, perspective: str, colorblind: bool, size: int) -> Image.Image:
    png = board_png(frame.state, perspective=perspective, last_move=list(frame.last_move) or None,
                    earlier_move=list(frame.earlier_move) or None, colorblind=colorblind, size=size,
                    caption=frame.caption or None)
    return Image.open(io.BytesIO(png)).convert("RGB")


def _padded(picture: Image.Image, height: int) -> Image.Image:
    if picture.height == height:
        return picture
    padded = Image.new("RGB", (picture.width, height), BACKGROUND)
    padded.paste(picture, (0, 0))
    return padded


def _palette(pictures: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame, made from the first, a middle and the last picture side by side."""
    samples = [pictures[0], pictures[len(pictures) // 2], pictures[-1]]
    strip = Image.new("RGB", (sum(p.width for p in samples), samples[0].height), BACKGROUND)
    x = 0
    for picture in samples:
        strip.paste(picture, (x, 0))
        x += picture.width
    return strip.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
