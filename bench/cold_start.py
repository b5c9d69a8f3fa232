"""How fast a fresh process is ready and at full strength: the time from start to a first answer, and each
game's first master move after a start (against its budget), each in a new process.

    .venv/bin/python bench/cold_start.py [--budget 2]

Prints one line per game: seconds to import the bot, seconds to the first master move, and that move's time
against the budget (the service promises budget + 10%; a compile the search waits for shows here).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import json, sys, time
began = time.perf_counter()
import asyncio
from bot.service import Event, Service, ServiceConfig
from storage import SqliteStore
ready = time.perf_counter() - began

async def main(path, game, budget):
    store = await SqliteStore.open(path)
    service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=budget, rate_limit=10**9))
    start = time.perf_counter()
    side = {"kamisado": "white", "ashtarashki": "black", "krepost": "white"}[game]  # Black begins in Kamisado
    await service.handle(Event("b", "c", "u", "U", text=f"play {game} bot {side} level=master"))
    if game == "krepost":  # the player (White) moves first, then the bot answers
        row = (await store.all_games())[-1]
        from rules import get_game
        g = get_game(game)
        s = g.state_from_dict(row.state)
        start = time.perf_counter()
        await service.handle(Event("b", "c", "u", "U", text=g.format_move(s, s.legal_moves()[0])))
    first = time.perf_counter() - start
    await store.close()
    print(json.dumps({"ready": ready, "first_move": first}))

asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args()
    for game in ("kamisado", "ashtarashki", "krepost"):
        path = Path(f"/tmp/cold-start-{game}.sqlite3")
        path.unlink(missing_ok=True)
        done = subprocess.run([sys.executable, "-c", PROBE, str(path), game, str(args.budget)], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{game:12s} ready {figures['ready']:.2f} s · first master move {figures['first_move']:.2f} s "
              f"= {100 * figures['first_move'] / args.budget:.0f}% of the {args.budget:g} s budget")


if __name__ == "__main__":
    main()
