"""Administrators abort, move deadlines and read a frozen game's evidence; players take vacations."""

from __future__ import annotations

import json

from bot.service import Service, ServiceConfig
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game

DAY = 86400


async def test_only_administrators_may_abort_and_an_aborted_game_is_over(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    await chat.one("Ann", "@e4")
    refused = await chat.one("Bob", f"admin abort #{game_id}")
    assert refused.private_to == "bob" and "administrators" in refused.text
    assert (await service.store.game(game_id)).status == "active"
    done = await chat.one("Carol", f"admin abort #{game_id} players left", is_admin=True)
    assert f"#{game_id}" in done.text and "aborted by Carol (players left)" in done.text
    row = await service.store.game(game_id)
    assert row.status == "aborted" and row.result == {"aborted_by": row.result["aborted_by"], "reason": "players left"}
    assert row.deadline is None and await service.store.rating(row.white_id, "krepost", "all") is not None
    late = await chat.one("Bob", f"#{game_id} @e9")
    assert "played" not in late.text
    again = await chat.one("Carol", f"admin abort #{game_id}", is_admin=True)
    assert "not being played" in again.text


async def test_an_administrator_of_another_chat_cannot_touch_the_game(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost")
    other = Chat(service, "g2")
    reply = await other.one("Dan", f"admin abort #{game_id}", is_admin=True)
    assert "not played in this chat" in reply.text
    assert (await service.store.game(game_id)).status == "active"


async def test_bot_operators_from_the_configuration_are_administrators_everywhere(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, admins=("test:root",)), clock=clock)
    chat = Chat(service)
    game_id = await start_game(chat, "krepost")
    reply = await Chat(service, "elsewhere").one("Root", f"admin abort #{game_id}")
    assert "aborted" in reply.text and (await service.store.game(game_id)).status == "aborted"


async def test_moving_a_deadline_resets_the_reminders(chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    await chat.one("Ann", "@e4")
    clock.now += 20 * 3600
    assert len(await service.tick()) == 1  # Bob is reminded
    reply = await chat.one("Carol", f"admin deadline #{game_id} 3d", is_admin=True)
    assert "Bob has 3 d " in reply.text and reply.mention == "bob"
    row = await service.store.game(game_id)
    assert row.deadline == clock.now + 3 * DAY and row.remind_stage == 0
    clock.now += 2 * DAY
    assert await service.tick() != []  # a reminder again, no loss on time
    assert (await service.store.game(game_id)).status == "active"
    no_clock = await start_game(chat, "krepost", "time=none")
    assert "has no clock" in (await chat.one("Carol", f"admin deadline #{no_clock} 1d", is_admin=True)).text
    assert "admin deadline" in (await chat.one("Carol", f"admin deadline #{game_id} soon", is_admin=True)).text


async def test_a_frozen_game_shows_its_evidence_and_can_be_aborted(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost")
    await chat.one("Ann", "@e4")
    row = await service.store.game(game_id)
    await service.store.update_game(row, moves=["@d4"])  # the list no longer gives the position
    service.forget_game(game_id)
    frozen = await chat.one("Bob", "board")
    assert "frozen" in frozen.text
    evidence = await chat.one("Carol", f"admin evidence #{game_id}", is_admin=True)
    assert "does not give the stored position" in evidence.text and "@d4" in evidence.text
    assert "differs from the replayed one: white." in evidence.text  # the white stones differ
    done = await chat.one("Carol", f"admin abort #{game_id}", is_admin=True)
    assert "aborted" in done.text
    row = await service.store.game(game_id)
    assert row.status == "aborted" and "frozen" in json.dumps(row.result)
    healthy = await start_game(chat, "krepost")
    assert "not frozen" in (await chat.one("Carol", f"admin evidence #{healthy}", is_admin=True)).text


async def test_a_vacation_pauses_the_clocks_and_tells_the_opponent(chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    waiting = await start_game(chat, "krepost", "time=1d", first="Bob", second="Ann")  # Bob is white: Bob to move
    await chat.one("Ann", f"#{game_id} @e4")  # now Bob is to move in both games
    before = (await service.store.game(game_id)).deadline
    replies = await chat.say("Bob", "vacation 5d")
    assert "Bob is on vacation until" in replies[0].text and "5 days of this year's 14 days" in replies[0].text
    told = [r for r in replies[1:] if r.mention == "ann"]
    assert {f"#{game_id}" in r.text or f"#{waiting}" in r.text for r in told} == {True} and len(told) == 2
    assert (await service.store.game(game_id)).deadline == before + 5 * DAY
    clock.now += 3 * DAY
    assert await service.tick() == []  # no reminder, no loss while on vacation
    clock.now += 2 * DAY + 12 * 3600
    assert (await service.store.game(game_id)).status == "active"
    await chat.one("Bob", f"#{game_id} @e9")
    assert (await chat.one("Bob", "vacation")).text.startswith("You have 9 days")
    too_long = await chat.one("Bob", "vacation 10d")
    assert "9 days" in too_long.text


async def test_a_turn_passed_to_a_player_on_vacation_starts_counting_when_it_ends(
        chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    await chat.say("Bob", "vacation 2d")
    await chat.one("Ann", f"#{game_id} @e4")
    assert (await service.store.game(game_id)).deadline == clock.now + 2 * DAY + DAY
    clock.now += DAY
    ended = await chat.say("Bob", "vacation end")
    assert "Bob is back" in ended[0].text and "1 day of this year's 14 days" in ended[0].text
    assert (await service.store.game(game_id)).deadline == clock.now + DAY
    assert "not on vacation" in (await chat.one("Bob", "vacation end")).text
    assert "at least an hour" in (await chat.one("Bob", "vacation 10m")).text


async def test_a_vacation_hour_is_counted_and_the_games_list_shows_who_is_away(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    started = await chat.say("Bob", "vacation 1h")
    assert "(1 hour of this year's 14 days used)" in started[0].text, started[0].text
    assert "You have 13 days 23 hours of vacation left" in (await chat.one("Bob", "vacation")).text
    listed = (await chat.one("Ann", "games")).text
    assert f"#{game_id}" in listed and "Bob is on vacation until" in listed, listed
    await chat.say("Bob", "lang ru")
    assert "осталось отпуска: 13 дней 23 часа" in (await chat.one("Bob", "vacation")).text
