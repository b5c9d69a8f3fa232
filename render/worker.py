"""Board pictures drawn by a process of their own (:func:`main`, or ``python -m render.worker``).

Drawing a board holds the interpreter for most of its milliseconds; in a bot's own process it makes every other
task (a move's database round trips, a page's events) wait its turn for the interpreter. :class:`DrawingWorker`
hands the drawing to a child process instead: it sends what :func:`render.board_png` is to be called with and
reads back the PNG, one picture at a time. The child ends when the pipe from its parent closes (the parent ended,
even killed), and it ignores Ctrl-C, which is the terminal's for the parent.

A request and an answer are each a pickle behind its length (4 bytes, big-endian). An answer is ``(True, png)``
or ``(False, exception)``: what :func:`render.board_png` raised is raised again in the parent.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from render import board_png
from rules.core import State

_LENGTH = struct.Struct(">I")
_ROOT = str(Path(__file__).resolve().parent.parent)  # the folder ``render`` and ``rules`` are in


class WorkerLost(RuntimeError):
    """The drawing process ended (or could not be started) before it answered."""


class DrawingWorker:
    """A child process that draws boards; :meth:`draw` is called from one thread at a time. A child that has not
    answered within ``answer_within`` seconds (a board takes milliseconds) is taken for hung and ended."""

    def __init__(self, answer_within: float = 30.0) -> None:
        self._answer_within = answer_within
        # where ``render`` is found when it is not installed: after everything else, so it shadows nothing
        command = f"import sys; sys.path.append({_ROOT!r}); from render.worker import main; main()"
        try:
            self._child = subprocess.Popen([sys.executable, "-c", command], stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE)
        except OSError as exc:
            raise WorkerLost(f"the drawing process could not be started: {exc}") from exc

    def draw(self, state: State, options: dict[str, Any]) -> bytes:
        """The PNG :func:`render.board_png` draws of ``state`` with ``options``, drawn by the child.

        Raises :class:`WorkerLost` when the child is gone, and whatever ``board_png`` raised there."""
        assert self._child.stdin is not None and self._child.stdout is not None
        try:
            _write(self._child.stdin, (state, options))
            drawn, answer = _receive(self._child.stdout.fileno(), self._answer_within)
        except TimeoutError as exc:
            self._child.kill()
            self.close()
            raise WorkerLost(f"the drawing process did not answer within {self._answer_within:g} s") from exc
        except (OSError, EOFError, pickle.UnpicklingError) as exc:
            self.close()
            raise WorkerLost(f"the drawing process ended ({self._child.returncode})") from exc
        if not drawn:
            raise answer
        png: bytes = answer
        return png

    @property
    def alive(self) -> bool:
        """Whether the child still runs."""
        return self._child.poll() is None

    @property
    def pid(self) -> int:
        """The child's process id."""
        return self._child.pid

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the child to end; its exit status."""
        return self._child.wait(timeout)

    def close(self) -> None:
        """End the child (it ends by itself once its input closes)."""
        for pipe in (self._child.stdin, self._child.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        try:
            self._child.wait(5)
        except subprocess.TimeoutExpired:
            self._child.kill()
            self._child.wait()


def _write(pipe: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(_LENGTH.pack(len(data)) + data)
    pipe.flush()


def _receive(fd: int, within: float | None = None) -> Any:
    """One frame read from ``fd`` (unbuffered); :class:`TimeoutError` when it has not come whole within ``within``
    seconds (``None``: no limit), :class:`EOFError` when the pipe closed first."""
    deadline = None if within is None else time.monotonic() + within
    (length,) = _LENGTH.unpack(_exactly(fd, _LENGTH.size, deadline))
    return pickle.loads(_exactly(fd, length, deadline))


def _exactly(fd: int, count: int, deadline: float | None) -> bytes:
    chunks: list[bytes] = []
    while count:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError("no answer in time")
        chunk = os.read(fd, min(count, 1 << 20))
        if not chunk:
            raise EOFError("the pipe closed")
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _answer(state: State, options: dict[str, Any]) -> tuple[bool, Any]:
    """The answer to one request: the picture, or what drawing it raised (a plain error when that cannot be
    pickled)."""
    try:
        return True, board_png(state, **options)
    except Exception as exc:  # the parent raises it again
        try:
            pickle.dumps(exc)
        except Exception:
            return False, RuntimeError(repr(exc))
        return False, exc


def serve(requests: int, answers: IO[bytes]) -> None:
    """Draw each request read from the file descriptor ``requests`` and write its answer to ``answers``, until
    ``requests`` ends."""
    while True:
        try:
            state, options = _receive(requests)
        except EOFError:
            return
        _write(answers, _answer(state, options))


def main() -> None:
    """The drawing process: requests on standard input, answers on standard output (anything else printed goes to
    standard error); Ctrl-C is its parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.fileno(), answers)


if __name__ == "__main__":
    main()
