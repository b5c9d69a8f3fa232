"""The pages' port exposed to anyone: forged forwarding headers, streams held open by one address or by many, slow
headers and bodies, the headers every answer carries, and a process out of open files."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot import ops_http
from bot.config import networks
from bot.service import Service, ServiceConfig
from bot.web.exposure import STREAMS_PER_ADDRESS, Proxies
from storage import SqliteStore
from tests.bot.conftest import Chat
from tests.bot.processes import ROOT, until_served
from tests.bot.test_service import start_game
from tests.bot.test_web_pages import token_of
from tests.fakes.loopback import free_port


class Port:
    def __init__(self, service: Service, runner: web.AppRunner, url: str) -> None:
        self.service, self.runner, self.url = service, runner, url
        self.host, self.port = url.removeprefix("http://").split(":")


async def _serve(store: SqliteStore, **exposure: object) -> Port:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url="http://pages.test"))
    port = free_port()
    runner = await ops_http.start(store, "127.0.0.1", port, service, **exposure)  # type: ignore[arg-type]
    return Port(service, runner, f"http://127.0.0.1:{port}")


@pytest.fixture
async def exposed(store: SqliteStore) -> AsyncIterator[Port]:
    port = await _serve(store, header_timeout=0.5, keepalive_timeout=0.5)
    yield port
    await port.runner.cleanup()


async def _game_token(service: Service) -> str:
    chat = Chat(service)
    game_id = await start_game(chat, "krepost")
    replies = await chat.say("Ann", f"#{game_id} @e4")
    return token_of([r for r in replies if r.game_id == game_id and r.link][-1])


class Stream:
    """One event stream asked for on a connection of its own: its status, and the connection to close."""

    def __init__(self, status: int, head: bytes, writer: asyncio.StreamWriter) -> None:
        self.status, self.head, self.writer = status, head, writer

    def close(self) -> None:
        self.writer.close()


async def _open_stream(port: Port, path: str, forwarded: str) -> Stream:
    reader, writer = await asyncio.open_connection(port.host, int(port.port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {forwarded}\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if status == 200:
        await reader.readuntil(b"\n\n")  # its first line: the stream is counted
    return Stream(status, head, writer)


async def test_one_address_holds_a_few_streams_and_a_forged_forwarding_header_changes_nothing(exposed: Port) -> None:
    events = f"/g/{await _game_token(exposed.service)}/events"
    held = [await _open_stream(exposed, events, "203.0.113.9") for _ in range(STREAMS_PER_ADDRESS)]
    assert {r.status for r in held} == {200}  # behind the trusted proxy (loopback): the client it names
    refused = await _open_stream(exposed, events, "6.6.6.6, 203.0.113.9")  # what comes before the proxy's is forged
    assert refused.status == 503 and b"Retry-After: 30" in refused.head
    other = await _open_stream(exposed, events, "198.51.100.7")
    assert other.status == 200  # another client behind the same proxy
    for stream in [*held, refused, other]:
        stream.close()


async def test_forwarding_headers_from_an_untrusted_peer_are_ignored(store: SqliteStore) -> None:
    port = await _serve(store, proxies=Proxies(networks("10.0.0.0/8")))  # this test's loopback is no trusted proxy
    try:
        events = f"/g/{await _game_token(port.service)}/events"
        held = [await _open_stream(port, events, f"203.0.113.{n}") for n in range(STREAMS_PER_ADDRESS + 1)]
        assert [r.status for r in held].count(200) == STREAMS_PER_ADDRESS  # all counted against the peer
        for stream in held:
            stream.close()
    finally:
        await port.runner.cleanup()


async def test_streams_in_all_are_bounded_by_the_open_files(store: SqliteStore) -> None:
    port = await _serve(store, open_files=100)  # room for 36 connections, 24 of them streams
    try:
        events = f"/g/{await _game_token(port.service)}/events"
        held = [await _open_stream(port, events, f"203.0.113.{n}") for n in range(26)]
        assert [r.status for r in held] == [200] * 24 + [503] * 2
        held[0].close()
        while (again := await _open_stream(port, events, "198.51.100.1")).status != 200:
            again.close()  # the closed stream is given back once the server sees it gone
            await asyncio.sleep(0.05)
        for stream in [*held, again]:
            stream.close()
    finally:
        await port.runner.cleanup()


async def test_slow_headers_are_cut_off_and_so_is_a_slow_next_request(exposed: Port) -> None:
    reader, writer = await asyncio.open_connection(exposed.host, int(exposed.port))
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
    await writer.drain()
    assert await reader.read() == b""  # closed by the server, without an answer
    writer.close()
    reader, writer = await asyncio.open_connection(exposed.host, int(exposed.port))
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    writer.write(b"GET /healthz HTTP/1.1\r\n")  # the next request, slowly
    await writer.drain()
    answer = await reader.read()  # answered, then (the next request not coming whole) closed
    assert answer.startswith(b"HTTP/1.1 200") and b'"status": "ok"' in answer and answer.count(b"HTTP/1.1") == 1
    writer.close()


async def test_a_slow_body_is_answered_408(exposed: Port, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ops_http, "BODY_TIMEOUT", 0.5)
    reader, writer = await asyncio.open_connection(exposed.host, int(exposed.port))
    writer.write(b"POST /auth/telegram HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    await writer.drain()
    assert (await reader.read()).startswith(b"HTTP/1.1 408")
    writer.close()


async def test_every_answer_hides_the_software_version_and_https_pages_ask_for_https(store: SqliteStore) -> None:
    plain, secure = await _serve(store), await _serve(store, https=True)
    try:
        async with aiohttp.ClientSession() as http:
            for path in ("/healthz", "/metrics", "/static/page.css", "/g/nothing-here-at-all"):
                async with http.get(plain.url + path) as response:
                    assert response.headers["Server"] == "boardgame-bot", path
                    assert "Strict-Transport-Security" not in response.headers
                async with http.get(secure.url + path) as response:
                    assert response.headers["Strict-Transport-Security"] == "max-age=31536000", path
    finally:
        await plain.runner.cleanup()
        await secure.runner.cleanup()


def _few_open_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (96, 96))  # and no way to raise it: the hard limit too


@contextlib.asynccontextmanager
async def a_bot_with_few_open_files(tmp_path: Path) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    """The bot in the terminal with its pages, allowed 96 open files (and no way to raise it): the process and the
    pages' address; it is told to quit at the end, and must."""
    port = free_port()
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "HTTP_LISTEN": f"127.0.0.1:{port}",
           "BOARDS_DIR": str(tmp_path / "boards"), "LOG_LEVEL": "INFO"}
    bot = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "console", cwd=ROOT, env=env,
                                               stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                               stderr=asyncio.subprocess.DEVNULL, preexec_fn=_few_open_files)
    assert bot.stdin is not None and bot.stdout is not None
    try:
        yield bot, f"http://127.0.0.1:{port}"
    finally:
        bot.stdin.write(b"quit\n")
        await bot.stdin.drain()
        assert await bot.wait() == 0


@pytest.mark.slow(30)
async def test_a_process_out_of_open_files_keeps_answering_and_says_so_in_a_few_lines(tmp_path: Path) -> None:
    async with a_bot_with_few_open_files(tmp_path) as (bot, url):
        assert bot.stdin is not None and bot.stdout is not None
        bot.stdin.write(b"play krepost bot white\n")
        await bot.stdin.drain()
        while b"Watch it in a browser: " not in (line := await bot.stdout.readline()):
            assert line, "the bot left"
        page = line.split(b"Watch it in a browser: ")[1].strip().decode()
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            async def hold(number: int) -> int:
                try:
                    forwarded = f"10.0.{number // 250}.{number % 250}"
                    response = await http.get(f"{page}/events", headers={"X-Forwarded-For": forwarded})
                    status = response.status
                    if status == 200:
                        await response.content.readuntil(b"\n\n")
                    return status
                except (aiohttp.ClientError, TimeoutError):
                    return 0
            statuses = await asyncio.gather(*(hold(n) for n in range(150)))
            assert statuses.count(200) <= 21  # two thirds of the 32 connections 96 open files allow
            assert statuses.count(503) > 0
        await until_served(url)  # every stream gone: the bot answers again
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert log.count("out of system resource") <= 10


@pytest.mark.slow(20)
async def test_a_flood_of_half_sent_requests_cannot_hold_the_port(tmp_path: Path) -> None:
    held: list[asyncio.StreamWriter] = []
    async with a_bot_with_few_open_files(tmp_path) as (_, url):
        await until_served(url)
        port = int(url.rsplit(":", 1)[1])
        for _ in range(150):  # more than the process's 96 open files: each sends half a request and waits
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            held.append(writer)
        async with aiohttp.ClientSession() as http, http.get(f"{url}/healthz") as response:
            assert response.status == 200  # answered: room was made, by closing the oldest of the half-sent
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "connections closed before they sent a request: 32 are allowed open" in log  # room made, not waited for
        for writer in held:
            writer.close()


def _low_soft_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 4096))


def test_the_bot_raises_its_soft_limit_of_open_files_at_start(tmp_path: Path) -> None:
    import subprocess

    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "BOARDS_DIR": str(tmp_path / "boards")}
    done = subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False, preexec_fn=_low_soft_limit)
    assert done.returncode == 0, done.stderr
    assert "open files: the soft limit is raised from 256 to 4096" in (tmp_path / "bot.log").read_text(encoding="utf-8")
