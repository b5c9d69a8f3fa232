"""Board pictures drawn off the event loop, one at a time, in the order they were asked for.

A board takes about 6 ms of Pillow and Python, much of it holding the interpreter. Drawn in many threads at once, the
boards of a burst of moves share the interpreter and all of them come late; drawn by one thread in turn, the first
move of the burst is answered first, and the event loop goes on with everything else meanwhile (measured with
``bench/soak.py --open-loop``: p99 at 50 moves/s fell by a third to a half).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from render import board_png
from rules.core import State

_drawer = ThreadPoolExecutor(1, thread_name_prefix="boards")


async def board_picture(state: State, **options: Any) -> bytes:
    """The PNG :func:`render.board_png` draws of ``state`` with ``options``, drawn on the boards' own thread."""
    return await asyncio.get_running_loop().run_in_executor(_drawer, partial(board_png, state, **options))
