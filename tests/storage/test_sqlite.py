"""The SQLite store on a real file: schema, settings, version checks, racing writers, replay checks."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from rules import get_game
from storage import ConflictError, SqliteStore
from storage.migrations import MIGRATIONS


async def new_game(store: SqliteStore) -> int:
    chat = await store.chat("test", "c")
    ann = await store.user("test", "1", "Ann")
    bob = await store.user("test", "2", "Bob")
    challenge = await store.create_challenge(chat.id, "kamisado", {"match": "single"}, ann.id, bob.id, None, "white", None)
    row = await store.accept_challenge(challenge, ann.id, bob.id, get_game("kamisado").new_state(match="single").to_dict())
    return row.id


async def test_schema_pragmas_and_migrations(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"users", "chats", "challenges", "games", "ratings"} <= tables
    raw.close()
    again = await SqliteStore.open(path)  # opening twice applies nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_users_chats_and_settings(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
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


async def test_a_stale_version_writes_nothing(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        row = await store.game(await new_game(store))
        newer = await store.update_game(row, moves=["h8-h3"])
        assert newer.version == row.version + 1
        with pytest.raises(ConflictError):
            await store.update_game(row, moves=["a8-a3"])
        assert (await store.game(row.id)).moves == ["h8-h3"]
    finally:
        await store.close()


async def test_two_connections_racing_on_one_game(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    first = await SqliteStore.open(path)
    second = await SqliteStore.open(path)
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


async def test_a_challenge_is_accepted_once(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        chat = await store.chat("test", "c")
        ann = await store.user("test", "1", "Ann")
        challenge = await store.create_challenge(chat.id, "krepost", {}, ann.id, None, None, "random", None)
        state = get_game("krepost").new_state().to_dict()
        await store.accept_challenge(challenge, ann.id, ann.id, state)
        with pytest.raises(ConflictError):
            await store.accept_challenge(challenge, ann.id, ann.id, state)
        assert len(await store.all_games()) == 1
    finally:
        await store.close()


async def test_loading_replays_and_freezes_a_mismatch(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        row = await store.game(await new_game(store))
        game = get_game("kamisado")
        good = game.replay(["h8-h3"], match="single")
        row = await store.update_game(row, moves=["h8-h3"], state=good.to_dict())
        assert (await store.load_game(row.id)).status == "active"
        await store.update_game(row, moves=["a8-a3"])
        frozen = await store.load_game(row.id)
        assert frozen.status == "frozen" and "does not give the stored position" in str(frozen.result)
        assert frozen.moves == ["a8-a3"]  # never repaired
    finally:
        await store.close()


async def test_online_backup(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await new_game(store)
        await store.backup(tmp_path / "copy.sqlite3")
    finally:
        await store.close()
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    copy.close()
