"""The terminal chat, driven through standard input as a user would type."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_console(tmp_path: Path, lines: list[str]) -> str:
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "BOARDS_DIR": str(tmp_path / "boards")}
    env.pop("DISCORD_TOKEN", None)
    env.pop("TELEGRAM_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot"], input="\n".join(lines) + "\n", capture_output=True,
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
    env = {**os.environ, "TELEGRAM_TOKEN": "123:secret", "TELEGRAM_WEBHOOK_SECRET": "hush-hush",
           "DATABASE_URL": "postgresql://bot:pa55word@db/bot"}
    done = subprocess.run([sys.executable, "-m", "bot", "check-config"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert "123:secret" not in done.stdout and "hush-hush" not in done.stdout and "pa55word" not in done.stdout
    assert "postgresql://bot:***@db/bot" in done.stdout


def test_buttons_belong_to_the_last_answer_only(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot white single level=beginner", "#1 resign", "/2", "/1",
                                 "games", "/1", "board", "quit"])
    assert "Game #1 goes on" in out
    assert out.count("there is no button [/1] in the last answer") == 2  # the answered question, and after 'games'
    assert "resigned" not in out and "Game over" not in out
