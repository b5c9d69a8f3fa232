"""The project as an operator installs it: the wheel built from this tree, installed with the locked versions into an
environment of its own (not the tests' editable one), run as ``boardgame-bot`` from a folder outside the tree."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.fakes.loopback import free_port

ROOT = Path(__file__).resolve().parents[1]
UV = [sys.executable, "-m", "uv"]


def _run(*command: str | Path, cwd: Path = ROOT) -> str:
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, cwd=cwd, timeout=600,
                          check=False)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this tree."""
    folder = tmp_path_factory.mktemp("dist")
    _run(*UV, "build", "--wheel", "--quiet", "--out-dir", folder, ROOT)
    [built] = folder.glob("boardgame_bot-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the built wheel and the locked dependencies; its ``bin`` folder."""
    folder = tmp_path_factory.mktemp("install")
    _run(*UV, "export", "--frozen", "--quiet", "--no-hashes", "--no-emit-project", "-o", folder / "pins.txt")
    _run(*UV, "venv", "--quiet", "--python", sys.executable, folder / "env")
    _run(*UV, "pip", "install", "--quiet", "--python", folder / "env" / "bin" / "python", "-c", folder / "pins.txt", wheel)
    return folder / "env" / "bin"


def test_the_wheel_carries_every_data_file_the_bot_reads(wheel: Path) -> None:
    shipped = {path.relative_to(ROOT).as_posix() for folder in ("ai/data", "render/fonts", "bot/web/static")
               for path in (ROOT / folder).rglob("*") if path.is_file() and "__pycache__" not in path.parts}
    assert {"ai/data/puzzles/kamisado.json", "ai/data/kamisado_book.json"} <= shipped
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert shipped <= names, sorted(shipped - names)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


@pytest.mark.slow(60)
async def test_the_installed_bot_gives_a_puzzle_and_its_page(installed: Path, tmp_path: Path) -> None:
    version = _run(installed / "boardgame-bot", "--version", cwd=tmp_path)
    assert re.fullmatch(r"boardgame-bot \d+\.\d+\.\d+\n", version)
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "DISCORD_TOKEN", "TELEGRAM_TOKEN")}
    env.update(HTTP_LISTEN=f"127.0.0.1:{port}", DATABASE_PATH=str(tmp_path / "bot.sqlite3"))
    bot = await asyncio.create_subprocess_exec(installed / "boardgame-bot", "console", cwd=tmp_path, env=env,
                                               stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                               stderr=asyncio.subprocess.PIPE)
    assert bot.stdin is not None and bot.stdout is not None and bot.stderr is not None
    try:
        bot.stdin.write(b"puzzle kamisado\n")
        await bot.stdin.drain()
        said = []
        while not (link := re.search(r"Watch it in a browser: (\S+)", "".join(said))):
            line = (await bot.stdout.readline()).decode()
            assert line, "".join(said) + (await bot.stderr.read()).decode()
            said.append(line)
        assert "Puzzle Kamisado #" in "".join(said)  # not "There are no Kamisado puzzles"
        page = await asyncio.to_thread(lambda: urllib.request.urlopen(link.group(1), timeout=30).read().decode())
        assert "Kamisado" in page and "<svg" in page
        style = re.search(r'href="(/static/[^"]+\.css)"', page)
        assert style is not None
        sheet = await asyncio.to_thread(
            lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}{style.group(1)}", timeout=30).status)
        assert sheet == 200
    finally:
        bot.stdin.write(b"quit\n")
        await bot.stdin.drain()
        assert await bot.wait() == 0
