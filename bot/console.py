"""The terminal chat: the same commands as in Discord or Telegram, typed at a prompt.

Boards appear as text diagrams, and as PNG files whose paths are printed. ``as NAME`` switches
who is typing, so two people can play at one keyboard; a number presses the button with that number.
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import logging
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO

from bot.service import Event, Reply, Service
from bot.service.clean import clean_name

log = logging.getLogger(__name__)

PICTURES_KEPT = 20
TERMINAL_HELP = "Here in the terminal: '/3' presses button [/3] · 'as NAME' switches who types · 'quit' leaves."

WELCOME = (
    "Board game bot — terminal chat. Try: 'play kamisado bot', 'play ashtarashki bot level=easy', 'help'.\n"
    "Two players at one keyboard: 'play krepost @bob', then 'as bob' and 'accept'; 'as NAME' switches who types. "
    "'/3' presses button [/3] (a plain number is a move: '4' is Kamisado's straight ahead). 'quit' leaves."
)


class Console:
    """One terminal conversation with the service."""

    def __init__(self, service: Service, out: TextIO, boards_dir: Path, user: str | None = None) -> None:
        self.service = service
        self.out = out
        self.boards_dir = boards_dir
        self.user = user or _login_name()
        self.buttons: list[str] = []

    def event(self, text: str | None = None, payload: str | None = None) -> Event:
        # Whoever sits at the terminal runs this bot: they administer its only chat.
        return Event("console", "console", self.user, self.user, text=text, payload=payload, is_private=True,
                     is_admin=True)

    async def say(self, line: str) -> bool:
        """Handle one typed line; return False when the user wants to leave."""
        line = line.strip()
        if line.lower() in ("quit", "exit", "/quit", "/exit"):
            return False
        if line.lower().startswith("as ") and len(line) > 3:
            self.user = clean_name(line[3:].strip().lstrip("@"))
            # Make the new name known to the service, so '@name' challenges find it.
            await self.service.introduce("console", self.user, self.user)
            self.write(f"(now typing as {self.user})")
            return True
        if len(line) > self.service.config.max_text:
            await self.show(await self.service.handle(self.event(text=line)))  # refused for its length, nobody added
            return True
        for name in re.findall(r"@([\w.-]+)", line)[:2]:
            # Everyone at this keyboard is known: naming a second player introduces them.
            await self.service.introduce("console", name, name)
        button = line[1:] if line.startswith("/") else ""
        if button.isdigit():  # a button of the last answer, and only of that one
            if not 1 <= int(button) <= len(self.buttons):
                self.write(f"(there is no button [/{button}] in the last answer)")
                return True
            replies = await self.service.handle(self.event(payload=self.buttons[int(button) - 1]))
        else:
            replies = await self.service.handle(self.event(text=line))
        self.buttons = []  # an answered question's buttons, and older answers', are gone
        await self.show(replies)
        if line.lower().lstrip("/") == "help":
            self.write(TERMINAL_HELP)
        return True

    async def show(self, replies: list[Reply]) -> None:
        for reply in replies:
            if reply.diagram:
                self.write(reply.diagram)
            target = f"(to {reply.private_to} only) " if reply.private_to and reply.private_to != self.user else ""
            self.write(target + reply.text.replace("\u200f", ""))
            if reply.image is not None and reply.game_id is not None:
                self.boards_dir.mkdir(parents=True, exist_ok=True)
                path = self.boards_dir / f"game-{reply.game_id}.png"
                path.write_bytes(reply.image)  # the latest picture of each game replaces the one before
                self._forget_old_pictures()
                self.write(f"[board picture: {path}]")
            await self.service.sent(reply, f"console-{reply.game_id}" if reply.game_id is not None else None)
            if reply.choices:
                self.buttons = [choice.payload for row in reply.choices for choice in row]
                labels = [choice.label for row in reply.choices for choice in row]
                self.write("  ".join(f"[/{i}] {label}" for i, label in enumerate(labels, 1)))

    def _forget_old_pictures(self) -> None:
        """Keep the pictures of the :data:`PICTURES_KEPT` games shown most recently, not one per game forever."""
        pictures = sorted(self.boards_dir.glob("game-*.png"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in pictures[PICTURES_KEPT:]:
            old.unlink(missing_ok=True)

    def write(self, text: str) -> None:
        print(text, file=self.out, flush=True)


async def run(service: Service, boards_dir: Path, read: Callable[[], Awaitable[str | None]] | None = None,
              out: TextIO = sys.stdout, tick_every: float = 5.0) -> None:
    """Read lines until end of input or 'quit'; reminders and deadlines are checked meanwhile."""
    console = Console(service, out, boards_dir)
    console.write(WELCOME)

    interactive = read is None and sys.stdin.isatty() and out.isatty()
    reader = read or stdin_reader(lambda: f"{console.user}> ", interactive)

    async def clocks() -> None:
        while True:  # the first tick at once: the bot answers where a restart left it to move
            try:
                replies = await service.redeliver() + await service.tick()
                await console.show(replies)
                if replies and interactive:
                    print(f"{console.user}> ", end="", file=out, flush=True)  # the prompt again, below the news
            except Exception:  # a database restart must not stop every clock until the next start
                log.exception("the clocks could not run; trying again in %s s", tick_every)
            await asyncio.sleep(tick_every)

    ticking = asyncio.create_task(clocks())
    try:
        while True:
            line = await reader()
            if line is None or not await console.say(line):
                break
    finally:
        ticking.cancel()


def stdin_reader(prompt: Callable[[], str], interactive: bool) -> Callable[[], Awaitable[str | None]]:
    """Lines from standard input, read by a daemon thread (so Ctrl-C and 'quit' end the program at once);
    at a terminal with line editing and history (readline) and the prompt."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (input() then edits lines and keeps a history)

    wanted = threading.Event()  # the next line is read (and the prompt shown) only once the replies are out

    def pump() -> None:
        while True:
            wanted.wait()
            wanted.clear()
            try:
                line: str | None = input(prompt()) if interactive else (sys.stdin.readline() or None)
            except (EOFError, KeyboardInterrupt):
                line = None
            loop.call_soon_threadsafe(lines.put_nowait, line)
            if line is None:
                return

    async def next_line() -> str | None:
        wanted.set()
        return await lines.get()

    threading.Thread(target=pump, name="terminal input", daemon=True).start()
    return next_line


def _login_name() -> str:
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError):
        return "player"
