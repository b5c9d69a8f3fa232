"""Operator commands: copy a database to another, back one up, export every finished game."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rules import GameRecord, get_game
from storage import SqlStore, StoreError, open_store, verify_replay


async def migrate_database(source_url: str, target_url: str) -> str:
    """Copy every table that matters (:attr:`SqlStore.TABLES`; the transient ones left out say why) into an empty
    database, a batch of rows at a time, then check the copy: each table's rows, in order, hash alike on both sides,
    and every copied game replays.

    Returns a summary; raises :class:`StoreError` when the source has a table this version does not know, the target
    is not empty, or the copy differs.
    """
    source = await open_store(source_url)
    target = await open_store(target_url)
    try:
        unknown = await source.table_names() - set(SqlStore.TABLES) - set(SqlStore.LEFT_OUT)
        if unknown:
            raise StoreError(f"the source has tables this version does not copy: {', '.join(sorted(unknown))}")
        for table in SqlStore.TABLES:
            if await target.table_size(table):
                raise StoreError(f"the target database already has {table}: copy only into an empty database")
        counts = {}
        for table in SqlStore.TABLES:
            counts[table] = 0
            async for batch in source.table_batches(table):
                await target.copy_rows(table, batch)
                counts[table] += len(batch)
        for table in SqlStore.TABLES:
            if await _digest(source, table) != await _digest(target, table):
                raise StoreError(f"the copy of {table} differs from the original")
        for row in await target.all_games():
            if row.status != "frozen" and (problem := verify_replay(row)) is not None:
                raise StoreError(f"copied game {row.id} does not replay: {problem}")
        copied = ", ".join(f"{count} {table}" for table, count in counts.items() if count)
        left = "; ".join(f"{table}: {why}" for table, why in SqlStore.LEFT_OUT.items())
        return f"{copied} copied, each table checked; every game replays. Not copied ({left})."
    finally:
        await source.close()
        await target.close()


async def _digest(store: SqlStore, table: str) -> tuple[int, str]:
    """How many rows ``table`` has and a hash of them in order, the same for equal rows in SQLite and PostgreSQL
    (a number is hashed as a float: SQLite keeps a REAL column's whole numbers as it was given them)."""
    digest, count = hashlib.sha256(), 0
    async for batch in store.table_batches(table):
        for row in batch:
            normal = {k: float(v) if isinstance(v, int | float) and not isinstance(v, bool) else v for k, v in row.items()}
            digest.update(json.dumps(normal, sort_keys=True, default=str).encode())
            count += 1
    return count, digest.hexdigest()


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
