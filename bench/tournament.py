"""Seeded games between the AI levels and two baselines, per game. Prints figures; asserts nothing.

For every game: master against random and against one-ply greedy, and each level against the one
below it; win rates with 95% confidence intervals, average search depth, nodes per second and time
per move, and how the games ended. Games run in parallel on every core. A game stops after 1,000
plies: a Krepost game still taking prisoners then is counted as it stands (the players' agreement
to count), any other is a draw.
Usage: ``.venv/bin/python bench/tournament.py [-n GAMES] [--budget S] [--pairings master-random,…] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from rules import get_game

# Each entry is one kind of game played in the tournament: (game, its options).
OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "kamisado": ("kamisado", {"match": "single"}),
    "kamisado-standard": ("kamisado", {"match": "standard"}),
    "ashtarashki": ("ashtarashki", {}),
    "krepost": ("krepost", {}),
}
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
    endings: dict[str, int] = field(default_factory=dict)  # how the games ended: reason, or "count 0-0"


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


def ending(outcome: Any) -> str:
    """How a game ended, for the summary: the outcome's reason, with a Krepost count's figures."""
    if outcome is None:
        return "unfinished"
    count = getattr(outcome, "count", None)
    if count:
        return f"count {'-'.join(str(v) for v in sorted(count.values(), reverse=True))}"
    return str(outcome.reason)


def play(key: str, first: str, second: str, seed: int, budget: float, tally: Tally, hero: str) -> str | None:
    name, options = OPTIONS[key]
    game = get_game(name)
    state = game.new_state(**options)
    players = dict(zip(game.players, (first, second), strict=True))
    ply = 0
    while state.outcome() is None and ply < 1000:
        who = players[state.to_play or ""]
        state = state.play(move_of(who, state, seed * 10_000 + ply, budget, tally if who == hero else None))
        ply += 1
    counted = ply >= 1000 and state.outcome() is None and hasattr(state, "agree_to_count")
    if counted:
        state = state.agree_to_count()  # a Krepost game still taking prisoners at the cap: counted as it stands
    outcome = state.outcome()
    how = ("at the cap: " if counted else "") + ending(outcome)
    tally.endings[how] = tally.endings.get(how, 0) + 1
    return None if outcome is None or outcome.winner is None else players[outcome.winner]


def one_game(key: str, hero: str, rival: str, seed: int, budget: float) -> tuple[str, Tally]:
    """One seeded game, colours alternating with the seed: ("win" | "loss" | "draw", the hero's figures)."""
    tally = Tally()
    first, second = (hero, rival) if seed % 2 == 0 else (rival, hero)
    winner = play(key, first, second, seed, budget, tally, hero)
    return ("win" if winner == hero else "draw" if winner is None else "loss"), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(OPTIONS), help=f"any of {', '.join(OPTIONS)}")
    parser.add_argument("--games-per-pairing", "-n", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per move for hard and master")
    parser.add_argument("--pairings", default="", help="e.g. master-random,hard-normal (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games played at once")
    args = parser.parse_args()
    pairings = [tuple(p.split("-")) for p in args.pairings.split(",") if p] or PAIRINGS
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for key in args.games:
            name, options = OPTIONS[key]
            print(f"== {name} ({', '.join(f'{k}={v}' for k, v in options.items()) or 'default'}), "
                  f"{args.games_per_pairing} games per pairing, colours alternating, {args.budget} s per move")
            for hero, rival in pairings:
                began = time.perf_counter()
                tally = Tally()
                futures = [pool.submit(one_game, key, hero, rival, seed, args.budget)
                           for seed in range(args.games_per_pairing)]
                for future in futures:
                    result, figures = future.result()
                    tally.wins += result == "win"
                    tally.losses += result == "loss"
                    tally.draws += result == "draw"
                    tally.depths += figures.depths
                    tally.nodes += figures.nodes
                    tally.seconds += figures.seconds
                    tally.moves += figures.moves
                    for how, count in figures.endings.items():
                        tally.endings[how] = tally.endings.get(how, 0) + count
                total = tally.wins + tally.losses + tally.draws
                low, high = wilson(tally.wins + tally.draws / 2, total)
                depth = sum(tally.depths) / len(tally.depths) if tally.depths else 0.0
                rate = tally.nodes / tally.seconds if tally.seconds else 0.0
                per_move = tally.seconds / tally.moves * 1000 if tally.moves else 0.0
                print(f"  {hero:>8} vs {rival:<8} {tally.wins:3}-{tally.losses:3}-{tally.draws:3}  "
                      f"score {(tally.wins + tally.draws / 2) / total:5.0%} (95% CI {low:4.0%}–{high:4.0%})  "
                      f"depth {depth:4.1f}  {rate:8,.0f} nodes/s  {per_move:6.0f} ms/move  "
                      f"({time.perf_counter() - began:.0f} s)", flush=True)
                endings = sorted(tally.endings.items(), key=lambda item: -item[1])
                print(f"  {'':>8}    ended by: {', '.join(f'{how} ×{count}' for how, count in endings)}", flush=True)


if __name__ == "__main__":
    main()
