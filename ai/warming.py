"""Making the engines ready at a process's start without holding the process up.

Compiling takes LLVM tens of seconds on a cold cache, and it holds the interpreter while it works, so
:func:`prepare` compiles in a separate process that fills the cache on disk, then loads the engines
here from that cache (a moment). :func:`ready_within` tells a caller whether they are ready in time.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time

log = logging.getLogger(__name__)
COMPILE_TIMEOUT = 900.0  # seconds the compiling process may take before it is given up (the engines then compile here)

_ready: threading.Event | None = None  # set once prepared; None when nobody asked to prepare


def prepare() -> None:
    """Start making the engines ready in the background (once per process)."""
    global _ready
    if _ready is not None:
        return
    _ready = threading.Event()
    threading.Thread(target=_prepare, args=(_ready,), name="engines", daemon=True).start()


def _prepare(ready: threading.Event) -> None:
    from ai import warm_up

    began = time.monotonic()
    try:
        subprocess.run([sys.executable, "-c", "import ai; ai.warm_up()"], check=False, timeout=COMPILE_TIMEOUT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("the engines could not be compiled in a separate process (%s): compiling here", exc)
    try:
        warm_up()  # from the cache just filled
    finally:
        ready.set()
        log.info("the engines are ready after %.1f s", time.monotonic() - began)


def ready_within(seconds: float | None) -> bool:
    """Whether the engines are ready, waiting up to ``seconds`` (``None``: until they are) for a preparation under
    way (always true when none was started: the engines then compile on first use)."""
    return _ready is None or _ready.wait(seconds)
