"""Operator commands: copy a database to another, back one up, export every finished game."""

from __future__ import annotations

from pathlib import Path

from rules import GameRecord, get_game
from storage import SqlStore, StoreError, open_store, verify_replay


async def migrate_database(source_url: str, target_url: str) -> str:
    """Copy every user, chat, game, challenge and rating to an empty database, then replay every copied game.

    Returns a summary; raises :class:`StoreError` when the target is not empty or a copied game does not replay.
    """
    source = await open_store(source_url)
    target = await open_store(target_url)
    try:
        for table in SqlStore.TABLES:
            if await target.table_rows(table):
                raise StoreError(f"the target database already has {table}: copy only into an empty database")
        counts = {}
        for table in SqlStore.TABLES:
            rows = await source.table_rows(table)
            await target.copy_rows(table, rows)
            counts[table] = len(rows)
        for table in SqlStore.TABLES:
            if await source.table_rows(table) != await target.table_rows(table):
                raise StoreError(f"the copy of {table} differs from the original")
        for row in await target.all_games():
            if row.status != "frozen" and (problem := verify_replay(row)) is not None:
                raise StoreError(f"copied game {row.id} does not replay: {problem}")
        return ", ".join(f"{count} {table}" for table, count in counts.items()) + " copied; every game replays"
    finally:
        await source.close()
        await target.close()


async def export_games(store: SqlStore, folder: Path) -> int:
    """Write each finished game's record, in its game's notation, to ``folder/<game>-<id>.txt``; how many."""
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for row in await store.all_games():
        if row.status != "finished":
            continue
        game = get_game(row.game)
        outcome = game.replay(row.moves, **row.options).outcome()
        result = None
        if outcome is not None:
            result = f"{outcome.winner} wins ({outcome.reason})" if outcome.winner else f"draw ({outcome.reason})"
        moves = tuple(m for m in row.moves if not m.startswith("!"))
        text = game.export_record(GameRecord(row.game, row.options, moves, result))
        (folder / f"{row.game}-{row.id}.txt").write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        written += 1
    return written
