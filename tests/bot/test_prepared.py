"""Answers prepared in advance (conditional moves): given privately, checked as legal when given and when played,
played at once in the same handling as the opponent's move, cleared (and the player told) by any other move, never
shown to the opponent or the chat before they are played; after a restart the tick plays what was owed."""

from __future__ import annotations

import asyncio
import json

from bot.service import Service
from bot.service.events import Reply
from bot.service.moves import Played, commit_move
from bot.service.texts import Words
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock, stored
from tests.bot.test_service import start_game

GAME = get_game("ashtarashki")


def notation(moves: list[str]) -> list[str]:
    """Ashtarashki ``moves`` as typed, in the notation the game stores."""
    return stored("ashtarashki", moves)


async def ann_id(service: Service) -> int:
    found = await service.people.known("test", "ann")
    assert found is not None
    return found.id


def seen_by(replies: list[Reply], chat_id: str) -> str:
    return "\n".join(r.text for r in replies if r.chat_id == chat_id)


async def a_waiting_game(service: Service) -> tuple[Chat, Chat, Chat, int]:
    """Ann (White) against Bob in a group; Ann has played a3-b4 and waits. The group, Ann's and Bob's private chats."""
    group, ann, bob = Chat(service), Chat(service, "ann-dm", private=True), Chat(service, "bob-dm", private=True)
    game_id = await start_game(group, "ashtarashki")
    await ann.say("Ann", "hello")
    await bob.say("Bob", "hello")
    await group.say("Ann", "a3-b4")
    return group, ann, bob, game_id


async def test_a_prepared_answer_is_played_at_once_and_a_move_without_one_clears_them(
        service: Service, store: SqliteStore) -> None:
    group, ann, _bob, game_id = await a_waiting_game(service)
    [kept] = await ann.say("Ann", "if b6-a5 then c3-d4 if f6-e5 then g3-h4")
    [kept] = await ann.say("Ann", "if b6-c5 then g3-h4")  # a second branch
    assert kept.chat_id == "ann-dm" and "only you see them" in kept.text
    assert kept.text.count("→") == 3, kept.text
    replies = await group.say("Bob", "b6-a5")
    row = await store.game(game_id)
    assert row.moves == notation(["a3-b4", "b6-a5", "c3-d4"])  # her answer, at once
    boards = [r for r in replies if r.game_id == game_id]
    assert boards and "(an answer prepared in advance)" in boards[-1].text
    assert not any("→" in r.text for r in replies)  # her other lines stay hers alone
    # Bob does not play f6-e5: what she prepared for this position is cleared, and she is told privately
    state = await service.games.state(row)
    other = next(m for m in state.legal_moves() if GAME.format_move(state, m) != notation(["a3-b4", "b6-a5", "c3-d4",
                                                                                           "f6-e5"])[-1])
    replies = await group.say("Bob", GAME.format_move(state, other))
    assert "which you had prepared no answer for" in seen_by(replies, "ann-dm")
    assert len((await store.game(game_id)).moves) == 4 and await store.prepared(game_id, await ann_id(service)) is None
    assert (await ann.one("Ann", "if")).text == f"#{game_id}: no answers prepared."
    assert "It is your move" in (await ann.one("Ann", "if g3-h4 then a7-b6")).text


async def test_what_is_prepared_is_on_no_page_and_in_no_stream_before_it_is_played(service: Service,
                                                                                    store: SqliteStore) -> None:
    group, ann, _, game_id = await a_waiting_game(service)
    await ann.say("Ann", "if b6-a5 then c3-d4")
    row = await store.game(game_id)
    token = await store.page_token("game", game_id, row.chat_id)
    bob = await service.people.known("test", "bob")
    assert bob is not None

    async def stream() -> str:
        return json.dumps(await service.web.update(game_id, "en", whole=True), ensure_ascii=False)

    shown = [repr(await service.web.game(token, "en")), await stream(), repr(await service.web.turn(token, bob.id, "en")),
             repr(await service.web.turn(token, None, "en"))]
    assert not any("c3—d4" in text or "c3-d4" in text for text in shown)  # the opponent, a spectator, the stream
    await group.say("Bob", "b6-a5")
    assert "c3—d4" in await stream()  # played: now everyone sees it


async def test_lines_are_given_privately_checked_as_legal_and_never_against_the_bot(service: Service,
                                                                                    store: SqliteStore) -> None:
    group, ann, bob, game_id = await a_waiting_game(service)
    [refused] = await group.say("Ann", "if b6-a5 then b4-c5")  # in the group everyone would read it: kept nowhere
    assert refused.private_to == "ann" and "private chat" in refused.text
    assert await store.prepared(game_id, await ann_id(service)) is None
    assert await group.say("Ann", "if you want, play") == []  # talk, not a command
    [illegal] = await ann.say("Ann", "if b6-a5 then b4-z9")
    assert illegal.refusal and "Move 1 of the line, b4-z9" in illegal.text
    [theirs] = await ann.say("Ann", "if b4-c5 then b6-a5")  # the opponent's move first
    assert theirs.refusal and "b4-c5" in theirs.text
    [turn] = await bob.say("Bob", "if c3-d4 then b6-a5")  # Bob is to move: he plays first
    assert turn.refusal and "It is your move" in turn.text
    assert "Write: if" in (await ann.one("Ann", "if b6-a5 b4-c5")).text
    await ann.say("Ann", "if b6-a5 then b4-c5")
    assert "cleared" in (await ann.one("Ann", "if clear")).text
    assert await store.prepared(game_id, await ann_id(service)) is None
    await ann.say("Ann", "play kamisado bot white single")
    [bot_game] = await ann.say("Ann", "если #2 h8-h7 то a1-a2")  # Russian words, a game against the bot
    assert bot_game.refusal and "between people" in bot_game.text


async def test_a_line_answers_move_after_move_and_a_restart_plays_what_was_owed(service: Service,
                                                                             store: SqliteStore) -> None:
    group, ann, _bob, game_id = await a_waiting_game(service)
    await ann.say("Ann", "if b6-a5 then c3-d4 if f6-e5 then g3-h4")
    await group.say("Bob", "b6-a5")
    assert (await store.game(game_id)).moves == notation(["a3-b4", "b6-a5", "c3-d4"])
    assert "f6—e5 → M2g3—h4" in (await ann.one("Ann", "if")).text  # what is left: the next answer
    # the process dies right after Bob's next move is stored, before Ann's answer: the commit, and nothing after it
    async with service.app.games.lock(game_id):
        row = await service.games.fresh(game_id)
        state = await service.games.state(row)
        await commit_move(service.app, row, state, GAME.parse_move(state, "f6-e5"), Played(), Words("en"))
    restarted = Service(store, config=service.config, clock=service.clock)
    replies = await restarted.tick("test")
    assert (await store.game(game_id)).moves == notation(["a3-b4", "b6-a5", "c3-d4", "f6-e5", "g3-h4"])
    assert any("(an answer prepared in advance)" in r.text for r in replies if r.game_id == game_id)
    assert not [r for r in await restarted.tick("test") if r.game_id == game_id]  # played once
    assert await store.prepared(game_id, await ann_id(service)) is None  # the line is used up


async def test_a_prepared_line_racing_the_opponents_move_is_played_once_or_refused(service: Service,
                                                                                  store: SqliteStore) -> None:
    group, ann, _bob, game_id = await a_waiting_game(service)
    prepared, moved = await asyncio.gather(ann.say("Ann", "if b6-a5 then c3-d4"), group.say("Bob", "b6-a5"))
    moves = (await store.game(game_id)).moves
    if len(moves) == 3:  # her line was kept first: it answered his move
        assert moves == notation(["a3-b4", "b6-a5", "c3-d4"]) and "only you see them" in prepared[0].text
    else:  # his move came first: it is her turn, and nothing was kept
        assert moves == notation(["a3-b4", "b6-a5"]) and "It is your move" in prepared[0].text
        assert await store.prepared(game_id, await ann_id(service)) is None
    assert moved


def test_lines_read_in_every_games_notation() -> None:
    from bot.service.commands.prepared import read_pairs
    from bot.service.prepared import read_line

    kamisado = get_game("kamisado")
    state = kamisado.new_state(match="single")
    state = state.play(kamisado.parse_move(state, "h8-h4"))  # Black's first move: White to move, Black waits
    theirs = next(iter(state.legal_moves()))
    after = state.play(theirs)
    mine = next(iter(after.legal_moves()))
    line = [(kamisado.format_move(state, theirs), kamisado.format_move(after, mine))]
    assert read_line(state, "black", line) == line  # the rules' own notation reads back as itself
    krepost = get_game("krepost")
    start = krepost.new_state()
    placed = start.play(krepost.parse_move(start, "@e4"))  # White placed; Black to move, then White
    pairs = read_pairs("@j9 then @f4 if @j10 then @g4")
    assert pairs == [("@j9", "@f4"), ("@j10", "@g4")]
    assert [pair[1] for pair in read_line(placed, "white", pairs)] == ["@f4", "@g4"]
    assert read_pairs("e4-e5 xf7 then @a1") == [("e4-e5 xf7", "@a1")]  # a move of several words


async def test_the_notice_of_cleared_answers_waits_for_the_end_of_quiet_hours(service: Service, clock: Clock) -> None:
    group, ann, _, _ = await a_waiting_game(service)
    await ann.say("Ann", "if b6-a5 then c3-d4")
    now = service.clock()
    hour = int(now // 3600 % 24)
    await ann.say("Ann", f"settings quiet {hour:02d}:00-{(hour + 2) % 24:02d}:00")  # UTC, as she set no zone
    replies = await group.say("Bob", "b6-c5")  # not the move she prepared for
    assert seen_by(replies, "ann-dm") == ""  # nothing reaches her in her quiet hours
    assert not [r for r in await service.redeliver("test") if r.chat_id == "ann-dm"]
    clock.now = (now // 3600 + 2) * 3600 + 1  # her quiet hours are over
    held = [r for r in await service.redeliver("test") if r.chat_id == "ann-dm"]
    assert len(held) == 1 and "which you had prepared no answer for" in held[0].text


async def test_a_take_back_clears_what_was_prepared_so_no_answer_is_played_in_another_position(
        service: Service, store: SqliteStore) -> None:
    group, ann, _bob, game_id = await a_waiting_game(service)
    await ann.say("Ann", "if b6-a5 then c3-d4")
    await group.say("Ann", "takeback")
    replies = await group.say("Bob", "takeback")  # Bob agrees: Ann's a3-b4 is taken back
    assert (await store.game(game_id)).moves == []
    assert "a move was taken back, so your prepared answers there are cleared" in seen_by(replies, "ann-dm")
    assert await store.prepared(game_id, await ann_id(service)) is None
    await group.say("Ann", "g3-h4")  # another first move: the position her answer was written for never comes
    await group.say("Bob", "b6-a5")
    assert (await store.game(game_id)).moves == notation(["g3-h4", "b6-a5"])  # her old answer (legal here) was not played


def _move_text(state: object, move: object) -> str:
    return str(get_game("kamisado").format_move(state, move))  # type: ignore[arg-type]


async def test_a_prepared_answer_across_a_kamisado_round_is_the_next_rounds_first_move(
        service: Service, store: SqliteStore) -> None:
    import random

    group, ann = Chat(service), Chat(service, "ann-dm", private=True)
    game_id = await start_game(group, "kamisado", "standard")
    await ann.say("Ann", "hello")
    game, rng, names = get_game("kamisado"), random.Random(5), {"white": "Ann", "black": "Bob"}
    for _ in range(500):
        row = await store.game(game_id)
        state = game.state_from_dict(row.state)
        assert state.outcome() is None, "the match ended before Bob won a round"
        if state.to_play == "black" and state.phase == "refill":  # Bob won a round: he fills, Ann begins the next
            theirs = next(iter(state.legal_moves()))
            after = state.play(theirs)
            assert after.to_play == "white" and after.phase != "refill"
            mine = next(iter(after.legal_moves()))
            [kept] = await ann.say("Ann", f"if {_move_text(state, theirs)} then {_move_text(after, mine)}")
            assert "only you see them" in kept.text, kept.text
            await group.say("Bob", f"#{game_id} {_move_text(state, theirs)}")
            row = await store.game(game_id)
            assert row.moves[-2:] == [_move_text(state, theirs), _move_text(after, mine)]  # her answer opened the round
            assert game.state_from_dict(row.state) == after.play(mine)
            return
        move = rng.choice(list(state.legal_moves()))
        reply = await group.one(names[state.to_play or ""], f"#{game_id} {_move_text(state, move)}")
        if reply.game_id is None and reply.choices and "Careful" in reply.text:
            await group.press(names[state.to_play or ""], reply.choices[0][0].payload)
    raise AssertionError("Bob never won a round")


async def test_answers_prepared_in_a_game_stay_in_it_after_a_rematch(service: Service, store: SqliteStore) -> None:
    group, ann, _bob, game_id = await a_waiting_game(service)
    await ann.say("Ann", "if b6-a5 then c3-d4")
    await group.say("Bob", "resign yes")
    ended = (await store.game(game_id)).moves
    await group.say("Bob", "rematch")
    started = await group.one("Ann", "accept")
    rematch = started.game_id or 0
    assert rematch != game_id
    await group.say("Bob", f"#{rematch} a3-b4")  # colours swapped: Bob is White now
    await group.say("Ann", f"#{rematch} b6-a5")
    row = await store.game(rematch)
    state = GAME.state_from_dict(row.state)
    theirs = next(iter(state.legal_moves()))
    after = state.play(theirs)
    mine = next(iter(after.legal_moves()))
    await ann.say("Ann", f"if #{rematch} {GAME.format_move(state, theirs)} then {GAME.format_move(after, mine)}")
    await group.say("Bob", f"#{rematch} {GAME.format_move(state, theirs)}")
    assert (await store.game(rematch)).moves[-1] == GAME.format_move(after, mine)  # the rematch's own answer
    assert (await store.game(game_id)).moves == ended  # and nothing in the game that ended


async def test_two_hundred_answers_are_listed_in_one_message_that_every_platform_takes(
        service: Service, store: SqliteStore, clock: Clock) -> None:
    import random

    from bot.service.prepared import count

    _group, ann, _bob, game_id = await a_waiting_game(service)
    start, rng, given = GAME.state_from_dict((await store.game(game_id)).state), random.Random(3), 0
    while given < 200:
        state, pairs = start, []
        for _ in range(min(20, 200 - given)):
            if state.outcome() is not None:
                break
            theirs = rng.choice(list(state.legal_moves()))
            after = state.play(theirs)
            if after.outcome() is not None:
                break
            mine = min(after.legal_moves(), key=lambda move: GAME.format_move(after, move))  # one answer a position
            pairs.append(f"{GAME.format_move(state, theirs)} then {GAME.format_move(after, mine)}")
            state = after.play(mine)
        clock.now += 60  # a patient player: no rate limit
        [kept] = await ann.say("Ann", "if " + " if ".join(pairs))
        assert "only you see them" in kept.text, kept.text
        given = count((await store.prepared(game_id, await ann_id(service)) or object()).lines)  # type: ignore[attr-defined]
    listed = (await ann.one("Ann", "if")).text
    assert len(listed) < 2000, len(listed)  # Discord's limit, and Telegram's 4,096
    assert f"{given} answers in all" in listed
    first_moves = (await store.prepared(game_id, await ann_id(service))).lines  # type: ignore[union-attr]
    assert all(f"{GAME.format_move(start, GAME.parse_move(start, move))} →" in listed for move in first_moves)
