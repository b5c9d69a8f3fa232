"""The platform-neutral chat application: commands, challenges, moves, the bot's replies, clocks.

Front ends turn platform messages into :class:`Event` objects, call :meth:`Service.handle` and
send back the :class:`Reply` objects; :meth:`Service.tick` is called now and then for reminders
and deadlines. Every state change goes through the store with a version check.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import defaultdict, deque
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

import ai
from bot.i18n import LANGUAGES, supported
from bot.metrics import METRICS
from bot.service.admin import admin_command
from bot.service.events import Choice, Event, Reply
from bot.service.options import OptionError, parse_duration, parse_play, parse_switch
from bot.service.ratings import updated
from bot.service.texts import Words
from bot.service.vacation import deadline_for, on_vacation_until, vacation_command
from render import board_png
from render.text import diagram
from rules import AmbiguousMoveError, GameRecord, InvalidMoveError, MoveError, get_game
from rules.core import State, event_text, other
from rules.kamisado import KamisadoMove, KamisadoState, RefillMove
from rules.krepost import KrepostState
from storage import Challenge, Chat, ConflictError, GameRow, NotFoundError, Rating, SqlStore, User

log = logging.getLogger(__name__)

GAMES = ("kamisado", "ashtarashki", "krepost")


class GameFrozen(Exception):
    """The game's move list does not give its stored state: it is frozen until someone looks."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


@dataclass(frozen=True)
class ServiceConfig:
    """The service's knobs; every one has a sensible default."""

    default_language: str = "en"
    ai_time_budget: float = 2.0
    max_text: int = 2000
    rate_limit: int = 20  # events per user …
    rate_window: float = 60.0  # … in this many seconds
    remind_after: int = 12 * 3600  # first reminder, at most this long after the last move
    final_warning: int = 3600  # second reminder, at most this long before the deadline
    render_boards: bool = True
    board_size: int = 640
    text_diagrams: bool = False  # for text-only front ends (the terminal chat)
    shared_database: bool = False  # other processes write to the same database: read games fresh
    admins: tuple[str, ...] = ()  # "platform:user id" of the bot's operators, admins in every chat
    vacation_days: int = 14  # per player and calendar year


@dataclass
class Context:
    """One event with what the service found out about it."""

    event: Event
    user: User
    chat: Chat
    words: Words

    def reply(self, message: str, **fields: Any) -> Reply:
        return Reply(self.event.platform, self.event.chat_id, self.words.marked(message), language=self.words.language,
                     **fields)

    def private(self, message: str) -> Reply:
        return self.reply(message, private_to=self.event.user_id)


@dataclass
class _Played:
    """What happened while moves were applied, for the caption."""

    lines: list[str] = field(default_factory=list)
    last_move: Any = None


class Service:
    """Everything the bot does, whatever the platform."""

    def __init__(self, store: SqlStore, *, config: ServiceConfig | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.config = config or ServiceConfig()
        self.clock = clock
        self._recent: dict[tuple[str, str], deque[float]] = defaultdict(deque)
        self._states: dict[int, tuple[int, State]] = {}
        self._game_locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._bot: User | None = None
        self._users: dict[int, User] = {}
        self._user_ids: dict[tuple[str, str], int] = {}
        self._chats: dict[tuple[str, str], Chat] = {}
        self._rows: dict[int, GameRow] = {}

    # -- entry points ------------------------------------------------------------------------

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

    async def board_posted(self, game_id: int, message_id: str) -> None:
        """Remember which platform message shows the game's board (replies to it pick the game)."""
        for _ in range(3):
            row = await self._game_row(game_id)
            try:
                await self._update(row, board_message_id=message_id)
                return
            except ConflictError:
                continue

    async def thread_opened(self, game_id: int, thread_id: str) -> None:
        """Remember the discussion thread a front end opened for the game."""
        for _ in range(3):
            try:
                await self._update(await self._game_row(game_id), thread_id=thread_id)
                return
            except ConflictError:
                continue

    async def introduce(self, platform: str, user_id: str, name: str) -> None:
        """Make a user known before they write (a front end saw them named in a command)."""
        await self._user(platform, user_id, name)

    async def game_choices(self, platform: str, user_id: str, language: str | None = None) -> list[tuple[int, str]]:
        """The user's active games as (id, label) pairs, for a front end's autocomplete."""
        known = self._user_ids.get((platform, user_id))
        user = self._users[known] if known is not None else await self.store.find_user(platform, user_id)
        if user is None:
            return []
        words = Words(supported(language) or self.config.default_language)
        choices = []
        for row in await self.store.active_games_of(user.id):
            names = await self._names(row)
            side = row.side_of(user.id) or "white"
            choices.append((row.id, f"#{row.id} {words.game(row.game)} – {names[other(side)]}"))
        return choices

    async def tick(self) -> list[Reply]:
        """Send due reminders and end games whose deadline passed; safe to call from many processes."""
        replies: list[Reply] = []
        now = self.clock()
        for row in await self.store.games_with_clocks():
            try:
                replies += await self._clock_game(row, now)
            except ConflictError:
                continue  # someone moved (or another process did this) meanwhile
            except Exception:
                METRICS.errors += 1
                log.exception("clock of game %d failed", row.id, extra={"game_id": row.id})
        return replies

    # -- for the command modules (admin, vacation) ---------------------------------------------

    def forget_game(self, game_id: int) -> None:
        """Drop this process's copy of a game another module changed in the database."""
        self._rows.pop(game_id, None)
        self._states.pop(game_id, None)

    async def player_names(self, row: GameRow) -> dict[str, str]:
        """The players' display names by side."""
        return await self._names(row)

    async def set_user_prefs(self, user_id: int, prefs: dict[str, Any]) -> User:
        """Merge ``prefs`` into the user's preferences (``None`` values included) and remember the result."""
        return await self._set_user(user_id, prefs=prefs)

    def chat_reply(self, chat: Chat, words: Words, text: str, **fields: Any) -> Reply:
        """A message to ``chat``, which need not be the chat of the event being answered."""
        return Reply(chat.platform, chat.platform_id, words.marked(text), language=words.language, **fields)

    # -- dispatch ----------------------------------------------------------------------------

    async def _handle(self, event: Event) -> list[Reply]:
        user = await self._user(event.platform, event.user_id, event.user_name)
        chat = await self._chat(event.platform, event.chat_id)
        ctx = Context(event, user, chat, Words(self._language(user, chat, event)))
        content = event.text or ""
        if len(content) > self.config.max_text:
            return [ctx.reply(ctx.words("too_long", length=len(content), limit=self.config.max_text))]
        wait = self._rate_limited(event)
        if wait:
            return [ctx.private(ctx.words("rate_limited", seconds=wait))]
        try:
            return await self._dispatch(ctx, event, content)
        except GameFrozen as exc:
            return [ctx.reply(ctx.words("game.frozen", id=exc.game_id))]

    async def _dispatch(self, ctx: Context, event: Event, content: str) -> list[Reply]:
        if event.payload:
            return await self._button(ctx, event.payload)
        content = content.strip()
        if not content:
            return []
        first, _, rest = content.partition(" ")
        command = first.lstrip("/").split("@")[0].lower()
        handler = COMMANDS.get(command)
        if handler is not None:
            replies: list[Reply] = await handler(self, ctx, rest.strip())
            return replies
        if first.startswith("/"):
            return [ctx.reply(ctx.words("help.unknown", command=command))]
        return await self._bare_text(ctx, content)

    async def _user(self, platform: str, platform_id: str, name: str) -> User:
        """The user, from memory when seen before with the same name (prefs are kept fresh by this process)."""
        known = self._user_ids.get((platform, platform_id))
        if known is not None and self._users[known].name == (name or self._users[known].name):
            return self._users[known]
        return self._remember(await self.store.user(platform, platform_id, name))

    async def _user_by_id(self, user_id: int) -> User:
        known = None if self.config.shared_database else self._users.get(user_id)
        return known if known is not None else self._remember(await self.store.user_by_id(user_id))

    def _remember(self, user: User) -> User:
        self._users[user.id] = user
        self._user_ids[(user.platform, user.platform_id)] = user.id
        return user

    async def _chat(self, platform: str, platform_id: str) -> Chat:
        known = self._chats.get((platform, platform_id))
        if known is None:
            known = self._chats[(platform, platform_id)] = await self.store.chat(platform, platform_id)
        return known

    async def _set_user(self, user_id: int, **changes: Any) -> User:
        return self._remember(await self.store.set_user(user_id, **changes))

    async def _set_chat(self, chat_id: int, settings: dict[str, Any]) -> Chat:
        chat = await self.store.set_chat(chat_id, settings)
        self._chats[(chat.platform, chat.platform_id)] = chat
        return chat

    def _language(self, user: User, chat: Chat, event: Event) -> str:
        for candidate in (user.language, chat.settings.get("language"), event.language):
            found = supported(candidate)
            if found:
                return found
        return self.config.default_language

    def _rate_limited(self, event: Event) -> int:
        now = self.clock()
        recent = self._recent[(event.platform, event.user_id)]
        while recent and recent[0] <= now - self.config.rate_window:
            recent.popleft()
        if len(recent) >= self.config.rate_limit:
            return max(1, int(recent[0] + self.config.rate_window - now + 0.999))
        recent.append(now)
        return 0

    # -- help, rules, language, settings ------------------------------------------------------

    async def _help(self, ctx: Context, rest: str) -> list[Reply]:
        topic = rest.lstrip("/").lower()
        if topic == "vacation":
            return [ctx.reply(ctx.words("help.vacation", days=self.config.vacation_days))]
        if topic in ("play", "move", "settings", "admin"):
            return [ctx.reply(ctx.words(f"help.{topic}"))]
        return [ctx.reply(ctx.words("help"))]

    async def _rules(self, ctx: Context, rest: str) -> list[Reply]:
        key = self._game_key(rest) if rest else None
        if key is None:
            return [ctx.reply(ctx.words("unknown_game", name=rest or "?"))]
        return [ctx.reply(ctx.words(f"rules.{key}"))]

    async def _lang(self, ctx: Context, rest: str) -> list[Reply]:
        language = supported(rest)
        if language is None:
            return [ctx.reply(ctx.words("lang.unknown", languages=", ".join(LANGUAGES)))]
        await self._set_user(ctx.user.id, language=language)
        ctx.words = Words(language)
        return [ctx.reply(ctx.words("lang.set"))]

    async def _settings(self, ctx: Context, rest: str) -> list[Reply]:
        words = rest.split()
        w = ctx.words
        if not words:
            prefs, settings = ctx.user.prefs, ctx.chat.settings
            return [ctx.reply(w(
                "settings.show", user_language=ctx.user.language or "—", colorblind=w.switch(prefs.get("colorblind")),
                flip=w.switch(prefs.get("flip")), reminders=w.switch(prefs.get("reminders", True)),
                chat_language=settings.get("language", "—"), chat_time=w.time_limit(settings.get("time")),
                chat_board=settings.get("board", "new"), chat_thread=w.switch(settings.get("thread")),
            ))]
        scope_chat = words[0].lower() == "chat"
        if scope_chat:
            words = words[1:]
        if len(words) != 2:
            return [ctx.reply(w("settings.bad", usage=w("help.settings")))]
        name, value = words[0].lower(), words[1]
        try:
            if name == "lang":
                language = supported(value)
                if language is None:
                    raise OptionError(value)
                if scope_chat:
                    await self._set_chat(ctx.chat.id, {"language": language})
                else:
                    await self._set_user(ctx.user.id, language=language)
                    ctx.words = Words(language)
                shown: Any = language
            elif scope_chat and name == "time":
                shown = parse_duration(value)
                await self._set_chat(ctx.chat.id, {"time": shown})
                shown = ctx.words.time_limit(shown)
            elif scope_chat and name == "board" and value.lower() in ("new", "edit"):
                shown = value.lower()
                await self._set_chat(ctx.chat.id, {"board": shown})
            elif scope_chat and name == "thread":
                shown = parse_switch(value)
                await self._set_chat(ctx.chat.id, {"thread": shown})
            elif not scope_chat and name in ("colorblind", "flip", "reminders"):
                shown = parse_switch(value)
                await self._set_user(ctx.user.id, prefs={name: shown})
            else:
                raise OptionError(name)
        except OptionError:
            return [ctx.reply(w("settings.bad", usage=w("help.settings")))]
        return [ctx.reply(ctx.words("settings.saved", name=name, value=ctx.words.switch(shown) if isinstance(shown, bool)
                                    else shown))]

    # -- challenges ---------------------------------------------------------------------------

    def _game_key(self, name: str) -> str | None:
        try:
            return get_game(name.split()[0]).key
        except (KeyError, IndexError):
            return None

    async def _play(self, ctx: Context, rest: str) -> list[Reply]:
        words = rest.split()
        w = ctx.words
        key = self._game_key(words[0]) if words else None
        if key is None:
            return [ctx.reply(w("unknown_game", name=words[0] if words else "?") + "\n" + w("help.play"))]
        try:
            request = parse_play(key, words[1:])
            get_game(key).new_state(**request.options)
        except OptionError as exc:
            return [ctx.reply(w("bad_option", option=exc.word, usage=w("help.play")))]
        except ValueError as exc:
            return [ctx.reply(w("bad_option", option=str(exc), usage=w("help.play")))]
        time_per_move = request.time_per_move if request.time_given else ctx.chat.settings.get("time")
        if request.against_bot:
            bot = await self._bot_user()
            challenge = await self.store.create_challenge(ctx.chat.id, key, request.options, ctx.user.id, bot.id,
                                                          request.level, request.colour, time_per_move)
            return await self._start(ctx, challenge)
        target: User | None = None
        if request.opponent:
            target = await self.store.find_user(ctx.event.platform, request.opponent)
            if target is None or target.id == ctx.user.id:
                return [ctx.reply(w("user.unknown", name=request.opponent))]
        challenge = await self.store.create_challenge(ctx.chat.id, key, request.options, ctx.user.id,
                                                      target.id if target else None, None, request.colour, time_per_move)
        described = self._describe_options(w, key, request.options, time_per_move)
        accept = Choice(w("button.accept"), f"a:{challenge.id}")
        if target is None:
            message = w("challenge.open", challenger=ctx.user.name, game=w.game(key), options=described)
            return [ctx.reply(message, choices=((accept,),))]
        decline = Choice(w("button.decline"), f"d:{challenge.id}")
        message = w("challenge.to_user", target=target.name, challenger=ctx.user.name, game=w.game(key), options=described)
        return [ctx.reply(message, choices=((accept, decline),), mention=target.platform_id)]

    def _describe_options(self, w: Words, key: str, options: dict[str, Any], time_per_move: int | None) -> str:
        parts = [str(v) if not isinstance(v, bool) else k.replace("_", " ") for k, v in options.items() if v]
        parts.append(w.time_limit(time_per_move))
        return ", ".join(parts)

    async def _bot_user(self) -> User:
        if self._bot is None:
            self._bot = await self._user("bot", "bot", "Bot")
        return self._bot

    async def _accept(self, ctx: Context, rest: str) -> list[Reply]:
        challenge = await self._find_challenge(ctx, rest, answering=True)
        if challenge is None and await self._find_challenge(ctx, rest, answering=False):
            return [ctx.reply(ctx.words("challenge.own"))]
        if challenge is None:
            return [ctx.reply(ctx.words("challenge.none"))]
        if challenge.challenger_id == ctx.user.id:
            return [ctx.reply(ctx.words("challenge.own"))]
        if challenge.target_id not in (None, ctx.user.id):
            target = await self._user_by_id(challenge.target_id)
            return [ctx.private(ctx.words("challenge.not_yours", user=target.name))]
        return await self._start(ctx, challenge, acceptor=ctx.user)

    async def _decline(self, ctx: Context, rest: str) -> list[Reply]:
        challenge = await self._find_challenge(ctx, rest, answering=True)
        if challenge is None or challenge.challenger_id == ctx.user.id:
            return [ctx.reply(ctx.words("challenge.none"))]
        if challenge.target_id not in (None, ctx.user.id):
            target = await self._user_by_id(challenge.target_id)
            return [ctx.private(ctx.words("challenge.not_yours", user=target.name))]
        try:
            await self.store.close_challenge(challenge.id, "declined")
        except ConflictError:
            return [ctx.reply(ctx.words("challenge.gone"))]
        return [ctx.reply(ctx.words("challenge.declined", user=ctx.user.name))]

    async def _cancel(self, ctx: Context, rest: str) -> list[Reply]:
        challenge = await self._find_challenge(ctx, rest, answering=False)
        if challenge is None:
            return [ctx.reply(ctx.words("challenge.none"))]
        try:
            await self.store.close_challenge(challenge.id, "cancelled")
        except ConflictError:
            return [ctx.reply(ctx.words("challenge.gone"))]
        return [ctx.reply(ctx.words("challenge.cancelled"))]

    async def _find_challenge(self, ctx: Context, rest: str, *, answering: bool) -> Challenge | None:
        number = rest.lstrip("#")
        if number.isdigit():
            try:
                found = await self.store.challenge(int(number))
            except NotFoundError:
                return None
            return found if found.status == "open" and found.chat_id == ctx.chat.id else None
        candidates = await self.store.open_challenges(ctx.chat.id)
        if answering:
            mine = [c for c in candidates if c.target_id == ctx.user.id]
            others = [c for c in candidates if c.target_id is None and c.challenger_id != ctx.user.id]
            candidates = mine or others or [c for c in candidates if c.challenger_id != ctx.user.id]
        else:
            candidates = [c for c in candidates if c.challenger_id == ctx.user.id]
        return candidates[-1] if candidates else None

    async def _start(self, ctx: Context, challenge: Challenge, acceptor: User | None = None) -> list[Reply]:
        opponent_id = acceptor.id if acceptor else challenge.target_id
        assert opponent_id is not None
        colour = challenge.colour if challenge.colour != "random" else random.Random(challenge.id).choice(["white", "black"])
        white, black = (challenge.challenger_id, opponent_id) if colour == "white" else (opponent_id, challenge.challenger_id)
        state = get_game(challenge.game).new_state(**challenge.options)
        try:
            row = await self.store.accept_challenge(challenge, white, black, state.to_dict())
        except ConflictError:
            return [ctx.reply(ctx.words("challenge.gone"))]
        names = await self._names(row)
        intro = ctx.words("game.started", id=row.id, game=ctx.words.game(row.game), white=names["white"], black=names["black"],
                          options=self._describe_options(ctx.words, row.game, row.options, row.time_per_move))
        played = _Played([intro])
        row, state = await self._let_bot_move(row, state, played, ctx.words)
        return [await self._board_reply(ctx, row, state, played)]

    # -- moves -------------------------------------------------------------------------------

    async def _move_command(self, ctx: Context, rest: str) -> list[Reply]:
        if not rest:
            return [ctx.reply(ctx.words("help.move"))]
        return await self._move_text(ctx, rest, explicit=True)

    async def _bare_text(self, ctx: Context, content: str) -> list[Reply]:
        return await self._move_text(ctx, content, explicit=False)

    async def _move_text(self, ctx: Context, content: str, *, explicit: bool) -> list[Reply]:
        row, content, problem = await self._target_game(ctx, content, want_turn=True)
        if row is None:
            if problem is None and not (explicit or ctx.event.is_private):
                return []  # ordinary chat in a group: not for the bot
            return [ctx.reply(problem or ctx.words("game.none"))]
        return await self._move_in(ctx, row, content, explicit=explicit, retry=True)

    async def _move_in(self, ctx: Context, row: GameRow, content: str, *, explicit: bool, retry: bool) -> list[Reply]:
        state = await self._state(row)
        side = row.side_of(ctx.user.id)
        if side is None:
            return [ctx.private(ctx.words("game.not_yours"))]
        if (row.status != "active" or state.to_play != side) and retry:
            fresh = await self._confirmed(row)
            if fresh is not None:
                return await self._move_in(ctx, fresh, content, explicit=explicit, retry=False)
        if row.status != "active":
            return [ctx.reply(ctx.words("game.finished", id=row.id))]
        if state.to_play != side:
            names = await self._names(row)
            return [ctx.private(ctx.words("game.not_your_turn", player=names.get(state.to_play or "", "?")))]
        game = get_game(row.game)
        try:
            move = game.parse_move(state, content)
        except AmbiguousMoveError as exc:
            choices = self._move_choices(row, state, exc.candidates)
            return [ctx.reply(ctx.words.move_error(exc, row.game, content), choices=choices)]
        except InvalidMoveError as exc:
            if not (explicit or ctx.event.is_private or ctx.event.reply_to):
                return []  # probably not meant as a move
            return [ctx.reply(ctx.words.move_error(exc, row.game, content) + self._hint(ctx.words, state))]
        except MoveError as exc:
            return [ctx.reply(ctx.words.move_error(exc, row.game, content) + self._hint(ctx.words, state))]
        return await self._apply(ctx, row, state, move)

    async def _target_game(self, ctx: Context, content: str, *, want_turn: bool) -> tuple[GameRow | None, str, str | None]:
        """The game a message is about: ``#<id>``, a reply to its board, or the one game where it fits."""
        if content.startswith("#"):
            number, _, rest = content[1:].partition(" ")
            if number.isdigit():
                try:
                    row = await self._game_row(int(number))
                except NotFoundError:
                    return None, rest, ctx.words("game.not_found", id=number)
                return row, rest.strip(), None
        if ctx.event.reply_to:
            replied = await self.store.game_by_board_message(ctx.chat.id, ctx.event.reply_to)
            if replied is not None:
                return replied, content, None
        games = [g for g in await self.store.active_games_in(ctx.chat.id) if g.side_of(ctx.user.id)]
        if want_turn and len(games) > 1:
            ready = []
            for g in games:
                if (await self._state(g)).to_play == g.side_of(ctx.user.id):
                    ready.append(g)
            games = ready or games
        if len(games) == 1:
            return games[0], content, None
        if len(games) > 1:
            return None, content, ctx.words("game.which", games=", ".join(f"#{g.id}" for g in games))
        return None, content, None

    async def _apply(self, ctx: Context, row: GameRow, state: State, move: Any) -> list[Reply]:
        try:
            async with self._game_locks[row.id], self._process_lock(row.id):
                played = _Played()
                try:
                    row, state = await self._commit(row, state, move, played, ctx.words)
                except ConflictError:
                    fresh = await self.store.game(row.id)
                    self._rows[row.id] = fresh
                    if fresh.moves != row.moves or fresh.status != "active":
                        return [ctx.reply(ctx.words("game.changed"))]
                    # Only the game's bookkeeping changed (its board message, a reminder): play on the fresh copy.
                    played = _Played()
                    try:
                        row, state = await self._commit(fresh, state, move, played, ctx.words)
                    except ConflictError:
                        return [ctx.reply(ctx.words("game.changed"))]
                row, state = await self._let_bot_move(row, state, played, ctx.words)
        except ConflictError:  # another process held the game too long
            return [ctx.reply(ctx.words("game.changed"))]
        return [await self._board_reply(ctx, row, state, played)]

    def _process_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The database's game lock when other processes share the database; the version check alone otherwise."""
        return self.store.game_lock(game_id) if self.config.shared_database else contextlib.nullcontext()

    async def _commit(self, row: GameRow, state: State, move: Any, played: _Played, words: Words) -> tuple[GameRow, State]:
        """Play one move and store it with the version check; describe it into ``played``."""
        game = get_game(row.game)
        names = await self._names(row)
        mover = state.to_play or ""
        notation = game.format_move(state, move)
        after = state.play(move)
        played.lines.append(words("game.played", player=names[mover], move=words.move(notation)))
        played.last_move = move
        self._describe_events(state, after, names, played, words)
        row = await self._store_state(row, after, row.moves + [notation])
        METRICS.move_made()
        log.info("move %s", notation, extra={"game_id": row.id, "user_id": row.player_of(mover) if mover else None})
        return row, after

    async def _store_state(self, row: GameRow, state: State, moves: list[str]) -> GameRow:
        now = self.clock()
        outcome = state.outcome()
        deadline = None
        if outcome is None and row.time_per_move and state.to_play and not (await self._is_bot(row.player_of(state.to_play))):
            deadline = deadline_for(await self._user_by_id(row.player_of(state.to_play)), now, row.time_per_move)
        result = None
        if outcome is not None:
            result = {"winner": outcome.winner, "reason": outcome.reason}
        new = await self._update(
            row, state=state.to_dict(), moves=moves, status="finished" if outcome else "active", result=result,
            deadline=deadline, remind_stage=0, last_move_at=now, takeback_by=None, draw_by=None,
        )
        self._states[new.id] = (new.version, state)
        self._rows[new.id] = new
        if outcome is not None:
            await self._rate(new, outcome.winner)
        return new

    def _describe_events(self, before: State, after: State, names: dict[str, str], played: _Played, words: Words) -> None:
        if isinstance(after, KamisadoState) and isinstance(before, KamisadoState):
            for passed in after.passes:
                played.lines.append(words("kamisado.pass", player=names[passed.player], colour=words.colour(passed.colour)))
            for result in after.rounds[len(before.rounds):]:
                score = after.score
                played.lines.append(words("kamisado.round", round=result.number, winner=names[result.winner],
                                          reason=words(f"reason.{result.reason}"), black=score["black"], white=score["white"]))
                if result.tower is not None:
                    played.lines.append(words("kamisado.tooth", player=names[result.winner], colour=words.colour(result.tower),
                                              teeth=result.teeth, points=result.points))
        if getattr(after, "extra_turn", False) and after.to_play:
            played.lines.append(words("krepost.extra_turn", player=names[after.to_play]))

    async def _let_bot_move(self, row: GameRow, state: State, played: _Played, words: Words) -> tuple[GameRow, State]:
        """While it is the built-in opponent's turn, let it move (its search runs off the event loop)."""
        while row.status == "active" and state.to_play and await self._is_bot(row.player_of(state.to_play)):
            level = row.ai_level or "normal"
            seed = row.id * 100_000 + len(row.moves)  # the same in a replay, different from game to game
            began = time.perf_counter()
            move = await asyncio.to_thread(ai.choose, state, level=level, time_budget=self.config.ai_time_budget, seed=seed)
            METRICS.ai_thought(time.perf_counter() - began)
            row, state = await self._commit(row, state, move, played, words)
        return row, state

    async def _update(self, row: GameRow, **changes: Any) -> GameRow:
        """Write to the game with the version check, keeping this process's copy current."""
        try:
            new = await self.store.update_game(row, **changes)
        except ConflictError:
            self._rows.pop(row.id, None)
            raise
        self._rows[new.id] = new
        return new

    async def _game_row(self, game_id: int) -> GameRow:
        """The game as this process last wrote or read it; the version check on every write catches a
        stale copy, and refusals are checked against the database (see :meth:`_confirmed`)."""
        row = None if self.config.shared_database else self._rows.get(game_id)
        if row is None:
            row = self._rows[game_id] = await self.store.game(game_id)
        return row

    async def _confirmed(self, row: GameRow) -> GameRow | None:
        """The stored game when it is newer than ``row`` (another process moved), else ``None``."""
        fresh = await self.store.game(row.id)
        self._rows[row.id] = fresh
        return fresh if fresh.version != row.version else None

    async def _is_bot(self, user_id: int) -> bool:
        return user_id == (await self._bot_user()).id

    async def _state(self, row: GameRow) -> State:
        cached = self._states.get(row.id)
        if cached and cached[0] == row.version:
            return cached[1]
        checked = await self.store.load_game(row.id)
        if checked.status == "frozen":
            raise GameFrozen(row.id)
        state = get_game(checked.game).state_from_dict(checked.state)
        self._states[row.id] = (checked.version, state)
        return state

    # -- buttons -----------------------------------------------------------------------------

    async def _button(self, ctx: Context, payload: str) -> list[Reply]:
        kind, _, rest = payload.partition(":")
        parts = rest.split(":")
        if kind == "a" and rest.isdigit():
            return await self._accept(ctx, rest)
        if kind == "d" and rest.isdigit():
            return await self._decline(ctx, rest)
        if kind in ("m", "s") and len(parts) == 3 and parts[0].isdigit() and parts[1].isdigit():
            return await self._move_button(ctx, kind, int(parts[0]), int(parts[1]), parts[2])
        if kind in ("t", "g") and len(parts) == 2 and parts[0].isdigit():
            command = self._takeback if kind == "t" else self._draw
            if parts[1] == "y":
                return await command(ctx, f"#{parts[0]}")
            return await self._refuse(ctx, int(parts[0]), kind)
        return [ctx.private(ctx.words("challenge.gone"))]

    async def _move_button(self, ctx: Context, kind: str, game_id: int, ply: int, value: str) -> list[Reply]:
        try:
            row = await self.store.game(game_id)
        except NotFoundError:
            return [ctx.private(ctx.words("game.not_found", id=game_id))]
        side = row.side_of(ctx.user.id)
        if side is None:
            return [ctx.private(ctx.words("game.not_yours"))]
        if row.status != "active":
            return [ctx.private(ctx.words("game.finished", id=row.id))]
        state = await self._state(row)
        if state.to_play != side:
            names = await self._names(row)
            return [ctx.private(ctx.words("game.not_your_turn", player=names.get(state.to_play or "", "?")))]
        if ply != len(row.moves):
            return [ctx.private(ctx.words("game.changed"))]
        legal = state.legal_moves()
        if kind == "s":
            moves = [m for m in legal if getattr(m, "start", None) == value]
            return [ctx.private(ctx.words("move.ambiguous", text=value)) if not moves else
                    ctx.reply(ctx.words("move.hint_targets", targets=", ".join(m.end for m in moves)),
                              choices=self._move_choices(row, state, moves), private_to=ctx.event.user_id)]
        if not value.isdigit() or int(value) >= len(legal):
            return [ctx.private(ctx.words("game.changed"))]
        return await self._apply(ctx, row, state, legal[int(value)])

    def _move_choices(self, row: GameRow, state: State, moves: Any) -> tuple[tuple[Choice, ...], ...]:
        legal = list(state.legal_moves())
        game = get_game(row.game)
        buttons = []
        for move in list(moves)[:25]:
            if move in legal:
                label = game.format_move(state, move)
                if isinstance(move, KamisadoMove):
                    label = move.end + (" ⇑" if move.push else "")
                buttons.append(Choice(label[:40], f"m:{row.id}:{len(row.moves)}:{legal.index(move)}"))
        return tuple(tuple(buttons[i : i + 5]) for i in range(0, len(buttons), 5))

    def _board_choices(self, row: GameRow, state: State, words: Words) -> tuple[tuple[Choice, ...], ...]:
        if row.status != "active" or state.to_play is None:
            return ()
        legal = state.legal_moves()
        if isinstance(state, KamisadoState):
            if state.phase == "refill":
                return tuple([tuple(Choice(words(f"button.{m.side}"), f"m:{row.id}:{len(row.moves)}:{i}")
                                    for i, m in enumerate(legal) if isinstance(m, RefillMove))])
            if state.forced is not None:
                return self._move_choices(row, state, legal)
            return ()
        if row.game == "ashtarashki":
            if len(legal) <= 10:
                return self._move_choices(row, state, legal)
            starts = sorted({m.start for m in legal})
            buttons = [Choice(s, f"s:{row.id}:{len(row.moves)}:{s}") for s in starts]
            return tuple(tuple(buttons[i : i + 6]) for i in range(0, len(buttons), 6))
        return ()

    # -- the board ---------------------------------------------------------------------------

    async def _names(self, row: GameRow) -> dict[str, str]:
        names = {}
        for side in ("white", "black"):
            user = await self._user_by_id(row.player_of(side))
            names[side] = f"Bot ({row.ai_level or 'normal'})" if user.is_bot else user.name
        return names

    def _hint(self, words: Words, state: State) -> str:
        if isinstance(state, KamisadoState) and state.forced is not None and state.to_play:
            targets = sorted({m.end for m in state.legal_moves() if isinstance(m, KamisadoMove)})
            line = words("kamisado.tower", player=words.side(state.to_play), colour=words.colour(state.forced),
                         square=state.square_of(state.to_play, state.forced))
            return "\n" + line + " " + words("move.hint_targets", targets=", ".join(targets))
        return ""

    async def _status_lines(self, words: Words, row: GameRow, state: State, names: dict[str, str]) -> list[str]:
        if row.status == "frozen":
            return [words("game.frozen", id=row.id)]
        if state.outcome() is not None:
            return [words("game.over", result=words.result(state, names))]
        player = state.to_play or ""
        if row.deadline:
            lines = [words("game.to_move_clock", player=names[player], left=words.duration(row.deadline - self.clock()))]
        else:
            lines = [words("game.to_move", player=names[player])]
        if isinstance(state, KamisadoState):
            if state.phase == "refill":
                lines = [words("kamisado.refill", player=names[player])]
            elif state.forced is not None:
                lines.append(words("kamisado.tower", player=names[player], colour=words.colour(state.forced),
                                   square=state.square_of(player, state.forced)))
            else:
                lines.append(words("kamisado.free", player=names[player]))
        return lines

    async def _board_reply(self, ctx: Context, row: GameRow, state: State, played: _Played | None = None) -> Reply:
        words = ctx.words
        names = await self._names(row)
        caption = [words("game.caption", id=row.id, game=words.game(row.game), white=names["white"], black=names["black"])]
        if played:
            caption += played.lines
        caption += await self._status_lines(words, row, state, names)
        perspective, colorblind = await self._view(row, state)
        image = None
        if self.config.render_boards:
            image = await asyncio.to_thread(
                board_png, state, perspective=perspective, last_move=played.last_move if played else None,
                colorblind=colorblind, size=self.config.board_size,
            )
        edit = row.board_message_id if ctx.chat.settings.get("board") == "edit" else None
        return ctx.reply("\n".join(caption), image=image, choices=self._board_choices(row, state, words), game_id=row.id,
                         edit_message_id=edit, diagram=diagram(state, perspective) if self.config.text_diagrams else None,
                         thread=bool(ctx.chat.settings.get("thread")), thread_id=row.thread_id)

    async def _view(self, row: GameRow, state: State) -> tuple[str, bool]:
        """Which side is at the bottom, and whether colour-blind marks are wanted."""
        white = await self._user_by_id(row.white_id)
        black = await self._user_by_id(row.black_id)
        colorblind = bool(white.prefs.get("colorblind") or black.prefs.get("colorblind"))
        if white.is_bot:
            return "black", colorblind
        if black.is_bot:
            return "white", colorblind
        mover = state.to_play
        if mover and (white if mover == "white" else black).prefs.get("flip"):
            return mover, colorblind
        return "white", colorblind

    # -- game commands ------------------------------------------------------------------------

    async def _my_game(self, ctx: Context, rest: str) -> tuple[GameRow | None, list[Reply]]:
        row, _, problem = await self._target_game(ctx, rest, want_turn=False)
        if row is None and problem is None:
            row = await self.store.latest_game_of(ctx.user.id, ctx.chat.id)
        if row is None:
            return None, [ctx.reply(problem or ctx.words("game.none"))]
        return row, []

    async def _board(self, ctx: Context, rest: str) -> list[Reply]:
        row, problem = await self._my_game(ctx, rest)
        if row is None:
            return problem
        return [await self._board_reply(ctx, row, await self._state(row))]

    async def _games(self, ctx: Context, rest: str) -> list[Reply]:
        rows = await self.store.active_games_of(ctx.user.id)
        if not rows:
            return [ctx.reply(ctx.words("games.none"))]
        lines = []
        for row in rows:
            state = await self._state(row)
            side = row.side_of(ctx.user.id) or "white"
            names = await self._names(row)
            turn = ctx.words("games.your_turn") if state.to_play == side else ctx.words("games.their_turn")
            clock = ctx.words("games.clock", left=ctx.words.duration(row.deadline - self.clock())) if row.deadline else ""
            lines.append(ctx.words("games.line", id=row.id, game=ctx.words.game(row.game), opponent=names[other(side)],
                                   turn=turn, clock=clock))
        return [ctx.reply("\n".join(lines))]

    async def _playing(self, ctx: Context, rest: str) -> tuple[GameRow, str] | list[Reply]:
        """The active game the sender plays in (and their side), or the replies that say why not."""
        row, problem = await self._my_game(ctx, rest)
        if row is None:
            return problem
        side = row.side_of(ctx.user.id)
        if side is None:
            return [ctx.private(ctx.words("game.not_yours"))]
        if row.status != "active":
            return [ctx.reply(ctx.words("game.finished", id=row.id))]
        return row, side

    async def _resign(self, ctx: Context, rest: str) -> list[Reply]:
        found = await self._playing(ctx, rest)
        if isinstance(found, list):
            return found
        row, side = found
        state = await self._state(row)
        names = await self._names(row)
        try:
            row = await self._store_state(row, state.resign(side), row.moves + [event_text("resign", side)])
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        played = _Played([ctx.words("resign.done", player=names[side])])
        return [await self._board_reply(ctx, row, await self._state(row), played)]

    async def _takeback(self, ctx: Context, rest: str) -> list[Reply]:
        found = await self._playing(ctx, rest)
        if isinstance(found, list):
            return found
        row, side = found
        names = await self._names(row)
        opponent_id = row.player_of(other(side))
        if row.takeback_by == opponent_id:
            return await self._undo(ctx, row, other(side))
        if await self._is_bot(opponent_id):
            return await self._undo(ctx, row, side)
        if self._cut_for(row, side) is None:
            return [ctx.reply(ctx.words("takeback.nothing"))]
        return await self._propose(ctx, row, side, names, "takeback")

    def _cut_for(self, row: GameRow, side: str) -> int | None:
        """How many moves stay when ``side`` takes back their last move (``None`` if they have none)."""
        game = get_game(row.game)
        state = game.new_state(**row.options)
        last = None
        for index, text in enumerate(row.moves):
            if state.to_play == side:
                last = index
            state = state.play(game.parse_move(state, text))
        return last

    async def _undo(self, ctx: Context, row: GameRow, side: str) -> list[Reply]:
        cut = self._cut_for(row, side)
        if cut is None:
            return [ctx.reply(ctx.words("takeback.nothing"))]
        moves = row.moves[:cut]
        state = get_game(row.game).replay(moves, **row.options)
        try:
            row = await self._store_state(row, state, moves)
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        return [await self._board_reply(ctx, row, state, _Played([ctx.words("takeback.done")]))]

    async def _refuse(self, ctx: Context, game_id: int, kind: str) -> list[Reply]:
        row = await self.store.game(game_id)
        side = row.side_of(ctx.user.id)
        asked_by = row.takeback_by if kind == "t" else row.draw_by
        if side is None or asked_by is None or asked_by == ctx.user.id:
            return [ctx.private(ctx.words("game.not_yours"))]
        try:
            await self._update(row, **({"takeback_by": None} if kind == "t" else {"draw_by": None}))
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        return [ctx.reply(ctx.words("takeback.refused", player=ctx.user.name))]

    async def _draw(self, ctx: Context, rest: str) -> list[Reply]:
        found = await self._playing(ctx, rest)
        if isinstance(found, list):
            return found
        row, side = found
        if row.game != "krepost":
            return [ctx.reply(ctx.words("draw.not_here", game=ctx.words.game(row.game)))]
        opponent_id = row.player_of(other(side))
        names = await self._names(row)
        if row.draw_by == opponent_id or await self._is_bot(opponent_id):
            state = await self._state(row)
            assert isinstance(state, KrepostState)
            agreed = state.agree_to_count()
            try:
                row = await self._store_state(row, agreed, row.moves + [event_text("agree")])
            except ConflictError:
                return [ctx.reply(ctx.words("game.changed"))]
            return [await self._board_reply(ctx, row, agreed)]
        return await self._propose(ctx, row, side, names, "draw")

    async def _propose(self, ctx: Context, row: GameRow, side: str, names: dict[str, str], kind: str) -> list[Reply]:
        """Record the sender's take-back or draw offer and ask the opponent with yes/no buttons."""
        column, button = {"takeback": ("takeback_by", "t"), "draw": ("draw_by", "g")}[kind]
        try:
            await self._update(row, **{column: ctx.user.id})
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        w = ctx.words
        buttons = ((Choice(w("button.yes"), f"{button}:{row.id}:y"), Choice(w("button.no"), f"{button}:{row.id}:n")),)
        opponent = await self._user_by_id(row.player_of(other(side)))
        return [ctx.reply(w(f"{kind}.asked", player=names[side], opponent=names[other(side)]), choices=buttons,
                          mention=opponent.platform_id)]

    async def _export(self, ctx: Context, rest: str) -> list[Reply]:
        row, problem = await self._my_game(ctx, rest)
        if row is None:
            return problem
        game = get_game(row.game)
        moves = tuple(m for m in row.moves if not m.startswith("!"))
        record = game.export_record(GameRecord(row.game, row.options, moves))
        state = await self._state(row)
        ending = [m for m in row.moves if m.startswith("!")]
        if ending and state.outcome() is not None:
            record += ctx.words.result(state, await self._names(row)) + "\n"
        return [ctx.reply(ctx.words("export.done", id=row.id) + "\n" + record)]

    # -- ratings -----------------------------------------------------------------------------

    async def _rate(self, row: GameRow, winner: str | None) -> None:
        score = 0.5 if winner is None else (1.0 if winner == "white" else 0.0)
        changes: list[Rating] = []
        for scope in ("all", f"chat:{row.chat_id}"):
            white = await self.store.rating(row.white_id, row.game, scope)
            black = await self.store.rating(row.black_id, row.game, scope)
            changes += updated(white, black, score)
        await self.store.save_ratings(changes)

    async def _stats(self, ctx: Context, rest: str) -> list[Reply]:
        key = self._game_key(rest) if rest else None
        ratings = [r for r in await self.store.ratings_of(ctx.user.id)
                   if (key is None or r.game == key) and (r.scope == "all" or r.scope == f"chat:{ctx.chat.id}")]
        w = ctx.words
        if not ratings:
            return [ctx.reply(w("stats.none"))]
        lines = [w("stats.header", user=ctx.user.name)]
        for r in ratings:
            scope = w("scope.all") if r.scope == "all" else w("scope.chat")
            lines.append(w("stats.line", game=w.game(r.game), scope=scope, rating=round(r.rating), games=r.games,
                           wins=r.wins, losses=r.losses, draws=r.draws))
        return [ctx.reply("\n".join(lines))]

    async def _top(self, ctx: Context, rest: str) -> list[Reply]:
        keys = [self._game_key(rest)] if rest else list(GAMES)
        w = ctx.words
        lines: list[str] = []
        for key in keys:
            if key is None:
                return [ctx.reply(w("unknown_game", name=rest))]
            for scope, label in ((f"chat:{ctx.chat.id}", w("scope.chat")), ("all", w("scope.all"))):
                rows = await self.store.top(key, scope, 10 if rest else 5)
                if not rows:
                    continue
                lines.append(w("top.header", game=w.game(key), scope=label))
                lines += [w("top.line", rank=i, user=user.name, rating=round(r.rating), games=r.games)
                          for i, (r, user) in enumerate(rows, 1)]
        if not lines:
            return [ctx.reply(w("top.none", game=", ".join(w.game(k) for k in keys if k)))]
        return [ctx.reply("\n".join(lines))]

    # -- clocks ------------------------------------------------------------------------------

    async def _clock_game(self, row: GameRow, now: float) -> list[Reply]:
        state = await self._state(row)
        deadline, per_move = row.deadline, row.time_per_move
        if state.to_play is None or deadline is None or not per_move:
            return []
        player = await self._user_by_id(row.player_of(state.to_play))
        if player.is_bot or (on_vacation_until(player, now) and deadline > now):
            return []
        chat = await self.store.chat_by_id(row.chat_id)
        words = Words(self._language(player, chat, Event(chat.platform, chat.platform_id, "", "")))
        context = Context(Event(chat.platform, chat.platform_id, player.platform_id, player.name), player, chat, words)
        names = await self._names(row)
        wants = player.prefs.get("reminders", True)
        left = deadline - now
        if left <= 0:
            row = await self._store_state(row, state.resign(state.to_play, "time"),
                                          row.moves + [event_text("time", state.to_play)])
            played = _Played([words("clock.lost", player=names[state.to_play], id=row.id)])
            return [await self._board_reply(context, row, await self._state(row), played)]
        first = row.last_move_at + min(self.config.remind_after, per_move / 2)
        final = deadline - min(self.config.final_warning, per_move / 4)
        key = None
        if row.remind_stage < 2 and now >= final:
            key, stage = "clock.final", 2
        elif row.remind_stage < 1 and now >= first:
            key, stage = "clock.reminder", 1
        if key is None:
            return []
        await self._update(row, remind_stage=stage)
        if not wants:
            return []
        message = words(key, player=player.name, id=row.id, game=words.game(row.game), left=words.duration(left))
        return [context.reply(message, mention=player.platform_id)]


COMMANDS: dict[str, Callable[[Service, Context, str], Any]] = {
    "help": Service._help, "start": Service._help, "rules": Service._rules, "lang": Service._lang,
    "settings": Service._settings, "play": Service._play, "accept": Service._accept, "decline": Service._decline,
    "cancel": Service._cancel, "move": Service._move_command, "m": Service._move_command, "board": Service._board,
    "games": Service._games, "resign": Service._resign, "takeback": Service._takeback, "draw": Service._draw,
    "export": Service._export, "stats": Service._stats, "top": Service._top,
    "admin": admin_command, "vacation": vacation_command,
}
