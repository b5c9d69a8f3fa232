"""The drawing process: the same pictures as drawing in place, the same errors, and no process left behind."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from render import board_png
from render.worker import DrawingWorker, WorkerLost
from rules import get_game


@pytest.fixture
def worker() -> Iterator[DrawingWorker]:
    started = DrawingWorker()
    yield started
    started.close()


def test_pictures_are_the_ones_drawn_in_place(worker: DrawingWorker) -> None:
    rng = random.Random(5)
    for key in ("kamisado", "ashtarashki", "krepost"):
        state, moves = get_game(key).new_state(), []
        for _ in range(12):
            if state.outcome() is not None:
                break
            moves.append(rng.choice(list(state.legal_moves())))
            state = state.play(moves[-1])
        options = {"perspective": "black", "size": 300, "colorblind": True, "last_move": moves[-1:],
                   "earlier_move": moves[-2:-1], "caption": "Ann ↔ Bob: a caption"}
        assert worker.draw(state, options) == board_png(state, **options), key


def test_what_drawing_raises_is_raised_here_and_the_process_goes_on(worker: DrawingWorker) -> None:
    state = get_game("krepost").new_state()
    with pytest.raises(ValueError, match="not 'purple'"):
        worker.draw(state, {"perspective": "purple"})
    with pytest.raises(TypeError):
        worker.draw(state, {"size": "big"})
    assert worker.alive and worker.draw(state, {"size": 200}) == board_png(state, size=200)


def test_a_dead_process_is_reported_not_waited_for(worker: DrawingWorker) -> None:
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()
    with pytest.raises(WorkerLost):
        worker.draw(get_game("kamisado").new_state(), {})


def test_a_process_that_does_not_answer_is_ended() -> None:
    worker = DrawingWorker(answer_within=0.5)
    os.kill(worker.pid, signal.SIGSTOP)  # hung, as far as its parent can tell
    with pytest.raises(WorkerLost, match=r"did not answer within 0\.5 s"):
        worker.draw(get_game("kamisado").new_state(), {"size": 200})
    assert not worker.alive


def test_ctrl_c_is_the_parents_and_closing_ends_the_process(worker: DrawingWorker) -> None:
    state = get_game("ashtarashki").new_state()
    worker.draw(state, {"size": 200})  # started and drawing
    os.kill(worker.pid, signal.SIGINT)
    assert worker.draw(state, {"size": 200}) == board_png(state, size=200)
    worker.close()
    assert not worker.alive


def test_the_process_ends_with_its_parent_even_killed(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    parent = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\n"
         "from render.worker import DrawingWorker\n"
         "from rules import get_game\n"
         "worker = DrawingWorker()\n"
         "worker.draw(get_game('krepost').new_state(), {})\n"
         "print(worker.pid, flush=True)\n"
         "time.sleep(120)\n"], cwd=root, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    for _ in range(300):  # it ends as soon as it reads the end of its input: well within a few seconds
        if not _running(child):
            break
        time.sleep(0.05)
    assert not _running(child)


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (an ended one not yet reaped counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")
