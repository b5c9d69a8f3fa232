"""tournament: new, join, leave, start, cancel, and the standings."""

from __future__ import annotations

from dataclasses import dataclass

from ai import LEVELS
from bot.service import tournaments
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.commands.info import game_key
from bot.service.commands.offers import sure_of
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.options import OptionError, PlayRequest, describe_options, parse_play
from bot.service.payloads import Withdraw, encode
from bot.service.tournaments import table as tournament_table
from rules import get_game
from storage import ConflictError, User
from storage.tournaments import Tournament

SWISS = ("swiss", "швейцарская", "svájci", "سوئیسی")
ROUND_ROBIN = ("roundrobin", "round-robin", "rr", "круговой", "körmérkőzés", "دوره‌ای")
DOUBLE = ("double", "двойной", "dupla", "دوطرفه")
RATED = ("rated", "рейтинговый", "értékelt", "رتبه‌ای")
DEFAULT_ROUNDS = 5
DEFAULT_TIME = 86_400  # a day a move
MOST_ROUNDS = 30


class BadRounds(OptionError):
    """``rounds=`` with no whole number from 1 to :data:`MOST_ROUNDS`."""


@dataclass(frozen=True)
class Plan:
    """What ``tournament new`` asked for."""

    game: str
    system: str
    cycles: int
    rounds: int
    request: PlayRequest


def read_plan(key: str, words: list[str]) -> Plan:
    """The words after ``tournament new <game>``; :class:`OptionError` names the first that means nothing here.

    >>> plan = read_plan("kamisado", ["swiss", "rounds=7", "time=2d", "rated"])
    >>> plan.system, plan.rounds, plan.request.time_per_move, plan.request.rated
    ('swiss', 7, 172800, True)
    >>> read_plan("krepost", ["double"]).cycles
    2
    """
    system, cycles, rounds, rated, rest = "swiss", 1, DEFAULT_ROUNDS, False, []
    for word in words:
        lowered = word.lower()
        name, _, value = lowered.partition("=")
        if lowered in SWISS:
            system = "swiss"
        elif lowered in ROUND_ROBIN:
            system = "roundrobin"
        elif lowered in DOUBLE:
            system, cycles = "roundrobin", 2
        elif lowered in RATED:
            rated = True
        elif name == "rounds" and value.isdigit() and 1 <= int(value) <= MOST_ROUNDS:
            rounds = int(value)
        elif name == "rounds":
            raise BadRounds(word)
        else:
            rest.append(word)
    request = parse_play(get_game(key), rest)
    for asked, word in ((request.opponent, f"@{request.opponent}"), (request.against_bot, "bot"),
                        (request.colour != "random", request.colour), (not request.rated, "unrated")):
        if asked:
            raise OptionError(word)
    request.rated = rated
    return Plan(key, system, cycles, rounds, request)


async def tournament_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    words = rest.split()
    action = words[0].lower() if words else ""
    handler = ACTIONS.get(action)
    if handler is not None:
        return await handler(app, ctx, words[1:])
    if action and action not in ("standings", "table"):
        return [ctx.refuse(ctx.words("tournament.usage"))]
    tournament = await app.tournaments.latest_tournament(ctx.chat.id)
    if tournament is None:
        return [ctx.reply(ctx.words("tournament.none"))]
    if tournament.status == "open":
        return [await _entries(app, ctx, tournament)]
    return [await tournament_table.standings_reply(app, ctx.chat, ctx.words, tournament)]


async def new(app: App, ctx: Context, words: list[str]) -> list[Reply]:
    w = ctx.words
    key = game_key(words[0]) if words else None
    if key is None:
        unknown = [w("unknown_game", name=words[0])] if words else []
        return [ctx.refuse("\n".join([*unknown, w("tournament.usage")]))]
    try:
        plan = read_plan(key, words[1:])
        get_game(key).new_state(**plan.request.options)
    except BadRounds as exc:
        return [ctx.refuse(w("tournament.bad_rounds", option=exc.word, most=MOST_ROUNDS))]
    except OptionError as exc:
        return [ctx.refuse(w("bad_option", option=exc.word, usage=w("tournament.usage")))]
    except ValueError as exc:
        return [ctx.refuse(w("bad_option", option=str(exc), usage=w("tournament.usage")))]
    per_move = plan.request.time_per_move if plan.request.time_given else ctx.chat.settings.get("time", DEFAULT_TIME)
    made = await app.tournaments.create_tournament(ctx.chat.id, ctx.user.id, key, plan.request.options, plan.system,
                                                   plan.cycles, plan.rounds, per_move, plan.request.rated, w.language)
    if made is None:
        return [ctx.refuse(w("tournament.exists"))]
    return [ctx.reply(w("tournament.created", creator=ctx.user.name, id=made.id, game=w.game(key),
                        terms=_terms(ctx, made)))]


def _terms(ctx: Context, tournament: Tournament) -> str:
    """The tournament's system, game options, time and rating, as one line."""
    w = ctx.words
    parts = [tournament_table.system_text(w, tournament), *describe_options(get_game(tournament.game), tournament.options, w),
             w.time_limit(tournament.time_per_move), w("tournament.rated" if tournament.rated else "unrated")]
    return w.join(parts)


async def _entries(app: App, ctx: Context, tournament: Tournament) -> Reply:
    """An open tournament: its terms and who has entered."""
    entrants = await app.tournaments.entrants(tournament.id)
    names = await tournament_table.names_of(app, [e.user_id for e in entrants])
    creator = await app.people.by_id(tournament.creator_id)
    return ctx.reply(ctx.words("tournament.entries", id=tournament.id, game=ctx.words.game(tournament.game),
                               terms=_terms(ctx, tournament), count=len(entrants), players=ctx.words.join(names.values()),
                               creator=creator.name))


async def _who(app: App, ctx: Context, words: list[str], tournament: Tournament) -> User | list[Reply]:
    """The sender, or with ``bot [level]`` the built-in opponent at that level (its creator's or an admin's to
    enter or take out)."""
    if not words:
        return ctx.user
    level = words[-1].lower() if words[-1].lower() in LEVELS else "normal"
    if words[0].lower() not in ("bot", "ai", "бот", "ربات", "gép") and words[0].lower() not in LEVELS:
        return [ctx.refuse(ctx.words("tournament.usage"))]
    if not await _may_run(app, ctx, tournament):
        return [await _not_yours(app, ctx, tournament)]
    return await app.people.bot(level)


async def _live(app: App, ctx: Context) -> Tournament | Reply:
    found = await app.tournaments.live_tournament(ctx.chat.id)
    return found if found is not None else ctx.refuse(ctx.words("tournament.none"))


async def _entrant(app: App, ctx: Context, words: list[str]) -> tuple[Tournament, User] | list[Reply]:
    """The chat's tournament and whom ``join`` or ``leave`` is about (see :func:`_who`), or the refusal."""
    tournament = await _live(app, ctx)
    if not isinstance(tournament, Tournament):
        return [tournament]
    who = await _who(app, ctx, words, tournament)
    return who if isinstance(who, list) else (tournament, who)


async def join(app: App, ctx: Context, words: list[str]) -> list[Reply]:
    found = await _entrant(app, ctx, words)
    if isinstance(found, list):
        return found
    tournament, who = found

    async def enter(read: Tournament) -> Reply | None:
        """The refusal, or ``None`` once they are in."""
        if read.status != "open":
            return ctx.refuse(ctx.words("tournament.begun", id=read.id))
        joined = await app.tournaments.join_tournament(read, who.id, tournaments.MOST)
        if joined == "full":
            return ctx.refuse(ctx.words("tournament.full", id=read.id, most=tournaments.MOST))
        if joined == "in":
            return ctx.refuse(ctx.words("tournament.in_already", player=who.name, id=read.id))
        return None

    try:
        refused = await tournaments.retried(app, tournament, enter)
    except ConflictError:
        return [ctx.reply(ctx.words("tournament.changed"))]
    if refused is not None:
        return [refused]
    count = len(await app.tournaments.entrants(tournament.id))
    return [ctx.reply(ctx.words("tournament.joined", player=who.name, id=tournament.id, count=count))]


async def leave(app: App, ctx: Context, words: list[str]) -> list[Reply]:
    """Out of an open tournament; out of a running one (its games lost) only after a yes: ``tournament leave yes``
    or the question's button."""
    sure, rest = sure_of(" ".join(words))
    found = await _entrant(app, ctx, rest.split())
    if isinstance(found, list):
        return found
    tournament, who = found
    if tournament.status == "running":
        playing = [e for e in await app.tournaments.entrants(tournament.id) if e.withdrawn is None]
        if who.id not in {e.user_id for e in playing}:
            return [ctx.refuse(ctx.words("tournament.not_in", player=who.name, id=tournament.id))]
        if not sure:
            w = ctx.words
            # sitting the round out, or its game over: no game is lost now, only what comes later
            confirm, later = (("tournament.leave_confirm", "tournament.leave_later_")
                              if await tournaments.playing_now(app, tournament, who.id)
                              else ("tournament.leave_confirm_free", "tournament.leave_free_"))
            question = w(confirm, player=who.name, id=tournament.id, later=w(later + tournament.system))
            buttons = ((Choice(w("button.withdraw"), encode(Withdraw(tournament.id, True))),
                        Choice(w("button.stay"), encode(Withdraw(tournament.id, False)))),)
            return [ctx.question(question, buttons)]
        replies = await tournaments.withdraw(app, tournament, who.id, ctx.words)
        return replies or [ctx.refuse(ctx.words("tournament.not_in", player=who.name, id=tournament.id))]

    async def strike(read: Tournament) -> bool | None:
        """Whether they were in it and are struck from it; ``None`` when it began meanwhile."""
        return await app.tournaments.leave_tournament(read, who.id) if read.status == "open" else None

    try:
        struck = await tournaments.retried(app, tournament, strike)
    except ConflictError:
        return [ctx.reply(ctx.words("tournament.changed"))]
    if struck is None:  # it began meanwhile: a withdrawal
        return await leave(app, ctx, words)
    if not struck:
        return [ctx.refuse(ctx.words("tournament.not_in", player=who.name, id=tournament.id))]
    return [ctx.reply(ctx.words("tournament.left", player=who.name, id=tournament.id))]


async def withdraw_button(app: App, ctx: Context, payload: Withdraw) -> list[Reply]:
    """The answer to "withdraw from tournament #N?": the sender withdraws, or stays."""
    tournament = await app.tournaments.live_tournament(ctx.chat.id)
    if tournament is None or tournament.id != payload.tournament or tournament.status != "running":
        return ctx.closing([ctx.private(ctx.words("question.answered"))])
    if not payload.yes:
        return ctx.closing([ctx.private(ctx.words("tournament.stays", player=ctx.user.name, id=tournament.id))])
    return ctx.closing(await leave(app, ctx, ["yes"]))


async def _may_run(app: App, ctx: Context, tournament: Tournament) -> bool:
    return ctx.user.id == tournament.creator_id or await app.administers(ctx)


async def _not_yours(app: App, ctx: Context, tournament: Tournament) -> Reply:
    creator = await app.people.by_id(tournament.creator_id)
    return ctx.refuse(ctx.words("tournament.not_creator", creator=creator.name))


async def start(app: App, ctx: Context, words: list[str]) -> list[Reply]:
    tournament = await _live(app, ctx)
    if not isinstance(tournament, Tournament):
        return [tournament]
    if tournament.status != "open":
        return [ctx.refuse(ctx.words("tournament.begun", id=tournament.id))]
    if not await _may_run(app, ctx, tournament):
        return [await _not_yours(app, ctx, tournament)]
    count = len(await app.tournaments.entrants(tournament.id))
    if count < tournaments.FEWEST:
        return [ctx.refuse(ctx.words("tournament.too_few", id=tournament.id, count=count, fewest=tournaments.FEWEST))]
    replies = await tournaments.begin_round(app, tournament, 1)
    if not replies:
        return [ctx.reply(ctx.words("tournament.changed"))]
    begun = await app.tournaments.tournament(tournament.id)
    if begun.system == "swiss" and begun.rounds < tournament.rounds:
        note = ctx.words("tournament.fewer_rounds", asked=tournament.rounds, count=count, rounds=begun.rounds)
        replies.insert(0, ctx.reply(note))
    return replies


async def cancel(app: App, ctx: Context, words: list[str]) -> list[Reply]:
    tournament = await _live(app, ctx)
    if not isinstance(tournament, Tournament):
        return [tournament]
    if not await _may_run(app, ctx, tournament):
        return [await _not_yours(app, ctx, tournament)]
    try:
        await app.tournaments.close_tournament(tournament, "cancelled")
    except ConflictError:
        return [ctx.reply(ctx.words("tournament.changed"))]
    return [ctx.reply(ctx.words("tournament.cancelled", id=tournament.id))]


ACTIONS = {"new": new, "create": new, "join": join, "enter": join, "leave": leave, "withdraw": leave,
           "start": start, "begin": start, "cancel": cancel}

COMMANDS = (Command("tournament", tournament_command, aliases=("tournaments", "tourney")),)
BUTTONS = {Withdraw: withdraw_button}
