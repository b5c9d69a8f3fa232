"""The terminal chat, driven through standard input as a user would type."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.console import Console, Prompt
from bot.service import Service, ServiceConfig
from storage import SqliteStore


def run_console(tmp_path: Path, lines: list[str]) -> str:
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "BOARDS_DIR": str(tmp_path / "boards")}
    env.pop("DISCORD_TOKEN", None)
    env.pop("TELEGRAM_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot", "console"], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_playing_the_bot_in_the_terminal(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["/play kamisado bot white single level=beginner", "board", "/1", "quit"])
    assert "Game #1: Kamisado" in out
    assert "Bot (beginner) played" in out  # Black (the bot) opened
    assert "[board picture: " in out and (tmp_path / "boards" / "game-1.png").is_file()
    assert "●" in out and "○" in out  # the text diagram
    assert out.count(" played ") >= 3  # the button press played a move and the bot answered


def test_a_plain_number_is_a_move_and_a_slash_number_a_button(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot white single level=beginner", "2", "quit"])
    assert "ann played" in out and "↑2" in out.split("ann played")[1].split("\n")[0]  # straight ahead, not button 2
    assert "[/1] " in out


def test_two_local_players_take_turns(tmp_path: Path) -> None:
    out = run_console(tmp_path, [
        "as ann", "play ashtarashki @bob white", "as bob", "accept", "g3-h4", "as ann", "g3-h4", "games", "quit",
    ])
    assert "Game #1: Ashtarashki, ann (White) against bob (Black)" in out
    assert "It is not your turn" in out
    assert "ann played M2g3—h4" in out and "against bob: their turn" in out


def test_the_game_survives_a_restart(tmp_path: Path) -> None:
    run_console(tmp_path, ["as ann", "play krepost bot white", "@e4", "quit"])
    out = run_console(tmp_path, ["as ann", "board", "quit"])
    assert "#1 Krepost" in out and "ann to move" in out


def test_check_config_reports_bad_values(tmp_path: Path) -> None:
    env = {**os.environ, "AI_TIME_BUDGET": "fast"}
    done = subprocess.run([sys.executable, "-m", "bot", "check-config"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    assert done.returncode == 2 and "AI_TIME_BUDGET must be a number" in done.stderr
    env = {**os.environ, "TELEGRAM_TOKEN": "123:secret", "TELEGRAM_WEBHOOK_SECRET": "hush-hush-hush-hush",
           "DATABASE_URL": "postgresql://bot:pa55word@db/bot"}
    done = subprocess.run([sys.executable, "-m", "bot", "check-config"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert "123:secret" not in done.stdout and "hush-hush-hush-hush" not in done.stdout and "pa55word" not in done.stdout
    assert "postgresql://bot:***@db/bot" in done.stdout


def test_buttons_belong_to_the_last_answer_only(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot white single level=beginner", "#1 resign", "/2", "/1",
                                 "games", "/1", "board", "quit"])
    assert "Game #1 goes on" in out
    assert out.count("There is no button [/1]: the last answer had no buttons.") == 2  # the answered question, 'games'
    assert "resigned" not in out and "Game over" not in out


def test_news_arriving_at_the_prompt_is_printed_above_it() -> None:
    out = io.StringIO()
    prompt = Prompt(lambda: "ann> ", out, interactive=True)
    prompt.write("before")  # no prompt on screen: a plain line
    prompt.shown = True  # input is awaited: the prompt is on screen
    prompt.write("Bot (easy) played e4.")
    assert out.getvalue() == "before\n\r\x1b[KBot (easy) played e4.\nann> "


async def test_a_slow_answer_says_the_bot_is_thinking(service: Service, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(service, out, tmp_path, user="ann", thinking_after=0)  # any wait counts as slow here
    await console.say("play kamisado bot white single level=easy")
    await console.say("2")
    assert "The bot is thinking…" in out.getvalue()
    quick = Console(service, io.StringIO(), tmp_path, user="ann")
    await quick.say("lang ru")
    await quick.say("help")
    assert "Здесь, в терминале" in quick.prompt.out.getvalue()  # the terminal's own words follow 'lang'


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("typed", "key"), [(b"", b"\x04"), (b"hel", b"\x03")])
def test_ctrl_d_and_ctrl_c_leave_a_clean_line(tmp_path: Path, typed: bytes, key: bytes) -> None:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the bot in the terminal, as a person starts it
        os.environ.update(DATABASE_PATH=str(tmp_path / "bot.sqlite3"), BOARDS_DIR=str(tmp_path / "boards"))
        os.environ.pop("DISCORD_TOKEN", None)
        os.environ.pop("TELEGRAM_TOKEN", None)
        os.execv(sys.executable, [sys.executable, "-m", "bot"])
    seen = _read_until(fd, lambda text: text.endswith(b"> "))
    assert seen.endswith(b"> "), seen
    os.write(fd, typed)
    seen += _read_until(fd, lambda text: text.endswith(typed))
    os.write(fd, key)
    seen += _read_until(fd, lambda text: False)  # to the end: the bot has left
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert seen.endswith(b"> " + typed + b"\r\n"), seen[-200:]  # the shell's prompt starts on a line of its own


def _read_until(fd: int, done: Callable[[bytes], bool], limit: float = 120) -> bytes:
    """What the terminal shows until ``done`` says so, the program ends, or ``limit`` seconds pass."""
    seen = b""
    deadline = time.monotonic() + limit
    while not done(seen) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the program ended and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    return seen


async def test_the_terminal_shows_a_reviews_progress_and_then_the_review(store: SqliteStore, tmp_path: Path) -> None:
    service = Service(store, config=ServiceConfig(rate_limit=1000))  # with pictures, as the terminal runs
    out = io.StringIO()
    console = Console(service, out, tmp_path, user="ann")
    for line in ("play kamisado @bob white single", "as bob", "accept", "e8-e2", "as ann", "b1-g6", "g6-e8", "review"):
        await console.say(line)
    assert "Reviewing game #1" in out.getvalue()
    for task in list(service.app.reviews.tasks):
        await task
    await console.show(await service.redeliver())
    shown = out.getvalue()
    assert shown.count("Reviewing game #1: ") == 3, shown  # started, then 33% and 66% done (three moves)
    assert shown.index("66% done") < shown.index("Review of game #1")
    assert f"[picture: {tmp_path / 'review-1.png'}]" in shown.split("Review of game #1")[1]  # not a "board picture"


def test_a_lesson_in_the_terminal_with_a_wrong_move_a_hint_a_button_and_a_restart(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "learn kamisado", "c5-c6", "c5-c6", "c5-a3", "c5-c8", "quit"])
    assert "Kamisado lesson · 1/7" in out and "[picture: " in out and "[/1] " in out
    assert "You land on orange, so Black moves the orange tower, which is free" in out
    assert "Hint: Towers go straight or diagonally forward" in out  # after the second wrong try
    assert "cannot move like that" in out  # a move the rules refuse, in their words
    assert "★★☆ Done." in out and "Kamisado lesson · 2/7" in out
    again = run_console(tmp_path, ["as ann", "learn", "learn kamisado", "/4", "quit"])  # after a restart: step 2
    assert "Kamisado: step 2 of 7" in again and "Kamisado lesson · 2/7" in again
    assert "★★★ Done." in again  # button 4 is g8, the way to the top row


def test_an_answer_prepared_in_the_terminal_is_played_when_the_opponent_moves(tmp_path: Path) -> None:
    out = run_console(tmp_path, [
        "as ann", "play ashtarashki @bob white", "as bob", "accept", "as ann", "a3-b4",
        "if b6-a5 then c3-d4 if f6-e5 then g3-h4", "as bob", "b6-a5", "f6-g5", "as ann", "if", "quit",
    ])
    assert "#1: your prepared answers (only you see them):\nM2b6—a5 → M3c3—d4\n    M3f6—e5 → M2g3—h4" in out
    assert "bob played M2b6—a5.\nann played M3c3—d4.\n(an answer prepared in advance)" in out
    assert "your opponent played M3f6—g5, which you had prepared no answer for" in out
    assert "#1: no answers prepared." in out
