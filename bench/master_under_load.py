"""The master on Ashtarashki étude No. 2 (White wins), move after move, with the solver it keeps between moves or a
fresh one each time: run it beside busy loops to see whether load turns the proof into a loss.

    .venv/bin/python bench/master_under_load.py kept|fresh [--runs 7]

Each line: the run, seconds, the move, its value (1000000: a proven win) and the positions the solver searched.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai
from ai.ashtarashki.engine import KEPT
from rules import get_game

ETUDE_2 = "White: M1 c1, f6; M2 c7; M3 h6. Black: M1 a1, g1; M2 e1, f8; M3 a7, h8. White to move."


def main(mode: str, runs: int) -> None:
    game = get_game("ashtarashki")
    state = game.new_state(position=ETUDE_2)
    won = 0
    for run in range(runs):
        if mode == "fresh":
            KEPT._idle.clear()  # the bench compares the kept solver with a fresh one
        began = time.perf_counter()
        result = ai.analyse(state, level="master", time_budget=4.0)
        assert result is not None
        won += result.value > 0
        print(f"{mode} {run}: {time.perf_counter() - began:.2f} s, {game.format_move(state, result.move)}, value "
              f"{result.value:g}", flush=True)
    print(f"{mode}: the win kept in {won} of {runs} moves")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("kept", "fresh"))
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    main(arguments.mode, arguments.runs)
