"""Tournaments played through the service with the clock: a 16-player Swiss, an 8-player round robin, the built-in
levels as players, withdrawals, a restart between two rounds and two processes on one database."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from itertools import combinations

import pytest

from bot.service import Reply, Service, ServiceConfig, tournaments
from bot.service.tournaments import boards_of
from bot.service.tournaments.pairings import colour_allowed
from bot.service.tournaments.standings import standings
from storage import GameRow, SqlStore, open_store
from tests.bot.conftest import Chat, Clock, two_processes

HOUR = 3600


def names(count: int) -> list[str]:
    return [f"P{n:02d}" for n in range(1, count + 1)]


async def open_tournament(chat: Chat, players: list[str], terms: str) -> int:
    """``players[0]`` opens a tournament with ``terms``; everyone enters; its id."""
    created = await chat.one(players[0], f"tournament new {terms}")
    assert "opened tournament #" in created.text, created.text
    number = int(created.text.split("#")[1].split(":")[0])
    for player in players[1:]:
        joined = await chat.one(player, "tournament join")
        assert "entered tournament" in joined.text, joined.text
    return number


async def active_games(service: Service, chat: Chat) -> list[GameRow]:
    found = await service.store.chat(chat.platform, chat.chat_id)
    return await service.store.active_games_in(found.id)


def announced_rounds(replies: list[Reply]) -> list[str]:
    return [r.text for r in replies if r.text.startswith("🏆 Tournament") and ", round " in r.text.splitlines()[0]]


async def finish_round(service: Service, chat: Chat, clock: Clock, rng: random.Random) -> list[Reply]:
    """End every game of the round: most by a resignation (a random player resigns), the rest on time (the clock
    runs out for whoever is to move). What the chat was sent meanwhile."""
    sent: list[Reply] = []
    games = await active_games(service, chat)
    assert games
    on_time = games[: len(games) // 3]
    for row in games[len(games) // 3:]:
        users = {side: await service.store.user_by_id(row.player_of(side)) for side in ("white", "black")}
        humans = [u for u in users.values() if not u.is_bot]
        loser = rng.choice(humans)
        sent += await chat.say(loser.name, f"resign #{row.id} yes")
    if on_time:
        clock.now += 2 * HOUR
        sent += await service.tick()
        for row in on_time:
            result = (await service.store.game(row.id)).result or {}
            assert (result.get("winner"), result.get("reason")) == (_other(row), "time")
    return sent


def _other(row: GameRow) -> str:
    """Who wins ``row`` on time: the side not to move (Kamisado: Black moves first)."""
    return "white" if row.state["to_play"] == "black" else "black"


async def check_finished(service: Service, tournament_id: int, players: int, rounds: int) -> None:
    store = service.store
    tournament = await store.tournament(tournament_id)
    assert (tournament.status, tournament.round, tournament.rounds) == ("finished", rounds, rounds)
    rows = await store.tournament_boards(tournament_id)
    assert sorted(Counter(r.round for r in rows).items()) == [(n, (players + 1) // 2) for n in range(1, rounds + 1)]


async def test_a_16_player_swiss_of_5_rounds_played_through_the_service_with_the_clock(service: Service, chat: Chat,
                                                                                      clock: Clock) -> None:
    players = names(16)
    tournament_id = await open_tournament(chat, players, "kamisado single swiss rounds=5 time=1h")
    begun = await chat.say("P01", "tournament start")
    assert len(announced_rounds(begun)) == 1 and "round 1 of 5" in begun[0].text
    assert len([r for r in begun if r.game_id]) == 8
    assert len(begun[0].mentions) == 16
    rng = random.Random(5)
    announcements = announced_rounds(begun)
    finals: list[Reply] = []
    for number in range(1, 6):
        sent = await finish_round(service, chat, clock, rng)
        announcements += announced_rounds(sent)
        finals += [r for r in sent if "is over" in r.text]
        assert len(announcements) == min(number + 1, 5), announcements
    await check_finished(service, tournament_id, 16, 5)
    rows = await service.store.tournament_boards(tournament_id)
    pairs = Counter(frozenset((r.white_id, r.black_id)) for r in rows)
    assert max(pairs.values()) == 1, "nobody met anyone twice"
    colours: dict[int, str] = {}
    for row in rows:
        assert row.black_id is not None
        assert colour_allowed(colours.get(row.white_id, ""), "w") and colour_allowed(colours.get(row.black_id, ""), "b")
        colours[row.white_id] = colours.get(row.white_id, "") + "w"
        colours[row.black_id] = colours.get(row.black_id, "") + "b"
    assert all(len(c) == 5 for c in colours.values())
    [final] = finals
    assert "Final standings" in final.text and len(final.text.splitlines()) == 1 + 2 + 16
    assert final.delivery is not None
    table = standings([e.user_id for e in await service.store.entrants(tournament_id)], boards_of(rows), "swiss")
    winners = [(await service.store.user_by_id(s.player)).name for s in table if s.rank == 1]
    assert f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}" in final.text
    assert sum(s.points for s in table) == 5 * 8
    shown = await chat.one("P07", "tournament")
    assert shown.text.splitlines()[2:] == final.text.splitlines()[3:]
    assert announced_rounds(await service.tick()) == []


async def test_an_8_player_round_robin_meets_every_pair_once_and_breaks_ties_by_sonneborn_berger(
        service: Service, chat: Chat, clock: Clock) -> None:
    players = names(8)
    tournament_id = await open_tournament(chat, players, "kamisado single roundrobin time=1h rated")
    await chat.say("P01", "tournament start")
    rng = random.Random(8)
    for _ in range(7):
        await finish_round(service, chat, clock, rng)
    await check_finished(service, tournament_id, 8, 7)
    rows = await service.store.tournament_boards(tournament_id)
    ids = [e.user_id for e in await service.store.entrants(tournament_id)]
    met = Counter(frozenset((r.white_id, r.black_id)) for r in rows)
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)} and set(met.values()) == {1}
    whites = Counter(r.white_id for r in rows)
    assert all(abs(whites[p] - (7 - whites[p])) == 1 for p in ids)
    shown = await chat.one("P03", "tournament")
    assert "(SB " in shown.text and "Final standings" in shown.text
    table = standings(ids, boards_of(rows), "roundrobin")
    order = [(await service.store.user_by_id(s.player)).name for s in table]
    assert [line.split(". ", 1)[1].split(" — ")[0] for line in shown.text.splitlines()[2:]] == order
    rated = await service.store.rating(ids[0], "kamisado", "all")
    assert rated.games == 7  # a rated tournament rates its games


async def test_the_built_in_levels_play_as_entrants_even_against_each_other(store: SqlStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, ai_time_budget=0.2), clock=clock)
    chat = Chat(service)
    await open_tournament(chat, ["Ann", "Bob"], "kamisado single roundrobin time=1h")
    for level in ("easy", "hard"):
        entered = await chat.one("Ann", f"tournament join bot {level}")
        assert f"Bot ({level}) entered" in entered.text
    assert "Only Ann" in (await chat.one("Bob", "tournament join bot normal")).text
    await chat.say("Ann", "tournament start")
    for _ in range(3):
        for _ in range(40):  # the bots' moves come with the clock's looks
            await service.tick()
            movers = [await store.user_by_id(row.player_of(row.state["to_play"])) for row in await active_games(service, chat)]
            if not any(mover.is_bot for mover in movers):
                break
        for row in await active_games(service, chat):
            human = next(u for u in [await store.user_by_id(row.white_id), await store.user_by_id(row.black_id)]
                         if not u.is_bot)
            await chat.say(human.name, f"resign #{row.id} yes")
    tournament = await store.latest_tournament((await store.chat("test", "g1")).id)
    assert tournament is not None and tournament.status == "finished"
    rows = await store.tournament_boards(tournament.id)
    bots = {u.id for u in [await store.user_by_id(r.white_id) for r in rows] if u.is_bot}
    between_bots = [r for r in rows if r.white_id in bots and r.black_id in bots]
    assert len(between_bots) == 1 and between_bots[0].game_status == "finished"
    game = await store.game(between_bots[0].game_id or 0)
    assert game.result is not None and game.result["reason"] != "time"


async def test_players_entering_at_the_same_moment_all_get_in_up_to_the_most(service: Service, chat: Chat,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournaments, "MOST", 10)
    await open_tournament(chat, ["Ann"], "kamisado swiss")
    said = await asyncio.gather(*(chat.one(f"P{n:02d}", "tournament join") for n in range(12)))
    assert sum("entered tournament #" in r.text for r in said) == 9, [r.text for r in said]
    assert sum("is full" in r.text for r in said) == 3, [r.text for r in said]
    entrants = await service.store.entrants(1)
    assert sorted(e.seed for e in entrants) == list(range(1, 11))
    assert "is in tournament #1 already" in (await chat.one("P00", "tournament join")).text
    left = await asyncio.gather(*(chat.one(f"P{n:02d}", "tournament leave") for n in range(4)))
    assert sum("left tournament #1" in r.text for r in left) == 4, [r.text for r in left]
    assert len(await service.store.entrants(1)) == 6


async def test_a_board_where_a_bot_moves_first_has_no_buttons_to_press(service: Service, chat: Chat) -> None:
    await open_tournament(chat, ["Ann"], "ashtarashki roundrobin time=1h")
    for level in ("easy", "hard"):
        await chat.say("Ann", f"tournament join bot {level}")
    await chat.say("Bob", "tournament join")
    first_boards = {}  # whether the first mover is a bot: whether the board has buttons
    for reply in await chat.say("Ann", "tournament start"):
        if reply.game_id is not None:
            row = await service.store.game(reply.game_id)
            first_boards[(await service.store.user_by_id(row.player_of(row.state["to_play"]))).is_bot] = bool(reply.choices)
    assert first_boards == {True: False, False: True}


async def test_withdrawing_loses_the_game_being_played_and_forfeits_the_rest(service: Service, chat: Chat,
                                                                             clock: Clock) -> None:
    players = names(4)
    tournament_id = await open_tournament(chat, players, "krepost roundrobin time=1d")
    await chat.say("P01", "tournament start")
    asked = await chat.one("P04", "tournament leave")  # asked first: one word must not throw a tournament away
    assert "withdraw from tournament #1? The game you are playing now is lost, and so is every later game" in asked.text
    assert not [r for r in await active_games(service, chat) if r.status != "active"]
    left = await chat.say("P04", "", payload=asked.choices[0][0].payload)
    assert "P04 withdrew from tournament" in left[0].text and left[0].closes
    [board] = [r for r in left if r.game_id]
    assert "P04 withdrew from the tournament: the game is lost." in board.text
    assert "Game over" in board.text
    rng = random.Random(1)
    announced = []
    for _ in range(3):
        if not await active_games(service, chat):
            break
        sent = await finish_round(service, chat, clock, rng)
        announced += [r.text for r in sent]
    rows = await service.store.tournament_boards(tournament_id)
    p04 = (await service.store.find_user("test", "p04"))
    assert p04 is not None
    forfeits = [r for r in rows if p04.id in (r.white_id, r.black_id) and r.game_id is None]
    assert len(forfeits) == 2 and all(
        (r.white_points, r.black_points) == ((0, 2) if r.white_id == p04.id else (2, 0)) for r in forfeits)
    assert any("no game (withdrawn)" in text for text in announced)
    final = await chat.one("P02", "tournament")
    assert "P04 — 0" in final.text and "(withdrew)" in final.text
    assert (await service.store.tournament(tournament_id)).status == "finished"


async def test_a_player_sitting_out_the_round_is_not_told_a_game_is_lost(service: Service, chat: Chat) -> None:
    await open_tournament(chat, ["Ann", "Bob", "Cat"], "ashtarashki roundrobin time=1d")
    await chat.say("Ann", "tournament start")  # round 1: Ann sits out, Bob plays Cat
    asked = await chat.one("Ann", "tournament leave")
    assert "withdraw from tournament #1? Every later game is lost. This cannot be undone." in asked.text, asked.text
    assert "playing now" not in asked.text
    playing = await chat.one("Bob", "tournament leave")
    assert "The game you are playing now is lost, and so is every later game" in playing.text
    await chat.one("Ann", "lang ru")
    russian = (await chat.one("Ann", "tournament leave")).text
    assert "Все последующие партии будут проиграны." in russian and "Текущая" not in russian, russian


async def test_a_round_left_with_nothing_to_play_is_over_at_once(service: Service, chat: Chat) -> None:
    await open_tournament(chat, ["Ann", "Bob", "Cat"], "kamisado roundrobin")
    await chat.say("Ann", "tournament start")  # round 1: Ann sits out, Bob plays Cat
    left = await chat.say("Cat", "tournament leave yes")  # round 2: Bob sits out, Cat's game against Ann a forfeit
    rounds = announced_rounds(left)
    assert [text.splitlines()[0] for text in rounds] == ["🏆 Tournament #1, round 2 of 3:",
                                                         "🏆 Tournament #1, round 3 of 3:"], rounds
    [game] = await active_games(service, chat)
    players = {(await service.store.user_by_id(game.white_id)).name, (await service.store.user_by_id(game.black_id)).name}
    assert players == {"Ann", "Bob"}


async def test_a_withdrawn_swiss_player_is_paired_no_more(service: Service, chat: Chat, clock: Clock) -> None:
    tournament_id = await open_tournament(chat, names(5), "kamisado single swiss rounds=3 time=1h")
    await chat.say("P01", "tournament start")
    await finish_round(service, chat, clock, random.Random(2))
    p05 = await service.store.find_user("test", "p05")
    assert p05 is not None
    assert "paired no more" in (await chat.one("P05", "tournament leave")).text
    assert "withdrew" in (await chat.say("P05", "tournament leave yes"))[0].text  # in round 2: that game is lost
    await finish_round(service, chat, clock, random.Random(3))
    rows = await service.store.tournament_boards(tournament_id)
    own = [r for r in rows if p05.id in (r.white_id, r.black_id) and r.round == 2 and r.game_id is not None]
    assert all(r.game_status == "finished" and r.game_result and r.game_result["reason"] == "resignation" for r in own)
    last = [r for r in rows if r.round == 3]
    assert last and all(p05.id not in (r.white_id, r.black_id) for r in last)
    assert all(r.black_id is not None for r in last)  # four players left: no bye


async def test_the_commands_answer_every_mistake_clearly(service: Service, chat: Chat, clock: Clock) -> None:
    assert "No tournament here" in (await chat.one("Ann", "tournament")).text
    assert "'xyz'" in (await chat.one("Ann", "tournament new kamisado xyz")).text
    assert "'@bob'" in (await chat.one("Ann", "tournament new kamisado @bob")).text.lower()
    no_chess = (await chat.one("Ann", "tournament new chess")).text
    assert "There is no game 'chess'" in no_chess and "tournament new <game>" in no_chess
    bad_rounds = (await chat.one("Ann", "tournament new kamisado rounds=0")).text
    assert "the number of rounds is a whole number from 1 to 30" in bad_rounds
    assert "1 day per move" in (await chat.one("Ann", "tournament new ashtarashki swiss rounds=4")).text
    assert "already" in (await chat.one("Bob", "tournament new kamisado")).text
    assert "already" in (await chat.one("Ann", "tournament join")).text
    assert "at least 3" in (await chat.one("Ann", "tournament start")).text
    await chat.one("Bob", "tournament join")
    assert "Bob left" in (await chat.one("Bob", "tournament leave")).text
    assert "not playing" in (await chat.one("Bob", "tournament leave")).text
    for name in ("Bob", "Cid"):
        await chat.one(name, "tournament join")
    assert "Only Ann" in (await chat.one("Cid", "tournament cancel")).text
    assert "3 players: Ann, Bob, Cid" in (await chat.one("Cid", "tournament")).text
    replies = await chat.say("Bob", "tournament start", is_admin=True)  # an administrator of the chat may start it
    assert "round 1 of 2" in replies[1].text
    assert "3 players can play only 2" in replies[0].text
    assert "has begun" in (await chat.one("Dan", "tournament join")).text
    [game] = [r for r in await active_games(service, chat)]
    white = await service.store.user_by_id(game.white_id)
    assert "cannot be called off" in (await chat.one(white.name, f"abort #{game.id}")).text
    assert "cancelled" in (await chat.one("Ann", "tournament cancel")).text
    assert (await service.store.game(game.id)).status == "active"  # the game goes on as an ordinary one
    await chat.one(white.name, f"abort #{game.id}")  # which its players may now call off
    assert (await service.store.game(game.id)).status == "aborted"
    assert "No tournament here" in (await chat.one("Ann", "tournament")).text  # a cancelled one is gone
    opened = await chat.one("Ann", "tournament new kamisado roundrobin")  # a cancelled one leaves room for another
    assert "opened tournament" in opened.text


async def test_a_restart_between_two_rounds_pairs_the_next_round_once(store: SqlStore, clock: Clock) -> None:
    config = ServiceConfig(render_boards=False, rate_limit=1000)
    first = Service(store, config=config, clock=clock)
    chat = Chat(first)
    tournament_id = await open_tournament(chat, names(4), "kamisado single swiss rounds=3 time=1d")
    await chat.say("P01", "tournament start")
    games = await active_games(first, chat)
    await chat.say((await store.user_by_id(games[0].white_id)).name, f"resign #{games[0].id} yes")
    # The process dies just after the last game of the round ended, before it paired the next round.
    last = games[1]
    await store.update_game(last, status="finished", result={"winner": "white", "reason": "resignation"}, deadline=None)
    assert (await store.tournament(tournament_id)).round == 1
    restarted = [Service(store, config=config, clock=clock) for _ in range(2)]
    sent = await asyncio.gather(*(service.tick() for service in restarted))
    announcements = [text for batch in sent for text in announced_rounds(batch)]
    assert len(announcements) == 1 and "round 2 of 3" in announcements[0]
    assert (await store.tournament(tournament_id)).round == 2
    assert announced_rounds(await restarted[0].tick()) == []
    rows = await store.tournament_boards(tournament_id)
    assert Counter(r.round for r in rows) == {1: 2, 2: 2}


async def test_two_processes_on_postgresql_begin_each_round_once(postgres_url: str) -> None:
    async with two_processes(postgres_url, Clock()) as (first, second, stores):
        chat = Chat(first)
        tournament_id = await open_tournament(chat, names(6), "krepost swiss rounds=3 time=1d")
        await chat.say("P01", "tournament start")
        for number in (2, 3):
            games = await active_games(first, chat)
            for row in games[:-1]:
                await chat.say((await stores[0].user_by_id(row.black_id)).name, f"resign #{row.id} yes")
            last = games[-1]
            loser = (await stores[0].user_by_id(last.white_id)).name
            sent = await asyncio.gather(Chat(first).say(loser, f"resign #{last.id} yes"), second.tick(), first.tick(),
                                        second.tick())
            announcements = [text for batch in sent for text in announced_rounds(batch)]
            assert len(announcements) == 1 and f"round {number} of 3" in announcements[0], announcements
        rows = await stores[1].tournament_boards(tournament_id)
        assert Counter(r.round for r in rows) == {1: 3, 2: 3, 3: 3}


async def test_two_processes_on_postgresql_let_in_everyone_entering_at_once_up_to_the_most(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournaments, "MOST", 8)
    stores = [await open_store(postgres_url) for _ in range(2)]
    try:
        config = ServiceConfig(render_boards=False, rate_limit=1000, shared_database=True)
        chats = [Chat(Service(store, config=config)) for store in stores]
        tournament_id = await open_tournament(chats[0], ["Ann"], "kamisado swiss")
        said = await asyncio.gather(*(chats[n % 2].one(f"P{n:02d}", "tournament join") for n in range(10)))
        assert sum("entered tournament #" in r.text for r in said) == 7, [r.text for r in said]
        assert sorted(e.seed for e in await stores[1].entrants(tournament_id)) == list(range(1, 9))
    finally:
        for store in stores:
            await store.close()


async def test_a_krepost_count_agreed_even_is_half_a_point_each(service: Service, chat: Chat) -> None:
    tournament_id = await open_tournament(chat, names(3), "krepost roundrobin time=1d")
    await chat.say("P01", "tournament start")
    [row] = await active_games(service, chat)
    white, black = (await service.store.user_by_id(row.white_id)).name, (await service.store.user_by_id(row.black_id)).name
    await chat.say(white, f"draw #{row.id}")
    await chat.say(black, f"draw #{row.id}")  # counted now: 48 stones in hand each, no half stone: a draw
    result = (await service.store.game(row.id)).result or {}
    assert (result.get("winner"), result.get("reason")) == (None, "agreed")
    [board] = [b for b in await service.store.tournament_boards(tournament_id) if b.round == 1 and b.game_id]
    assert boards_of([board])[0].white_points == 1 and boards_of([board])[0].black_points == 1
    shown = await chat.one("P02", "tournament")
    assert f"{white} — ½" in shown.text and f"{black} — ½" in shown.text
    assert (await service.store.tournament(tournament_id)).round == 2  # the round's one game ended: the next began


async def test_final_standings_that_could_not_be_sent_are_sent_again_with_their_picture(store: SqlStore,
                                                                                        clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(board_size=240, rate_limit=1000), clock=clock)
    chat = Chat(service)
    await open_tournament(chat, names(3), "kamisado single swiss rounds=1 time=1h")
    await chat.say("P01", "tournament start")
    [row] = await active_games(service, chat)
    sent = await chat.say((await store.user_by_id(row.white_id)).name, f"resign #{row.id} yes")
    [final] = [r for r in sent if "is over" in r.text]
    assert final.image is not None and final.image[:4] == b"\x89PNG" and final.delivery is not None
    await service.unsent(final)
    clock.now += 600
    again = [r for r in await service.redeliver() if "is over" in r.text]
    assert len(again) == 1 and again[0].text == final.text and again[0].delivery == final.delivery
    assert again[0].image is not None
    await service.sent(again[0], "m1")
    clock.now += 3600
    assert not [r for r in await service.redeliver() if "is over" in r.text]


async def test_the_standings_show_the_round_being_played_and_who_withdrew(service: Service, chat: Chat, clock: Clock) -> None:
    await open_tournament(chat, names(4), "ashtarashki roundrobin time=1d")
    await chat.say("P01", "tournament start")
    games = await active_games(service, chat)
    shown = await chat.one("P02", "tournament")
    lines = shown.text.splitlines()
    assert "Round 1:" in lines
    for row in games:
        white, black = (await service.store.user_by_id(row.white_id)).name, (await service.store.user_by_id(row.black_id)).name
        assert f"#{row.id} {white} – {black}: playing" in lines
    first = games[0]
    loser = (await service.store.user_by_id(first.black_id)).name
    await chat.say(loser, f"resign #{first.id} yes")
    white = (await service.store.user_by_id(first.white_id)).name
    assert f"#{first.id} {white} – {loser}: 1–0" in (await chat.one("P02", "tournament")).text.splitlines()
    other = games[1]
    quitter = (await service.store.user_by_id(other.white_id)).name
    await chat.say(quitter, "tournament leave yes")
    standings = await chat.one("P02", "tournament")
    assert f"{quitter} — 0" in standings.text and "(withdrew)" in standings.text


async def test_no_careful_question_in_a_tournament_game_between_people(service: Service, chat: Chat) -> None:
    from bot.service.commands.moves import winning_reply  # what the question would be about
    from rules import get_game

    await open_tournament(chat, ["Ann", "Bob", "Cat", "Dan"], "kamisado single roundrobin")
    await chat.say("Ann", "tournament start")
    game = get_game("kamisado")
    for row in await active_games(service, chat):
        for _ in range(4):
            row = await service.store.game(row.id)
            state = await service.games.state(row)
            mover = (await service.store.user_by_id(row.player_of(state.to_play or "white"))).name
            losing = [m for m in state.legal_moves() if winning_reply(state, m) is not None]
            safe = [m for m in state.legal_moves() if m not in losing]
            if losing:
                replies = await chat.say(mover, f"#{row.id} {game.format_move(state, losing[0])}")
                assert not any("Careful" in r.text for r in replies) and any(r.game_id for r in replies), replies
                assert len((await service.store.game(row.id)).moves) == len(row.moves) + 1
                return
            await chat.say(mover, f"#{row.id} {game.format_move(state, safe[-1])}")
    raise AssertionError("no game with a move that loses at once")
