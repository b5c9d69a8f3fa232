"""What an operator meets when starting ``python -m bot``: the exit codes a supervisor acts on, the mode
``check-config`` announces, and Telegram's webhook served beside the pages with a secret that forged updates lack."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import main
from bot.config import Config, derived_secret
from bot.platforms import run_platforms
from bot.service import Service, ServiceConfig
from storage import SqliteStore
from tests.bot.processes import start_bot, telegram_env
from tests.fakes.discord_server import APP_ID, FakeDiscord, point_discord_at
from tests.fakes.loopback import free_port
from tests.fakes.telegram_server import FakeTelegram

ANN = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann", "language_code": "en"}


def bot(*args: str, cwd: Path, stdin: str | None = "", **settings: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN")}
    env.update(DATABASE_PATH=str(cwd / "bot.sqlite3"), BOARDS_DIR=str(cwd / "boards"), **settings)
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=240, check=False)


def test_no_token_and_no_terminal_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = bot(cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "python -m bot console" in done.stderr
    assert not (tmp_path / "bot.sqlite3").exists() and not (tmp_path / "bot.log").exists()  # nothing was started


def test_console_chats_whatever_its_input_and_whatever_the_tokens(tmp_path: Path) -> None:
    done = bot("console", cwd=tmp_path, stdin="help\nquit\n", TELEGRAM_TOKEN="123:never-used")
    assert done.returncode == 0, done.stderr
    assert "Commands" in done.stdout


def test_check_config_says_what_run_will_start(tmp_path: Path) -> None:
    done = bot("check-config", cwd=tmp_path)
    assert done.returncode == 0 and "run will start: the chat in this terminal" in done.stdout
    done = bot("check-config", cwd=tmp_path, TELEGRAM_TOKEN="123:x", TELEGRAM_WEBHOOK_URL="https://bot.example.org/tg",
               HTTP_LISTEN="127.0.0.1:8080", DISCORD_TOKEN="d")
    assert done.returncode == 0, done.stderr
    assert "Telegram by webhook at https://bot.example.org/tg (served on HTTP_LISTEN 127.0.0.1:8080; secret derived " \
           "from the token); Discord; pages, /healthz and /metrics on 127.0.0.1:8080" in done.stdout


def test_a_telegram_token_of_another_shape_is_refused_without_being_printed(tmp_path: Path) -> None:
    for token in ("garbage", "123", ":abc", "123:has space", "abc:DEF"):
        done = bot("check-config", cwd=tmp_path, TELEGRAM_TOKEN=token)
        assert done.returncode == 2 and "TELEGRAM_TOKEN is the token BotFather gave" in done.stderr, (token, done.stderr)
        assert len(token) < 5 or token not in done.stderr  # a token is a secret: not printed


def test_a_webhook_needs_the_pages_server_and_a_good_secret(tmp_path: Path) -> None:
    done = bot("check-config", cwd=tmp_path, TELEGRAM_TOKEN="123:x", TELEGRAM_WEBHOOK_URL="https://bot.example.org/tg")
    assert done.returncode == 2 and "TELEGRAM_WEBHOOK_URL needs HTTP_LISTEN" in done.stderr
    done = bot("check-config", cwd=tmp_path, TELEGRAM_TOKEN="123:x", TELEGRAM_WEBHOOK_URL="https://bot.example.org/tg",
               HTTP_LISTEN="127.0.0.1:8080", TELEGRAM_WEBHOOK_SECRET="short")
    assert done.returncode == 2 and "TELEGRAM_WEBHOOK_SECRET must be 16 to 256" in done.stderr
    done = bot("check-config", cwd=tmp_path, TELEGRAM_TOKEN="123:x", TELEGRAM_WEBHOOK_URL="https://bot.example.org/g/x",
               HTTP_LISTEN="127.0.0.1:8080")
    assert done.returncode == 2 and "needs a path of its own" in done.stderr  # a page's path is no webhook's
    done = bot("check-config", cwd=tmp_path, TELEGRAM_WEBHOOK_LISTEN="0.0.0.0:8443")
    assert done.returncode == 2 and "served with the pages on HTTP_LISTEN" in done.stderr


async def test_a_telegram_that_refuses_the_token_is_named_and_exits_1(tmp_path: Path) -> None:
    telegram = FakeTelegram()
    await telegram.start()
    try:
        telegram.revoked.add("123:TEST")
        done = await asyncio.to_thread(bot, "run", cwd=tmp_path, TELEGRAM_TOKEN="123:TEST", TELEGRAM_API_URL=telegram.url)
        assert done.returncode == 1
        assert "Telegram failed: InvalidToken" in done.stderr and "Traceback" not in done.stderr
    finally:
        await telegram.stop()


async def test_a_discord_that_refuses_the_token_is_named_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    discord_fake = FakeDiscord()
    await discord_fake.start()
    point_discord_at(discord_fake)  # in this process: discord.py is pointed at the fake as at a proxy
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "wrong")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    try:
        discord_fake.revoked.add("wrong")
        assert await asyncio.to_thread(main, ["run"]) == 1
        said = capfd.readouterr().err
        assert "Discord failed: LoginFailure" in said and "Traceback" not in said
    finally:
        point_discord_at(None)
        await discord_fake.stop()


async def test_the_webhook_is_served_beside_the_pages_and_refuses_forged_updates(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    port = free_port()
    database = tmp_path / "bot.sqlite3"
    process = await start_bot(telegram_env(fake, f"sqlite:///{database}", HTTP_LISTEN=f"127.0.0.1:{port}",
                                           TELEGRAM_WEBHOOK_URL="https://bot.example.org/telegram"))
    try:
        [registered] = await fake.wait_for("setWebhook", timeout=180)
        assert registered.params["url"] == "https://bot.example.org/telegram"
        secret = registered.params["secret_token"]
        assert secret == derived_secret("123:TEST")  # no TELEGRAM_WEBHOOK_SECRET: derived from the token
        assert not [c for c in fake.calls if c.method == "getUpdates"]  # no polling beside the webhook
        update = {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": {"id": 11, "type": "private"},
                                              "from": ANN, "text": "/play krepost bot white"}}
        fake.started.add(ANN["id"])  # Ann writes to the bot in private (through the webhook, not the fake's queue)
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{port}/telegram"
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "guess"}):
                async with http.post(url, json=update, headers=headers) as response:
                    assert response.status == 403
            for body in (b"{not json", b"[]", b"null", b"5", b'"x"', b"{}", b'{"update_id": "x"}', b"\xff",
                         b'{"update_id": 1, "message": 5}', b'{"update_id": 1, "message": {"x": 1}}'):
                async with http.post(url, data=body, headers={"X-Telegram-Bot-Api-Secret-Token": secret}) as response:
                    assert response.status == 400, body  # the right secret and no update: the sender's fault, no 500
            async with http.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret}) as response:
                assert response.status == 200
        await fake.wait_for("sendPhoto", timeout=120)
    finally:
        process.terminate()
        assert await process.wait() == 0
        await fake.stop()
    store = await SqliteStore.open(database)
    try:
        games = await store.all_games()
        assert len(games) == 1  # the forged updates started nothing; the signed one started the game
    finally:
        await store.close()


async def _health(http: aiohttp.ClientSession, url: str, status: int) -> dict[str, object]:
    """``/healthz``'s answer once it has ``status`` (asked again and again until then)."""
    while True:
        async with http.get(url) as response:
            if response.status == status:
                body: dict[str, object] = await response.json()
                return body
        await asyncio.sleep(0.2)


@contextlib.asynccontextmanager
async def a_bot_watched_by_its_health(tmp_path: Path) -> AsyncIterator[tuple[FakeTelegram, str]]:
    """A bot process on the fake Telegram with its pages' server, unhealthy after 1 s without the platform: the fake
    and the ``/healthz`` address."""
    fake = FakeTelegram()
    await fake.start()
    port = free_port()
    process = await start_bot(telegram_env(fake, f"sqlite:///{tmp_path / 'bot.sqlite3'}", HTTP_LISTEN=f"127.0.0.1:{port}",
                                           UNHEALTHY_AFTER="1"))
    try:
        yield fake, f"http://127.0.0.1:{port}/healthz"
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()


async def test_health_tells_when_the_platform_is_gone_and_when_it_is_back(tmp_path: Path) -> None:
    async with a_bot_watched_by_its_health(tmp_path) as (fake, url), aiohttp.ClientSession() as http:
        await fake.wait_for("setMyCommands", count=4, timeout=180)
        body = await _health(http, url, 200)
        assert body["platforms"] == {"telegram": {"reached": True}}
        fake.down = True  # every call to Telegram is answered 502 from now on
        body = await _health(http, url, 503)
        telegram = body["platforms"]["telegram"]  # type: ignore[index]
        assert body["status"] == "unhealthy" and telegram["reached"] is False and "502" in telegram["error"]
        async with http.get(url.replace("/healthz", "/metrics")) as response:
            assert 'bot_platform_up{platform="telegram"} 0.0' in await response.text()
        fake.down = False
        body = await _health(http, url, 200)
        assert body["platforms"] == {"telegram": {"reached": True}}


async def test_health_counts_the_sends_too_not_only_the_updates_heard(tmp_path: Path) -> None:
    private = {"id": 11, "type": "private", "first_name": "Ann"}
    async with a_bot_watched_by_its_health(tmp_path) as (fake, url), aiohttp.ClientSession() as http:
        fake.message(ANN, private, "/help")
        await fake.wait_for("sendMessage", timeout=180)  # started, and answering
        fake.flaky = 1.0  # every call but getUpdates fails (500, 502 or a dropped connection): updates still come

        async def asking() -> None:  # players keep writing; no answer gets out
            while True:
                fake.message(ANN, private, "/help")
                await asyncio.sleep(0.3)

        writing = asyncio.create_task(asking())
        try:
            body = await _health(http, url, 503)
        finally:
            writing.cancel()
        telegram = body["platforms"]["telegram"]  # type: ignore[index]
        assert telegram["reached"] is False and "sending" in telegram["error"], telegram
        fake.flaky = 0.0
        since = len(fake.calls)
        fake.message(ANN, private, "/help")  # the next answer gets out: reached again
        await fake.wait_for("sendMessage", since=since)
        body = await _health(http, url, 200)
        assert body["platforms"] == {"telegram": {"reached": True}}


async def test_discord_is_given_the_commands_only_when_they_changed(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeDiscord()
    await fake.start()
    point_discord_at(fake)
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    settings = Config(discord_token="d")

    def replaced() -> int:
        return len([c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands")])

    async def start_and_stop() -> None:
        stop = asyncio.Event()
        running = asyncio.create_task(run_platforms(Service(store, config=ServiceConfig(board_size=200)), settings, stop))
        await asyncio.wait_for(fake.ready.wait(), 60)  # the commands are sent, if at all, before the gateway
        fake.ready.clear()
        stop.set()
        await asyncio.wait_for(running, 30)

    try:
        await start_and_stop()
        assert replaced() == 1
        await start_and_stop()  # a restart with the same commands sends none
        assert replaced() == 1
        await store.remember(f"discord.commands.{APP_ID}", "an older bot's commands")
        await start_and_stop()  # a new version with other commands sends them
        assert replaced() == 2
        await store.close()
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("DISCORD_TOKEN", "d")
        monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
        assert await asyncio.to_thread(main, ["sync-commands"]) == 0  # the operator's command sends them anyway
        assert replaced() == 3
    finally:
        point_discord_at(None)
        await fake.stop()


async def test_a_bot_process_is_pointed_at_another_discord_by_its_settings(tmp_path: Path) -> None:
    fake = FakeDiscord()  # as an operator's REST proxy in front of Discord (and its gateway) would be
    await fake.start()
    env = {key: value for key, value in os.environ.items() if key != "TELEGRAM_TOKEN"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=Path(__file__).parents[2], stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env={**env, "DISCORD_TOKEN": "d", "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
             "DISCORD_API_URL": fake.api, "DISCORD_GATEWAY_URL": fake.gateway})
    try:
        await asyncio.wait_for(fake.ready.wait(), 180)  # the whole start went to the fake: REST, then the gateway
        assert [c for c in fake.calls if c.path.startswith(f"applications/{APP_ID}/commands")]
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()
    done = bot("check-config", cwd=tmp_path, DISCORD_TOKEN="d", DISCORD_API_URL="https://proxy.example/api/v10")
    assert done.returncode == 0 and "Discord through https://proxy.example/api/v10" in done.stdout, done.stdout
    for name, value in (("DISCORD_API_URL", "proxy.example"), ("DISCORD_GATEWAY_URL", "https://gateway.example")):
        done = bot("check-config", cwd=tmp_path, DISCORD_TOKEN="d", **{name: value})
        assert done.returncode == 2 and name in done.stderr, done.stderr


async def test_health_follows_discords_gateway(tmp_path: Path) -> None:
    from bot.health import PlatformHealth

    fake = FakeDiscord()
    await fake.start()
    point_discord_at(fake)
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    health = PlatformHealth(unhealthy_after=0.5)
    stop, gone = asyncio.Event(), False
    running = asyncio.create_task(run_platforms(Service(store, config=ServiceConfig(board_size=200)), Config(discord_token="d"),
                                                stop, health=health))
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        while health.report() != {"discord": {"reached": True}}:
            await asyncio.sleep(0.05)
        await fake.stop()  # Discord goes away: the gateway closes, and no reconnection gets through
        gone = True
        while health.report()["discord"]["reached"]:
            await asyncio.sleep(0.05)
        while health.healthy():  # and once it has been away longer than allowed, the process is unhealthy
            await asyncio.sleep(0.05)
        assert "gateway" in health.report()["discord"]["error"]
    finally:
        stop.set()
        await asyncio.wait_for(running, 30)
        await store.close()
        point_discord_at(None)
        if not gone:
            await fake.stop()
