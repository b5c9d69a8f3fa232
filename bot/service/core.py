"""The platform-neutral chat application: it wires the parts together and dispatches each event.

Front ends turn platform messages into :class:`Event` objects, call :meth:`Service.handle` and
send back the :class:`Reply` objects; :meth:`Service.tick` is called now and then for reminders
and deadlines. The commands live in :mod:`bot.service.commands`, one module per family; every
game write goes through :class:`~bot.service.games.Games` with a version check.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import replace

from bot.i18n import supported
from bot.metrics import METRICS
from bot.service import clocks, delivery
from bot.service.app import App
from bot.service.clean import clean, clean_name
from bot.service.commands import BUTTONS, COMMANDS
from bot.service.commands.moves import bare_text
from bot.service.config import ServiceConfig
from bot.service.context import Context
from bot.service.events import Event, Reply
from bot.service.games import GameFrozen, Games
from bot.service.open_challenges import OpenChallenges
from bot.service.outbox import Outbox
from bot.service.payloads import decode
from bot.service.people import People
from bot.service.ratings import Ratings
from bot.service.texts import Words
from rules.core import other
from storage import SqlStore

log = logging.getLogger(__name__)
RATE_KEYS = 10_000  # senders remembered for the rate limit before quiet ones are forgotten


class Service:
    """Everything the bot does, whatever the platform."""

    def __init__(self, store: SqlStore, *, config: ServiceConfig | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store  # for operators' tools and tests: the commands never see it
        self.config = config or ServiceConfig()
        self.clock = clock
        shared = self.config.shared_database
        self.games = Games(store, shared=shared, clock=clock)
        self.people = People(store, fresh=shared)
        self.ratings = Ratings(store)
        self.app = App(self.config, clock, self.games, self.people, OpenChallenges(store), self.ratings,
                       Outbox(store, shared=shared))
        self.games.deadline_rule = clocks.deadline_rule(self.app)
        self.games.rating_rule = self.ratings.rule
        self._recent: defaultdict[tuple[str, str], deque[float]] = defaultdict(deque)

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event. Never raises: a failure becomes a polite message and a log line."""
        try:
            return await self._handle(event)
        except Exception:
            METRICS.errors += 1
            log.exception("failed to handle an event from %s in %s", event.platform, event.chat_id,
                          extra={"platform": event.platform, "chat": event.chat_id})
            language = supported(event.language) or self.config.default_language
            words = Words(language)
            return [Reply(event.platform, event.chat_id, words.marked(words("internal_error")), language=language)]

    async def tick(self) -> list[Reply]:
        """Send due reminders and end games whose deadline passed; safe to call from many processes."""
        return await clocks.tick(self.app)

    async def board_posted(self, game_id: int, message_id: str) -> None:
        """Remember which platform message shows the game's board (replies to it pick the game)."""
        await self.games.remember_board(game_id, message_id)

    async def sent(self, reply: Reply, message_id: str | None = None) -> None:
        """A front end delivered ``reply`` (as platform message ``message_id``): what it owed is settled, and a
        board's message is remembered."""
        if reply.delivery is not None:
            await self.app.outbox.delivered(reply.delivery)
        if reply.game_id is not None and message_id is not None:
            await self.games.remember_board(reply.game_id, message_id)

    async def unsent(self, reply: Reply, *, permanent: bool = False) -> None:
        """A front end could not deliver ``reply``: what it owes is sent again later (never, when ``permanent``:
        the chat is gone or refuses the bot)."""
        if reply.delivery is not None:
            log.warning("delivery %d to %s failed%s; %s", reply.delivery, reply.chat_id, " for good" if permanent else "",
                        "giving up" if permanent else "it is sent again later", extra={"chat": reply.chat_id})
            await self.app.outbox.undelivered(reply.delivery, permanent=permanent)

    async def redeliver(self) -> list[Reply]:
        """What the chats are still owed and is due again (a failed send, a process that died before sending):
        send each and report it with :meth:`sent` or :meth:`unsent`. Safe to call from many processes."""
        return await delivery.redeliver(self.app)

    async def thread_opened(self, game_id: int, thread_id: str) -> None:
        """Remember the discussion thread a front end opened for the game."""
        await self.games.remember_thread(game_id, thread_id)

    def forget_game(self, game_id: int) -> None:
        """Drop this process's copy of a game that something outside the service changed in the database."""
        self.games.forget(game_id)

    async def introduce(self, platform: str, user_id: str, name: str) -> None:
        """Make a user known before they write (a front end saw them named in a command)."""
        await self.people.introduce(platform, user_id, clean_name(name))

    async def game_choices(self, platform: str, user_id: str, language: str | None = None) -> list[tuple[int, str]]:
        """The user's active games as (id, label) pairs, for a front end's autocomplete."""
        user = await self.people.known(platform, user_id)
        if user is None:
            return []
        words = Words(supported(language) or self.config.default_language)
        choices = []
        for row in await self.games.active_of(user.id):
            names = await self.people.names(row)
            side = row.side_of(user.id) or "white"
            choices.append((row.id, f"#{row.id} {words.game(row.game)} – {names[other(side)]}"))
        return choices

    async def _handle(self, event: Event) -> list[Reply]:
        content = event.text or ""
        if len(content) > self.config.max_text:  # before anything is stored for it
            words = Words(supported(event.language) or self.config.default_language)
            message = words("too_long", length=len(content), limit=self.config.max_text)
            return [Reply(event.platform, event.chat_id, words.marked(message), language=words.language)]
        event = replace(event, user_name=clean_name(event.user_name), text=clean(content) if event.text else event.text)
        content = event.text or ""
        user = await self.people.user(event.platform, event.user_id, event.user_name)
        chat = await self.people.chat(event.platform, event.chat_id)
        ctx = Context(event, user, chat, Words(self.app.language(user, chat, event.language)))
        wait = self._rate_limited(event)
        if wait:
            return [ctx.private(ctx.words("rate_limited", seconds=wait))]
        try:
            return await self._dispatch(ctx, event, content)
        except GameFrozen as exc:
            return [ctx.reply(ctx.words("game.frozen", id=exc.game_id))]

    async def _dispatch(self, ctx: Context, event: Event, content: str) -> list[Reply]:
        if event.payload:
            payload = decode(event.payload)
            if payload is None:
                return [ctx.private(ctx.words("challenge.gone"))]
            return await BUTTONS[type(payload)](self.app, ctx, payload)
        content = content.strip()
        if not content:
            return []
        first, _, rest = content.partition(" ")
        second, _, after = rest.strip().partition(" ")
        about = COMMANDS.get(second.lstrip("/").split("@")[0].lower())
        if first.startswith("#") and about is not None and about.about_game:  # "#6 resign" is "resign #6"
            first, rest = second, f"{first} {after}"
        name = first.lstrip("/").split("@")[0].lower()
        command = COMMANDS.get(name)
        if command is not None:
            return await command.handler(self.app, ctx, rest.strip())
        if first.startswith("/"):
            return [ctx.reply(ctx.words("help.unknown", command=name))]
        return await bare_text(self.app, ctx, content)

    def _rate_limited(self, event: Event) -> int:
        now = self.clock()
        if len(self._recent) > RATE_KEYS:  # forget those who have been quiet for a window
            for key in [k for k, times in self._recent.items() if not times or times[-1] <= now - self.config.rate_window]:
                del self._recent[key]
        recent = self._recent[(event.platform, event.user_id)]
        while recent and recent[0] <= now - self.config.rate_window:
            recent.popleft()
        if len(recent) >= self.config.rate_limit:
            return max(1, int(recent[0] + self.config.rate_window - now + 0.999))
        recent.append(now)
        return 0
