"""The storage interface on both backends: settings, version checks, racing writers, replay checks, locks."""

from __future__ import annotations

import asyncio

import pytest

from rules import get_game
from storage import ConflictError, Rating, SqlStore, open_store
from storage.migrations import MIGRATIONS


async def new_game(store: SqlStore) -> int:
    chat = await store.chat("test", "c")
    ann = await store.user("test", "1", "Ann")
    bob = await store.user("test", "2", "Bob")
    challenge = await store.create_challenge(chat.id, "kamisado", {"match": "single"}, ann.id, bob.id, None, "white", 3600)
    row = await store.accept_challenge(challenge, ann.id, bob.id, get_game("kamisado").new_state(match="single").to_dict())
    return row.id


async def test_migrations_apply_once(database_url: str) -> None:
    store = await open_store(database_url)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    again = await open_store(database_url)
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_users_chats_and_settings(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        first = await store.user("telegram", "42", "Ann")
        renamed = await store.user("telegram", "42", "Anna")
        assert first.id == renamed.id and renamed.name == "Anna"
        assert (await store.find_user("telegram", "anna")) == renamed
        changed = await store.set_user(first.id, language="hu", prefs={"flip": True})
        assert changed.language == "hu" and changed.prefs == {"flip": True}
        chat = await store.set_chat((await store.chat("telegram", "-100")).id, {"time": 3600})
        assert chat.settings == {"time": 3600}
    finally:
        await store.close()


async def test_games_round_trip_with_every_column(database_url: str) -> None:
    store = await open_store(database_url, clock=lambda: 1_700_000_000.25)
    try:
        row = await store.game(await new_game(store))
        assert row.deadline == 1_700_000_000.25 + 3600 and row.moves == [] and row.status == "active"
        state = get_game("kamisado").replay(["h8-h3"], match="single").to_dict()
        newer = await store.update_game(row, moves=["h8-h3"], state=state, board_message_id="m1", thread_id="t1",
                                        remind_stage=1, result={"winner": None}, deadline=None)
        assert await store.game(row.id) == newer
        assert await store.game_by_board_message(row.chat_id, "m1") == newer
        assert [g.id for g in await store.active_games_of(row.white_id)] == [row.id]
        assert await store.latest_game_of(row.black_id, row.chat_id) == newer
    finally:
        await store.close()


async def test_a_stale_version_writes_nothing(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        row = await store.game(await new_game(store))
        newer = await store.update_game(row, moves=["h8-h3"])
        assert newer.version == row.version + 1
        with pytest.raises(ConflictError):
            await store.update_game(row, moves=["a8-a3"])
        assert (await store.game(row.id)).moves == ["h8-h3"]
    finally:
        await store.close()


async def test_two_connections_racing_on_one_game(database_url: str) -> None:
    first = await open_store(database_url)
    second = await open_store(database_url)
    try:
        game_id = await new_game(first)
        for round_number in range(20):
            a = await first.game(game_id)
            b = await second.game(game_id)
            results = await asyncio.gather(
                first.update_game(a, remind_stage=1), second.update_game(b, remind_stage=2), return_exceptions=True
            )
            assert sum(isinstance(r, ConflictError) for r in results) == 1, (round_number, results)
        assert (await first.game(game_id)).version == 1 + 20
    finally:
        await first.close()
        await second.close()


async def test_a_challenge_is_accepted_once(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        chat = await store.chat("test", "c")
        ann = await store.user("test", "1", "Ann")
        challenge = await store.create_challenge(chat.id, "krepost", {}, ann.id, None, None, "random", None)
        state = get_game("krepost").new_state().to_dict()
        await store.accept_challenge(challenge, ann.id, ann.id, state)
        with pytest.raises(ConflictError):
            await store.accept_challenge(challenge, ann.id, ann.id, state)
        assert len(await store.all_games()) == 1
        assert (await store.challenge(challenge.id)).status == "accepted"
    finally:
        await store.close()


async def test_loading_replays_and_freezes_a_mismatch(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        row = await store.game(await new_game(store))
        good = get_game("kamisado").replay(["h8-h3"], match="single")
        row = await store.update_game(row, moves=["h8-h3"], state=good.to_dict())
        assert (await store.load_game(row.id)).status == "active"
        await store.update_game(row, moves=["a8-a3"])
        frozen = await store.load_game(row.id)
        assert frozen.status == "frozen" and "does not give the stored position" in str(frozen.result)
        assert frozen.moves == ["a8-a3"]  # never repaired
    finally:
        await store.close()


async def test_ratings_and_the_table_of_the_best(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        ann = await store.user("test", "1", "Ann")
        bob = await store.user("test", "2", "Bob")
        await store.save_ratings([Rating(ann.id, "krepost", "all", 1516.5, 1, 1, 0, 0),
                                  Rating(bob.id, "krepost", "all", 1483.5, 1, 0, 1, 0)])
        await store.save_ratings([Rating(ann.id, "krepost", "all", 1530.0, 2, 2, 0, 0)])
        assert (await store.rating(ann.id, "krepost", "all")).games == 2
        assert [(r.rating, u.name) for r, u in await store.top("krepost", "all")] == [(1530.0, "Ann"), (1483.5, "Bob")]
        assert (await store.rating(ann.id, "kamisado", "all")).rating == 1500.0
    finally:
        await store.close()


async def test_a_game_lock_holds_across_connections(database_url: str) -> None:
    first = await open_store(database_url)
    second = await open_store(database_url)
    order: list[str] = []
    try:
        game_id = await new_game(first)

        async def hold(store: SqlStore, name: str) -> None:
            async with store.game_lock(game_id):
                order.append(f"{name} in")
                await asyncio.sleep(0.05)
                order.append(f"{name} out")

        await asyncio.gather(hold(first, "a"), hold(second, "b"), hold(first, "c"))
        assert all(order[i].endswith("in") and order[i + 1] == order[i].replace("in", "out") for i in range(0, 6, 2))
        async with first.game_lock(game_id):
            with pytest.raises(ConflictError):
                async with second.game_lock(game_id, wait=0.1):
                    pass
    finally:
        await first.close()
        await second.close()


async def test_an_expired_game_lock_is_taken_over() -> None:
    now = [1000.0]
    store = await open_store("sqlite:///:memory:", clock=lambda: now[0])
    try:
        game_id = await new_game(store)
        held = store.game_lock(game_id, lease=30)
        await held.__aenter__()  # a process that died holding the lock
        now[0] += 31
        async with store.game_lock(game_id, wait=0.1):
            pass
    finally:
        await store.close()


async def test_simultaneous_game_ends_all_count_for_the_ratings(database_url: str) -> None:
    """Twenty games end at once: every one is counted, in the same write as the game's end."""
    store = await open_store(database_url)
    try:
        rows = [await store.game(await new_game(store)) for _ in range(20)]

        def white_wins(white: Rating, black: Rating) -> tuple[Rating, Rating]:
            return (Rating(white.user_id, white.game, white.scope, white.rating + 10, white.games + 1, white.wins + 1,
                           white.losses, white.draws),
                    Rating(black.user_id, black.game, black.scope, black.rating - 10, black.games + 1, black.wins,
                           black.losses + 1, black.draws))

        await asyncio.gather(*(store.update_game(row, rate=white_wins, status="finished") for row in rows))
        ann = await store.rating(rows[0].white_id, "kamisado", "all")
        bob = await store.rating(rows[0].black_id, "kamisado", "all")
        assert (ann.games, ann.wins, ann.rating) == (20, 20, 1700.0) and (bob.games, bob.losses) == (20, 20)
        assert (await store.rating(rows[0].white_id, "kamisado", f"chat:{rows[0].chat_id}")).games == 20
        with pytest.raises(ConflictError):  # a stale end changes nothing, ratings included
            await store.update_game(rows[0], rate=white_wins, status="finished")
        assert (await store.rating(rows[0].white_id, "kamisado", "all")).games == 20
    finally:
        await store.close()


async def test_krepost_games_begun_before_the_revised_count_keep_the_old_one(database_url: str) -> None:
    store = await open_store(database_url)
    chat = await store.chat("test", "c")
    ann, bob = await store.user("test", "1", "Ann"), await store.user("test", "2", "Bob")
    challenge = await store.create_challenge(chat.id, "krepost", {}, ann.id, bob.id, None, "white", None)
    game = get_game("krepost")
    state = game.new_state().play(game.parse_move(game.new_state(), "@e4"))
    old_state = {k: v for k, v in state.to_dict().items() if k != "count_after"}  # as stored before the revision
    row = await store.accept_challenge(challenge, ann.id, bob.id, old_state)
    await store.update_game(row, moves=["@e4"])
    for table in ("games", "challenges"):  # back to schema 3, as the database was before the revision
        await store._db.execute(f"ALTER TABLE {table} DROP COLUMN rated")
    await store._db.execute("DROP TABLE outbox")
    await store._db.execute("DROP TABLE seen_updates")
    await store._db.execute("DROP TABLE reviews")
    for table in ("puzzle_sessions", "puzzle_scores", "puzzle_ratings", "puzzle_days", "puzzle_history",
                  "tournament_boards", "tournament_players", "tournaments", "answered_questions", "refused_messages", "pages",
                  "web_sessions", "signin_links", "link_codes", "channel_marks", "chat_members", "bot_state", "lessons",
                  "prepared_lines"):
        await store._db.execute(f"DROP TABLE {table}")
    for index in ("games_to_move", "games_clock_due", "challenges_age", "users_player", "games_guest_chat",
                  "challenges_target", "users_digest_due"):
        await store._db.execute(f"DROP INDEX {index}")
    await store._db.execute("ALTER TABLE users DROP COLUMN player_id")
    await store._db.execute("ALTER TABLE users DROP COLUMN digest_due")
    for column in ("to_move_id", "clock_due", "verified_version", "guest_chat_id", "guest_id"):
        await store._db.execute(f"ALTER TABLE games DROP COLUMN {column}")
    if store.dialect == "sqlite":
        await store._db.execute("PRAGMA user_version = 3")
    else:
        await store._db.execute("DELETE FROM schema_version WHERE version > 3")
    await store.close()
    store = await open_store(database_url)  # migration 4 runs now
    try:
        stored = await store.load_game(row.id)
        assert stored.options == {"count_after": 100} and stored.status == "active"  # it replays: not frozen
        assert game.state_from_dict(stored.state).count_after == 100
        assert game.replay(stored.moves, **stored.options).count_after == 100
    finally:
        await store.close()


async def test_a_review_is_kept_once(database_url: str) -> None:
    store = await open_store(database_url)
    chat = await store.chat("test", "g1")
    ann, bob = await store.user("test", "1", "Ann"), await store.user("test", "2", "Bob")
    challenge = await store.create_challenge(chat.id, "krepost", {}, ann.id, bob.id, None, "white", None)
    row = await store.accept_challenge(challenge, ann.id, bob.id, get_game("krepost").new_state().to_dict())
    assert await store.review_of(row.id) is None
    await store.save_review(row.id, {"first": 1})
    await store.save_review(row.id, {"second": 2})  # another process finished it too: the first stays
    assert await store.review_of(row.id) == {"first": 1}
    await store.close()


async def test_a_board_owed_for_a_game_replaces_the_ones_still_waiting_for_that_chat(database_url: str) -> None:
    """Each chat gets one board with everything that happened: the boards still waiting are superseded and their
    lines come first, in the order they were owed; a delivered board and another chat's board stay as they are."""
    from storage.outbox import Outgoing

    now = [1_700_000_000.0]
    store = await open_store(database_url, clock=lambda: now[0])
    try:
        row = await store.game(await new_game(store))
        other = await store.chat("test", "elsewhere")

        def board(chat_id: int, ply: int, line: str) -> Outgoing:
            return Outgoing(chat_id, "board", {"ply": ply, "lines": [line]}, row.id)

        first, kept = board(row.chat_id, 1, "one"), board(other.id, 1, "there")
        row = await store.update_game(row, moves=["h8-h3"], owe=[first, kept])
        await store.delivered(first.id or 0)  # this one reached the chat: not owed again
        row = await store.update_game(row, moves=["h8-h3", "a1-a5"], owe=[board(row.chat_id, 2, "two")])
        row = await store.update_game(row, moves=["h8-h3", "a1-a5", "g8-g4"], owe=[board(row.chat_id, 3, "three")])
        now[0] += 3600  # every claim has run out
        due = {(item.chat_id, item.body["ply"]): item.body["lines"] for item in await store.claim_due(limit=10)}
        assert due == {(row.chat_id, 3): ["two", "three"], (other.id, 1): ["there"]}
    finally:
        await store.close()


async def test_a_chat_that_changes_its_id_keeps_everything_and_absorbs_what_its_new_id_saw(database_url: str) -> None:
    """A group upgraded to a supergroup: its games, pages and open puzzle follow it; the supergroup's own row (someone
    wrote there first) is merged in, where the chat can have only one of a thing the moved chat's staying."""
    store = await open_store(database_url)
    try:
        game_id = await new_game(store)  # in chat "c"
        old = await store.chat("test", "c")
        game_page = await store.page_token("game", game_id, old.id)
        await store.open_puzzle(old.id, "kamisado", 3)
        early = await store.chat("test", "s")  # the supergroup, seen before the move was known
        await store.open_puzzle(early.id, "krepost", 5)
        await store.page_token("chat", early.id, early.id)
        ann = await store.user("test", "1", "Ann")
        challenge = await store.create_challenge(early.id, "krepost", {}, ann.id, None, None, "white", None)
        assert await store.move_chat("test", "c", "s") == old.id
        assert await store.move_chat("test", "c", "s") is None  # moved already: nothing to do
        moved = await store.chat("test", "s")
        assert moved.id == old.id
        assert (await store.game(game_id)).chat_id == old.id and await store.page_of(game_page) == ("game", game_id, old.id)
        session = await store.puzzle_session(old.id)
        assert session is not None and (session.game, session.number) == ("kamisado", 3)
        assert (await store.challenge(challenge.id)).chat_id == old.id
        fresh = await store.chat("test", "c")  # the old id names a new, empty chat now
        assert fresh.id != old.id and await store.games_in(fresh.id) == [] and await store.puzzle_session(fresh.id) is None
    finally:
        await store.close()
