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
from storage import open_store, verify_replay
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


async def test_migrate_db_copies_everything_and_refuses_a_full_target(tmp_path: Path, postgres_url: str) -> None:
    source = f"sqlite:///{tmp_path}/old.sqlite3"
    await finished_games(source, Clock())
    done = run_bot("migrate-db", "--from", source, "--to", postgres_url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "3 games" in done.stdout and "every game replays" in done.stdout
    before = await open_store(source)
    after = await open_store(postgres_url)
    try:
        for table in before.TABLES:
            assert await before.table_rows(table) == await after.table_rows(table)
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
