"""How fast a new bot process is ready at full strength, on a cold and on a warm cache of compiled code.

    .venv/bin/python bench/cold_start.py [--budget 2]

For each cache (cold: an empty ``NUMBA_CACHE_DIR``; warm: the same folder after the cold run) a new
process opens a database, answers ``help`` and compiles or loads the engines (``ai.prepare``):
"ready" is the time from starting the process to that point. Then the process plays each game's
first master move, timed against the budget (the service promises budget + 10%). A first run on a
cold cache plays the moves at once, while the engines are still compiling (each waits for them, never
playing a weaker move); a last run does so on the warm cache, as a restarted bot does.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import asyncio, json, sys, time
import ai
from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore

async def main(path, budget, wait):
    store = await SqliteStore.open(path)
    service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=budget, rate_limit=10**9))
    await service.handle(Event("b", "c", "u", "U", text="help"))
    ai.prepare()  # as the bot does at its start
    if wait:
        await asyncio.to_thread(ai.ready_within, 3600)
    print(json.dumps({"ready": True}), flush=True)
    for number, game in enumerate(("kamisado", "ashtarashki", "krepost")):
        chat = f"c{number}"
        side = {"kamisado": "white", "ashtarashki": "black", "krepost": "white"}[game]  # the bot begins but in Krepost
        began = time.perf_counter()
        await service.handle(Event("b", chat, "u", "U", text=f"play {game} bot {side} level=master"))
        if game == "krepost":
            row = [r for r in await store.all_games() if r.game == game][-1]
            rules = get_game(game)
            state = rules.state_from_dict(row.state)
            began = time.perf_counter()
            await service.handle(Event("b", chat, "u", "U", text=rules.format_move(state, state.legal_moves()[0])))
        print(json.dumps({"game": game, "seconds": time.perf_counter() - began}), flush=True)
    await store.close()

asyncio.run(main(sys.argv[1], float(sys.argv[2]), sys.argv[3] == "wait"))
"""


def run(cache: Path, budget: float, wait: bool = True) -> tuple[float, dict[str, float]]:
    """One new process on ``cache``: seconds from its start to ready, and each game's first master move (at
    once, while the engines still compile, unless ``wait``)."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
        began = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", PROBE, str(Path(folder) / "bot.sqlite3"), str(budget),
                                    "wait" if wait else "now"],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        ready = 0.0
        moves: dict[str, float] = {}
        for line in process.stdout:
            figures = json.loads(line)
            if figures.get("ready"):
                ready = time.perf_counter() - began
            else:
                moves[figures["game"]] = figures["seconds"]
        if process.wait() != 0:
            raise SystemExit("the probe failed")
    return ready, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as cache:
        for label, folder, wait in (("cold, moving at once", first, False), ("cold", cache, True), ("warm", cache, True),
                                    ("warm, moving at once", cache, False)):
            ready, moves = run(Path(folder), args.budget, wait)
            shown = " · ".join(f"{game} {seconds:.2f} s ({100 * seconds / args.budget:.0f}%)"
                               for game, seconds in moves.items())
            print(f"{label}: ready {ready:.1f} s · first master moves at a {args.budget:g} s budget: {shown}")


if __name__ == "__main__":
    main()
