"""How long each level of the built-in opponent takes for one move against its time budget: positions
from random games of every game (Kamisado single rounds and matches, Ashtarashki endgames included,
Krepost middle games between two normal players), the worst and the median time per level, as a share
of the budget. Prints figures; asserts nothing.

Usage: ``.venv/bin/python bench/ai_budget.py [--budget 0.5] [--positions 12] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from ai.ashtarashki.solver import active_stones
from rules import get_game
from rules.core import State

CASES = (("kamisado", {"match": "single"}), ("kamisado", {"match": "standard"}), ("ashtarashki", {}), ("krepost", {}))


def positions(key: str, options: dict[str, object], count: int, rng: random.Random) -> list[State]:
    """Positions met in random games: early, middle and (for Ashtarashki) endgames with few stones."""
    found: list[State] = []
    while len(found) < count:
        state = get_game(key).new_state(**options)
        seen = []
        while state.outcome() is None and len(seen) < 400:
            seen.append(state)
            if key == "krepost":  # random Krepost turns leave the board half empty, unlike any real player
                state = state.play(ai.choose(state, level="normal", seed=rng.randrange(2**31)))
            else:
                state = state.play(rng.choice(list(state.legal_moves())))
        if key == "krepost":
            seen = [s for s in seen if not s.hand("white") and not s.hand("black")]  # type: ignore[attr-defined]
        if key == "ashtarashki":
            ending = [s for s in seen if active_stones(s) <= 8]  # type: ignore[arg-type]
            found += rng.sample(ending, min(2, len(ending)))
        found += rng.sample(seen, min(2, len(seen)))
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("games", nargs="*", default=sorted({key for key, _ in CASES}), help="kamisado, ashtarashki, krepost")
    args = parser.parse_args()
    ai.warm_up()
    rng = random.Random(5)
    worst_overall = 0.0
    for key, options in CASES:
        if key not in args.games:
            continue
        states = positions(key, options, args.positions, rng)
        for level in ("hard", "master"):
            times = []
            for number, state in enumerate(states):
                began = time.perf_counter()
                ai.choose(state, level=level, time_budget=args.budget, seed=number)
                times.append(time.perf_counter() - began)
            worst = max(times) / args.budget
            worst_overall = max(worst_overall, worst)
            label = f"{key} {options.get('match', '')}".strip()
            print(f"{label:22} {level:7} budget {args.budget:.2f} s: median {statistics.median(times):.2f} s, "
                  f"worst {max(times):.2f} s = {worst:.0%} of the budget", flush=True)
    print(f"worst case over every game and level: {worst_overall:.0%} of the budget")


if __name__ == "__main__":
    main()
