"""Nothing stuck, nothing lost, nobody where they don't belong: each case a probe found, kept fixed."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import run as run_console
from bot.service import Event, Reply, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore, StoreError
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


async def stuck_game(store: SqliteStore, service: Service) -> int:
    """What a crash while the bot thinks leaves behind: a game where the bot is to move and nobody asks it."""
    ann = await store.user("console", "ann", "Ann")
    bot = await service.people.bot("easy")
    chat = await store.chat("console", "console")
    challenge = await store.create_challenge(chat.id, "kamisado", {"match": "single"}, ann.id, bot.id, "easy", "white",
                                             None)
    row = await store.accept_challenge(challenge, ann.id, bot.id, get_game("kamisado").new_state(match="single").to_dict())
    return row.id  # Black (the bot) is to move


async def test_the_bot_moves_where_a_restart_left_it_to_move(store: SqliteStore, service: Service) -> None:
    game_id = await stuck_game(store, service)
    replies = await service.tick()
    assert [r.game_id for r in replies] == [game_id] and "Bot (easy) played" in replies[0].text
    assert replies[0].chat_id == "console"
    assert len((await store.game(game_id)).moves) == 1
    assert await service.tick() == []  # once only
    assert len((await store.game(game_id)).moves) == 1


async def test_two_processes_resume_the_bot_once(store: SqliteStore, service: Service, db_path: Path, clock: Clock) -> None:
    game_id = await stuck_game(store, service)
    other_store = await SqliteStore.open(db_path, clock=clock)
    try:
        other = Service(other_store, config=ServiceConfig(render_boards=False), clock=clock)
        both = await asyncio.gather(service.tick(), other.tick())
        assert sum(len(replies) for replies in both) == 1
        assert len((await store.game(game_id)).moves) == 1
    finally:
        await other_store.close()


class FailingOnce(Service):
    """A service whose database is away for the first tick (as during a database restart)."""

    ticks = 0

    async def tick(self, platform: str | None = None) -> list[Reply]:
        self.ticks += 1
        if self.ticks == 1:
            raise ConnectionError("database restarting")
        return await super().tick(platform)


async def test_the_terminal_clocks_go_on_after_a_failure(store: SqliteStore, clock: Clock, tmp_path: Path) -> None:
    service = FailingOnce(store, config=ServiceConfig(render_boards=False), clock=clock)
    game_id = await stuck_game(store, service)
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    out = io.StringIO()
    task = asyncio.create_task(run_console(service, tmp_path, read=lines.get, out=out, tick_every=0.05))
    for _ in range(1200):  # the bot's move is stored, then shown: wait for it to be shown (a minute at most)
        if "Bot (easy) played" in out.getvalue():
            break
        await asyncio.sleep(0.05)
    await lines.put(None)
    await task
    assert service.ticks >= 2 and "Bot (easy) played" in out.getvalue()
    assert len((await store.game(game_id)).moves) == 1


async def test_only_the_challenged_declines(chat: Chat) -> None:
    await chat.say("Bob", "hi")
    await chat.one("Ann", "play krepost")  # open to anyone
    refused = await chat.one("Bob", "decline")
    assert "Ann" in refused.text and refused.private_to == "bob"
    assert "wants to play" not in refused.text
    started = await chat.one("Bob", "accept")  # still open
    assert started.game_id is not None


async def test_times_left_are_rounded_down(chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "krepost", "time=1h")
    clock.now += 3600 - 14
    reminders = await service.tick()
    assert reminders and "14 s" in reminders[0].text and "1 min" not in reminders[0].text, reminders[0].text
    assert game_id


async def test_malformed_and_huge_ids_are_no_such_game(chat: Chat) -> None:
    await start_game(chat, "ashtarashki")
    for text in ("#² board", "board #²", f"board #{2**63}", f"board #{2**31}", "#99999999999999999999999 c3-d4",
                 f"admin evidence #{2**40}"):
        reply = await chat.one("Ann", text, is_admin=True)
        assert "no game" in reply.text.lower() or "admin" in reply.text.lower(), (text, reply.text)
        assert "went wrong" not in reply.text
    for payload in (f"m:{2**62}:0:0", f"t:{2**40}:y", "a:99999", f"s:{2**35}:0:c3", "m:1:0:999999"):
        replies = await chat.press("Ann", payload)
        assert replies and not any("went wrong" in r.text for r in replies), payload


async def test_games_are_seen_only_in_their_chat(service: Service, chat: Chat) -> None:
    game_id = await start_game(chat, "ashtarashki")
    elsewhere = Chat(service, chat_id="g2")
    for text in (f"board #{game_id}", f"export #{game_id}", f"#{game_id} c3-d4", f"resign #{game_id} yes"):
        reply = await elsewhere.one("Ann", text)
        assert f"no game #{game_id} here" in reply.text, (text, reply.text)
    press = await elsewhere.press("Carol", f"m:{game_id}:0:0")  # a stranger's press elsewhere does nothing
    assert press[0].game_id is None and press[0].private_to
    press = await elsewhere.press("Ann", f"m:{game_id}:0:0")  # the player's button plays, wherever she presses it
    assert press[0].game_id == game_id and press[0].chat_id == "g1"  # and the board goes to the game's chat
    stranger = Chat(service, chat_id="dm-carol", private=True)
    assert "here" in (await stranger.one("Carol", f"board #{game_id}")).text
    private = Chat(service, chat_id="dm-ann", private=True)
    shown = await private.one("Ann", f"board #{game_id}")  # a player looks at her game in private
    assert shown.game_id == game_id
    assert "here" in (await private.one("Ann", f"#{game_id} c3-d4")).text  # but moves are made where it is played


async def test_vacations_on_and_off_never_wind_a_clock_back_up(chat: Chat, service: Service, clock: Clock) -> None:
    game_id = await start_game(chat, "krepost", "time=1m", first="Bob", second="Ann")  # Bob (White) to move
    deadline = (await service.store.game(game_id)).deadline
    for _ in range(20):
        await chat.say("Bob", "vacation 1h")
        clock.now += 1
        await chat.say("Bob", "vacation end")
    row = await service.store.game(game_id)
    assert row.deadline == deadline + 20  # paused for the 20 seconds spent on vacation, not more
    assert "You have 13 days 4 hours of vacation" in (await chat.one("Bob", "vacation")).text  # each vacation cost its hour
    clock.now = row.deadline + 1
    lost = await service.tick()
    assert lost and "ran out of time" in lost[0].text


@pytest.mark.parametrize(("setting", "value", "secret"), [
    ("DATABASE_URL", "postgresql://bot@db/bot?password=hunter2", "hunter2"),
    ("DATABASE_URL", "mysql://bot:hunter2@db/bot", "hunter2"),  # refused, and still masked in the refusal
    ("DATABASE_URL", "postgresql://bot:hun@ter2@db/bot", "ter2"),
    ("TELEGRAM_API_URL", "https://me:hunter2@tg.example.org", "hunter2"),
    ("TELEGRAM_API_URL", "ftp://me:hunter2@tg.example.org", "hunter2"),
])
def test_check_config_never_prints_a_secret(tmp_path: Path, setting: str, value: str, secret: str) -> None:
    env = {**os.environ, setting: value}
    done = subprocess.run([sys.executable, "-m", "bot", "check-config"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    said = done.stdout + done.stderr
    assert secret not in said and "***" in said, said


@pytest.mark.parametrize("corruption", ["state = '{not json'", "moves = '[1, 2]'", "options = '[]'", "result = 'x{'"])
async def test_an_unreadable_game_freezes_alone(chat: Chat, service: Service, clock: Clock, corruption: str) -> None:
    bad = await start_game(chat, "krepost", "time=1h")
    good = await start_game(chat, "krepost", "time=1h", first="Cid", second="Dee")
    await service.store._db.execute(f"UPDATE games SET {corruption} WHERE id = ?", (bad,))
    service.forget_game(bad)
    clock.now += 3600 - 60
    reminders = await service.tick()  # every other clock goes on
    assert [r.mention for r in reminders] == ["cid"] and f"#{good}" in reminders[0].text
    raw = await service.store._db.fetch_one("SELECT status, state, moves FROM games WHERE id = ?", (bad,))
    assert raw is not None and raw["status"] == "frozen"
    assert "'{not json'" not in corruption or raw["state"] == "{not json"  # the evidence is kept as it was
    assert "frozen" in (await chat.one("Ann", f"board #{bad}")).text
    evidence = await chat.one("Ann", f"admin evidence #{bad}", is_admin=True)
    assert f"Game #{bad} is frozen" in evidence.text and ("JSON" in evidence.text or "move texts" in evidence.text)
    assert "aborted" in (await chat.one("Ann", f"admin abort #{bad}", is_admin=True)).text


async def test_twenty_resignations_at_once_all_count(chat: Chat, service: Service) -> None:
    games = [await start_game(chat, "krepost") for _ in range(20)]
    await asyncio.gather(*(chat.say("Bob", f"resign #{game_id} yes") for game_id in games))
    ann = await service.store.find_user("test", "ann")
    assert ann is not None
    rating = await service.store.rating(ann.id, "krepost", "all")
    assert (rating.games, rating.wins) == (20, 20)


async def test_names_and_echoed_text_are_cleaned(service: Service, chat: Chat) -> None:
    sneaky = "Ann\u202eeve\x00\x1b[31m\u200b"
    await chat.say("Bob", "hi")
    reply = (await service.handle(Event("test", "g1", "ann", sneaky, text="play krepost @Bob white\x1b[2J")))[0]
    assert "Anneve" in reply.text
    for bad in ("\u202e", "\x00", "\x1b", "\u200b"):
        assert bad not in reply.text
    user = await service.store.find_user("test", "ann")
    assert user is not None and user.name == "Anneve"
    echoed = await chat.one("Ann", "/\u202edestroy\x1b[2J")
    assert "\x1b" not in echoed.text and "\u202e" not in echoed.text


async def test_an_overlong_terminal_line_adds_nobody(store: SqliteStore, clock: Clock, tmp_path: Path) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False), clock=clock)
    line = " ".join(f"@u{n}" for n in range(20_000))  # about 130 kB
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    for item in (line, None):
        await lines.put(item)
    out = io.StringIO()
    await run_console(service, tmp_path, read=lines.get, out=out, tick_every=3600)
    assert "too long" in out.getvalue()
    count = await store._db.fetch_one("SELECT count(*) AS n FROM users")
    assert count is not None and count["n"] <= 3  # the typist and the bot, not twenty thousand


async def test_caches_stay_bounded_and_finished_games_leave(service: Service) -> None:
    for cache in (service.games._rows, service.games._states, service.people._users, service.people._chats):
        cache.limit = 8
    for number in range(30):
        chat = Chat(service, chat_id=f"c{number}")
        game_id = await start_game(chat, "ashtarashki", first=f"A{number}", second=f"B{number}")
        await chat.say(f"A{number}", "c3-d4")
        await chat.say(f"B{number}", "resign yes")
        assert game_id not in service.games._rows  # finished: not kept
    assert max(len(service.games._rows), len(service.games._states)) <= 8
    assert len(service.people._users) <= 8 and len(service.people._chats) <= 8
    assert len(service.games._lanes) == 0  # a game's lock lives only while someone holds it


async def test_the_terminal_keeps_only_recent_pictures(store: SqliteStore, clock: Clock, tmp_path: Path) -> None:
    service = Service(store, config=ServiceConfig(board_size=160, rate_limit=1000), clock=clock)
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    for number in range(25):
        await lines.put(f"play krepost @p{number}")
        await lines.put(f"as p{number}")
        await lines.put("accept")
        await lines.put("as me")
    await lines.put(None)
    console_out = io.StringIO()
    await run_console(service, tmp_path / "boards", read=lines.get, out=console_out, tick_every=3600)
    assert console_out.getvalue().count("[board picture") == 25
    assert len(list((tmp_path / "boards").glob("game-*.png"))) == 20


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    store = await SqliteStore.open(path)
    await store._db.execute("PRAGMA user_version = 99")
    await store.close()
    with pytest.raises(StoreError, match=r"schema version 99.*newer"):
        await SqliteStore.open(path)
    env = {**os.environ, "DATABASE_PATH": str(path)}
    done = subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 1 and "newer" in done.stderr


async def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    running = await SqliteStore.open(path, exclusive=True)
    try:
        env = {**os.environ, "DATABASE_PATH": str(path)}
        env.pop("DISCORD_TOKEN", None)
        env.pop("TELEGRAM_TOKEN", None)
        done = subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120, check=False)
        assert done.returncode == 1 and "another bot process" in done.stderr and "PostgreSQL" in done.stderr
    finally:
        await running.close()
    again = await SqliteStore.open(path, exclusive=True)  # free again once the first one closed
    await again.close()


async def test_the_same_sqlite_file_under_another_name_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    (tmp_path / "link.sqlite3").symlink_to(path)
    running = await SqliteStore.open(path, exclusive=True)
    try:
        os.link(path, tmp_path / "hard.sqlite3")
        (tmp_path / "sub").mkdir()
        for name in ("link.sqlite3", "sub/../bot.sqlite3", "hard.sqlite3"):
            with pytest.raises(StoreError, match="another bot process"):
                await SqliteStore.open(tmp_path / name, exclusive=True)
    finally:
        await running.close()


def _run_bot(database: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_PATH": str(database)}
    env.pop("DISCORD_TOKEN", None)
    env.pop("TELEGRAM_TOKEN", None)
    return subprocess.run([sys.executable, "-m", "bot", "console"], input="quit\n", capture_output=True, text=True, env=env,
                          cwd=database.parent, timeout=120, check=False)


def _read_only(path: Path, on: bool) -> None:
    """Make ``path`` impossible to write, even for root (the immutable attribute), or writable again."""
    if os.geteuid() != 0:
        path.chmod(0o444 if on else 0o644)
    elif subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True, check=False).returncode:
        pytest.skip("running as root where files cannot be made immutable: a read-only file cannot be made here")


@pytest.mark.parametrize("kind", ["not a database", "a folder", "read-only"])
def test_a_database_that_cannot_be_used_stops_the_bot_with_one_clear_line(tmp_path: Path, kind: str) -> None:
    database = tmp_path / "bot.sqlite3"
    if kind == "not a database":
        database.write_text("these are not the bytes of a database\n" * 100)
    elif kind == "a folder":
        database.mkdir()
    else:
        assert _run_bot(database).returncode == 0  # a good database first
        _read_only(database, True)
    try:
        done = _run_bot(database)
    finally:
        if kind == "read-only":
            _read_only(database, False)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and str(database) in lines[0] and "Traceback" not in done.stderr, done.stderr


async def test_export_of_a_frozen_game_is_answered_as_board_is(service: Service, chat: Chat, clock: Clock,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    game_id = await start_game(chat, "krepost", "time=1d")
    await chat.say("Ann", "@e4")
    await service.store._db.execute("UPDATE games SET moves = '[\"@e4\", \"zz99\"]', verified_version = NULL WHERE id = ?",
                                    (game_id,))
    service.forget_game(game_id)
    clock.now += 2 * 86400  # its clock is due: the tick finds it frozen
    assert await service.tick() == []
    frozen = {r.levelname for r in caplog.records if "frozen" in r.getMessage()}
    assert frozen == {"WARNING"} and not any(r.exc_info for r in caplog.records)
    for text in (f"export #{game_id}", f"board #{game_id}"):
        assert f"#{game_id}" in (await chat.one("Ann", text)).text and "frozen" in (await chat.one("Ann", text)).text


async def test_the_terminal_saves_a_puzzle_picture_under_its_own_name(store: SqliteStore, clock: Clock,
                                                                      tmp_path: Path) -> None:
    service = Service(store, config=ServiceConfig(board_size=160, rate_limit=1000), clock=clock)
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    for line in ("play krepost @p1", "as p1", "accept", "puzzle kamisado", None):
        await lines.put(line)
    console_out = io.StringIO()
    await run_console(service, tmp_path / "boards", read=lines.get, out=console_out, tick_every=3600)
    saved = sorted(path.name for path in (tmp_path / "boards").glob("*.png"))
    assert "game-1.png" in saved and any(name.startswith("puzzle-kamisado-") for name in saved), saved
    assert "picture.png" not in saved
