"""Seeded games between the AI levels and two baselines, per game. Prints figures; asserts nothing.

For every game: master against random and against one-ply greedy, and each level against the one
below it; win rates with 95% confidence intervals, average search depth, nodes per second and time
per move. Usage: ``.venv/bin/python bench/tournament.py [--games N] [--budget S] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from rules import get_game

OPTIONS: dict[str, dict[str, Any]] = {"kamisado": {"match": "single"}, "ashtarashki": {}, "krepost": {}}
PAIRINGS = [("master", "random"), ("master", "greedy"), ("easy", "beginner"), ("normal", "easy"), ("hard", "normal"),
            ("master", "hard")]


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    depths: list[int] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    moves: int = 0


def wilson(wins: float, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if total == 0:
        return 0.0, 1.0
    z = 1.96
    rate = wins / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    spread = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def move_of(player: str, state: Any, seed: int, budget: float, tally: Tally | None) -> Any:
    if player == "random":
        return ai.random_move(state, random.Random(seed))
    if player == "greedy":
        return ai.greedy_move(state, random.Random(seed))
    began = time.perf_counter()
    result = ai.analyse(state, level=player, time_budget=budget, seed=seed)
    if result is None:
        return ai.random_move(state, random.Random(seed))
    if tally is not None:
        tally.depths.append(result.depth)
        tally.nodes += result.nodes
        tally.seconds += time.perf_counter() - began
        tally.moves += 1
    return result.move


def play(key: str, first: str, second: str, seed: int, budget: float, tally: Tally, hero: str) -> str | None:
    game = get_game(key)
    state = game.new_state(**OPTIONS[key])
    players = dict(zip(game.players, (first, second), strict=True))
    ply = 0
    while state.outcome() is None and ply < 1000:
        who = players[state.to_play or ""]
        state = state.play(move_of(who, state, seed * 10_000 + ply, budget, tally if who == hero else None))
        ply += 1
    outcome = state.outcome()
    return None if outcome is None or outcome.winner is None else players[outcome.winner]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(OPTIONS))
    parser.add_argument("--games-per-pairing", "-n", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per move for hard and master")
    args = parser.parse_args()
    for key in args.games:
        print(f"== {key} ({', '.join(f'{k}={v}' for k, v in OPTIONS[key].items()) or 'default'}), "
              f"{args.games_per_pairing} games per pairing, colours alternating")
        for hero, rival in PAIRINGS:
            tally = Tally()
            for seed in range(args.games_per_pairing):
                first, second = (hero, rival) if seed % 2 == 0 else (rival, hero)
                winner = play(key, first, second, seed, args.budget, tally, hero)
                if winner == hero:
                    tally.wins += 1
                elif winner is None:
                    tally.draws += 1
                else:
                    tally.losses += 1
            total = tally.wins + tally.losses + tally.draws
            low, high = wilson(tally.wins + tally.draws / 2, total)
            depth = sum(tally.depths) / len(tally.depths) if tally.depths else 0.0
            rate = tally.nodes / tally.seconds if tally.seconds else 0.0
            per_move = tally.seconds / tally.moves * 1000 if tally.moves else 0.0
            print(f"  {hero:>8} vs {rival:<8} {tally.wins:3}-{tally.losses:3}-{tally.draws:3}  "
                  f"score {(tally.wins + tally.draws / 2) / total:5.0%} (95% CI {low:4.0%}–{high:4.0%})  "
                  f"depth {depth:4.1f}  {rate:8,.0f} nodes/s  {per_move:6.0f} ms/move", flush=True)


if __name__ == "__main__":
    main()
