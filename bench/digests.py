"""What the players' digests, quiet hours and prepared answers cost the clocks' tick, with 10,000 games going on.

Builds the database of ``bench/scale.py`` (``--games`` stored, ``--active`` going on), times a tick when nothing is due
(as the bot ticks today), then gives half the players a daily digest (not yet due), quiet hours and a time zone, and
prepared answers in ``--prepared`` games, and times a tick again (nothing due: it should cost the same); then a tick
that sends ``--due`` digests at once.

    .venv/bin/python bench/digests.py [--games 20000] [--active 10000] [--prepared 500] [--due 100]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scale import PLAYERS, build
from bot.service import Service, ServiceConfig
from storage import open_store

ZONES = ("Europe/Budapest", "Asia/Tehran", "Europe/Moscow", "UTC")


async def ticks(service: Service, clock: list[float], count: int = 80) -> tuple[float, float, float]:
    """The median, the mean and the largest of ``count`` ticks 30 s apart (as the bot ticks), in milliseconds."""
    times = []
    for _ in range(count):
        clock[0] += 30.0
        began = time.perf_counter()
        await service.tick()
        times.append(time.perf_counter() - began)
    return 1000 * statistics.median(times), 1000 * statistics.mean(times), 1000 * max(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--active", type=int, default=10_000)
    parser.add_argument("--bot", type=int, default=0)
    parser.add_argument("--prepared", type=int, default=500)
    parser.add_argument("--due", type=int, default=100)
    args = parser.parse_args()
    now = time.time()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        await build(url, args, now)
        clock = [now + 3600.0]  # an hour later: no clock is due
        store = await open_store(url, clock=lambda: clock[0])
        service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9), clock=lambda: clock[0])
        before = await ticks(service, clock)
        db = store._db  # the bench writes the preferences as the settings would, for thousands of players at once
        for player in range(1, PLAYERS // 2 + 1):
            prefs = {"zone": ZONES[player % len(ZONES)], "quiet": "22:00-07:00", "digest": {"daily": "08:00"}}
            await db.execute("UPDATE users SET prefs = ?, digest_due = ? WHERE id = ?",
                             (json.dumps(prefs), clock[0] + 2 * 86_400 + player, player))
        games = await store.all_games()
        going = [row for row in games if row.status == "active"][: args.prepared]
        for row in going:
            await store.keep_prepared(row.id, row.white_id, len(row.moves), {"x": {"reply": "y", "next": {}}})
        service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9), clock=lambda: clock[0])
        after = await ticks(service, clock)
        for player in range(1, args.due + 1):
            await store.schedule_digest(player, clock[0] - 1)
        clock[0] += 300.0  # the next look for digests
        began = time.perf_counter()
        sent = await service.tick()
        sending = 1000 * (time.perf_counter() - began)
        await store.close()
    print(f"{args.active} games going on, ticks 30 s apart with nothing due: median {before[0]:.1f} ms, mean "
          f"{before[1]:.1f} ms (max {before[2]:.1f}) before; with {PLAYERS // 2} players' digests, quiet hours and zones "
          f"and {args.prepared} games' prepared answers: median {after[0]:.1f} ms, mean {after[1]:.1f} ms (max "
          f"{after[2]:.1f}); a tick sending {args.due} digests {sending:.0f} ms ({len(sent)} messages)")


if __name__ == "__main__":
    asyncio.run(main())
