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
import signal
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TextIO

from bot.couriers import Couriers
from bot.i18n import text
from bot.service import Event, Reply, Service
from bot.service.clean import clean_name
from bot.service.events import PICTURE, Choice
from bot.service.ids import SQUARE
from bot.thinking import while_thinking

log = logging.getLogger(__name__)

PICTURES_KEPT = 20
THINKING_AFTER = 0.5  # seconds before "the bot is thinking…" appears


class Prompt:
    """The prompt line of an interactive terminal: whether it is on screen (input is awaited), so that news
    arriving meanwhile is printed above it and the prompt, with what was typed so far, drawn again below."""

    def __init__(self, text: Callable[[], str], out: TextIO, interactive: bool) -> None:
        self.text = text
        self.out = out
        self.interactive = interactive
        self.shown = False
        self._lock = threading.Lock()

    def write(self, text: str) -> None:
        """Print ``text`` on lines of its own, above the prompt when the prompt is on screen."""
        with self._lock:
            if self.shown:
                self.out.write("\r\x1b[K" + text + "\n" + self.text() + _typed_so_far())
            else:
                self.out.write(text + "\n")
            self.out.flush()

    def end_line(self) -> None:
        """Finish the prompt's line (the chat ends while input is awaited)."""
        with self._lock:
            if self.shown:
                self.out.write("\n")
                self.out.flush()
                self.shown = False

    def ask(self) -> str | None:
        """The next line typed (``None`` at the end of input or on Ctrl-C); an interrupted line is ended
        cleanly, so whatever prints next starts on a line of its own."""
        if not self.interactive:
            return sys.stdin.readline() or None
        with self._lock:
            self.shown = True
        try:
            return input(self.text())
        except (EOFError, KeyboardInterrupt):
            self.out.write("\n")
            self.out.flush()
            return None
        finally:
            with self._lock:
                self.shown = False


class Console:
    """One terminal conversation with the service."""

    def __init__(self, service: Service, out: TextIO, boards_dir: Path, user: str | None = None,
                 prompt: Prompt | None = None, thinking_after: float = THINKING_AFTER) -> None:
        self.service = service
        self.boards_dir = boards_dir
        self.user = user or _login_name()
        self.buttons: list[tuple[str, str, str]] = []  # the screen's buttons: the line that presses each, label, payload
        self.language = "en"
        self.prompt = prompt or Prompt(lambda: f"{self.user}> ", out, interactive=False)
        self.thinking_after = thinking_after
        self.shown = 0  # messages shown so far

    def event(self, text: str | None = None, payload: str | None = None) -> Event:
        # Whoever sits at the terminal runs this bot: they administer its only chat. What '/3' presses is the service's
        # to say, from the buttons on the screen.
        return Event("console", "console", self.user, self.user, text=text, payload=payload, is_private=True,
                     is_admin=True, buttons=tuple(self.buttons))

    def words(self, key: str, **params: object) -> str:
        """A terminal message in the language of whoever is typing."""
        return text(self.language, key, **params)

    async def welcome(self) -> None:
        await self.learn_language()
        self.write(self.words("console.welcome") + "\n" + self.words("console.welcome_more"))

    async def learn_language(self) -> None:
        self.language = await self.service.language_of("console", "console", self.user)

    async def say(self, line: str) -> bool:
        """Handle one typed line; return False when the user wants to leave."""
        line = line.strip()
        if line.lower() in ("quit", "exit", "/quit", "/exit"):
            return False
        topic = line.lower().lstrip("/").split()
        if topic[:1] == ["help"] and topic[1:] in (["quit"], ["exit"], ["as"]):  # the terminal's own commands
            self.write(self.words("console.help_as" if topic[1] == "as" else "console.help_quit"))
            return True
        if line.lower().startswith("as ") and len(line) > 3:
            name = clean_name(line[3:].strip().lstrip("@"))
            if SQUARE.match(name.lower()):  # '@e4' is a Krepost placement, so nobody may be called e4
                self.write(self.words("console.name_is_square", name=name))
                return True
            self.user = name
            # Make the new name known to the service, so '@name' challenges find it.
            await self.service.introduce("console", self.user, self.user)
            await self.learn_language()
            self.write(self.words("console.typing_as", name=self.user))
            return True
        if len(line) > self.service.config.max_text:
            await self.show(await self.service.handle(self.event(text=line)))  # refused for its length, nobody added
            return True
        for name in re.findall(r"@([\w.-]+)", line)[:2]:
            # Everyone at this keyboard is known: naming a second player introduces them ('@e4' is a move).
            if not SQUARE.match(name.lower()):
                await self.service.introduce("console", name, name)
        event = self.event(text=line)  # '/3' too: the service knows the buttons shown (Event.buttons)
        replies = await while_thinking(self.service.handle(event), self._thinking, after=self.thinking_after,
                                       every=3600)
        await self.learn_language()  # 'lang ru' answers in Russian from now on, the terminal's words too
        await self.show(replies)
        if line.lower().lstrip("/") == "help":
            self.write(self.words("console.help"))
        return True

    async def _thinking(self) -> None:
        self.write(self.words("console.thinking"))

    async def show(self, replies: list[Reply]) -> None:
        """Print ``replies``; the buttons of the last that have any become the screen's, each labelled with the line
        that presses it: ``[/3]``, or ``[#7 /1]`` where several boards' buttons came together (a tournament's round)."""
        lines = numbered(replies)
        if any(lines) or any(r.closes for r in replies):  # an answer without buttons leaves the earlier ones usable
            self.buttons = [(line, choice.label, choice.payload) for each in lines for line, choice in each]
        for reply, labelled in zip(replies, lines, strict=True):
            if reply.diagram:
                self.write(reply.diagram)
            target = ""
            if reply.private_to and reply.private_to != self.user:
                target = self.words("console.to_only", name=reply.private_to) + " "
            self.write(target + reply.text.replace("\u200f", ""))
            if reply.image is not None:
                # The latest picture of each game replaces the one before; other pictures have names of their own
                # (a review's graph, a puzzle, standings), so one never overwrites another.
                if reply.game_id is not None:
                    self.write(self.words("console.picture", path=self._save(f"game-{reply.game_id}.png", reply.image)))
                else:
                    name = f"{reply.extra.get(PICTURE, 'picture')}.png"
                    self.write(self.words("console.other_picture", path=self._save(name, reply.image)))
                self._forget_old_pictures()
            if reply.link is not None:
                self.write(self.words("web.terminal_link", url=reply.link[1]))
            if reply.animation is not None:  # the latest replay replaces the one before
                self.write(self.words("console.replay", path=self._save("replay.gif", reply.animation)))
            self.shown += 1  # every message has a number, so a review's progress message can be edited (shown anew)
            await self.service.sent(reply, f"console-{reply.game_id}" if reply.game_id is not None else f"console-m{self.shown}")
            if labelled:
                self.write("  ".join(f"[{line}] {choice.label}" for line, choice in labelled))

    def _save(self, name: str, data: bytes) -> Path:
        self.boards_dir.mkdir(parents=True, exist_ok=True)
        path = self.boards_dir / name
        path.write_bytes(data)
        return path

    def _forget_old_pictures(self) -> None:
        """Keep the pictures of the :data:`PICTURES_KEPT` games shown most recently, not one per game forever."""
        pictures = sorted(self.boards_dir.glob("game-*.png"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in pictures[PICTURES_KEPT:]:
            old.unlink(missing_ok=True)

    def write(self, text: str) -> None:
        self.prompt.write(text)


async def run(service: Service, boards_dir: Path, read: Callable[[], Awaitable[str | None]] | None = None,
              out: TextIO = sys.stdout, tick_every: float = 5.0, couriers: Couriers | None = None) -> None:
    """Read lines until end of input, Ctrl-C or 'quit'; reminders, deadlines, the bot's moves and the moves made on
    the web pages (through ``couriers``) are shown meanwhile, above the prompt."""
    interactive = read is None and sys.stdin.isatty() and out.isatty()
    console = Console(service, out, boards_dir)
    if couriers is not None:
        couriers.add("console", console.show)
    console.prompt = Prompt(lambda: f"{console.user}> ", out, interactive)
    await console.welcome()
    reader = read or stdin_reader(console.prompt)

    async def clocks() -> None:
        while True:  # the first tick at once: the bot answers where a restart left it to move
            try:
                await console.show(await service.redeliver("console") + await service.tick("console"))
            except Exception:  # a database restart must not stop every clock until the next start
                log.exception("the clocks could not run; trying again in %s s", tick_every)
            await asyncio.sleep(tick_every)

    ticking = asyncio.create_task(clocks())
    with _terminal_restored(interactive):
        try:
            while True:
                line = await reader()
                if line is None or not await console.say(line):
                    break
        finally:
            ticking.cancel()


@contextlib.contextmanager
def _terminal_restored(interactive: bool) -> Iterator[None]:
    """Leave the terminal's settings (echo, line editing) as they were found, however the chat ends."""
    if not interactive:
        yield
        return
    import termios

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def stdin_reader(prompt: Prompt) -> Callable[[], Awaitable[str | None]]:
    """Lines from standard input, read by a daemon thread (so Ctrl-C and 'quit' end the program at once);
    at a terminal with line editing and history (readline) and the prompt."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    if prompt.interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (input() then edits lines and keeps a history)
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Ctrl-C ends the chat like Ctrl-D
            loop.add_signal_handler(signal.SIGINT, lambda: _interrupted(prompt, lines))

    wanted = threading.Event()  # the next line is read (and the prompt shown) only once the replies are out

    def pump() -> None:
        while True:
            wanted.wait()
            wanted.clear()
            line = prompt.ask()
            loop.call_soon_threadsafe(lines.put_nowait, line)
            if line is None:
                return

    async def next_line() -> str | None:
        wanted.set()
        return await lines.get()

    threading.Thread(target=pump, name="terminal input", daemon=True).start()
    return next_line


def _interrupted(prompt: Prompt, lines: asyncio.Queue[str | None]) -> None:
    prompt.end_line()
    lines.put_nowait(None)


def _typed_so_far() -> str:
    """What is typed on the prompt line and not yet sent (readline's buffer), to draw it again."""
    readline = sys.modules.get("readline")
    return str(readline.get_line_buffer()) if readline is not None else ""


def numbered(replies: list[Reply]) -> list[list[tuple[str, Choice]]]:
    """The buttons of each of ``replies``, each with the line that presses it: ``/1``, ``/2``… across the whole
    answer; where more than one game's board carries buttons, a board's own ``#N /1``, ``#N /2``…"""
    boards = [r for r in replies if r.choices and r.game_id is not None]
    counted = 0
    lines: list[list[tuple[str, Choice]]] = []
    for reply in replies:
        lines.append([])
        for index, choice in enumerate((c for row in reply.choices for c in row), 1):
            if len(boards) > 1 and reply.game_id is not None:
                lines[-1].append((f"#{reply.game_id} /{index}", choice))
            else:
                counted += 1
                lines[-1].append((f"/{counted}", choice))
    return lines


def _login_name() -> str:
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError):
        return "player"
