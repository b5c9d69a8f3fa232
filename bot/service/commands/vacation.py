"""Vacation: a player pauses all their correspondence clocks for a while, up to a number of days a year.

While a player is on vacation, every game where they are to move has its deadline pushed by the
time left of the vacation, and a turn that passes to them starts counting only when it ends
(:func:`deadline_for`). The opponents are told. Ending early gives the unused days back.
"""

from __future__ import annotations

from typing import Any

from bot.service import clocks
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context, chat_reply
from bot.service.events import Reply
from bot.service.options import OptionError, parse_duration
from bot.service.vacations import DAY, MIN_CHARGE, on_vacation_until, used_this_year, when, year_of
from storage import ConflictError, GameRow, User


async def vacation_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``vacation`` (status) · ``vacation 5d`` (start) · ``vacation end``."""
    now = app.clock()
    limit = app.config.vacation_days * DAY
    user = ctx.user
    until = on_vacation_until(user, now)
    used = used_this_year(user, now)
    word = rest.strip().lower()
    if not word:
        current = ctx.words("vacation.current", until=when(until, user.prefs.get("zone"))) if until else ""
        return [ctx.reply(ctx.words("vacation.status", left=ctx.words.span(limit - used), current=current))]
    if word in ("end", "stop", "off"):
        if until is None:
            return [ctx.reply(ctx.words("vacation.none"))]
        booked = (user.prefs.get("vacation") or {})
        started = float(booked.get("started", now))
        length = until - started
        # The clocks stood still for the days taken; those are charged, at least MIN_CHARGE (never more than booked).
        charge = min(length, max(now - started, MIN_CHARGE))
        return await _shift(app, ctx, user, now - until, {"until": None}, used - length + charge, "vacation.ended", now)
    if until is not None:
        return [ctx.reply(ctx.words("vacation.already", until=when(until, user.prefs.get("zone"))))]
    try:
        seconds = parse_duration(word)
    except OptionError:
        seconds = None
        if word[:1].isdigit() and word[:4].rstrip("dhm").isdigit():  # a length, only longer than any vacation
            return [ctx.reply(ctx.words("vacation.too_long", left=ctx.words.span(limit - used)))]
    if seconds is None or seconds < MIN_CHARGE:
        return [ctx.reply(ctx.words("vacation.bad"))]
    if used + seconds > limit:
        return [ctx.reply(ctx.words("vacation.too_long", left=ctx.words.span(limit - used)))]
    return await _shift(app, ctx, user, seconds, {"until": now + seconds, "started": now}, used + seconds,
                        "vacation.started", now)


async def _shift(app: App, ctx: Context, user: User, shift: float, vacation: dict[str, Any], used: float,
                 key: str, now: float) -> list[Reply]:
    """Move the deadlines of the user's games where they are to move by ``shift`` seconds; tell the opponents."""
    record = dict(user.prefs.get("vacation_used") or {})
    record[year_of(now)] = round(max(0.0, used))
    user = await app.people.set_prefs(user.id, {"vacation": vacation if vacation.get("until") else None,
                                                "vacation_used": record})
    replies: list[Reply] = []
    until = vacation.get("until")
    for row in await app.games.active_of(user.id):
        side = row.side_of(user.id)
        if row.deadline is None or not row.time_per_move:
            continue

        async def push(row: GameRow, side: str | None = side) -> GameRow:
            if row.state.get("to_play") != side or row.deadline is None:
                return row
            # The turn's time left is kept as it was: starting adds the vacation, ending early takes the
            # unused part back, so switching on and off never winds a running clock back up.
            return await app.games.update(row, deadline=row.deadline + shift, remind_stage=0)

        try:
            row = await app.games.retry(row.id, push)
        except ConflictError:
            continue
        opponent = await app.people.by_id(row.player_of("black" if side == "white" else "white"))
        chat = await app.people.chat_by_id(row.chat_id)
        if until:
            text = ctx.words("vacation.paused", opponent=opponent.name, player=user.name,
                             until=when(until, user.prefs.get("zone")), id=row.id)
        else:
            text = ctx.words("vacation.resumed", opponent=opponent.name, player=user.name, id=row.id)
        replies.append(chat_reply(chat, ctx.words, text, mentions=(opponent.platform_id,)))
    await clocks.replan(app, user, began=until or now)  # the turns count again from here: out of quiet hours
    days_used = ctx.words.span(used)
    message = ctx.words(key, player=user.name, until=when(until, user.prefs.get("zone")) if until else "", used=days_used,
                        limit=str(app.config.vacation_days))
    return [ctx.reply(message), *replies]


COMMANDS = (Command("vacation", vacation_command),)
