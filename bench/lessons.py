"""Each game's first lesson measured: its steps, its par, and a scripted learner who makes the typical first mistake
at every step (one wrong move where there is one, then the right ones): whether they finish, in how many tries, with
how many stars, and how long judging one move takes.

    python bench/lessons.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.lessons import LESSONS, judge
from bot.service.lessons.course import Progress, attempt, position


def main() -> None:
    print(f"{'lesson':<12} {'steps':>5} {'par':>4} {'finished':>8} {'tries':>5} {'stars':>6} {'judge ms (max)':>15}")
    for game, lesson in LESSONS.items():
        progress, tries, slowest = Progress(), 0, 0.0
        while not progress.finished(lesson):
            step = lesson.steps[progress.step]
            state, _ = position(lesson, progress)
            accepted = judge.accepted(step, progress.line)
            wrong = [m for m in state.legal_moves() if m not in accepted]
            move = wrong[0] if wrong and progress.made == 0 else accepted[0]
            began = time.perf_counter()
            progress = attempt(lesson, progress, move).progress
            slowest = max(slowest, time.perf_counter() - began)
            tries += 1
        stars = f"{sum(progress.stars)}/{3 * len(lesson.steps)}"
        print(f"{game:<12} {len(lesson.steps):>5} {lesson.par:>4} {'yes':>8} {tries:>5} {stars:>6} {slowest * 1000:>15.1f}")


if __name__ == "__main__":
    main()
