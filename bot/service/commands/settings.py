"""lang and settings: a user's language and preferences, a chat's language, clock, board and threads."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, supported
from bot.service import clocks
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.commands.info import game_key
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.ids import read_id
from bot.service.notices import NOTICE_PLACES, REFUSED, digest_of, next_digest
from bot.service.options import OptionError, parse_duration, parse_switch
from bot.service.page_links import PAGES_SETTING
from bot.service.puzzles import daily_time, game_keys, zone_of
from bot.service.quiet import quiet_span
from bot.service.texts import Words
from bot.service.vacations import when
from storage import NotFoundError

USER_SWITCHES = ("colorblind", "flip", "warnings")
USER_SETTINGS = ("lang", "board", "reminders", "zone", "quiet", "notices", "mute", "unmute", *USER_SWITCHES)
BOARD_KINDS = ("picture", "text", "both")  # how a player's games' boards come: the picture, the board in words, both
MUTED_KEPT = 100  # muted games a player's settings keep (the latest)
CHAT_SETTINGS = ("lang", "time", "board", "thread", "zone", "puzzle", "pages")


async def lang_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    language = supported(rest)
    if language is None:
        return [ctx.reply(ctx.words("lang.unknown", languages=", ".join(LANGUAGES)))]
    await app.people.set_language(ctx.user.id, language)
    ctx = ctx.with_words(Words(language))
    return [ctx.reply(ctx.words("lang.set"))]


BOARD_WORDS = {"new": "board.new", "edit": "board.edit"}  # the chat's 'board' setting, in words


def _language_name(code: str) -> str:
    """A language by its own name: ``English``, ``русский``."""
    return Words(code)("language.name")


def _language_shown(app: App, ctx: Context) -> str:
    """The language the bot speaks to the sender, and where that comes from: their choice ('lang'), the chat's, their
    app's, or the bot's default."""
    language, source = app.language_and_source(ctx.user, ctx.chat, ctx.event.language)
    return f"{_language_name(language)} ({ctx.words(f'settings.lang_{source}')})"


async def settings_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    words = rest.split()
    w = ctx.words
    if not words:
        prefs, settings = ctx.user.prefs, ctx.chat.settings
        return [ctx.reply(w(
            "settings.show", user_language=_language_shown(app, ctx), colorblind=w.switch(prefs.get("colorblind")),
            board=w(f"settings.board.{prefs.get('board', 'picture')}"),
            flip=w("settings.flip_between_people", value=w.switch(prefs.get("flip"))),
            warnings=w("settings.warnings_auto") if prefs.get("warnings") is None else w.switch(prefs["warnings"]),
            chat_language=_language_name(settings["language"]) if settings.get("language") else w("settings.lang_unset"),
            chat_time=w.length(settings["time"]) if settings.get("time") else w("time.unlimited"),
            chat_board=w(BOARD_WORDS[settings.get("board", "new")]), chat_thread=w.switch(settings.get("thread")),
            chat_zone=settings.get("zone", "UTC"), chat_puzzle=_daily_shown(w, settings.get("puzzle_daily")),
        ) + "\n" + notices_line(w, prefs))]
    if words[0].lower() == "sessions":
        return [ctx.private(await _sessions(app, ctx, words[1:]))]
    scope_chat = words[0].lower() == "chat"
    if scope_chat:
        words = words[1:]
        if not await app.administers(ctx):
            return [ctx.private(w("settings.admins_only"))]
    if scope_chat and len(words) > 1 and words[0].lower() == "puzzle":  # puzzle daily 09:00 [game] | puzzle off
        words = [words[0], " ".join(words[1:])]
    if not scope_chat and len(words) > 2 and words[0].lower() == "reminders":  # reminders daily 08:00 | every 6h
        words = [words[0], " ".join(words[1:])]
    name = words[0].lower() if words else ""
    known = CHAT_SETTINGS if scope_chat else USER_SETTINGS
    if name not in known:
        return [ctx.refuse(w("settings.unknown_name", name=name[:30], names=", ".join(USER_SETTINGS),
                             chat_names=", ".join(CHAT_SETTINGS)))]
    about = w(f"settings.about.{'chat.' if scope_chat else ''}{name}")
    if len(words) == 1:  # 'settings quiet': what it is now, and how to change it
        return [ctx.reply(w("settings.now", name=w(f"setting.{name}"), value=_current(app, ctx, scope_chat, name),
                            about=about))]
    value = " ".join(words[1:])
    if scope_chat and name == "pages":
        try:
            return [ctx.reply(await _pages(app, ctx, parse_switch(value)))]
        except OptionError:
            return [ctx.refuse(w("settings.wrong_value", value=value, name=w(f"setting.{name}"), about=about))]
    try:
        ctx, shown = await _change(app, ctx, scope_chat, name, value)
    except NotYourGame as exc:
        return [ctx.refuse(w("settings.no_game", id=exc.game, about=about))]
    except OptionError:  # a setting we know, a value it cannot take
        return [ctx.refuse(w("settings.wrong_value", value=value, name=w(f"setting.{name}"), about=about))]
    w = ctx.words
    shown = w.switch(shown) if isinstance(shown, bool) else shown
    if name == "flip":
        shown = w("settings.flip_between_people", value=shown)
    return [ctx.reply(w("settings.saved", name=w(f"setting.{name}"), value=shown))]


class NotYourGame(OptionError):
    """``mute #N`` or ``unmute #N`` of a game the player does not play (or that does not exist)."""

    def __init__(self, value: str, game: int | str) -> None:
        super().__init__(value)
        self.game = game


def _current(app: App, ctx: Context, scope_chat: bool, name: str) -> str:
    """The setting ``name`` (the chat's, with ``scope_chat``) as it is now, in the sender's words."""
    w, prefs, settings = ctx.words, ctx.user.prefs, ctx.chat.settings
    if scope_chat:
        shown: dict[str, Any] = {
            "lang": lambda: _language_name(settings["language"]) if settings.get("language") else w("settings.lang_unset"),
            "time": lambda: w.length(settings["time"]) if settings.get("time") else w("time.unlimited"),
            "board": lambda: w(BOARD_WORDS[settings.get("board", "new")]),
            "thread": lambda: w.switch(settings.get("thread")),
            "zone": lambda: settings.get("zone", "UTC"),
            "puzzle": lambda: _daily_shown(w, settings.get("puzzle_daily")),
            "pages": lambda: w.switch(settings.get(PAGES_SETTING, "on") != "off" and bool(app.config.public_url)),
        }
        return str(shown[name]())
    if name == "lang":
        return _language_shown(app, ctx)
    if name == "board":
        return w(f"settings.board.{prefs.get('board', 'picture')}")
    if name in ("reminders", "zone", "quiet"):
        return _notices_shown(w, prefs, name)
    if name == "notices":
        return w(f"notices.{prefs.get('notices', 'group')}")
    if name in ("mute", "unmute"):
        return ", ".join(f"#{game}" for game in prefs.get("muted") or []) or w.switch(False)
    if name == "warnings" and prefs.get("warnings") is None:
        return w("settings.warnings_auto")
    if name == "flip":
        return w("settings.flip_between_people", value=w.switch(prefs.get("flip")))
    return w.switch(prefs.get(name))


async def _notice_setting(app: App, ctx: Context, name: str, value: str) -> Any:
    """One of the settings of how a player is told of their turns (see :mod:`bot.service.notices`): saved, the digest
    rescheduled, and the value as shown; :class:`OptionError` for a value it cannot take."""
    w, lowered = ctx.words, value.lower()
    if name in ("mute", "unmute"):
        game_id = read_id(value.lstrip("#"))
        try:
            row = await app.games.row(game_id) if game_id is not None else None
        except NotFoundError:
            row = None
        if row is None or row.side_of(ctx.user.id) is None:
            raise NotYourGame(value, game_id if game_id is not None else value.lstrip("#")[:20])
        muted = [g for g in ctx.user.prefs.get("muted") or [] if g != game_id] + ([game_id] if name == "mute" else [])
        await app.people.set_prefs(ctx.user.id, {"muted": muted[-MUTED_KEPT:]})
        return f"#{game_id}"
    if name == "notices":
        if lowered not in NOTICE_PLACES:
            raise OptionError(value)
        await app.people.set_prefs(ctx.user.id, {"notices": lowered})
        return w(f"notices.{lowered}")
    if name == "zone":
        zone_of(value)
        changes: dict[str, Any] = {"zone": value}
    elif name == "quiet":
        changes = {"quiet": None if lowered in ("off", "no", "0") else quiet_span(value)}
    else:
        changes = _reminders(value)
    user = await app.people.set_prefs(ctx.user.id, changes)
    await app.correspondence.schedule_digest(user.id, next_digest(user.prefs, app.clock()))
    if name in ("zone", "quiet"):  # the turns going on now keep the new hours too
        await clocks.replan(app, user)
    return _notices_shown(w, user.prefs, name)


def _reminders(value: str) -> dict[str, Any]:
    """``on`` (one per game), ``off``, ``daily 08:00`` or ``every 6h`` (at least an hour) as preferences."""
    kind, _, when = value.lower().partition(" ")
    if kind == "daily":
        return {"reminders": True, "digest": {"daily": daily_time(when)}}
    if kind == "every":
        seconds = parse_duration(when)
        if seconds is None or seconds < 3600:
            raise OptionError(value)
        return {"reminders": True, "digest": {"every": seconds}}
    return {"reminders": parse_switch(value), "digest": None}


def _notices_shown(w: Words, prefs: dict[str, Any], name: str) -> str:
    """The setting ``name`` of how a player is told, as it reads now."""
    if name == "zone":
        return str(prefs.get("zone") or "UTC")
    if name == "quiet":
        return str(prefs.get("quiet") or w.switch(False))
    digest = digest_of(prefs)
    if digest is None:
        return w.switch(prefs.get("reminders", True))
    if "every" in digest:
        return w("settings.digest_every", every=w.length(int(digest["every"])))
    return w("settings.digest_daily", time=digest["daily"])


def notices_line(w: Words, prefs: dict[str, Any]) -> str:
    """How a player is told of their turns, for 'settings'."""
    muted = ", ".join(f"#{game}" for game in prefs.get("muted") or []) or w.switch(False)
    return w("settings.show_notices", reminders=_notices_shown(w, prefs, "reminders"),
             quiet=_notices_shown(w, prefs, "quiet"), zone=_notices_shown(w, prefs, "zone"),
             notices=w("notices.refused_now") if prefs.get(REFUSED) and prefs.get("notices", "group") != "group"
             else w(f"notices.{prefs.get('notices', 'group')}"), muted=muted)


async def _sessions(app: App, ctx: Context, rest: list[str]) -> str:
    """'settings sessions': the sender's sessions on the game pages; 'settings sessions end' ends them all."""
    w = ctx.words
    if rest and rest[0].lower() == "end":
        return w("settings.sessions_ended", count=await app.sessions.end_sessions(ctx.user.id))
    sessions = await app.sessions.sessions_of(ctx.user.id)
    if not sessions:
        return w("settings.sessions_none")
    lines = [w("settings.sessions_line", since=when(since), until=when(until)) for since, until in sessions]
    return w("settings.sessions", count=len(sessions), list="\n".join(f"• {line}" for line in lines))


async def _change(app: App, ctx: Context, scope_chat: bool, name: str, value: str) -> tuple[Context, Any]:
    """Save one setting; return the context to answer in and the value as shown."""
    if name == "lang":
        language = supported(value)
        if language is None:
            raise OptionError(value)
        if scope_chat:
            await app.people.set_chat(ctx.chat.id, {"language": language})
            return ctx, _language_name(language)
        await app.people.set_language(ctx.user.id, language)
        return ctx.with_words(Words(language)), _language_name(language)
    if scope_chat and name == "time":
        seconds = parse_duration(value)
        await app.people.set_chat(ctx.chat.id, {"time": seconds})
        return ctx, ctx.words.time_limit(seconds)
    if scope_chat and name == "board":
        if value.lower() not in ("new", "edit"):
            raise OptionError(value)
        await app.people.set_chat(ctx.chat.id, {"board": value.lower()})
        return ctx, ctx.words(BOARD_WORDS[value.lower()])
    if scope_chat and name == "thread":
        switch = parse_switch(value)
        await app.people.set_chat(ctx.chat.id, {"thread": switch})
        return ctx, switch
    if scope_chat and name == "zone":
        zone_of(value)
        await app.people.set_chat(ctx.chat.id, {"zone": value})
        return ctx, value
    if scope_chat and name == "puzzle":
        daily = _daily_setting(value)
        await app.people.set_chat(ctx.chat.id, {"puzzle_daily": daily})
        return ctx, _daily_shown(ctx.words, daily)
    if not scope_chat and name == "board":
        if value.lower() not in BOARD_KINDS:
            raise OptionError(value)
        await app.people.set_prefs(ctx.user.id, {"board": value.lower()})
        return ctx, ctx.words(f"settings.board.{value.lower()}")
    if not scope_chat and name in ("reminders", "zone", "quiet", "notices", "mute", "unmute"):
        return ctx, await _notice_setting(app, ctx, name, value)
    if not scope_chat and name in USER_SWITCHES:
        switch = parse_switch(value)
        await app.people.set_prefs(ctx.user.id, {name: switch})
        return ctx, switch
    raise OptionError(name)


async def _pages(app: App, ctx: Context, on: bool) -> str:
    """Put the chat's web pages up or take them down (every old address dead: on again, they have new ones); a bot with
    no public address has none to put up."""
    if on and not app.config.public_url:
        return ctx.words("settings.pages_unavailable")
    await app.people.set_chat(ctx.chat.id, {PAGES_SETTING: "on" if on else "off"})
    if not on:
        await app.pages.drop_pages(ctx.chat.id)  # every old address answers 404 from now on
    return ctx.words("settings.pages_on" if on else "settings.pages_off")


def _daily_setting(value: str) -> dict[str, Any] | None:
    """``daily 09:00 [game]`` as the chat's daily puzzle setting; ``off`` as none."""
    words = value.split()
    if [w.lower() for w in words] in (["off"], ["daily", "off"]):
        return None
    if len(words) not in (2, 3) or words[0].lower() != "daily":
        raise OptionError(value)
    setting: dict[str, Any] = {"at": daily_time(words[1])}
    if len(words) == 3:
        key = game_key(words[2])
        if key is None or key not in game_keys():
            raise OptionError(value)
        setting["game"] = key
    return setting


def _daily_shown(w: Words, daily: Any) -> str:
    if not isinstance(daily, dict):
        return w.switch(False)
    game = w.game(daily["game"]) if daily.get("game") else w("puzzle.any_game")
    return w("settings.puzzle_daily", at=daily.get("at", "09:00"), game=game)


COMMANDS = (
    Command("lang", lang_command),
    Command("settings", settings_command),
)
