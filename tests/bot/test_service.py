"""Service scenarios on a real database: challenges, moves, finished games, ratings, records."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock


async def start_game(chat: Chat, game: str, options: str = "", first: str = "Ann", second: str = "Bob") -> int:
    await chat.say(second, "hello")  # the bot learns who Bob is
    reply = await chat.one(first, f"play {game} @{second} white {options}".strip())
    assert reply.choices and reply.choices[0][0].payload.startswith("a:")
    reply = await chat.one(second, "accept")
    assert reply.game_id is not None
    return reply.game_id


async def play_out(chat: Chat, service: Service, game_id: int, seed: int, limit: int = 3000) -> None:
    """Both players type random legal moves (canonical text) until the game ends."""
    rng = random.Random(seed)
    names = {"white": "Ann", "black": "Bob"}
    for _ in range(limit):
        row = await service.store.game(game_id)
        if row.status != "active":
            return
        game = get_game(row.game)
        state = game.state_from_dict(row.state)
        move = rng.choice(list(state.legal_moves()))
        player = names[state.to_play]
        reply = await chat.one(player, f"#{game_id} {game.format_move(state, move)}")
        if reply.game_id is None and "Careful" in reply.text:  # the move loses at once: play it all the same
            [reply] = await chat.press(player, reply.choices[0][0].payload)
        assert reply.game_id == game_id, reply.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "options"), [("kamisado", "standard"), ("ashtarashki", ""), ("krepost", "3x3 half")])
async def test_a_whole_game_between_two_players(chat: Chat, service: Service, game: str, options: str, tmp_path: Path) -> None:
    game_id = await start_game(chat, game, options)
    await play_out(chat, service, game_id, seed=3)
    row = await service.store.game(game_id)
    assert row.status == "finished" and row.result is not None
    # Ratings moved for both players, everywhere and in this chat.
    ann = await service.store.find_user("test", "ann")
    assert ann is not None
    ratings = await service.store.ratings_of(ann.id)
    assert {r.scope for r in ratings} == {"all", f"chat:{row.chat_id}"} and all(r.games == 1 for r in ratings)
    if row.result["winner"] is not None:
        assert all(r.rating != 1500 for r in ratings)
    # The exported record replays with the command line tool to the same result.
    export = await chat.one("Ann", f"export #{game_id}")
    record = export.text.split("\n", 1)[1]
    path = tmp_path / "record.txt"
    path.write_text(record, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "replay", game, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Result: " in done.stdout
    stats = await chat.one("Ann", "stats")
    assert get_game(game).name in stats.text or game in stats.text.lower()
    top = await chat.one("Bob", f"top {game}")
    assert "Ann" in top.text and "Bob" in top.text


async def test_playing_the_bot_answers_in_the_same_flow(chat: Chat, service: Service) -> None:
    reply = await chat.one("Ann", "play ashtarashki bot white level=easy")
    assert reply.game_id is not None and "Ann (White)" in reply.text
    row = await service.store.game(reply.game_id)
    state = get_game("ashtarashki").state_from_dict(row.state)
    move = state.legal_moves()[0]
    reply = await chat.one("Ann", get_game("ashtarashki").format_move(state, move))
    assert reply.text.count(" played ") == 2  # Ann's move and the bot's answer
    row = await service.store.game(reply.game_id or 0)
    assert len(row.moves) == 2 and row.status == "active"


async def test_the_bot_moves_first_when_it_has_white(chat: Chat, service: Service) -> None:
    reply = await chat.one("Ann", "play krepost bot black")
    row = await service.store.game(reply.game_id or 0)
    assert len(row.moves) == 1 and "Bot (normal) played" in reply.text


async def test_a_kamisado_standard_match_with_refill_choices(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "standard")
    rng = random.Random(11)
    refills = 0
    teeth_lines = 0
    names = {"white": "Ann", "black": "Bob"}
    while True:
        row = await service.store.game(game_id)
        if row.status != "active":
            break
        state = get_game("kamisado").state_from_dict(row.state)
        board = await chat.one(names[state.to_play], "board")
        if state.phase == "refill":
            refills += 1
            assert "refill the home rows" in board.text
            labels = [c.label for c in board.choices[0]]
            assert labels == ["Fill from the left", "Fill from the right"]
            choice = board.choices[0][rng.randrange(2)]
            await chat.press(names[state.to_play], choice.payload)
            continue
        move = rng.choice(list(state.legal_moves()))
        reply = await chat.one(names[state.to_play], get_game("kamisado").format_move(state, move))
        teeth_lines += reply.text.count("gets a dragon tooth")
    final = get_game("kamisado").state_from_dict(row.state)
    assert teeth_lines == len(final.rounds)
    assert refills >= 1 and len(final.rounds) == refills + 1
    assert final.outcome() is not None and max(final.score.values()) >= 3


async def test_buttons_play_moves_and_refuse_others_privately(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    board = await chat.one("Ann", "board")
    payload = board.choices[0][0].payload
    refused = await chat.press("Bob", payload)
    assert refused[0].private_to == "bob" and "not your turn" in refused[0].text.lower()
    stranger = await chat.press("Eve", payload)
    assert stranger[0].private_to == "eve" and "not your game" in stranger[0].text.lower()
    played = await chat.press("Ann", payload)
    assert played[0].game_id == game_id and "Ann played" in played[0].text
    again = await chat.press("Ann", payload)
    assert again[0].private_to == "ann"  # the same button twice: the second press changes nothing
    assert len((await service.store.game(game_id)).moves) == 1


async def test_two_racing_moves_apply_exactly_once(chat: Chat, service: Service, db_path: Path, clock: Clock) -> None:
    game_id = await start_game(chat, "kamisado", "single")
    board = await chat.one("Bob", "board")  # Black moves first in Kamisado
    row = await service.store.game(game_id)
    assert row.black_id != row.white_id
    second_store = await SqliteStore.open(db_path, clock=clock)
    try:
        other = Service(second_store, config=ServiceConfig(render_boards=False), clock=clock)
        first = Chat(service)
        second = Chat(other)
        results = await asyncio.gather(first.say("Bob", f"#{game_id} h8-h3"), second.say("Bob", f"#{game_id} a8-a3"))
        texts = [r[0].text for r in results]
        assert sum("played" in t for t in texts) == 1, texts
        assert sum("position changed" in t or "not your turn" in t for t in texts) == 1, texts
        assert len((await service.store.game(game_id)).moves) == 1
    finally:
        await second_store.close()
    assert board.game_id == game_id


async def test_a_restarted_service_continues_and_still_reminds(db_path: Path, clock: Clock) -> None:
    store = await SqliteStore.open(db_path, clock=clock)
    first = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
    chat = Chat(first)
    game_id = await start_game(chat, "krepost", "time=1d")
    await chat.one("Ann", "@e4")
    await store.close()
    clock.now += 13 * 3600
    store = await SqliteStore.open(db_path, clock=clock)
    try:
        second = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
        reminders = await second.tick()
        assert len(reminders) == 1 and reminders[0].mention == "bob" and f"#{game_id}" in reminders[0].text
        assert await second.tick() == []  # sent once only
        chat = Chat(second)
        reply = await chat.one("Bob", "@e9")
        assert "Bob played @e9" in reply.text
    finally:
        await store.close()


async def test_a_final_warning_then_a_loss_on_time(chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "ashtarashki", "time=2h")
    clock.now += 3600 + 60
    first = await service.tick()
    assert "your move" in first[0].text
    clock.now += 1800
    final = await service.tick()
    assert "only" in final[0].text
    clock.now += 3600
    lost = await service.tick()
    assert "ran out of time" in lost[0].text and "Bob wins (out of time)" in lost[0].text
    row = await service.store.game(game_id)
    assert row.status == "finished" and row.moves[-1] == "!time white"
    loaded = await service.store.load_game(game_id)
    assert loaded.status == "finished"  # the move list with its event replays to the stored state


async def test_takeback_needs_the_opponents_consent(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await chat.one("Ann", "g3-h4")
    ask = await chat.one("Ann", "takeback")
    assert "asks to take back" in ask.text and ask.mention == "bob"
    refused = await chat.press("Bob", ask.choices[0][1].payload)
    assert "refused" in refused[0].text
    ask = await chat.one("Ann", "takeback")
    agreed = await chat.one("Bob", "takeback")
    assert "taken back" in agreed.text
    row = await service.store.game(game_id)
    assert row.moves == []


async def test_a_typed_yes_agrees_to_the_offer_that_waits_and_otherwise_says_what_it_answers(chat: Chat,
                                                                                              service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await chat.one("Ann", "g3-h4")
    assert await chat.say("Bob", "yes") == []  # nothing waits for Bob: chatter in a group, left alone
    await chat.one("Ann", "takeback")
    assert await chat.say("Ann", "yes") == []  # her own offer is not hers to answer
    agreed = await chat.one("Bob", "да")
    assert "taken back" in agreed.text and (await service.store.game(game_id)).moves == []
    alone = Chat(service, chat_id="p-bob", private=True)
    assert "To resign, press 'Yes, resign' or type 'resign yes'." in (await alone.one("Bob", "yes")).text
    count = await start_game(Chat(service, "g3"), "krepost")
    await Chat(service, "g3").one("Ann", "draw")
    counted = await Chat(service, "g3").one("Bob", "yes")
    assert "counted by agreement" in counted.text and (await service.store.game(count)).status == "finished"


async def test_krepost_counting_by_agreement_and_no_draws_elsewhere(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost")
    ask = await chat.one("Ann", "draw")
    assert "stop and count" in ask.text
    done = await chat.press("Bob", ask.choices[0][0].payload)
    assert "counted by agreement" in done[0].text
    assert (await service.store.game(game_id)).status == "finished"
    other = await start_game(Chat(service, "g2"), "kamisado")
    reply = await Chat(service, "g2").one("Ann", f"draw #{other}")
    assert "has no draws" in reply.text


async def test_resignation(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "long")
    question = await chat.one("Bob", "resign")
    assert "resign game #1 against Ann?" in question.text and question.private_to == "bob"
    assert (await service.store.game(game_id)).status == "active"  # nothing happens before the answer
    kept = await chat.press("Bob", question.choices[0][1].payload)
    assert "goes on" in kept[0].text and (await service.store.game(game_id)).status == "active"
    [reply] = await chat.press("Bob", question.choices[0][0].payload)
    assert "Bob resigned" in reply.text
    assert (await service.store.game(game_id)).moves == ["!resign black"]


async def test_ambiguous_moves_come_back_as_choices(chat: Chat, service: Service) -> None:
    await start_game(chat, "kamisado", "single")
    reply = await chat.one("Bob", "4")  # Black's first move: any tower may go 4 straight ahead
    assert "fits 8 moves" in reply.text and sum(len(row) for row in reply.choices) == 8


async def test_illegal_and_garbage_moves_are_explained(chat: Chat, service: Service) -> None:
    await start_game(chat, "krepost")
    assert "ranks 1–4" in (await chat.one("Ann", "move @e6")).text
    assert "don't know the word" in (await chat.one("Ann", "move hello there")).text
    assert await chat.say("Ann", "hello there") == []  # chatter in a group is left alone
    assert "not your turn" in (await chat.one("Bob", "move @e9")).text.lower()


async def test_commands_and_bad_input(chat: Chat, service: Service) -> None:
    assert "play <game>" in (await chat.one("Ann", "/help")).text
    assert "There is no command 'frobnicate'" in (await chat.one("Ann", "/frobnicate")).text
    assert "too long" in (await chat.one("Ann", "x" * 2500)).text
    assert "There is no game 'chess'" in (await chat.one("Ann", "play chess")).text
    assert "option 'purple'" in (await chat.one("Ann", "play kamisado purple")).text
    assert "don't know 'nobody'" in (await chat.one("Ann", "play kamisado @nobody")).text
    assert "Krepost" in (await chat.one("Ann", "rules fortress")).text
    assert "no open challenge" in (await chat.one("Ann", "accept")).text


async def test_rate_limit_answers_politely(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=3), clock=clock)
    chat = Chat(service)
    for _ in range(3):
        await chat.say("Ann", "help")
    limited = await chat.one("Ann", "help")
    assert "Slow down" in limited.text and limited.private_to == "ann"
    for _ in range(50):  # told once a window: the rest is dropped silently, and nothing is written for it
        assert await service.handle(Event("test", "g1", "ann", "Ann the Renamed", text="help")) == []
    assert (await store.find_user("test", "ann")).name == "Ann"  # type: ignore[union-attr]
    asked: list[str] = []

    async def rights() -> bool:
        asked.append("asked")
        return True

    assert await service.handle(Event("test", "g1", "ann", "Ann", text="admin abort #1"), rights=rights) == []
    assert not asked  # the platform is not asked about a sender over the limit
    clock.now += 61
    assert "play <game>" in (await chat.one("Ann", "help")).text


async def test_a_bystanders_move_is_told_whose_game_it_is(chat: Chat) -> None:
    game_id = await start_game(chat, "krepost")
    refused = await chat.one("Carol", "@e4")
    assert refused.text == f"That is not your game (#{game_id}: Ann – Bob)." and refused.private_to == "carol"
    assert await chat.say("Carol", "nice weather") == []  # chatter is left alone


async def test_a_question_answered_in_a_private_chat_plays_in_the_games_chat(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    for move in ("c3-d4", "f6-e5"):
        await chat.say("Ann" if move == "c3-d4" else "Bob", move)
    private = Chat(service, chat_id="dm-ann", private=True)
    pressed = await private.press("Ann", f"M:{game_id}:2:0")  # "play it anyway", pressed where the question reached her
    assert pressed[0].game_id == game_id and pressed[0].chat_id == "g1" and pressed[0].closes


async def test_open_challenge_anyone_can_take_and_cancel(chat: Chat, service: Service) -> None:
    reply = await chat.one("Ann", "play kamisado")
    assert "Anyone can accept" in reply.text
    assert "cannot accept your own" in (await chat.one("Ann", "accept")).text
    started = await chat.one("Cid", "accept")
    assert started.game_id is not None
    await chat.one("Ann", "play krepost")
    assert "cancelled" in (await chat.one("Ann", "cancel")).text


async def test_languages_and_settings(chat: Chat, service: Service) -> None:
    assert (await chat.one("Ann", "lang ru")).text == "Язык: русский."
    assert "Команды" in (await chat.one("Ann", "help")).text
    farsi = await chat.one("Ann", "lang fa")
    assert farsi.text.startswith("\u200f") and farsi.language == "fa"
    await chat.one("Ann", "lang en")
    assert "Saved: colour-blind boards: on." in (await chat.one("Ann", "settings colorblind on")).text
    refused = await chat.one("Ann", "settings chat time 1d")
    assert "administrators" in refused.text and refused.private_to == "ann"
    assert "Saved: time limit: 1 day per move." in (await chat.one("Ann", "settings chat time 1d", is_admin=True)).text
    shown = await chat.one("Ann", "settings")
    assert "colour-blind boards: on" in shown.text and "time per move: 1 d" in shown.text
    assert "There is no setting 'colour'" in (await chat.one("Ann", "settings colour purple")).text
    await chat.one("Ann", "lang ru")  # the setting is named in the reader's words, not by the word typed
    saved = (await chat.one("Ann", "settings chat zone +03:00", is_admin=True)).text
    assert saved == "Сохранено: часовой пояс: +03:00.", saved
    assert (await chat.one("Ann", "settings lang hu")).text == "Mentve: nyelv: Magyar."


async def test_board_pictures_follow_the_players_settings(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=True, board_size=200), clock=clock)
    chat = Chat(service)
    reply = await chat.one("Ann", "play kamisado bot black level=beginner")
    assert reply.image is not None and reply.image[:4] == b"\x89PNG"
    await chat.one("Ann", "settings colorblind on")
    colourblind = await chat.one("Ann", "board")
    assert colourblind.image != reply.image


async def test_a_game_whose_moves_do_not_match_its_state_is_frozen(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await chat.one("Ann", "g3-h4")
    row = await service.store.game(game_id)
    await service.store.update_game(row, moves=["a3-b4"])  # corrupt the move list behind the bot's back
    fresh = Service(service.store, config=ServiceConfig(render_boards=False))
    reply = await Chat(fresh).one("Bob", f"board #{game_id}")
    assert "frozen" in reply.text
    assert (await service.store.game(game_id)).status == "frozen"


async def test_replying_to_the_board_message_picks_the_game(chat: Chat, service: Service) -> None:
    first = await start_game(chat, "ashtarashki")
    other_chat = Chat(service)
    second = await other_chat.one("Ann", "play krepost bot white")
    assert second.game_id is not None
    await service.board_posted(first, "msg-1")
    reply = await chat.one("Ann", "g3-h4", reply_to="msg-1")
    assert reply.game_id == first and "Ann played M2g3—h4" in reply.text
    row = await service.store.game(first)
    assert row.moves == ["M2g3—h4"] and row.board_message_id == "msg-1"


async def test_a_move_made_by_another_process_is_seen(chat: Chat, service: Service, db_path: Path, clock: Clock) -> None:
    game_id = await start_game(chat, "ashtarashki")
    other_store = await SqliteStore.open(db_path, clock=clock)
    try:
        other = Chat(Service(other_store, config=ServiceConfig(render_boards=False), clock=clock))
        assert "Ann played" in (await other.one("Ann", "g3-h4")).text
    finally:
        await other_store.close()
    # This process still remembers the old position, but checks before refusing Bob.
    reply = await chat.one("Bob", "f6-g5")
    assert "Bob played" in reply.text and (await service.store.game(game_id)).moves == ["M2g3—h4", "M3f6—g5"]


async def test_ashtarashki_buttons_pick_the_stone_then_its_target(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    rng = random.Random(2)
    names = {"white": "Ann", "black": "Bob"}
    while True:  # play on until there are too many moves for one button each
        row = await service.store.game(game_id)
        state = get_game("ashtarashki").state_from_dict(row.state)
        if len(state.legal_moves()) > 10:
            break
        move = rng.choice(list(state.legal_moves()))
        await chat.one(names[state.to_play], get_game("ashtarashki").format_move(state, move))
    player = names[state.to_play]
    board = await chat.one(player, "board")
    stones = [c for row_ in board.choices for c in row_]
    assert stones and all(c.payload.startswith("s:") for c in stones)
    targets = await chat.press(player, stones[0].payload)
    assert targets[0].private_to == player.lower() and all(c.payload.startswith("m:") for r in targets[0].choices for c in r)
    played = await chat.press(player, targets[0].choices[0][0].payload)
    assert f"{player} played" in played[0].text


async def test_the_bot_answers_within_its_budget_whatever_its_search_does(
        store: SqliteStore, clock: Clock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import threading
    import time

    from bot.service import moves

    service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=0.2), clock=clock)
    chat = Chat(service)
    stuck = threading.Event()

    def stuck_search(state: Any, *, cancel: threading.Event, **_: Any) -> Any:
        stuck.wait(10)  # a search that hears nothing (still compiling, say)
        return state.legal_moves()[0]

    def obliging_search(state: Any, *, cancel: threading.Event, **_: Any) -> Any:
        cancel.wait(10)  # stops when told, with its best move so far
        return state.legal_moves()[-1]

    monkeypatch.setattr(moves, "choose", stuck_search)
    began = time.monotonic()
    board = await chat.one("Ann", "play ashtarashki bot black level=hard")  # the bot (White) begins
    assert board.game_id is not None and "Bot (hard) played" in board.text
    assert time.monotonic() - began < 5 and "the best move of a one-ply search instead" in caplog.text
    from ai import greedy_move

    row = await store.game(board.game_id)
    game = get_game("ashtarashki")
    start = game.new_state()
    assert row.moves[0] == game.format_move(start, greedy_move(start, random.Random(row.id * 100_000)))
    stuck.set()
    monkeypatch.setattr(moves, "choose", obliging_search)
    await chat.say("Ann", "resign #1 yes")
    board = await chat.one("Ann", "play ashtarashki bot black level=master")
    row = await store.game(board.game_id or 0)
    game = get_game("ashtarashki")
    assert row.moves == [game.format_move(game.new_state(), game.new_state().legal_moves()[-1])]


async def test_while_the_engines_compile_the_bots_move_waits_for_them_and_is_searched(
        store: SqliteStore, clock: Clock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import threading
    import time

    import ai.warming
    from bot.service import moves

    compiling = threading.Event()
    monkeypatch.setattr(ai.warming, "_ready", compiling)  # a preparation under way, done in 0.6 s
    threading.Timer(0.6, compiling.set).start()
    searched: list[float] = []

    def search(state: Any, **kwargs: Any) -> Any:
        searched.append(time.monotonic())
        return state.legal_moves()[-1]

    monkeypatch.setattr(moves, "choose", search)
    service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=0.2), clock=clock)
    began = time.monotonic()
    board = await Chat(service).one("Ann", "play ashtarashki bot black level=master")
    assert "Bot (master) played" in board.text and "waited" in caplog.text
    assert searched and searched[0] - began >= 0.5  # the search ran, once the engines were ready
    game = get_game("ashtarashki")
    start = game.new_state()
    assert (await store.game(board.game_id or 0)).moves == [game.format_move(start, start.legal_moves()[-1])]
    monkeypatch.setattr(ai.warming, "_ready", None)
    assert ai.warming.ready_within(0)


async def test_a_user_keeps_a_few_open_challenges_and_they_expire(service: Service, chat: Chat, clock: Clock) -> None:
    for number in range(5):
        reply = await chat.one("Ann", "play kamisado")
        assert ("withdrawn" in reply.text) == (number >= 3)  # the fourth and later replace the oldest
    assert len(await service.store.open_challenges_of((await service.store.chat("test", "g1")).id, 1)) == 3
    clock.now += 7 * 86400 + 1
    expired = await service.tick()
    assert [r.text for r in expired] == ["Ann's challenge to Kamisado expired: nobody answered it."] * 3
    assert await service.tick() == []  # announced once
    assert "no open challenge" in (await chat.one("Bob", "accept")).text


async def test_a_mistyped_command_is_answered_and_a_finished_game_rematched_by_number(service: Service) -> None:
    chat = Chat(service)
    private = Chat(service, chat_id="dm-ann", private=True)
    assert "Did you mean 'games'?" in (await private.one("Ann", "gmaes")).text
    assert "Did you mean 'games'?" in (await chat.one("Ann", "gmaes")).text  # alone in a group too
    assert await chat.say("Ann", "I like gmaes") == []  # but not in a sentence
    first = await start_game(chat, "krepost")
    await chat.say("Ann", f"#{first} resign yes")
    second = await start_game(chat, "ashtarashki")  # the latest game is now another one, still going
    for text in (f"#{first} rematch", f"rematch #{first}"):
        again = await chat.one("Ann", text)
        assert "Krepost" in again.text and again.choices, again.text  # a challenge to Bob, colours swapped
        await chat.say("Ann", "cancel")
    assert (await chat.one("Ann", f"rematch #{second}")).text == "There is no finished game of yours here to play again."


async def test_a_forced_move_is_played_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import moves

    game = get_game("ashtarashki")
    rng = random.Random(3)
    state = game.new_state()
    while len(state.legal_moves()) != 1:  # a random game until a position with a single legal move
        state = state.play(rng.choice(list(state.legal_moves()))) if state.outcome() is None else game.new_state()

    def no_search(*_: Any, **__: Any) -> Any:
        raise AssertionError("a forced move needs no search")

    monkeypatch.setattr(moves, "choose", no_search)
    assert await moves.bot_move(state, "master", 2.0, 1, 1) == state.legal_moves()[0]


async def test_a_game_is_due_for_the_clocks_only_when_its_reminder_or_deadline_is(
        service: Service, chat: Chat, clock: Clock) -> None:
    ids = [await start_game(chat, "ashtarashki", "time=1d", first=f"W{n}", second=f"B{n}") for n in range(4)]
    assert await service.games.clock_due(clock.now) == []  # begun: nothing to look at yet
    row = await service.store.game(ids[0])
    state = await service.games.state(row)
    move = get_game("ashtarashki").format_move(state, state.legal_moves()[0])
    clock.now += 3600
    await chat.one("W0", f"#{ids[0]} {move}")
    assert await service.games.clock_due(clock.now) == []  # a move sets the next look, not "at once"
    assert await service.tick() == [] and await service.games.clock_due(clock.now) == []
    clock.now += 11 * 3600 + 1  # the first reminder of the three games nobody moved in
    assert sorted(r.id for r in await service.games.clock_due(clock.now)) == ids[1:]
    reminders = await service.tick()
    assert len(reminders) == 3 and all("it is your move" in r.text for r in reminders)
    assert await service.games.clock_due(clock.now) == []
    clock.now += 3600  # twelve hours after the move: its reminder
    assert [r.id for r in await service.games.clock_due(clock.now)] == [ids[0]]


async def test_an_offer_asks_in_the_opponents_words_and_a_refusal_tells_the_offerer_in_theirs(
        chat: Chat, service: Service) -> None:
    await start_game(chat, "ashtarashki")
    await chat.one("Ann", "lang ru")
    await chat.one("Ann", "g3-h4")
    ask = await chat.one("Ann", "takeback")  # Ann speaks Russian, Bob English: the question is Bob's to answer
    assert "asks to take back" in ask.text and [c.label for c in ask.choices[0]] == ["Yes", "No"]
    refused = await chat.press("Bob", ask.choices[0][1].payload)
    assert refused[0].text.startswith("Bob не согласен(на) вернуть ход"), refused[0].text  # news for Ann
    count = await start_game(Chat(service, "g3"), "krepost", first="Bob", second="Ann")
    asked = await Chat(service, "g3").one("Bob", f"draw #{count}")
    assert "предлагает остановиться и подсчитать" in asked.text and asked.choices[0][0].label == "Да"
    declined = await Chat(service, "g3").one("Ann", "no")
    assert declined.text.startswith("Ann plays on: no count."), declined.text
