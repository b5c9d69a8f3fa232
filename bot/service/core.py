"""The platform-neutral chat application: it wires the parts together and dispatches each event.

Front ends turn platform messages into :class:`Event` objects, call :meth:`Service.handle` and
send back the :class:`Reply` objects; :meth:`Service.tick` is called now and then for reminders
and deadlines. The commands live in :mod:`bot.service.commands`, one module per family; every
game write goes through :class:`~bot.service.games.Games` with a version check.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace

from bot.i18n import supported
from bot.metrics import METRICS
from bot.service import boards, clocks, delivery, departures, notices, tournaments
from bot.service.app import App
from bot.service.boards import GUEST_BOARD
from bot.service.clean import clean, clean_name
from bot.service.commands.challenges import unreachable
from bot.service.commands.dispatch import anonymous_may, dispatch
from bot.service.commands.inline import Offer, offers
from bot.service.config import ServiceConfig
from bot.service.context import Context, Rights
from bot.service.events import Event, Reply
from bot.service.games import GameFrozen, Games
from bot.service.open_challenges import OpenChallenges
from bot.service.outbox import CHALLENGE_NOTICE, PRIVATE_NOTICE, Outbox
from bot.service.people import DIRECT_CHAT, People
from bot.service.ratings import Ratings
from bot.service.reviews import PROGRESS
from bot.service.senders import RateLimit, Refusals
from bot.service.texts import Words
from bot.service.web_face import WebFace
from render import board_png
from rules import get_game
from rules.core import other
from storage import SqlStore, StoreUnavailable

log = logging.getLogger(__name__)


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
                       store, store, store, store, store, store, store)
        self.games.deadline_rule = clocks.deadline_rule(self.app)
        self.games.look_rule = lambda row: clocks.next_look(self.app, row)
        self.games.first_look = lambda now, per_move: clocks.first_look(self.app, now, per_move)
        self.games.rating_rule = self.ratings.rule
        self.web = WebFace(self.app, self.handle)  # the service as the web front end sees it
        self._rate = RateLimit(self.config.rate_limit, self.config.rate_window, clock)
        self._outage = False  # the database was found unavailable and has not answered since
        self._refusals = Refusals(self.app.outbox, shared)
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
            told: list[Reply] = []
            if permanent and CHALLENGE_NOTICE in reply.extra:  # its challenger is told, through this process or the outbox
                told = await unreachable(self.app, int(reply.extra[CHALLENGE_NOTICE]))
            elif permanent and PRIVATE_NOTICE in reply.extra:  # blocked, or DMs closed: the game's chat instead
                person, _, fallback = reply.extra[PRIVATE_NOTICE].partition(":")
                told = await notices.private_refused(self.app, int(person), int(fallback) if fallback else None, reply.text)
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

    async def marks_of(self, platform: str, channel_ids: list[str]) -> dict[str, str]:
        """The last message handled in each of ``channel_ids`` that has one (threads the service knows no game of: a
        front end reads those under a game's channel from their own mark)."""
        return await self.app.outbox.channel_marks(platform, channel_ids)

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
        wait = self._rate.wait(event.platform, event.user_id)  # before anything is written or asked for this sender
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
        if event.anonymous and not anonymous_may(content):  # one name for every anonymous admin of every chat
            words = Words(supported(event.language) or self.config.default_language)
            return [Reply(event.platform, event.chat_id, words("anonymous.refused"), language=words.language,
                          answer_to=event.message_id, refusal=True)]
        user = await self.people.user(event.platform, event.user_id, event.user_name)
        chat = await self.people.chat(event.platform, event.chat_id)
        if event.is_private and not event.answers_only and (user.prefs.get(DIRECT_CHAT) != chat.id
                                                            or notices.refused_privately(user)):
            user = await self.people.set_prefs(user.id, {DIRECT_CHAT: chat.id, notices.REFUSED: None})  # theirs alone
        if not event.on_page and event.page_of is None:  # a private chat's member is its owner (the terminal's: all)
            await self.people.seen_writing(chat, user)  # a member of the chat: may act on its puzzle from its page
        ctx = Context(event, user, chat, Words(self.app.language(user, chat, event.language)), rights)
        sender = (event.platform, event.chat_id, event.user_id)
        if event.edited and (event.message_id is None or await self._refusals.last(sender) != event.message_id):
            return []  # an edit is a correction of the sender's last refused message, or nothing
        question = (event.platform, event.chat_id, event.message_id) if event.payload and event.message_id else None
        if question is not None and await self.app.outbox.question_answered(*question):
            return ctx.closing([ctx.private(ctx.words("question.answered"))])  # pressed again, or elsewhere
        try:
            replies = await dispatch(self.app, ctx)
        except GameFrozen as exc:
            replies = [ctx.reply(ctx.words("game.frozen", id=exc.game_id))]
        if question is not None and any(r.closes for r in replies):
            await self.app.outbox.answer_question(*question)
        replies += await tournaments.after_games(self.app, self.games.take_ended())  # a round's last game ended
        if event.message_id is not None and event.text is not None:
            await self._refusals.note(sender, event.message_id if replies and all(r.refusal for r in replies) else None)
        return replies
