"""A database that cannot be used: a clear line at start, a clear answer (logged once) while it is down."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import Event, Service, ServiceConfig
from storage import GameBusy, StoreError, open_store
from tests.postgres_server import PostgresServer, start_or_explain

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def own_server() -> PostgresServer:
    """A PostgreSQL server of this test's own, which it may stop and start."""
    server, reason = start_or_explain()
    if server is None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    yield server  # type: ignore[misc]
    server.stop()


async def test_while_postgresql_is_down_every_answer_says_so_and_the_log_once(
        own_server: PostgresServer, caplog: pytest.LogCaptureFixture) -> None:
    store = await open_store(own_server.create_database("outage"))
    service = Service(store, config=ServiceConfig(render_boards=False, shared_database=True))
    try:
        assert "Commands" in (await service.handle(Event("t", "c", "ann", "Ann", text="help")))[0].text
        own_server.halt()
        for text in ("play kamisado bot", "games", "stats", "resign"):
            replies = await service.handle(Event("t", "c", "ann", "Ann", text=text))
            assert [r.text for r in replies] == ["The database is unavailable right now; nothing was changed. "
                                                 "Please try again in a moment."]
        assert await service.tick() == [] and await service.redeliver() == []
        said = [r for r in caplog.records if "database is unavailable" in r.getMessage()]
        ours = [r for r in caplog.records if r.exc_info and r.name.startswith(("bot", "storage"))]
        assert len(said) == 1 and not ours  # once, and no tracebacks
        own_server.resume()
        assert "Anyone can accept" in (await service.handle(Event("t", "c", "ann", "Ann", text="play kamisado")))[0].text
        assert any("available again" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    finally:
        await store.close()


async def test_postgresql_that_refuses_or_cannot_be_reached_is_named_at_start(own_server: PostgresServer) -> None:
    with pytest.raises(StoreError, match=r"postgresql://nobody@127.0.0.1:\d+/postgres: the server refused"):
        await open_store(own_server.url().replace("postgres@", "nobody:secret@"))
    own_server.halt()
    with pytest.raises(StoreError, match="cannot be reached") as refused:
        await open_store(own_server.url())
    assert "secret" not in str(refused.value)
    env = {**os.environ, "DATABASE_URL": own_server.url().replace("postgres@", "postgres:s3cret@")}
    env.pop("DISCORD_TOKEN", None)
    env.pop("TELEGRAM_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=False)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1 and "cannot be reached" in lines[0], done.stderr
    assert "s3cret" not in done.stderr


async def test_a_game_lock_dies_with_the_process_that_held_it(own_server: PostgresServer) -> None:
    url = own_server.create_database("locks")
    dying, other = await open_store(url), await open_store(url)
    try:
        held = dying.game_lock(12)
        await held.__aenter__()  # the process holds game 12 ...
        with pytest.raises(GameBusy):
            async with other.game_lock(12, wait=0.2):
                pass
        dying._db._pool.terminate()  # type: ignore[attr-defined]  # ... and dies: its connections are gone
        async with other.game_lock(12, wait=5):  # free at once, not after a lease
            pass
    finally:
        await other.close()


@pytest.mark.slow(11)
async def test_a_move_while_another_process_moves_in_the_game_is_answered_honestly(own_server: PostgresServer) -> None:
    url = own_server.create_database("busy")
    store, elsewhere = await open_store(url), await open_store(url)
    service = Service(store, config=ServiceConfig(render_boards=False, shared_database=True))
    service.games.lock_wait = 0.2
    try:
        await service.handle(Event("t", "c", "bob", "Bob", text="hi"))
        await service.handle(Event("t", "c", "ann", "Ann", text="play krepost @Bob white"))
        game_id = (await service.handle(Event("t", "c", "bob", "Bob", text="accept")))[0].game_id
        assert game_id is not None
        async with elsewhere.game_lock(game_id):  # another process is in the middle of a move here
            answer = await service.handle(Event("t", "c", "ann", "Ann", text="@e4"))
        assert answer[0].text == f"Another move of game #{game_id} is being made right now; try again in a moment."
        assert "Ann played @e4" in (await service.handle(Event("t", "c", "ann", "Ann", text="@e4")))[0].text
    finally:
        await store.close()
        await elsewhere.close()


def test_a_terminal_chat_whose_folder_cannot_be_written_says_so_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")  # no folder can be made here, not even by root
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{blocker}/bot.sqlite3"}
    env.pop("DISCORD_TOKEN", None)
    env.pop("TELEGRAM_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=False)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1 and str(blocker) in lines[0], done.stderr


async def test_while_postgresql_is_down_the_pages_answer_503_in_the_readers_language(own_server: PostgresServer) -> None:
    import aiohttp

    from bot.ops_http import application
    from bot.web.server import add_pages
    from tests.fakes.loopback import serve

    store = await open_store(own_server.create_database("pages_outage"))
    service = Service(store, config=ServiceConfig(render_boards=False, shared_database=True, public_url="http://x.test"))
    await service.handle(Event("telegram", "-1", "bob", "Bob", text="hello"))
    await service.handle(Event("telegram", "-1", "ann", "Ann", text="play krepost @Bob"))
    [board] = [r for r in await service.handle(Event("telegram", "-1", "bob", "Bob", text="accept")) if r.link]
    assert board.link is not None
    app = application(store)
    add_pages(app, service)
    runner, url = await serve(app)
    try:
        async with aiohttp.ClientSession() as http:
            own_server.halt()
            page = board.link[1].replace("http://x.test", url)
            for path, language in ((page, "ru"), (page + "/turn", "en"), (page + "/ply/0", "fa")):
                async with http.get(path, headers={"Accept-Language": language}) as response:
                    said = await response.text()
                    assert response.status == 503, (path, response.status, said)
            assert "база данных не отвечает" not in said  # the last one was asked in Persian
            async with http.get(page, headers={"Accept-Language": "ru"}) as response:
                assert "база данных не отвечает" in await response.text()
    finally:
        own_server.resume()
        await runner.cleanup()
        await store.close()
