"""How players are told of their turns, with a fake clock: quiet hours in their own time zone (summer time changing
under them), a last warning brought before them, a deadline moved out of them, a daily digest at 08:00 in Tehran and
in Budapest, notices sent privately, a muted game; each digest sent once by two processes."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.service import Service
from bot.service.events import Reply
from bot.service.quiet import Quiet
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock, two_processes
from tests.bot.test_service import start_game


def at(text: str) -> float:
    """A UTC time written ``2026-11-26 01:00``, as a timestamp."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()


def utc(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M")


async def ticking(service: Service, clock: Clock, until: float, step: float = 600) -> list[tuple[float, Reply]]:
    """Every reply of the ticks from the clock's time to ``until``, each with the time it was sent."""
    sent = []
    while clock.now <= until:
        sent += [(clock.now, reply) for reply in await service.tick()]
        clock.now += step
    return sent


def test_quiet_hours_follow_the_players_clock_across_a_change_of_summer_time() -> None:
    quiet = Quiet(22 * 60, 7 * 60, ZoneInfo("Europe/Budapest"))
    summer, winter = timezone(timedelta(hours=2)), timezone(timedelta(hours=1))  # known offsets, not the zone's rules
    window = quiet.window(at("2026-10-24 23:00"))  # the night summer time ends (03:00 becomes 02:00 on the 25th)
    assert window == (datetime(2026, 10, 24, 22, 0, tzinfo=summer).timestamp(),
                      datetime(2026, 10, 25, 7, 0, tzinfo=winter).timestamp())
    assert quiet.window(at("2026-10-25 20:30")) is None  # 21:30 local: not yet
    assert quiet.window(at("2026-10-25 21:00")) == (datetime(2026, 10, 25, 22, 0, tzinfo=winter).timestamp(),
                                                    datetime(2026, 10, 26, 7, 0, tzinfo=winter).timestamp())


async def test_the_last_warning_comes_before_quiet_hours_and_nothing_inside_them(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = at("2026-11-26 00:00")
    game_id = await start_game(chat, "ashtarashki", "time=1d")
    await chat.say("Bob", "settings zone Europe/Budapest")
    await chat.say("Bob", "settings quiet 22:00-07:00")  # 21:00-06:00 UTC in winter
    clock.now = at("2026-11-26 01:00")
    await chat.say("Ann", "a3-b4")  # Bob's turn: the deadline is 02:00 his time, inside his quiet hours
    row = await store.game(game_id)
    assert utc(row.deadline or 0) == "2026-11-27 01:00"
    told = [(when, reply) for when, reply in await ticking(service, clock, at("2026-11-27 00:50"))
            if reply.mentions == ("bob",)]
    assert [utc(when) for when, _ in told] == ["2026-11-26 13:00", "2026-11-26 20:50"]  # the last before 22:00 his time
    assert "left" in told[-1][1].text  # the last warning, with the time left in it
    quiet = Quiet.of((await service.people.by_id(row.black_id)).prefs)
    assert quiet is not None and all(quiet.window(when) is None for when, _ in told)


async def test_a_deadline_inside_quiet_hours_begun_before_the_turn_moves_to_their_end(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = at("2026-11-26 20:00")
    game_id = await start_game(chat, "ashtarashki", "time=2h")
    await chat.say("Bob", "settings zone +01:00")
    await chat.say("Bob", "settings quiet 22-7")
    clock.now = at("2026-11-26 22:00")  # 23:00 for Bob: asleep; two hours would end at 01:00 his time
    await chat.say("Ann", "a3-b4")
    row = await store.game(game_id)
    assert utc(row.deadline or 0) == "2026-11-27 06:30"  # 07:00 his time, and the half hour a last warning gives
    told = [(when, reply) for when, reply in await ticking(service, clock, at("2026-11-27 06:20"), 300)
            if reply.mentions == ("bob",)]
    assert [utc(when) for when, _ in told] == ["2026-11-27 06:00"]  # as his quiet hours end


async def test_a_daily_digest_at_eight_in_tehran_and_in_budapest_instead_of_a_reminder_per_game(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = at("2026-11-26 09:00")
    games = [await start_game(chat, "ashtarashki", "time=3d", first="Ann", second=second) for second in ("Bob", "Cy")]
    third = await start_game(chat, "ashtarashki", "time=3d", first="Ann", second="Bob")
    for number in (games[0], games[1], third):
        await chat.say("Ann", f"#{number} a3-b4")
    private = {name: Chat(service, f"{name.lower()}-dm", private=True) for name in ("Bob", "Cy")}
    for name, zone in (("Bob", "Europe/Budapest"), ("Cy", "Asia/Tehran")):
        await private[name].say(name, f"settings zone {zone}")
        saved = await private[name].one(name, "settings reminders daily 08:00")
        assert "daily at 08:00" in saved.text
    await private["Bob"].say("Bob", f"settings mute #{third}")
    sent = await ticking(service, clock, at("2026-11-27 09:00"))
    digests = [(utc(when), reply) for when, reply in sent if reply.chat_id in ("bob-dm", "cy-dm")]
    assert [(when, reply.chat_id) for when, reply in digests] == [("2026-11-27 04:30", "cy-dm"),  # 08:00 in Tehran
                                                                 ("2026-11-27 07:00", "bob-dm")]  # 08:00 in Budapest
    bob = digests[1][1].text
    assert bob.startswith("Your move in 1 game(s):") and f"#{games[0]} Ashtarashki against Ann: 2 d" in bob
    assert f"#{third}" not in bob  # muted
    assert not [r for _, r in sent if r.mentions in (("bob",), ("cy",)) and "it is your move" in r.text]  # no reminders


async def test_notices_go_privately_when_asked_and_each_digest_is_sent_once_by_two_processes(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = at("2026-11-26 09:00")
    await start_game(chat, "ashtarashki", "time=1d")
    bob = Chat(service, "bob-dm", private=True)
    await bob.say("Bob", "settings notices private")
    await chat.say("Ann", "a3-b4")
    reminders = [r for _, r in await ticking(service, clock, at("2026-11-26 22:00"))]
    assert [r.chat_id for r in reminders if "your move" in r.text] == ["bob-dm"]
    await bob.say("Bob", "settings reminders every 6h")
    other = Service(store, config=service.config, clock=clock)
    clock.now += 6 * 3600 + 1
    first, second = await asyncio.gather(service.tick(), other.tick())
    assert len([r for r in first + second if r.chat_id == "bob-dm" and "Your move in" in r.text]) == 1


def test_a_daily_digest_keeps_its_hour_on_the_players_clock_when_summer_time_ends() -> None:
    from bot.service.notices import next_digest

    prefs = {"digest": {"daily": "08:00"}, "zone": "Europe/Budapest"}
    assert utc(next_digest(prefs, at("2026-10-24 12:00")) or 0) == "2026-10-25 07:00"  # 08:00 in winter time (+1)
    assert utc(next_digest(prefs, at("2026-10-23 12:00")) or 0) == "2026-10-24 06:00"  # 08:00 in summer time (+2)
    assert utc(next_digest({**prefs, "quiet": "07:00-09:00"}, at("2026-10-23 12:00")) or 0) == "2026-10-24 07:00"


async def bob_waits_in_games(service: Service, chat: Chat, count: int) -> Chat:
    """Bob (Europe/Budapest, a daily digest at 08:00) is to move in ``count`` games against Ann; his private chat."""
    for _ in range(count):
        number = await start_game(chat, "ashtarashki", "time=3d")
        await chat.say("Ann", f"#{number} a3-b4")
    bob = Chat(service, "bob-dm", private=True)
    await bob.say("Bob", "settings zone Europe/Budapest")
    await bob.say("Bob", "settings reminders daily 08:00")
    return bob


async def test_a_failing_line_costs_that_line_and_the_digest_still_comes(
        service: Service, chat: Chat, clock: Clock, monkeypatch: object) -> None:
    clock.now = at("2026-11-26 09:00")
    await bob_waits_in_games(service, chat, 12)
    names = service.app.people.names
    tenth = 10

    async def failing(row):  # type: ignore[no-untyped-def]
        if row.id == tenth:
            raise RuntimeError("a lookup that fails")
        return await names(row)

    service.app.people.names = failing  # type: ignore[method-assign]
    sent = await ticking(service, clock, at("2026-11-27 08:00"))
    [digest] = [r for _, r in sent if r.chat_id == "bob-dm" and "Your move in" in r.text]
    assert digest.text.startswith("Your move in 12 game(s):") and "#10 Ashtarashki against ?" in digest.text
    assert "#11 Ashtarashki against Ann" in digest.text


async def test_a_digest_whose_writer_died_is_sent_by_the_next_process_and_once(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = at("2026-11-26 09:00")
    await bob_waits_in_games(service, chat, 3)
    clock.now = at("2026-11-27 07:00")  # 08:00 in Budapest: the digest is due
    owe = service.app.outbox.owe
    entered = asyncio.Event()

    async def dying(items):  # type: ignore[no-untyped-def]
        entered.set()
        await asyncio.sleep(3600)  # the process is killed here, inside the digest's send
        await owe(items)

    service.app.outbox.owe = dying  # type: ignore[method-assign]
    tick = asyncio.create_task(service.tick())
    await entered.wait()
    tick.cancel()
    restarted = Service(store, config=service.config, clock=clock)
    assert not [r for r in await restarted.tick() if r.chat_id == "bob-dm"]  # held by the one that died, for a while
    sent = await ticking(restarted, clock, at("2026-11-27 08:00"), 60)
    digests = [(utc(when), r) for when, r in sent if r.chat_id == "bob-dm" and "Your move in" in r.text]
    assert [when for when, _ in digests] == ["2026-11-27 07:10"] and "3 game(s)" in digests[0][1].text  # once


BUDAPEST = ZoneInfo("Europe/Budapest")


def budapest(text: str) -> float:
    """A Budapest wall-clock time written ``2026-11-26 23:30``, as a timestamp (summer time or not, as it was)."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=BUDAPEST).timestamp()


def on_his_clock(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, BUDAPEST).strftime("%Y-%m-%d %H:%M")


async def bob_sleeps_22_to_7(chat: Chat, quiet: bool = True) -> None:
    await chat.say("Bob", "settings zone Europe/Budapest")
    if quiet:
        await chat.say("Bob", "settings quiet 22:00-07:00")


def to_bob(sent: list[tuple[float, Reply]]) -> list[str]:
    """When Bob was told something addressed to him, on his own clock."""
    return [on_his_clock(when) for when, reply in sent if reply.mentions == ("bob",) or reply.chat_id == "bob-dm"]


@pytest.mark.parametrize("day", ["2026-11-26", "2026-10-24"])  # a winter night; the night summer time ends
async def test_a_vacation_that_ends_at_night_waits_for_the_morning(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore, day: str) -> None:
    clock.now = budapest(f"{day} 09:00")
    game_id = await start_game(chat, "ashtarashki", "time=1d")
    await bob_sleeps_22_to_7(chat)
    clock.now = budapest(f"{day} 10:00")
    await chat.say("Ann", "a3-b4")  # Bob's turn: a day, to 10:00 tomorrow
    clock.now = budapest(f"{day} 23:30")
    await chat.say("Bob", "vacation 1d")  # back at 23:30 tomorrow (a day of 24 hours: 22:30 when summer time ends)
    deadline = (await store.game(game_id)).deadline or 0
    assert deadline == budapest(f"{day} 10:00") + 2 * 86400  # the day of vacation added: not in his quiet hours
    sent = await ticking(service, clock, deadline - 60, 300)
    back = on_his_clock(budapest(f"{day} 23:30") + 86400)[:10]
    morning = on_his_clock(budapest(f"{day} 12:00") + 2 * 86400)[:10] + " 07:00"
    assert back == on_his_clock(budapest(f"{day} 12:00") + 86400)[:10]  # he is back the next night
    assert to_bob(sent) == [morning, on_his_clock(deadline - 3600)]  # the reminder as he wakes; the last warning


async def test_quiet_hours_set_mid_turn_place_that_turns_last_warning(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = budapest("2026-11-26 10:00")
    game_id = await start_game(chat, "ashtarashki", "time=12h")
    await bob_sleeps_22_to_7(chat, quiet=False)
    clock.now = budapest("2026-11-26 11:00")
    await chat.say("Ann", "a3-b4")  # to 23:00 his time
    sent = await ticking(service, clock, budapest("2026-11-26 18:00"), 300)  # his first reminder, at 17:00
    await chat.say("Bob", "settings quiet 22:00-07:00")  # now, mid-turn
    sent += await ticking(service, clock, budapest("2026-11-26 22:55"), 300)
    assert (await store.game(game_id)).deadline == budapest("2026-11-26 23:00")  # he had eleven hours before them
    assert to_bob(sent) == ["2026-11-26 17:00", "2026-11-26 21:50"]  # the last warning before his quiet hours


async def test_a_turn_that_passes_just_before_quiet_hours_ends_after_them(
        service: Service, chat: Chat, clock: Clock, store: SqliteStore) -> None:
    clock.now = budapest("2026-11-26 20:00")
    game_id = await start_game(chat, "ashtarashki", "time=2h")
    await bob_sleeps_22_to_7(chat)
    clock.now = budapest("2026-11-26 21:55")  # five minutes before his quiet hours: two hours would end at 23:55
    await chat.say("Ann", "a3-b4")
    assert (await store.game(game_id)).deadline == budapest("2026-11-27 07:30")  # their end, and the half hour
    sent = await ticking(service, clock, budapest("2026-11-27 07:25"), 300)
    assert to_bob(sent) == ["2026-11-27 07:00"]  # one notice, the last warning, as he wakes


async def test_two_processes_on_postgresql_wake_nobody_at_night_and_send_each_notice_once(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import people

    monkeypatch.setattr(people, "FRESH_FOR", 0.0)  # this clock's hours pass in moments: a setting read anew each time
    clock = Clock()
    async with two_processes(postgres_url, clock) as (first, second, stores):
        chat = Chat(first)
        clock.now = budapest("2026-10-24 09:00")  # the night summer time ends
        bobs = await start_game(chat, "ashtarashki", "time=1d")
        cys = await start_game(chat, "ashtarashki", "time=3d", second="Cy")
        await bob_sleeps_22_to_7(chat)
        cy = Chat(second, "cy-dm", private=True)  # Cy speaks to the other process
        await cy.say("Cy", "settings zone Europe/Budapest")
        await cy.say("Cy", "settings reminders daily 08:00")
        clock.now = budapest("2026-10-24 10:00")
        await chat.say("Ann", f"#{bobs} a3-b4")
        await chat.say("Ann", f"#{cys} a3-b4")
        clock.now = budapest("2026-10-24 23:30")
        await Chat(second).say("Bob", "vacation 1d")  # back at 22:30 on the 25th (24 hours, summer time ended)
        deadline = (await stores[0].game(bobs)).deadline or 0
        sent: list[tuple[float, Reply]] = []
        while clock.now < deadline - 60:
            for batch in await asyncio.gather(first.tick(), second.tick()):
                sent += [(clock.now, reply) for reply in batch]
            clock.now += 300
        assert to_bob(sent) == ["2026-10-26 07:00", on_his_clock(deadline - 3600)]  # once each, as he wakes
        digests = [on_his_clock(when) for when, reply in sent if reply.chat_id == "cy-dm"]
        assert digests == ["2026-10-25 08:00", "2026-10-26 08:00"]  # 08:00 on his clock, both sides of the change


async def test_a_challenge_to_a_private_chat_waits_for_the_end_of_quiet_hours(
        service: Service, clock: Clock) -> None:
    clock.now = budapest("2026-11-26 20:00")
    ann = Chat(service, "ann-dm", platform="telegram", private=True)
    bob = Chat(service, "bob-dm", platform="telegram", private=True)
    await bob_sleeps_22_to_7(bob)
    clock.now = budapest("2026-11-26 23:00")
    replies = await ann.say("Ann", "play ashtarashki @Bob")  # from her private chat: it goes to his
    assert [r.chat_id for r in replies] == ["ann-dm"] and "Challenge #1 sent to Bob" in replies[0].text
    assert not [r for r in await service.redeliver("telegram") if r.chat_id == "bob-dm"]  # he sleeps
    clock.now = budapest("2026-11-27 07:00")
    [woke] = [r for r in await service.redeliver("telegram") if r.chat_id == "bob-dm"]
    assert "Ann (on" in woke.text and "challenges you to Ashtarashki" in woke.text


async def test_an_edited_board_tells_the_player_to_move_privately_only_outside_quiet_hours(
        service: Service, chat: Chat, clock: Clock) -> None:
    from bot.service import TO_MOVE

    clock.now = budapest("2026-11-26 20:00")
    await start_game(chat, "ashtarashki")
    await bob_sleeps_22_to_7(chat)
    boards = [r for r in await chat.say("Ann", "a3-b4") if r.game_id is not None]
    assert boards and boards[-1].extra.get(TO_MOVE) == "bob"  # awake: an edit in place would tell him privately
    await chat.say("Bob", "b6-a5")
    clock.now = budapest("2026-11-26 23:00")
    boards = [r for r in await chat.say("Ann", "c3-d4") if r.game_id is not None]
    assert boards and TO_MOVE not in boards[-1].extra  # asleep: nothing privately, the board is in the chat


DIGEST_WRITER = r"""
import asyncio, sys
from bot.service import Service, ServiceConfig
from storage import SqliteStore

async def main(path, now):
    store = await SqliteStore.open(path, clock=lambda: now)
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=lambda: now)

    async def inside(items):
        print("inside", flush=True)  # the digest is claimed and written: killed here, before it is owed
        await asyncio.sleep(3600)

    service.app.outbox.owe = inside
    await service.tick()

asyncio.run(main(sys.argv[1], float(sys.argv[2])))
"""


async def test_a_process_killed_inside_a_digest_costs_ten_minutes_not_the_digest(
        db_path: Path, clock: Clock) -> None:
    import signal
    import subprocess
    import sys

    from bot.service import ServiceConfig
    from tests.bot.processes import ROOT

    store = await SqliteStore.open(db_path, clock=clock)
    config = ServiceConfig(render_boards=False, rate_limit=1000)
    clock.now = at("2026-11-26 09:00")
    await bob_waits_in_games(Service(store, config=config, clock=clock), Chat(Service(store, config=config, clock=clock)),
                             2)
    await store.close()
    clock.now = at("2026-11-27 07:00")  # 08:00 in Budapest: the digest is due
    writer = subprocess.Popen([sys.executable, "-c", DIGEST_WRITER, str(db_path), str(clock.now)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "inside"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    store = await SqliteStore.open(db_path, clock=clock)
    try:
        restarted = Service(store, config=config, clock=clock)
        sent = await ticking(restarted, clock, at("2026-11-27 08:00"), 60)
        digests = [(utc(when), r) for when, r in sent if r.chat_id == "bob-dm" and "Your move in" in r.text]
        assert [when for when, _ in digests] == ["2026-11-27 07:10"] and "2 game(s)" in digests[0][1].text
    finally:
        await store.close()
