"""The built-in opponent under load: N games against it at once in one process, each player answering at once.

    .venv/bin/python bench/ai_under_load.py [--games 1 10 40 100] [--levels hard master] [--budget 2] [--moves 2]
                                            [--compare 8] [--all-at-once]

For each level and number of games: the bot's answer times (p50, p99, max: the promise is budget × 1.1), how many
answers were a one-ply fallback, and of ``--compare`` positions how many got the move the same level chooses on a
quiet machine (the same position, seed and budget, searched alone afterwards). The games are the three games in
turn, from positions a few random moves in (past the opening book). ``--all-at-once`` runs every search at once, as
the bot did before its searches took turns (bot.service.fair_share), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402
from bot.service import moves  # noqa: E402
from bot.service.fair_share import FairShare  # noqa: E402
from rules import get_game  # noqa: E402
from rules.core import State  # noqa: E402

GAMES = (("kamisado", {"match": "single"}), ("ashtarashki", {}), ("krepost", {}))


class Fallbacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "one-ply" in record.getMessage():
            self.count += 1


def opening(number: int) -> State:
    rng = random.Random(number)
    key, options = GAMES[(number + 1) % len(GAMES)]  # the first game is Ashtarashki: alone, it shows a real search
    state = get_game(key).new_state(**options)
    for _ in range(4 if key == "kamisado" else 8):
        legal = list(state.legal_moves())
        if state.outcome() is not None or not legal:
            break
        state = state.play(rng.choice(legal))
    return state


async def one_game(number: int, level: str, budget: float, turns: int, times: list[float],
                   seen: list[tuple[State, int, object]]) -> None:
    state, rng = opening(number), random.Random(number)
    for turn in range(turns):
        if state.outcome() is not None:
            return
        seed = number * 1000 + turn
        began = time.monotonic()
        move = await moves.bot_move(state, level, budget, seed, number)
        times.append(time.monotonic() - began)
        seen.append((state, seed, move))
        state = state.play(move)
        if state.outcome() is not None:
            return
        state = state.play(rng.choice(list(state.legal_moves())))  # the player answers at once


async def run(games: int, level: str, budget: float, turns: int, compare: int) -> str:
    counter = Fallbacks()
    logging.getLogger("bot.service.moves").addHandler(counter)
    times: list[float] = []
    seen: list[tuple[State, int, object]] = []
    await asyncio.gather(*(one_game(number, level, budget, turns, times, seen) for number in range(games)))
    logging.getLogger("bot.service.moves").removeHandler(counter)
    sample = random.Random(games).sample(seen, min(compare, len(seen)))
    same = 0
    for state, seed, move in sample:  # the same search alone on a quiet machine
        alone = await moves.bot_move(state, level, budget, seed, 0)
        same += alone == move
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{level:6} {games:3} games: {len(times):3} answers, p50 {statistics.median(times):5.2f} s, p99 {p99:5.2f} s,"
            f" max {max(times):5.2f} s (promise {budget * moves.OVERRUN:.1f} s); one-ply fallbacks {counter.count};"
            f" same move as alone {same}/{len(sample)}")


async def main(arguments: argparse.Namespace) -> None:
    ai.prepare()
    ai.ready_within(None)
    if arguments.all_at_once:
        moves.FAIR = FairShare(slots=10**6)
    logging.basicConfig(level=logging.ERROR)
    for level in arguments.levels:
        for games in arguments.games:
            print(await run(games, level, arguments.budget, arguments.moves, arguments.compare), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 40, 100])
    parser.add_argument("--levels", nargs="+", default=["hard", "master"])
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--moves", type=int, default=2)
    parser.add_argument("--compare", type=int, default=8)
    parser.add_argument("--all-at-once", action="store_true")
    asyncio.run(main(parser.parse_args()))
