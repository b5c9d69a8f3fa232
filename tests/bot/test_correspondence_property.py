"""The promises of the clocks, for any player: random time zones, quiet hours, digests, vacations, time controls and
move times over four weeks (across summer-time changes). The clocks are looked at whenever anything is due (as a
ticker every 30 s would, at most 30 s late); the expectations are the documented rules, checked from what was sent:
- no notice to a person (a reminder, a last warning, a digest, anything in their private chat) falls inside their
  quiet hours;
- no turn is lost on time without a last warning somewhere the player sees it;
- a deadline inside quiet hours is one the player had at least a last warning's time to meet before them.
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import Service, ServiceConfig
from bot.service.events import Reply
from bot.service.quiet import Quiet
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game

ZONES = ("Europe/Budapest", "Asia/Tehran", "America/New_York", "Australia/Lord_Howe", "UTC", "+05:30")
CONTROLS = {"2h": 7200, "6h": 21600, "12h": 43200, "1d": 86400, "3d": 259200}
WARNING = 3600  # the last warning's time (ServiceConfig's default), at most a quarter of the time a move
FOUR_WEEKS = 28 * 86400
GAME = get_game("ashtarashki")

turn = st.tuples(st.floats(0.0, 1.3), st.booleans())  # the share of the time a move Bob takes; a vacation first?


@st.composite
def players(draw: st.DrawFn) -> dict[str, object]:
    start = datetime(2026, 9, 1).timestamp() + draw(st.integers(0, 240)) * 86400 + draw(st.integers(0, 95)) * 900
    begin, length = draw(st.integers(17, 23)), draw(st.integers(3, 12))
    return {
        "start": float(start), "zone": draw(st.sampled_from(ZONES)), "control": draw(st.sampled_from(sorted(CONTROLS))),
        "quiet": f"{begin:02d}:{draw(st.sampled_from(['00', '30']))}-{(begin + length) % 24:02d}:00",
        "digest": draw(st.sampled_from([None, "daily 08:00", "every 6h"])),
        "private": draw(st.booleans()), "turns": draw(st.lists(turn, min_size=1, max_size=6)),
        "late": draw(st.integers(1, 30)),  # how late after something is due the clocks look
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players())
def test_no_notice_in_quiet_hours_and_no_loss_on_time_without_a_last_warning(case: dict[str, object]) -> None:
    asyncio.run(_scenario(case))


async def _scenario(case: dict[str, object]) -> None:
    clock = Clock()
    clock.now = float(case["start"])  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bot.sqlite3", clock=clock)
        try:
            await _play(Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock),
                        store, clock, case)
        finally:
            await store.close()


async def _play(service: Service, store: SqliteStore, clock: Clock, case: dict[str, object]) -> None:
    group, bob = Chat(service), Chat(service, "bob-dm", private=True)
    control = str(case["control"])
    game_id = await start_game(group, "ashtarashki", f"time={control}")
    await bob.say("Bob", f"settings zone {case['zone']}")
    await bob.say("Bob", f"settings quiet {case['quiet']}")
    if case["digest"]:
        await bob.say("Bob", f"settings reminders {case['digest']}")
    if case["private"]:
        await bob.say("Bob", "settings notices private")
    quiet = Quiet.of((await service.people.by_id((await store.game(game_id)).black_id)).prefs)
    assert quiet is not None
    sent: list[tuple[float, Reply]] = []
    end = clock.now + FOUR_WEEKS
    await _ann_moves(group, store, game_id)
    for share, vacation in case["turns"]:  # type: ignore[attr-defined]
        row = await store.game(game_id)
        if row.status != "active":
            break
        began = clock.now
        if vacation:
            await bob.say("Bob", "vacation 1d")
            row = await store.game(game_id)
        assert row.deadline is not None
        window = quiet.window(row.deadline)
        if window is not None:  # a deadline inside quiet hours: he had a last warning's time before them
            assert window[0] - max(began, row.last_move_at) >= min(WARNING, CONTROLS[control] / 4) - 1
        moves_at = began + share * (row.deadline - began)
        sent += await _until(service, store, clock, game_id, min(moves_at, end), int(case["late"]))  # type: ignore[call-overload]
        row = await store.game(game_id)
        if row.status != "active":
            break
        state = GAME.state_from_dict(row.state)
        await group.say("Bob", f"#{game_id} {_first(state)}")
        await _ann_moves(group, store, game_id)
    else:
        row = await store.game(game_id)
        if row.status == "active":  # his last turn: he lets it run out
            sent += await _until(service, store, clock, game_id, (row.deadline or clock.now) + 120, int(case["late"]))  # type: ignore[arg-type]
    to_bob = [(when, reply) for when, reply in sent if reply.mentions == ("bob",) or reply.chat_id == "bob-dm"]
    assert all(quiet.window(when) is None for when, _ in to_bob), [
        (datetime.fromtimestamp(when, ZoneInfo("UTC")).isoformat(), reply.text) for when, reply in to_bob
        if quiet.window(when) is not None]
    row = await store.game(game_id)
    if row.result and row.result.get("reason") == "time":
        lost_at = max(when for when, reply in sent if "ran out of time" in reply.text)
        warned = [when for when, reply in to_bob if "left for your move" in reply.text and when < lost_at]
        assert warned, "lost on time without a last warning"


async def _ann_moves(group: Chat, store: SqliteStore, game_id: int) -> None:
    row = await store.game(game_id)
    state = GAME.state_from_dict(row.state)
    if row.status == "active" and state.to_play == "white":
        await group.say("Ann", f"#{game_id} {_first(state)}")


def _first(state: object) -> str:
    moves = sorted(GAME.format_move(state, move) for move in state.legal_moves())  # type: ignore[attr-defined, arg-type]
    return moves[0]


async def _until(service: Service, store: SqliteStore, clock: Clock, game_id: int, until: float,
                 late: int) -> list[tuple[float, Reply]]:
    """Look at the clocks whenever anything is due (``late`` seconds after it), up to ``until``: what was sent, when."""
    sent: list[tuple[float, Reply]] = []
    while True:
        row = await store.game(game_id)
        if row.status != "active":
            return sent
        found = await store._db.fetch_one("SELECT clock_due FROM games WHERE id = ?", (game_id,))
        due = [float(found["clock_due"])] if found and found["clock_due"] is not None else []
        due += [when for _, when in await service.app.correspondence.digests_due(until)]
        due += await _outbox_due(store, until)
        due += [clock.now + 120] if await service.app.correspondence.digests_due(clock.now + 120) else []
        ahead = [when for when in due if when is not None and when > clock.now - late]
        after = min(ahead, default=until) + late
        if after > until:
            clock.now = max(clock.now, until)
            return sent
        clock.now = max(clock.now + 1, after)
        for reply in await service.tick() + await service.redeliver():
            sent.append((clock.now, reply))
            if reply.delivery is not None:
                await service.sent(reply)


async def _outbox_due(store: SqliteStore, until: float) -> list[float]:
    rows = await store._db.fetch_all("SELECT due FROM outbox WHERE status = 'pending' AND due <= ?", (until,))
    return [float(row["due"]) for row in rows]
