"""Making the engines ready at a process's start without holding the process up.

Compiling takes LLVM tens of seconds on a cold cache, and it holds the interpreter while it works, so
:func:`prepare` compiles in a separate process that fills the cache on disk, then loads the engines
here from that cache (a moment). When the cache is known to be warm (a stamp beside it names the
engines' sources as Numba sees them), the separate process is skipped and the engines load here at
once: a restart is at full strength within a second. :func:`ready_within` tells a caller whether they
are ready in time. ``python -m ai.warming`` compiles (or loads) them, a process per game, and leaves the stamp.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

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
    warm = stamp().exists()
    if not warm:
        try:
            subprocess.run([sys.executable, "-m", "ai.warming"], check=False, timeout=COMPILE_TIMEOUT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.warning("the engines could not be compiled in a separate process (%s): compiling here", exc)
    try:
        warm_up()  # from the cache
        _leave_stamp()
    finally:
        ready.set()
        log.info("the engines are ready after %.1f s (%s cache)", time.monotonic() - began, "a warm" if warm else "a new")


def stamp() -> Path:
    """The file that says the compiled engines in the cache match these sources: named by every engine source's
    path, size and modification time (what Numba checks), Numba's and Python's versions; beside the cache."""
    root = Path(__file__).resolve().parent
    facts = [sys.version, _numba_version()]
    for source in sorted(root.rglob("*.py")):
        state = source.stat()
        facts.append(f"{source.relative_to(root)}:{state.st_size}:{state.st_mtime_ns}")
    digest = hashlib.sha256("\n".join(facts).encode()).hexdigest()[:20]
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or root / "__pycache__")
    return folder / f"engines-{digest}.ready"


def _numba_version() -> str:
    try:
        import numba
    except ImportError:
        return "no numba"
    return str(numba.__version__)


def _leave_stamp() -> None:
    """Note that the cache now holds these engines (quietly nothing where the folder cannot be written)."""
    try:
        path = stamp()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError as exc:
        log.info("could not note the warm cache of the engines: %s", exc)


def ready_within(seconds: float | None) -> bool:
    """Whether the engines are ready, waiting up to ``seconds`` (``None``: until they are) for a preparation under
    way (always true when none was started: the engines then compile on first use)."""
    return _ready is None or _ready.wait(seconds)


def _warm_one(game: str) -> None:
    from ai import engine_for

    engine_for(game).warm_up()


def compile_all() -> None:
    """Compile every game's engines into the cache, each game in a process of its own when there are cores to spare
    (a cold cache takes about half as long on two), then load them here and note the warm cache."""
    from concurrent.futures import ProcessPoolExecutor

    from ai import warm_up
    from rules import all_games

    # Krepost's search takes longest to compile (about 25 s cold here, the others about 9 s each): started first,
    # the others compile beside it, so two cores take about as long as Krepost alone.
    games = sorted((game.key for game in all_games()), key=lambda key: key != "krepost")
    workers = min(len(games), os.cpu_count() or 1)
    if workers > 1 and not stamp().exists():
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(_warm_one, games))
    warm_up()
    _leave_stamp()


if __name__ == "__main__":  # compile (or load) the engines and note the warm cache
    compile_all()
