"""Search speed of the built-in opponent. Prints figures; asserts nothing.

- Kamisado: nodes per second of the compiled alpha-beta on positions from seeded random matches
  (target ≥ 200,000), the depth reached in one second, and the first call's compile time.
- Ashtarashki: how long the exact endgame solver takes on small endgames from seeded random games.
- The Kamisado proof: how long regenerating and checking the opening book takes.

Usage: ``.venv/bin/python bench/ai_speed.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.ashtarashki.solver import Unsolved, active_stones, solve
from ai.kamisado import alphabeta as kamisado_engine
from ai.kamisado import book as kamisado_book
from rules import get_game


def kamisado_positions(match: str, count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    state = get_game("kamisado").new_state(match=match)
    while len(found) < count:
        if state.outcome() is not None:
            state = get_game("kamisado").new_state(match=match)
        if state.phase == "play" and rng.random() < 0.2:
            found.append(state)
        state = state.play(rng.choice(list(state.legal_moves())))
    return found


def main(seconds: float) -> None:
    began = time.perf_counter()
    first = get_game("kamisado").new_state(match="standard")
    kamisado_engine.search(first, max_depth=2, time_budget=None)
    print(f"kamisado: first search (loads or compiles the engine) {time.perf_counter() - began:.1f} s")
    for match in ("single", "standard"):
        nodes = spent = 0.0
        depths = []
        for state in kamisado_positions(match, 12, seed=7):
            result = kamisado_engine.search(state, max_depth=60, time_budget=seconds)
            if result.nodes > 1000:
                nodes += result.nodes
                spent += result.seconds
                depths.append(result.depth)
        print(f"kamisado ({match}): {nodes / spent:,.0f} nodes/s over {int(nodes):,} nodes "
              f"(target ≥ 200,000); depth in {seconds:g} s: median {statistics.median(depths)}, max {max(depths)}")
    rng = random.Random(3)
    times, unsolved = [], 0
    while len(times) + unsolved < 12:
        state = get_game("ashtarashki").new_state()
        while state.outcome() is None and active_stones(state) > 5:
            state = state.play(rng.choice(list(state.legal_moves())))
        if state.outcome() is not None:
            continue
        start = time.perf_counter()
        try:
            solve(state, node_limit=400_000)
            times.append(time.perf_counter() - start)
        except Unsolved:
            unsolved += 1
    print(f"ashtarashki endgames with 5 unfinished stones: solved {len(times)} of {len(times) + unsolved}, "
          f"median {statistics.median(times):.2f} s, slowest {max(times):.2f} s")
    start = time.perf_counter()
    kamisado_book.generate()
    generated = time.perf_counter() - start
    start = time.perf_counter()
    count = kamisado_book.verify("black")
    print(f"kamisado proof: generated in {generated:.1f} s; checked against every reply ({count} positions) "
          f"in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    main(parser.parse_args().seconds)
