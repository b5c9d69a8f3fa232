"""The Ashtarashki endgame solver on random endgames: positions judged per second, the share of
positions whose winner it proves within the master's time for a move, and of those the share whose
best score (a clean win or not) it proves too. Prints figures; asserts nothing.

Endgames come from random games, taken when exactly 7 or 8 stones are left unfinished. Then the author's
étude No. 2 (White to play and win): how long its proof takes, and whether the master, at the budget,
wins it against the master.
Usage: ``.venv/bin/python bench/ashtarashki_endgames.py [--count 20] [--budget 2.0] [--stones 7,8]``.
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
from ai.ashtarashki.engine import ENDGAME_SHARE, ENGINE
from ai.ashtarashki.solver import EndgameSolver, Unsolved, active_stones
from rules import get_game
from rules.ashtarashki import AshtarashkiState


def endgames(stones: int, count: int, rng: random.Random) -> list[AshtarashkiState]:
    """Positions of random games when exactly ``stones`` stones are left unfinished, the game still on."""
    found: list[AshtarashkiState] = []
    while len(found) < count:
        state = get_game("ashtarashki").new_state()
        while state.outcome() is None and active_stones(state) > stones:
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome() is None and active_stones(state) == stones:
            assert isinstance(state, AshtarashkiState)
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20, help="endgames of each size")
    parser.add_argument("--budget", type=float, default=2.0, help="the master's time for a move (the bot's default: 2 s)")
    parser.add_argument("--stones", default="7,8")
    args = parser.parse_args()
    rng = random.Random(7)
    began = time.perf_counter()
    ENGINE.warm_up()
    print(f"compiling the prover: {time.perf_counter() - began:.1f} s (once per process, at the bot's start)")
    allowed = args.budget * ENDGAME_SHARE
    print(f"solver time per move: {allowed:.2f} s ({ENDGAME_SHARE:.0%} of a {args.budget} s budget)")
    for stones in (int(part) for part in args.stones.split(",")):
        solved, scored, positions, seconds, times = 0, 0, 0, 0.0, []
        for state in endgames(stones, args.count, rng):
            began = time.perf_counter()
            solver = EndgameSolver(node_limit=10**9, deadline=began + allowed)
            try:
                solver.won(state)  # who wins: the proof the move depends on
                times.append(time.perf_counter() - began)
                solved += 1
                scored += solver.solve(state).exact  # then the best score, in the time left
            except Unsolved:
                pass
            seconds += time.perf_counter() - began
            positions += solver.positions
        median = f"{statistics.median(times):.3f} s" if times else "-"
        print(f"{stones} stones: {solved}/{args.count} won or lost proven within {allowed:.2f} s ({solved / args.count:.0%}), "
              f"{scored} with the best score (clean win or not) proven too; {positions / seconds:,.0f} positions/s; "
              f"median time of the proofs: {median}")

    etude(args.budget)


ETUDE_2 = "White: M1 c1, f6; M2 c7; M3 h6. Black: M1 a1, g1; M2 e1, f8; M3 a7, h8. White to move."


def etude(budget: float) -> None:
    """Prove the étude, then play it out between two masters at ``budget`` seconds a move."""
    state = get_game("ashtarashki").new_state(position=ETUDE_2)
    began = time.perf_counter()
    solver = EndgameSolver(node_limit=10**10)
    won = solver.won(state)  # type: ignore[arg-type]
    print(f"étude No. 2: {'won' if won else 'lost'} for White, proven in {solver.positions:,} positions, "
          f"{time.perf_counter() - began:.2f} s")
    slowest = 0.0
    while state.outcome() is None:
        began = time.perf_counter()
        state = state.play(ai.choose(state, level="master", time_budget=budget, seed=1))
        slowest = max(slowest, time.perf_counter() - began)
    outcome = state.outcome()
    assert outcome is not None
    print(f"étude No. 2, the master against the master at {budget} s a move: {outcome.winner} wins "
          f"(the slowest move {slowest:.2f} s)")


if __name__ == "__main__":
    main()
