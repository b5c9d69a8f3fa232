"""Running for real: several processes on one PostgreSQL database, copying databases, backups,
exports, the operations endpoint and structured logs."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot import logs
from bot.metrics import METRICS, RetryCounter
from bot.ops_http import start
from bot.service import Service, ServiceConfig
from rules import get_game
from storage import Outgoing, open_store, verify_replay
from storage.migrations import NAMES
from storage.tournaments import PlannedBoard
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import play_out, start_game

ROOT = Path(__file__).resolve().parents[2]


def shared(store: object, clock: Clock) -> Service:
    return Service(store, config=ServiceConfig(render_boards=False, shared_database=True), clock=clock)  # type: ignore[arg-type]


async def test_two_processes_on_postgresql_apply_each_move_once_and_remind_once(postgres_url: str) -> None:
    clock = Clock()
    stores = [await open_store(postgres_url, clock=clock) for _ in range(2)]
    try:
        first, second = (shared(store, clock) for store in stores)
        games = [await start_game(Chat(first, f"g{n}"), "krepost", "time=1d") for n in range(4)]
        for round_number in range(6):
            for number, game_id in enumerate(games):
                row = await stores[0].game(game_id)
                player = "Ann" if row.state["to_play"] == "white" else "Bob"
                state = get_game("krepost").state_from_dict(row.state)
                moves = list(state.legal_moves())
                texts = [get_game("krepost").format_move(state, m) for m in moves[round_number % len(moves):][:2]]
                if len(texts) < 2:
                    texts *= 2
                results = await asyncio.gather(Chat(first, f"g{number}").say(player, f"#{game_id} {texts[0]}"),
                                               Chat(second, f"g{number}").say(player, f"#{game_id} {texts[1]}"))
                played = [r for r in results if "played" in r[0].text]
                assert len(played) == 1, [r[0].text for r in results]
                assert len((await stores[1].game(game_id)).moves) == round_number + 1
        clock.now += 13 * 3600
        reminders = await asyncio.gather(first.tick(), second.tick(), first.tick())
        sent = [reply for batch in reminders for reply in batch]
        assert sorted(r.text.split("#")[1].split()[0].strip(":,.") for r in sent) == sorted(str(g) for g in games)
        assert await first.tick() == [] and await second.tick() == []
        for game_id in games:
            assert verify_replay(await stores[0].game(game_id)) is None
    finally:
        for store in stores:
            await store.close()


async def finished_games(url: str, clock: Clock) -> list[int]:
    store = await open_store(url, clock=clock)
    try:
        service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=100_000), clock=clock)
        chat = Chat(service)
        ids = []
        for number, game in enumerate(("kamisado", "ashtarashki")):
            game_id = await start_game(chat, game, "single" if game == "kamisado" else "")
            await play_out(chat, service, game_id, seed=number)
            ids.append(game_id)
        await start_game(chat, "krepost")  # one still being played
        return ids
    finally:
        await store.close()


def run_bot(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, cwd=cwd, env=environment,
                          timeout=300, check=False)


async def a_row_in_every_table(url: str) -> None:
    """Something in each table a copy keeps (beside the games of :func:`finished_games`): what a working bot has."""
    store = await open_store(url)
    try:
        ann = await store.user("test", "ann-id", "Ann")
        chat = await store.chat("test", "room")
        game_id = (await store.all_games())[0].id
        await store.first_sight("telegram", "77")
        await store.save_review(game_id, {"verdicts": []})
        session = await store.open_puzzle(chat.id, "kamisado", 1, day="2026-11-27")
        assert session is not None
        await store.set_puzzle_rating("kamisado", 1, 1200.0)
        await store.change_puzzle(session, attempt=(ann.id, 1.0, lambda player, puzzle: (player + 8, puzzle - 8)))
        tournament = await store.create_tournament(chat.id, ann.id, "krepost", {}, "swiss", 1, 3, None, True, "en")
        assert tournament is not None
        bob = await store.user("test", "bob-id", "Bob")
        await store.join_tournament(tournament, bob.id, 16)
        bye = PlannedBoard(ann.id, None, points=(2, None))
        await store.begin_round(await store.tournament(tournament.id), 1, [bye], lambda ids: [])
        await store.answer_question("telegram", "-1", "5")
        await store.note_refusal("telegram", "-1", "7", "6")
        await store.page_token("game", game_id, chat.id)
        await store.new_session(ann.id, 3600)
        await store.new_signin_link(ann.id, game_id, 3600)
        await store.new_link_code(ann.id, 3600)
        await store.mark_read("discord", "123", "456")
        await store.remember("discord.commands.1", "digest")
        await store.begin_lesson(ann.id, "kamisado", {"step": 0, "line": [], "made": 0, "wrong": 0, "shown": False, "stars": []})
        await store.keep_prepared(game_id, ann.id, 0, {"a3-b4": {"reply": "b6-a5", "next": {}}})
        await store.schedule_digest(ann.id, 1.0)
        for table in store.TABLES:
            assert await store.table_size(table), f"nothing in {table}"
    finally:
        await store.close()


async def test_migrate_db_copies_everything_and_refuses_a_full_target(tmp_path: Path, postgres_url: str) -> None:
    source = f"sqlite:///{tmp_path}/old.sqlite3"
    await finished_games(source, Clock())
    await a_row_in_every_table(source)
    done = run_bot("migrate-db", "--from", source, "--to", postgres_url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "3 games" in done.stdout and "every game replays" in done.stdout and "game_locks" in done.stdout
    before = await open_store(source)
    after = await open_store(postgres_url)
    try:
        for store in (before, after):  # every table is copied or said to be left out
            assert set(store.TABLES) <= await store.table_names() <= set(store.TABLES) | set(store.LEFT_OUT)
        for table in before.TABLES:
            assert await before.table_rows(table) == await after.table_rows(table), table
        chat = await after.chat("test", "new-chat")  # ids continue after the copied ones
        assert chat.id > max(row["id"] for row in await before.table_rows("chats")) - 1
    finally:
        await before.close()
        await after.close()
    again = run_bot("migrate-db", "--from", source, "--to", postgres_url, cwd=tmp_path)
    assert again.returncode == 1 and "already has users" in again.stderr


async def test_backup_and_export_games_from_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/bot.sqlite3"
    finished = await finished_games(url, Clock())
    done = run_bot("backup", str(tmp_path / "copy.sqlite3"), cwd=tmp_path, DATABASE_URL=url)
    assert done.returncode == 0, done.stderr
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    copy.close()
    again = run_bot("backup", str(tmp_path / "copy.sqlite3"), cwd=tmp_path, DATABASE_URL=url)
    assert again.returncode == 1 and "exists already" in again.stderr and "--force" in again.stderr
    assert run_bot("backup", str(tmp_path / "copy.sqlite3"), "--force", cwd=tmp_path, DATABASE_URL=url).returncode == 0
    (tmp_path / "locked").mkdir(mode=0o500)
    for target in (tmp_path / "locked" / "copy.sqlite3", tmp_path / "nowhere" / "copy.sqlite3", tmp_path / "locked"):
        refused = run_bot("backup", str(target), cwd=tmp_path, DATABASE_URL=url)
        if target.parent.name == "locked" and os.geteuid() == 0 and refused.returncode == 0:
            continue  # root writes into a read-only folder
        assert refused.returncode == 1 and "Traceback" not in refused.stderr, refused.stderr
        assert refused.stderr.startswith("backup failed: ") and refused.stderr.count("\n") == 1, refused.stderr
    assert not list(tmp_path.glob("**/*.partial"))  # a failed copy leaves nothing behind
    done = run_bot("export-games", str(tmp_path / "records"), cwd=tmp_path, DATABASE_URL=url)
    assert done.returncode == 0 and "2 finished games" in done.stdout, done.stderr
    files = sorted(p.name for p in (tmp_path / "records").iterdir())
    assert files == sorted([f"kamisado-{finished[0]}.txt", f"ashtarashki-{finished[1]}.txt"])
    for name in files:
        key = name.split("-")[0]
        record = get_game(key).import_record((tmp_path / "records" / name).read_text(encoding="utf-8"))
        assert get_game(key).replay(record.moves, **record.options).outcome() is not None


def test_backup_of_a_postgresql_database_says_what_to_use(tmp_path: Path) -> None:
    done = run_bot("backup", "x", cwd=tmp_path, DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    assert done.returncode == 1 and ("pg_dump" in done.stderr or "failed" in done.stderr)


async def test_the_operations_endpoint(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        unused_tcp_port = probe.getsockname()[1]
    store = await open_store(f"sqlite:///{tmp_path}/bot.sqlite3")
    runner = await start(store, "127.0.0.1", unused_tcp_port)
    base = f"http://127.0.0.1:{unused_tcp_port}"
    try:
        service = Service(store, config=ServiceConfig(render_boards=False))
        chat = Chat(service)
        before = METRICS.moves
        await start_game(chat, "krepost")
        await chat.say("Ann", "@e4")
        assert METRICS.moves == before + 1
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/healthz") as response:
                assert response.status == 200 and (await response.json())["status"] == "ok"
            async with http.get(f"{base}/metrics") as response:
                text = await response.text()
        families = {family.name: family for family in text_string_to_metric_families(text)}
        figures = {sample.name: sample.value for family in families.values() for sample in family.samples
                   if not sample.labels}
        assert figures["bot_active_games"] == 1 and figures["bot_moves_total"] == METRICS.moves
        assert figures["bot_moves_per_minute"] >= 1 and "bot_platform_api_retries_total" in figures
        assert figures["bot_outbox_pending"] >= 1 and figures["bot_outbox_oldest_pending_seconds"] >= 0  # boards owed
        for name, kind in [("bot_reply_seconds", "histogram"), ("bot_ai_think_seconds", "histogram"),
                           ("bot_board_draw_seconds", "histogram"), ("bot_event_streams_open", "gauge"),
                           ("bot_render_worker_restarts", "counter"), ("bot_db_pool_waits", "gauge"),
                           ("bot_platform_up", "gauge"), ("process_resident_memory_bytes", "gauge"),
                           ("process_open_fds", "gauge"), ("process_cpu_seconds", "counter")]:
            assert families[name].type == kind, name
        assert figures["bot_reply_seconds_count"] >= 2  # the challenge and the move were answered
        check = await asyncio.to_thread(run_bot, "healthcheck", cwd=tmp_path, HTTP_LISTEN=f"0.0.0.0:{unused_tcp_port}")
        assert check.returncode == 0 and '"ok"' in check.stdout, check.stderr
        await store.close()
        async with aiohttp.ClientSession() as http, http.get(f"{base}/healthz") as response:
            assert response.status == 503
    finally:
        await runner.cleanup()


def test_retries_of_the_chat_libraries_are_counted() -> None:
    before = METRICS.platform_retries
    handler = RetryCounter()
    logger = logging.getLogger("telegram.ext.AIORateLimiter")
    record = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "Rate limit hit. Retrying after %f seconds", (1.5,), None)
    handler.emit(record)
    handler.emit(logger.makeRecord(logger.name, logging.INFO, __file__, 1, "started", (), None))
    discord_log = logging.getLogger("discord.http")
    handler.emit(discord_log.makeRecord(discord_log.name, logging.WARNING, __file__, 1, "We are being rate limited. %s %s "
                                        "responded with 429. Retrying in %.2f seconds.", ("POST", "/x", 1.0), None))
    assert METRICS.platform_retries == before + 2


def test_json_logs_carry_the_context_and_never_a_token() -> None:
    formatter = logs.JsonFormatter()
    logger = logging.getLogger("bot.test")
    record = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "calling %s", ("https://api.telegram.org/bot123456789:"
                               "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX/sendMessage",), None,
                               extra={"game_id": 7, "chat": "-100", "user_id": 3})
    line = json.loads(formatter.format(record))
    assert line["game_id"] == 7 and line["chat"] == "-100" and line["user_id"] == 3 and line["level"] == "info"
    assert "AAHdq" not in line["message"] and "***" in line["message"]
    text = logs.TextFormatter().format(record)
    assert "game_id=7" in text and "AAHdq" not in text


def test_a_line_that_repeats_in_a_loop_is_a_few_lines_and_a_count() -> None:
    now = [0.0]
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.TextFormatter())
    handler.addFilter(logs.RepeatFilter(per_minute=5, clock=lambda: now[0]))
    logger = logging.getLogger("asyncio.test")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for number in range(100_000):  # as asyncio says it when every file the process may open is open
            logger.error("socket.accept() out of system resource (%d)", number)
            logger.warning("something else")
        now[0] = 61.0
        logger.error("socket.accept() out of system resource (%d)", 0)
    finally:
        logger.removeHandler(handler)
        logger.propagate = True
    lines = out.getvalue().splitlines()
    assert len(lines) == 5 + 5 + 1
    assert lines[-1].endswith("left_out=99995")


async def test_an_upgrade_copies_the_database_first_and_db_status_says_what_it_will_do(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    url = f"sqlite:///{path}"
    await finished_games(url, Clock())
    older = sqlite3.connect(path)  # as the bot before the last migration left it
    older.executescript("DROP INDEX users_digest_due; ALTER TABLE users DROP COLUMN digest_due;"
                        f" PRAGMA user_version = {len(NAMES) - 1};")
    older.close()
    status = run_bot("db-status", cwd=tmp_path, DATABASE_URL=url)
    assert status.returncode == 0, status.stderr
    assert f"schema version: {len(NAMES) - 1} (this bot knows up to {len(NAMES)})" in status.stdout
    assert f"  {len(NAMES)}: {NAMES[-1]}" in status.stdout and f"{path}.before-v{len(NAMES)}" in status.stdout
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == len(NAMES) - 1  # nothing changed
    store = await open_store(url)
    try:
        copy = Path(f"{path}.before-v{len(NAMES)}")
        assert store.copied_before_migrating == copy  # type: ignore[attr-defined]
        assert await store.schema_version() == len(NAMES)
    finally:
        await store.close()
    kept = sqlite3.connect(copy)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == len(NAMES) - 1
    assert kept.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    kept.close()
    status = run_bot("db-status", cwd=tmp_path, DATABASE_URL=url)
    assert "up to date" in status.stdout


async def test_db_status_of_postgresql(postgres_url: str, tmp_path: Path) -> None:
    status = run_bot("db-status", cwd=tmp_path, DATABASE_URL=postgres_url)
    assert status.returncode == 0 and "schema version: 0" in status.stdout and "  1: the first schema" in status.stdout
    store = await open_store(postgres_url)
    await store.close()
    status = run_bot("db-status", cwd=tmp_path, DATABASE_URL=postgres_url)
    assert f"schema version: {len(NAMES)}" in status.stdout and "up to date" in status.stdout


async def test_what_was_sent_and_answered_is_kept_a_while_then_forgotten(tmp_path: Path) -> None:
    clock = Clock()
    store = await open_store(f"sqlite:///{tmp_path}/bot.sqlite3", clock=clock)
    try:
        service = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
        chat = await store.chat("test", "room")
        sent = Outgoing(chat.id, "text", {"text": "sent"})
        await store.owe_now([sent, Outgoing(chat.id, "text", {"text": "owed"})])
        assert sent.id is not None
        await store.delivered(sent.id)
        await store.answer_question("test", "room", "42")
        clock.now += 29 * 86_400
        await service.tick()
        assert await store.table_size("outbox") == 2 and await store.table_size("answered_questions") == 1
        clock.now += 2 * 86_400  # past a month: the sent item goes, the one still owed stays
        await service.tick()
        assert [row["body"] for row in await store.table_rows("outbox")] == ['{"text": "owed"}']
        assert await store.table_size("answered_questions") == 1
        clock.now += 60 * 86_400
        await service.tick()
        assert await store.table_size("answered_questions") == 0 and await store.table_size("outbox") == 1
    finally:
        await store.close()
