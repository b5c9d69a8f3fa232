"""Correspondence clocks: the deadline of each turn, reminders before it, and the loss on time after it."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.metrics import METRICS
from bot.service import notices, outbox, tournaments
from bot.service.app import App
from bot.service.boards import board_replies
from bot.service.context import Context
from bot.service.events import Event, Reply
from bot.service.games import DeadlineRule, GameFrozen
from bot.service.moves import Played, commit_shown, let_bot_move, let_prepared_move
from bot.service.puzzles import daily as daily_puzzles
from bot.service.quiet import Quiet, held, last_warning, placed_deadline
from bot.service.texts import Words
from bot.service.vacations import deadline_for, on_vacation_until
from rules.core import State, event_text, other
from storage import ConflictError, GameRow, StoreUnavailable, User

log = logging.getLogger(__name__)
CORRESPONDENCE_EVERY = 120.0  # seconds between the clocks' looks for digests due and prepared answers owed


def deadline_rule(app: App) -> DeadlineRule:
    """The games repository's rule for the deadline of the turn that begins (none for the bot or without a clock)."""

    async def next_deadline(row: GameRow, state: State, now: float) -> float | None:
        if not row.time_per_move or not state.to_play:
            return None
        player_id = row.player_of(state.to_play)
        if await app.people.is_bot(player_id):
            return None
        player = await app.people.by_id(player_id)
        deadline = deadline_for(player, now, row.time_per_move)
        began = deadline - row.time_per_move  # now, or the end of their vacation
        return placed_deadline(Quiet.of(player.prefs), began, deadline, warning_time(app, row.time_per_move))

    return next_deadline


def warning_time(app: App, per_move: int) -> float:
    """How long before the deadline a turn's last warning comes (at most a quarter of the time a move)."""
    return min(app.config.final_warning, per_move / 4)


async def replan(app: App, user: User, began: float | None = None) -> None:
    """Place again the deadlines of the games where ``user`` is to move, as their quiet hours and zone now are (a
    deadline is only ever moved later), and when the clocks next look at them; ``began``: when their turns count
    from (the end of a vacation), else each turn's start."""
    quiet = Quiet.of(user.prefs)
    for row in await app.games.active_of(user.id):
        if row.deadline is None or not row.time_per_move or row.state.get("to_play") != row.side_of(user.id):
            continue

        async def place(row: GameRow) -> GameRow:
            if row.deadline is None or not row.time_per_move:
                return row
            start = row.last_move_at if began is None else max(began, row.last_move_at)
            deadline = placed_deadline(quiet, start, row.deadline, warning_time(app, row.time_per_move))
            return await app.games.update(row, deadline=deadline, remind_stage=row.remind_stage)  # looked at anew

        try:
            await app.games.retry(row.id, place)
        except ConflictError:
            continue  # a move meanwhile: its turn was placed as it began


async def tick(app: App) -> list[Reply]:
    """Let the built-in opponent answer where it is to move (after a restart), send due reminders and
    end games whose deadline passed; safe to call from many processes. Only the games due are read
    (by index), so a tick costs the same with ten games or ten thousand."""
    replies = await tournaments.due(app)  # first: a round begun now may start with the bot's moves
    replies += await resume_bot_games(app)
    now = app.clock()
    if now >= app.next_looks.get("correspondence", 0.0):  # digests and answers owed: a look every two minutes
        app.next_looks["correspondence"] = now + CORRESPONDENCE_EVERY
        replies += await resume_prepared(app)
        replies += await notices.digests(app, now)
    replies += await expire_challenges(app, now)
    replies += await daily_puzzles(app, now)
    for row in await app.games.clock_due(now):
        try:
            replies += await _clock_game(app, row, now)
        except ConflictError:
            continue  # someone moved (or another process did this) meanwhile
        except GameFrozen:
            log.warning("game %d is frozen: its clock stops", row.id, extra={"game_id": row.id})
        except StoreUnavailable:
            raise  # the tick as a whole says so, once
        except Exception:
            METRICS.error()
            log.exception("clock of game %d failed", row.id, extra={"game_id": row.id})
    return replies + await tournaments.after_games(app, app.games.take_ended())


async def next_look(app: App, row: GameRow) -> float | None:
    """When the clock of ``row`` needs its next look: the first reminder, the last warning or the deadline,
    whichever comes first of those still ahead, as the player to move's quiet hours place them (``None`` without a
    running clock)."""
    if row.deadline is None or not row.time_per_move:
        return None
    first, final = await _notices(app, row)
    times = [row.deadline]
    if row.remind_stage < 2:
        times.append(final)
    if row.remind_stage < 1:
        times.append(first)
    return min(times)


async def _notices(app: App, row: GameRow) -> tuple[float, float]:
    """When the turn's first reminder and its last warning are due, for the player to move (their quiet hours)."""
    assert row.deadline is not None and row.time_per_move
    quiet = await _quiet_of(app, row)
    final = last_warning(quiet, row.deadline - warning_time(app, row.time_per_move), row.deadline)
    first = held(quiet, row.last_move_at + min(app.config.remind_after, row.time_per_move / 2))
    return min(first, final), final


async def _quiet_of(app: App, row: GameRow) -> Quiet | None:
    side = row.state.get("to_play") if isinstance(row.state, dict) else None
    if side not in ("white", "black"):
        return None
    return Quiet.of((await app.people.by_id(row.player_of(side))).prefs)


def first_look(app: App, now: float, per_move: int) -> float:
    """When the clocks first look at a game begun at ``now`` with ``per_move`` seconds a move: its first reminder (the
    games repository brings it forward when the first player's quiet hours place a notice earlier)."""
    return now + min(app.config.remind_after, per_move / 2)


async def _clock_game(app: App, row: GameRow, now: float) -> list[Reply]:
    state = await app.games.state(row)
    deadline, per_move = row.deadline, row.time_per_move
    if state.to_play is None or deadline is None or not per_move:
        await app.games.next_clock_look(row, None)
        return []
    player = await app.people.by_id(row.player_of(state.to_play))
    if player.is_bot:
        await app.games.next_clock_look(row, None)
        return []
    away = on_vacation_until(player, now)
    if away and deadline > now:
        await app.games.next_clock_look(row, min(away, deadline))
        return []
    chat = await app.people.chat_by_id(row.chat_of(player.id))  # where the player to move plays it
    words = Words(app.language(player, chat))
    context = Context(Event(chat.platform, chat.platform_id, player.platform_id, player.name), player, chat, words)
    names = await app.people.names(row)
    left = deadline - now
    if left <= 0:
        played, loser, game_id = Played(), state.to_play, row.id
        row = await commit_shown(app, row, state.resign(loser, "time"), row.moves + [event_text("time", loser)],
                                 lambda w: [w("clock.lost", player=names[loser], id=game_id)], played, words)
        return await board_replies(app, context, row, await app.games.state(row), played)
    first, final = await _notices(app, row)
    key = None
    if row.remind_stage < 2 and now >= final:
        key, stage = "clock.final", 2
    elif row.remind_stage < 1 and now >= first:
        key, stage = "clock.reminder", 1
    if key is None:
        await app.games.next_clock_look(row, await next_look(app, row))
        return []
    quiet = Quiet.of(player.prefs)
    window = quiet.window(now) if quiet else None
    if window is not None:  # overdue inside their quiet hours (a vacation or an outage ended in them): at their end
        await app.games.next_clock_look(row, min(window[1], deadline))
        return []
    after = await next_look(app, replace(row, remind_stage=stage))
    # no reminders at all; or a first reminder that a digest or a mute replaces (the last warning still comes)
    digest = notices.digest_of(player.prefs) is not None and not notices.refused_privately(player)
    silent = stage == 1 and (notices.muted(player, row.id) or digest)
    if not player.prefs.get("reminders", True) or silent:
        await app.games.update(row, remind_stage=stage, clock_due=after)
        return []
    items = []
    places = await notices.places(app, player, chat)
    for place in places:
        told = Words(app.language(player, place))
        message = told(key, player=player.name, id=row.id, game=told.game(row.game), left=told.duration(left))
        private = None if place.id == chat.id else (player.id, None if chat in places else chat.id)  # refused: there
        items.append((place, outbox.text(place.id, message, told.language, mentions=[player.platform_id], game_id=row.id,
                                         private_to=private)))
    await app.games.update(row, remind_stage=stage, clock_due=after, owe=[item for _, item in items])
    return [outbox.text_reply(place, item) for place, item in items]


async def expire_challenges(app: App, now: float) -> list[Reply]:
    """Close the challenges nobody answered in time, each announced once in its chat."""
    replies = []
    for challenge in await app.challenges.older_than(now - app.config.challenge_expiry):
        chat = await app.people.chat_by_id(challenge.chat_id)
        challenger = await app.people.by_id(challenge.challenger_id)
        words = Words(app.language(challenger, chat))
        said = outbox.text(chat.id, words("challenge.expired", challenger=challenger.name, game=words.game(challenge.game)),
                           words.language)
        if await app.challenges.close_owing(challenge, "expired", said):
            replies.append(outbox.text_reply(chat, said))
    return replies


async def resume_bot_games(app: App) -> list[Reply]:
    """The built-in opponent's moves in every active game where it is to move: a restart (or a crash)
    while it was thinking left them waiting. Each move is made once, whichever process gets there first."""
    replies: list[Reply] = []
    for row in await app.games.bot_to_move():
        try:
            state = await app.games.state(row)
            if state.to_play is None or not await app.people.is_bot(row.player_of(state.to_play)):
                continue
            answered = await _bot_answers(app, row.id)
        except ConflictError:
            continue  # another process (or request) moved first
        except StoreUnavailable:
            raise  # the tick as a whole says so, once
        except Exception:
            METRICS.error()
            log.exception("the bot could not move in game %d", row.id, extra={"game_id": row.id})
            continue
        replies += answered
    return replies


async def resume_prepared(app: App) -> list[Reply]:
    """The prepared answers owed after a restart (the opponent's move was stored, the process died before it played
    the answer): played now, once, whichever process gets there first. Only the games where someone prepared answers
    are read, and of those only the ones whose player is to move."""
    replies: list[Reply] = []
    for kept in await app.correspondence.prepared_owed():
        try:
            row = await app.games.row(kept.game_id)
            if row.status != "active" or len(row.moves) != kept.ply + 1:
                continue  # waiting for the opponent's move, as it should
            replies += await _prepared_answers(app, kept.game_id, kept.user_id)
        except ConflictError:
            continue
        except StoreUnavailable:
            raise
        except Exception:
            METRICS.error()
            log.exception("a prepared answer could not be played in game %d", kept.game_id, extra={"game_id": kept.game_id})
    return replies


async def _prepared_answers(app: App, game_id: int, user_id: int) -> list[Reply]:
    async with app.games.lock(game_id):
        row = await app.games.fresh(game_id)
        state = await app.games.state(row)
        if row.status != "active" or state.to_play is None or row.player_of(state.to_play) != user_id:
            return []
        player = await app.people.by_id(user_id)
        chat = await app.people.chat_by_id(row.chat_of(user_id))
        words = Words(app.language(player, chat))
        context = Context(Event(chat.platform, chat.platform_id, player.platform_id, player.name), player, chat, words)
        played = Played()
        row, state, told = await let_prepared_move(app, row, state, played, words)
    if not played.deliveries:
        return told
    return await board_replies(app, context, row, state, played) + told


async def _bot_answers(app: App, game_id: int) -> list[Reply]:
    async with app.games.lock(game_id):
        row = await app.games.fresh(game_id)  # as it is now that no one else is moving in it
        state = await app.games.state(row)
        if row.status != "active" or state.to_play is None or not await app.people.is_bot(row.player_of(state.to_play)):
            return []
        human = await app.people.by_id(row.player_of(other(state.to_play)))
        chat = await app.people.chat_by_id(row.chat_of(human.id))
        words = Words(app.language(human, chat))
        context = Context(Event(chat.platform, chat.platform_id, human.platform_id, human.name), human, chat, words)
        played = Played()
        row, state = await let_bot_move(app, row, state, played, words)
    if not played.deliveries:  # two levels playing on: their board comes when the game ends
        return []
    return await board_replies(app, context, row, state, played)
