"""The platform-neutral chat application: it wires the parts together and dispatches each event.

Front ends turn platform messages into :class:`Event` objects, call :meth:`Service.handle` and
send back the :class:`Reply` objects; :meth:`Service.tick` is called now and then for reminders
and deadlines. The commands live in :mod:`bot.service.commands`, one module per family; every
game write goes through :class:`~bot.service.games.Games` with a version check.
"""

from __future__ import annotations

import difflib
import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.i18n import supported
from bot.metrics import METRICS
from bot.service import boards, clocks, delivery, departures, pages, tournaments, web_play
from bot.service.app import App
from bot.service.boards import GUEST_BOARD
from bot.service.clean import clean, clean_name
from bot.service.commands import BUTTONS, COMMANDS
from bot.service.commands.challenges import unreachable
from bot.service.commands.inline import Offer, offers
from bot.service.commands.moves import bare_text
from bot.service.config import ServiceConfig
from bot.service.context import Context, Rights
from bot.service.events import Event, Reply
from bot.service.games import GameFrozen, Games
from bot.service.lessons.pages import LessonPages
from bot.service.lru import Recent
from bot.service.open_challenges import OpenChallenges
from bot.service.outbox import CHALLENGE_NOTICE, Outbox
from bot.service.payloads import decode
from bot.service.people import DIRECT_CHAT, People
from bot.service.ratings import Ratings
from bot.service.reviews import PROGRESS
from bot.service.texts import Words
from render import board_png
from rules import get_game
from rules.core import other
from storage import SqlStore, StoreUnavailable

log = logging.getLogger(__name__)
RATE_KEYS = 10_000  # senders remembered for the rate limit before quiet ones are forgotten


def nearest_command(word: str, likeness: float) -> str | None:
    """The command whose name is most like ``word`` (at least ``likeness``, 0 to 1), or ``None``.

    >>> nearest_command("gmaes", 0.75), nearest_command("e4-e5", 0.75)
    ('games', None)
    """
    found = difflib.get_close_matches(word, list(COMMANDS), n=1, cutoff=likeness)
    return found[0] if found else None


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
        challenges = OpenChallenges(store, most=self.config.open_challenges)
        self.app = App(self.config, clock, self.games, self.people, challenges, self.ratings, Outbox(store, shared=shared),
                       store, store, store, store, store, store)
        self.games.deadline_rule = clocks.deadline_rule(self.app)
        self.games.look_rule = lambda row: clocks.next_look(self.app, row)
        self.games.first_look = lambda now, per_move: clocks.first_look(self.app, now, per_move)
        self.games.rating_rule = self.ratings.rule
        self.lessons = LessonPages(self.app)  # the lessons' face for the web pages
        self._recent: defaultdict[tuple[str, str], deque[float]] = defaultdict(deque)
        self._outage = False  # the database was found unavailable and has not answered since
        self._told: dict[tuple[str, str], float] = {}  # when each flooding sender was last told to slow down
        self._refused: Recent[tuple[str, str, str], str] = Recent(RATE_KEYS)  # each sender's last refused message
        # Takes the replies for chats of platforms other than the one asking (a game played from two platforms'
        # chats): this process's other front ends send them (set where they run); unset, the outbox does.
        self.elsewhere: Callable[[list[Reply]], None] | None = None

    def warm_up(self) -> None:
        """Ready at start what the first moves need (see :func:`bot.service.boards.warm_up`); takes a moment of CPU."""
        boards.warm_up(self.app)

    async def handle(self, event: Event, *, rights: Rights | None = None) -> list[Reply]:
        """Answer one event. Never raises: a failure becomes a polite message and a log line.

        ``rights`` asks the platform whether the sender administers the chat; it is called only when a
        command needs to know (asking costs a request), and never for a sender over the rate limit.
        """
        language = supported(event.language) or self.config.default_language
        words = Words(language)
        began = time.perf_counter()
        try:
            replies = await self._route(event.platform, await self._handle(event, rights))
        except StoreUnavailable as exc:
            self._database_down(exc)
            return [Reply(event.platform, event.chat_id, words.marked(words("database_unavailable")), language=language)]
        except Exception:
            METRICS.error()
            log.exception("failed to handle an event from %s in %s", event.platform, event.chat_id,
                          extra={"platform": event.platform, "chat": event.chat_id})
            return [Reply(event.platform, event.chat_id, words.marked(words("internal_error")), language=language)]
        self._database_up()
        METRICS.replied(time.perf_counter() - began)
        return replies

    def _database_down(self, problem: Exception) -> None:
        """Say once per outage that the database is unavailable (not once per event)."""
        if not self._outage:
            self._outage = True
            log.error("the database is unavailable: %s; every answer says so until it is back", problem)

    def _database_up(self) -> None:
        if self._outage:
            self._outage = False
            log.warning("the database is available again")

    async def _route(self, platform: str | None, replies: list[Reply]) -> list[Reply]:
        """``replies`` for ``platform``'s chats (all, when ``None``); the others go to :attr:`elsewhere`, or are left to
        the outbox (only outbox items ever go to another platform's chat)."""
        if platform is None:
            return replies
        there = [r for r in replies if r.platform != platform]
        if there:
            if self.elsewhere is not None:
                self.elsewhere(there)
            else:
                for reply in there:
                    await self.unsent(reply)
        return [r for r in replies if r.platform == platform]

    async def tick(self, platform: str | None = None) -> list[Reply]:
        """Send due reminders and end games whose deadline passed (the replies for ``platform``'s chats; the others
        go :attr:`elsewhere`); safe to call from many processes. While the database is unavailable it does nothing
        (said once per outage)."""
        try:
            await self.app.outbox.forget_old(self.clock())
            replies = await self._route(platform, await clocks.tick(self.app))
        except StoreUnavailable as exc:
            self._database_down(exc)
            return []
        self._database_up()
        return replies

    # -- the web pages (read-only: nothing here changes a game) ------------------------------------------------

    async def page(self, token: str, language: str) -> pages.GameView | None:
        """What the page of a game's ``token`` shows, in ``language``; ``None`` for no such page."""
        return await pages.game_view(self.app, token, Words(language))

    async def page_position(self, token: str, ply: int | None, language: str,
                            perspective: str = "white") -> pages.Position | None:
        """The board of a game's page after ``ply`` moves (``None``: the latest), seen from ``perspective``'s side;
        :class:`ValueError` for a ply the game does not have."""
        return await pages.position(self.app, token, ply, Words(language), perspective)

    async def page_update(self, game_id: int, language: str, whole: bool = False) -> dict[str, Any] | None:
        """What a game's open pages are told after it changed (``None``: it has no page any more); with ``whole``
        every move, else the latest few (see ``pages.update_of``)."""
        return await pages.update_of(self.app, game_id, Words(language), whole)

    async def page_preview(self, token: str) -> bytes | None:
        """The current board of a game's page as PNG, for link previews; ``None`` for no such page."""
        return await pages.preview(self.app, token)

    async def chat_page(self, token: str, language: str) -> pages.ChatView | None:
        """What the page of a chat's ``token`` shows; ``None`` for no such page."""
        return await pages.chat_view(self.app, token, Words(language))

    # -- playing on the web pages ------------------------------------------------------------------------------

    async def web_sign_in(self, platform: str, platform_id: str, name: str) -> str:
        """A session for a user whose identity a front end has checked (Telegram's signed ``initData``): its token."""
        return await web_play.sign_in(self.app, platform, platform_id, clean_name(name))

    async def web_signin_link(self, code: str) -> tuple[str, str | None] | str:
        """Spend a one-time sign-in link: (a new session's token, its game page's token), or why not (``unknown``,
        ``used``, ``expired``)."""
        return await web_play.use_signin(self.app, code)

    async def web_sign_out(self, session: str) -> None:
        """End the session ``session`` (the browser that held it is signed out)."""
        await self.app.sessions.end_session(session)

    async def web_viewer(self, session: str | None) -> int | None:
        """Who the session ``session`` signs in (a user's store id), or ``None``."""
        return None if not session else await self.app.sessions.session_user(session)

    async def page_turn(self, token: str, user_id: int | None, language: str) -> web_play.Turn | None:
        """What the page of ``token`` offers the viewer ``user_id`` now (their legal moves when it is their turn);
        ``None`` for no such page."""
        return await web_play.turn(self.app, token, user_id, Words(language))

    async def puzzle_page(self, token: str, user_id: int | None, language: str) -> web_play.PuzzleView | None:
        """The page of the open puzzle of the chat whose page is ``token``; ``None``: no such page."""
        return await web_play.puzzle_view(self.app, token, user_id, Words(language))

    async def puzzle_act(self, token: str, user_id: int, language: str, **action: Any) -> web_play.Answer:
        """An answer (``step`` and ``index``, or ``payload``) or ``action`` (hint, solution) sent from the page of a
        chat's puzzle, handled as the same event from the chat: what the page shows, and what the chat sees too."""
        event = await web_play.puzzle_event(self.app, token, user_id, language, **action)
        if isinstance(event, str):
            return web_play.refused(event, language)
        return web_play.split_puzzle(await self.handle(event))

    async def page_games(self, user_id: int, language: str) -> list[dict[str, Any]]:
        """The games ``user_id`` is playing that have pages (for the Mini App's first page)."""
        return await web_play.games_of(self.app, user_id, Words(language))

    async def page_act(self, token: str, user_id: int, language: str, **action: Any) -> web_play.Answer:
        """A player's move or command on the page of ``token`` (``ply`` and ``index``, ``payload`` or ``action``:
        see ``web_play.event_for``), handled as the same event from their chat: the answers for the page, and what
        the chats are owed (send it, and report it with :meth:`sent` or :meth:`unsent`)."""
        event = await web_play.event_for(self.app, token, user_id, language, **action)
        if isinstance(event, str):
            return web_play.refused(event, language)
        return web_play.split(await self.handle(event))

    async def page_accept(self, token: str, user_id: int, language: str, challenge: int) -> web_play.Answer:
        """The open challenge ``challenge`` accepted on the page of its chat ``token`` by the signed-in ``user_id``: the
        game is played from that chat and the player's own private chat (see ``web_play.accept_event``). The answers
        for the page (a refusal), and what the chats are owed (the boards: send them, and report each)."""
        event = await web_play.accept_event(self.app, token, user_id, challenge, language)
        if isinstance(event, str):
            return web_play.refused(event, language)
        return web_play.split(await self.handle(event))

    async def board_posted(self, game_id: int, message_id: str) -> None:
        """Remember which platform message shows the game's board (replies to it pick the game)."""
        await self.games.remember_board(game_id, message_id)

    async def sent(self, reply: Reply, message_id: str | None = None) -> None:
        """A front end delivered ``reply`` (as platform message ``message_id``): what it owed is settled, and a
        board's message is remembered."""
        if reply.delivery is not None:
            await self.app.outbox.delivered(reply.delivery)
        if reply.game_id is not None and message_id is not None and GUEST_BOARD not in reply.extra:
            await self.games.remember_board(reply.game_id, message_id)
        if PROGRESS in reply.extra and message_id is not None:  # a review's progress message: edited as it goes
            self.app.reviews.progress_messages[(reply.platform, reply.chat_id)] = message_id

    async def unsent(self, reply: Reply, *, permanent: bool = False) -> None:
        """A front end could not deliver ``reply``: what it owes is sent again later (never, when ``permanent``:
        the chat is gone or refuses the bot)."""
        if reply.delivery is not None:
            log.warning("delivery %d to %s failed%s; %s", reply.delivery, reply.chat_id, " for good" if permanent else "",
                        "giving up" if permanent else "it is sent again later", extra={"chat": reply.chat_id})
            await self.app.outbox.undelivered(reply.delivery, permanent=permanent)
            if permanent and CHALLENGE_NOTICE in reply.extra:  # its challenger is told, through this process or the outbox
                told = await unreachable(self.app, int(reply.extra[CHALLENGE_NOTICE]))
                if told and self.elsewhere is not None:
                    self.elsewhere(told)

    async def still_owed(self, reply: Reply) -> bool:
        """Whether ``reply``, made earlier, is still to be sent: not what the outbox holds as delivered, or as
        superseded by a newer board of its game (sent meanwhile: an older board must never follow a newer one).
        A front end asks right before it sends what :meth:`redeliver` gave it, in the chat's turn."""
        if reply.delivery is None:
            return True
        try:
            return await self.app.outbox.still_pending(reply.delivery)
        except StoreUnavailable as exc:
            self._database_down(exc)
            return True

    async def redeliver(self, platform: str | None = None) -> list[Reply]:
        """What the chats (of ``platform``, when given) are still owed and is due again (a failed send, a process that
        died before sending): send each and report it with :meth:`sent` or :meth:`unsent`. Safe to call from many
        processes."""
        try:
            return await self._route(platform, self.app.reviews.take_ready() + await delivery.redeliver(self.app, platform))
        except StoreUnavailable as exc:
            self._database_down(exc)
            return []

    async def thread_opened(self, game_id: int, thread_id: str) -> None:
        """Remember the discussion thread a front end opened for the game."""
        await self.games.remember_thread(game_id, thread_id)

    async def remembered(self, name: str) -> str | None:
        """What a front end remembered as ``name`` (in the database: every process, after restarts), or None."""
        return await self.store.remembered(name)

    async def remember(self, name: str, value: str) -> None:
        await self.store.remember(name, value)

    async def handled_message(self, platform: str, channel_id: str, message_id: str) -> None:
        """Message ``message_id`` of channel ``channel_id`` was handled: a platform that never sends a missed message
        again reads the channel's history from the last one handled (:meth:`channels_to_read`). A mark the database
        cannot take now is left behind: the history is read from an earlier one, each message still handled once."""
        try:
            await self.app.outbox.mark_read(platform, channel_id, message_id)
        except StoreUnavailable as exc:
            self._database_down(exc)

    async def channels_to_read(self, platform: str) -> dict[str, str]:
        """The channels of the games going on on ``platform``, each with the last message handled there: where a front
        end looks for messages it missed while it was away (their events carry ``update_id``: each is handled once)."""
        return await self.app.outbox.marked_channels_of_games(platform)

    async def chat_moved(self, platform: str, old: str, new: str) -> None:
        """The platform says chat ``old`` is ``new`` now (a group upgraded to a supergroup): its games, challenges,
        puzzle, tournament and owed messages follow it. Safe to call again, from any process."""
        await self.people.move_chat(platform, old, new)

    async def chat_left(self, platform: str, chat_id: str) -> list[Reply]:
        """The bot was removed from the chat: the players of its games are told privately how they go on."""
        return await departures.chat_left(self.app, platform, chat_id)

    def forget_game(self, game_id: int) -> None:
        """Drop this process's copy of a game that something outside the service changed in the database."""
        self.games.forget(game_id)

    async def introduce(self, platform: str, user_id: str, name: str) -> None:
        """Make a user known before they write (a front end saw them named in a command)."""
        await self.people.introduce(platform, user_id, clean_name(name))

    async def display_name(self, platform: str, user_id: str) -> str | None:
        """The name the bot writes for this user of ``platform`` in its messages (``None``: never seen)."""
        user = await self.people.known(platform, user_id)
        return user.name if user is not None else None

    async def language_of(self, platform: str, chat_id: str, user_id: str) -> str:
        """The language the bot speaks to this user in this chat (theirs, the chat's, the default)."""
        user = await self.people.known(platform, user_id)
        if user is None:
            return supported(self.config.default_language) or "en"
        return self.app.language(user, await self.people.chat(platform, chat_id))

    def inline_offers(self, typed: str, user_name: str, language: str | None = None) -> list[tuple[Offer, bytes]]:
        """The games ``typed`` asks for where the bot is no member of the chat (``@bot kamisado standard``), each
        with the picture of its first position."""
        words = Words(supported(language) or self.config.default_language)
        found = offers(typed, words, clean_name(user_name), pages=bool(self.config.public_url))
        return [(offer, board_png(get_game(offer.game).new_state(**offer.options), size=self.config.board_size))
                for offer in found]

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

    async def _handle(self, event: Event, rights: Rights | None) -> list[Reply]:
        wait = self._rate_limited(event)  # before anything is written or asked for this sender
        if wait is not None:
            if not wait:
                return []  # told once in this window: the rest is dropped silently
            words = Words(supported(event.language) or self.config.default_language)
            return [Reply(event.platform, event.chat_id, words.marked(words("rate_limited", seconds=wait)),
                          language=words.language, private_to=event.user_id, answer_to=event.message_id)]
        if event.update_id is not None and not await self.app.outbox.first_sight(event.platform, event.update_id):
            return []  # delivered twice (a webhook retried): another process, or this one, handles it
        content = event.text or ""
        if len(content) > self.config.max_text:  # before anything is stored for it
            words = Words(supported(event.language) or self.config.default_language)
            message = words("too_long", length=len(content), limit=self.config.max_text)
            return [Reply(event.platform, event.chat_id, words.marked(message), language=words.language)]
        event = replace(event, user_name=clean_name(event.user_name), text=clean(content) if event.text else event.text)
        content = event.text or ""
        user = await self.people.user(event.platform, event.user_id, event.user_name)
        chat = await self.people.chat(event.platform, event.chat_id)
        if event.is_private and not event.answers_only and user.prefs.get(DIRECT_CHAT) != chat.id:
            user = await self.people.set_prefs(user.id, {DIRECT_CHAT: chat.id})  # where the bot writes to them alone
        if not event.is_private and not event.on_page and event.page_of is None:
            await self.people.seen_writing(chat, user)  # a member of the chat: may act on its puzzle from its page
        ctx = Context(event, user, chat, Words(self.app.language(user, chat, event.language)), rights)
        sender = (event.platform, event.chat_id, event.user_id)
        if event.edited and (event.message_id is None or await self._last_refusal(sender) != event.message_id):
            return []  # an edit is a correction of the sender's last refused message, or nothing
        question = (event.platform, event.chat_id, event.message_id) if event.payload and event.message_id else None
        if question is not None and await self.app.outbox.question_answered(*question):
            return ctx.closing([ctx.private(ctx.words("question.answered"))])  # pressed again, or elsewhere
        try:
            replies = await self._dispatch(ctx, event, content)
        except GameFrozen as exc:
            replies = [ctx.reply(ctx.words("game.frozen", id=exc.game_id))]
        if question is not None and any(r.closes for r in replies):
            await self.app.outbox.answer_question(*question)
        replies += await tournaments.after_games(self.app, self.games.take_ended())  # a round's last game ended
        if event.message_id is not None and event.text is not None:
            await self._note_refusal(sender, event.message_id if replies and all(r.refusal for r in replies) else None)
        return replies

    async def _last_refusal(self, sender: tuple[str, str, str]) -> str | None:
        """The sender's last refused message: this process's memory, else what any process noted (webhook workers)."""
        return self._refused.get(sender) or await self.app.outbox.last_refusal(*sender)

    async def _note_refusal(self, sender: tuple[str, str, str], message_id: str | None) -> None:
        """Remember the sender's refused message (``None``: their last message was acted on) where every process
        sees it; a sender who was never refused costs no write on a database of its own."""
        if message_id is not None:
            self._refused[sender] = message_id
        elif self._refused.pop(sender, None) is None and not self.config.shared_database:
            return
        await self.app.outbox.note_refusal(*sender, message_id)

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
            near = nearest_command(name, 0.6)
            if near:
                return [ctx.refuse(ctx.words("help.unknown_near", command=name, near=near))]
            return [ctx.refuse(ctx.words("help.unknown", command=name))]
        replies = await bare_text(self.app, ctx, content)
        if not all(r.refusal for r in replies):  # a move was answered: nothing to suggest
            return replies
        near = nearest_command(name, 0.75)
        # A word like a command that is no move ("gmaes"): alone in a group (chatter is left alone), or anywhere in private.
        if near and (not rest or event.is_private):
            return [ctx.refuse(ctx.words("help.unknown_near", command=name, near=near))]
        return replies

    def _rate_limited(self, event: Event) -> int | None:
        """``None`` when the sender may go on; else the seconds until they may, or 0 when they were told so
        already in this window."""
        now = self.clock()
        window = self.config.rate_window
        if len(self._recent) > RATE_KEYS:  # forget those who have been quiet for a window
            for key in [k for k, times in self._recent.items() if not times or times[-1] <= now - window]:
                del self._recent[key]
                self._told.pop(key, None)
        key = (event.platform, event.user_id)
        recent = self._recent[key]
        while recent and recent[0] <= now - window:
            recent.popleft()
        if len(recent) < self.config.rate_limit:
            recent.append(now)
            return None
        if self._told.get(key, -1.0) > now - window:
            return 0
        self._told[key] = now
        return max(1, int(recent[0] + window - now + 0.999))
