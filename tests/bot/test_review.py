"""review: a finished game gone through move by move, made in the background and kept."""

from __future__ import annotations

import asyncio

import pytest

import ai
from ai.review import HORIZONS, review
from bot.service import Reply, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


async def _finished(chat: Chat, service: Service) -> int:
    """A single Kamisado round: Bob (Black, who starts with a proven win) throws it away at once."""
    game_id = await start_game(chat, "kamisado", "single")
    await chat.one("Bob", "e8-e2")  # the book's move is g8-g2; after this one White wins by force
    await chat.say("Ann", "b1-g6")
    await chat.say("Ann", "g6-e8")
    assert (await service.store.game(game_id)).status == "finished"
    return game_id


async def _made_replies(service: Service) -> list[Reply]:
    """Wait for the chat's review to be made; what the front end is then given."""
    for task in list(service.app.reviews.tasks):
        await task
    return await service.redeliver()


async def _made(service: Service) -> list[str]:
    """The texts of :func:`_made_replies`, without the progress messages' edits."""
    return [reply.text for reply in await _made_replies(service) if reply.edit_message_id is None]


async def test_a_thrown_away_round_is_a_proven_blunder_with_the_winning_move(chat: Chat, service: Service) -> None:
    game_id = await _finished(chat, service)
    started = await chat.one("Carol", f"review #{game_id}")  # anyone in the chat
    assert f"Reviewing game #{game_id}" in started.text
    [text] = await _made(service)
    assert "1. yellow ↑6 green (e8–e2): a blunder; better green ↑6 orange (g8–g2) (proven" in text, text
    again = await chat.one("Ann", f"review #{game_id}")  # kept: at once, the same
    assert again.text == text


async def test_a_review_is_kept_across_a_restart(store: SqliteStore, clock: Clock, db_path: object) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    chat = Chat(service)
    game_id = await _finished(chat, service)
    await chat.one("Ann", "review")
    [text] = await _made(service)
    restarted = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    assert (await Chat(restarted).one("Ann", f"review #{game_id}")).text == text


async def _long_game(chat: Chat, service: Service, plies: int = 24) -> int:
    """A finished Ashtarashki game of ``plies`` turns and a resignation: seconds to review (no round to prove first),
    its quarters whole numbers of moves."""
    game_id = await start_game(chat, "ashtarashki")
    game = get_game("ashtarashki")
    for ply in range(plies):
        row = await service.store.game(game_id)
        state = game.state_from_dict(row.state)
        assert row.status == "active"
        move = state.legal_moves()[ply * 7 % len(state.legal_moves())]
        player = "Ann" if state.to_play == "white" else "Bob"
        for reply in await chat.say(player, f"#{game_id} {game.format_move(state, move)}"):
            if reply.choices and "Careful" in reply.text:
                await chat.press(player, reply.choices[0][0].payload)
    await chat.one("Ann", f"#{game_id} resign yes")
    row = await service.store.game(game_id)
    assert row.status == "finished" and len([m for m in row.moves if not m.startswith("!")]) == plies
    return game_id


@pytest.mark.slow(5)
async def test_the_progress_message_is_edited_as_the_review_goes(chat: Chat, service: Service) -> None:
    game_id = await _long_game(chat, service)
    started = await chat.one("Ann", f"review #{game_id}")
    await service.sent(started, "m1")  # the front end posted it as message m1
    replies = [r for r in await _made_replies(service)]
    edits = [r for r in replies if r.edit_message_id == "m1"]
    assert [r.text.split(": ")[1].split("%")[0] for r in edits] == ["25", "50", "75"], [r.text for r in edits]
    assert replies[-1].edit_message_id is None and "Review of game" in replies[-1].text


async def test_one_review_at_a_time_and_it_can_be_called_off(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    assert "still going on" in (await chat.one("Ann", f"review #{game_id}")).text  # it would be coaching
    await chat.one("Ann", "resign yes")
    game_id = await _long_game(chat, service)
    assert "Reviewing" in (await chat.one("Ann", f"review #{game_id}")).text
    assert "already being made" in (await chat.one("Bob", f"review #{game_id}")).text
    assert "called off" in (await chat.one("Bob", "review cancel")).text
    assert "No review" in (await chat.one("Bob", "review cancel")).text
    assert await _made(service) == []  # nothing kept, nothing sent
    assert await service.app.games.review_of(game_id) is None
    assert "Reviewing" in (await chat.one("Bob", f"review #{game_id}")).text
    assert "called off" in (await chat.one("Bob", "review cancel")).text
    assert "Reviewing" in (await chat.one("Bob", f"review #{game_id}")).text  # at once: the one called off is no bar
    [made] = await _made(service)  # the one called off sent nothing
    assert f"Review of game #{game_id}" in made and await service.app.games.review_of(game_id) is not None


@pytest.mark.slow(25)
def test_the_master_against_itself_makes_no_blunder() -> None:
    for key, options in (("kamisado", {"match": "single"}), ("ashtarashki", {})):
        game = get_game(key)
        state = game.new_state(**options)
        moves = []
        while state.outcome() is None and len(moves) < 40:
            move = ai.choose(state, level="master", depth=max(HORIZONS[key]) + 1, seed=0)
            moves.append(game.format_move(state, move))
            state = state.play(move)
        verdicts = {m.verdict for m in review(key, options, moves).moves}
        assert "blunder" not in verdicts and "mistake" not in verdicts, (key, verdicts)


async def test_a_review_runs_while_the_chat_goes_on(chat: Chat, service: Service) -> None:
    game_id = await _finished(chat, service)
    await chat.one("Ann", f"review #{game_id}")
    other = await start_game(chat, "krepost", first="Dan", second="Eve")
    assert (await chat.one("Dan", "@e4")).game_id == other  # answered while the review is being made
    await asyncio.wait_for(_made(service), 120)


async def test_the_record_carries_the_verdicts_and_still_reads(chat: Chat, service: Service) -> None:
    game_id = await _finished(chat, service)
    await chat.one("Ann", f"review #{game_id}")
    await _made(service)
    exported = (await chat.one("Ann", f"export #{game_id}")).text
    record = exported.split("\n", 1)[1]
    assert "# round 1, 1. yellow ↑6 green (e8–e2): a blunder; better green ↑6 orange (g8–g2) (proven" in record, record
    game = get_game("kamisado")
    read = game.import_record(record)
    stored = [m for m in (await service.store.game(game_id)).moves if not m.startswith("!")]
    assert game.replay(list(read.moves), **read.options).to_dict() == game.replay(stored, match="single").to_dict()


def test_an_ashtarashki_record_passes_over_comments() -> None:
    game = get_game("ashtarashki")
    state = game.new_state()
    move = state.legal_moves()[0]
    record = game.export_record(game.import_record(f"1. {game.format_move(state, move)}")) + "# 1. a comment\n"
    assert list(game.import_record(record).moves) == [game.format_move(state, move)]


async def test_a_player_asks_for_the_review_in_private(chat: Chat, service: Service) -> None:
    game_id = await _finished(chat, service)
    private = Chat(service, chat_id="ann-private", private=True)
    assert f"Reviewing game #{game_id}" in (await private.one("Ann", f"review #{game_id}")).text
    [made] = [r for r in await _made_replies(service) if r.edit_message_id is None]
    assert made.chat_id == "ann-private" and "a blunder" in made.text
