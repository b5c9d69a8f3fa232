"""Plies per second of random games through the public rules API (``legal_moves`` + ``play``).

Usage: ``.venv/bin/python bench/rules_speed.py [GAME ...] [--seconds S]``. Prints one line per
game with the figure and the target from the issue; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import get_game

SETUPS: dict[str, tuple[dict[str, Any], int]] = {
    "kamisado": ({"match": "single"}, 50_000),
    "ashtarashki": ({}, 20_000),
    "krepost": ({}, 5_000),
}


def plies_per_second(key: str, seconds: float, seed: int = 1) -> tuple[float, int]:
    """Play random games of ``key`` for about ``seconds``; return (plies per second, games)."""
    game = get_game(key)
    options, _ = SETUPS[key]
    rng = random.Random(seed)
    plies = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_state(**options)
        while True:
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(moves[rng.randrange(len(moves))])
            plies += 1
        games += 1
    return plies / (time.perf_counter() - start), games


def surround_check_microseconds(repeats: int = 2000) -> tuple[float, float, int]:
    """Median µs of one full surround check, and of one move's incremental prisoner check, on a crowded board."""
    from dataclasses import replace

    from rules.krepost import KrepostState

    rng = random.Random(5)
    stones = [0, 0]
    for square in range(144):
        if rng.random() < 0.6:
            stones[rng.randrange(2)] |= 1 << square
    state = get_game("krepost").new_state()
    assert isinstance(state, KrepostState)
    state = replace(state, stones=(stones[0], stones[1]), in_hand=(5, 5))
    full = []
    for _ in range(repeats):
        began = time.perf_counter()
        state.surrounded("black")
        full.append(time.perf_counter() - began)
    paths = state.base_moves()
    per_move = []
    for _ in range(max(1, repeats // 50)):
        fresh = replace(state)
        began = time.perf_counter()
        fresh.legal_moves()
        per_move.append((time.perf_counter() - began) / len(paths))
    return statistics.median(full) * 1e6, statistics.median(per_move) * 1e6, len(paths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    keys = args.games or [k for k in SETUPS if _registered(k)]
    for key in keys:
        rate, games = plies_per_second(key, args.seconds)
        target = SETUPS[key][1]
        print(f"{key:12} {rate:10,.0f} plies/s over {games:,} random games (target ≥ {target:,})")
        if key == "krepost":
            full, per_move, moves = surround_check_microseconds()
            print(f"{'':12} surround check on a crowded board (60% full): {full:,.1f} µs for the whole board;"
                  f" {per_move:,.1f} µs per candidate turn while listing {moves} turns")


def _registered(key: str) -> bool:
    try:
        get_game(key)
    except KeyError:
        return False
    return True


if __name__ == "__main__":
    main()
