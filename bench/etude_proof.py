"""How much time the master needs to prove Ashtarashki étude No. 2 won (White to move) from a fresh solver, beside
busy loops: the promise is a proof within half the 2 s budget beside two of them.

    .venv/bin/python bench/etude_proof.py [--busy 2] [--runs 5] [--budgets 0.6 0.8 1.0 2.0]

Each line: a budget, and in how many runs the answer was the proven win (value 1000000) rather than a searched move.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai
from ai.ashtarashki.engine import KEPT
from rules import get_game

ETUDE_2 = "White: M1 c1, f6; M2 c7; M3 h6. Black: M1 a1, g1; M2 e1, f8; M3 a7, h8. White to move."
WON = 1_000_000


def main(busy: int, runs: int, budgets: list[float]) -> None:
    ai.prepare()
    ai.ready_within(None)
    game = get_game("ashtarashki")
    state = game.new_state(position=ETUDE_2)
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(busy)]
    try:
        for budget in budgets:
            proven, moves = 0, set()
            for _ in range(runs):
                KEPT._idle.clear()  # a fresh solver each time: the proof from nothing
                began = time.perf_counter()
                result = ai.analyse(state, level="master", time_budget=budget)
                assert result is not None
                proven += result.value >= WON
                moves.add(game.format_move(state, result.move))
            print(f"budget {budget:.1f} s beside {busy} busy loops: proven won in {proven} of {runs} runs "
                  f"(last took {time.perf_counter() - began:.2f} s; moves {', '.join(sorted(moves))})", flush=True)
    finally:
        for loop in loops:
            loop.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.6, 0.8, 1.0, 2.0])
    arguments = parser.parse_args()
    main(arguments.busy, arguments.runs, arguments.budgets)
