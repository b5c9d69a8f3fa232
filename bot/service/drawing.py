"""Board pictures drawn by a process of their own, one at a time, in the order they were asked for.

A board takes several milliseconds of Pillow and Python, most of them holding the interpreter. Drawn in this process
(even on a thread of its own) it makes the event loop wait for the interpreter at every step of every other move;
drawn by a child process (:class:`render.worker.DrawingWorker`) it costs the loop only handing over a position and
reading back the PNG. One thread here talks to the child, so the boards of a burst come in the order asked and the
first move of the burst is answered first. Measured with ``bench/soak.py --open-loop`` at 50 moves/s on PostgreSQL
with two bot processes: p99 from a move's arrival to its answer 71–90 ms with the child, 120–183 ms drawing on a
thread in the same minutes.

When the child dies, or hangs (no answer within 30 s: a board takes milliseconds), it is ended and started again for
the next board; the board it failed to draw is drawn here, so no answer goes without its picture.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from bot.metrics import METRICS
from render import board_png
from render.worker import DrawingWorker, WorkerLost
from rules.core import State

log = logging.getLogger(__name__)
_drawer = ThreadPoolExecutor(1, thread_name_prefix="boards")  # the one thread that talks to the child
_worker: DrawingWorker | None = None  # used only on that thread
_lost: list[WorkerLost] = []  # drawing processes that died or hung (the next one started is a restart)


async def board_picture(state: State, **options: Any) -> bytes:
    """The PNG :func:`render.board_png` draws of ``state`` with ``options``, drawn by the drawing process."""
    began = time.perf_counter()
    picture = await asyncio.get_running_loop().run_in_executor(_drawer, partial(draw, state, options))
    METRICS.board_drawn(time.perf_counter() - began)
    return picture


def draw(state: State, options: dict[str, Any]) -> bytes:
    """On the drawing thread: the picture from the drawing process (started when there is none or it died), or drawn
    here when it cannot be started or died drawing it."""
    global _worker
    try:
        if _worker is None or not _worker.alive:
            if _worker is not None or _lost:
                METRICS.render_worker_restarted()
            _worker = DrawingWorker()
        return _worker.draw(state, options)
    except WorkerLost as exc:
        _worker = None
        _lost.append(exc)
        log.warning("%s: this board is drawn in the bot's own process", exc)
        return board_png(state, **options)


def warm_up(states: list[tuple[State, dict[str, Any]]]) -> None:
    """Start the drawing process and have it draw ``states`` (what the first moves would otherwise wait for); returns
    once they are drawn."""
    for state, options in states:
        _drawer.submit(draw, state, options).result()
