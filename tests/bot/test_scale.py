"""Many long games: a tick reads only the games that are due, and a checked game is never replayed again."""

from __future__ import annotations

import pytest

import storage.sql
from bot.service import Service, ServiceConfig
from storage import SqliteStore, verify_replay
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games the store replays to check them (the real check runs; it is only counted)."""
    seen: list[int] = []

    def counted(row: storage.GameRow) -> str | None:
        seen.append(row.id)
        return verify_replay(row)

    monkeypatch.setattr(storage.sql, "verify_replay", counted)
    return seen


async def test_a_tick_reads_only_the_games_whose_clock_is_due(store: SqliteStore, clock: Clock, replays: list[int]) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9), clock=clock)
    games = []
    for number in range(30):
        chat = Chat(service, chat_id=f"g{number}")
        games.append(await start_game(chat, "krepost", "time=1d", first=f"A{number}", second=f"B{number}"))
        await chat.say(f"A{number}", "@e4")
    assert await service.tick() == []  # each game looked at once, to learn when it needs its next look
    clock.now += 3600
    assert await store.games_clock_due(clock.now) == []  # nothing is due: nothing is read
    assert await service.tick() == []
    restarted = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
    clock.now += 12 * 3600  # half the time per move: the first reminder of every game
    reminders = await restarted.tick()
    assert len(reminders) == 30 and all("reminder" in r.text.lower() or "left" in r.text for r in reminders)
    assert replays == []  # every state was made from a checked one: trusted, never replayed
    clock.now += 13 * 3600
    lost = await restarted.tick()  # past every deadline
    assert len(lost) == 30 and all("ran out of time" in r.text for r in lost)
    assert {(await store.game(g)).status for g in games} == {"finished"}


async def test_a_game_written_by_something_else_is_checked_once(store: SqliteStore, clock: Clock,
                                                                replays: list[int]) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
    game_id = await start_game(Chat(service), "ashtarashki")
    await store._db.execute("UPDATE games SET verified_version = NULL WHERE id = ?", (game_id,))  # as before migration 7
    row = await store.game(game_id)  # as a process reads it: not yet checked
    assert not row.verified
    for _ in range(3):
        await Service(store, config=ServiceConfig(render_boards=False), clock=clock).games.state(row)
    assert replays == [game_id]  # checked once, then trusted
