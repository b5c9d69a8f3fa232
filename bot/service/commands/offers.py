"""resign, takeback and draw (Krepost's count by agreement), and the yes/no answers to offers."""

from __future__ import annotations

from typing import Any

from bot.presenters import presenter_for
from bot.service import outbox, prepared
from bot.service.app import App
from bot.service.boards import board_replies
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.finding import playing, visible
from bot.service.ids import read_id
from bot.service.moves import Played, commit_shown, player_words
from bot.service.payloads import OFFER_COLUMNS, AnswerOffer, Confirm, encode
from rules import get_game
from rules.core import State, event_text, other
from storage import ConflictError, GameRow, NotFoundError

YES = frozenset({"yes", "y", "!", "да", "بله", "igen"})


def sure_of(rest: str) -> tuple[bool, str]:
    """Whether ``rest`` ends with a yes (``resign yes``), and the rest without it.

    >>> sure_of("#4 yes"), sure_of("#4")
    ((True, '#4'), (False, '#4'))
    """
    words = rest.split()
    sure = bool(words) and words[-1].lower() in YES
    return sure, " ".join(words[:-1]) if sure else rest


async def resign_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``resign`` asks first (with buttons); ``resign yes`` resigns at once."""
    sure, rest = sure_of(rest)
    found = await playing(app, ctx, rest, ending=True)
    if isinstance(found, list):
        return found
    row, side = found
    names = await app.people.names(row)
    if not sure:
        w = ctx.words
        buttons = ((Choice(w("button.resign"), encode(Confirm(row.id, len(row.moves), "resign"))),
                    Choice(w("button.keep"), encode(Confirm(row.id, len(row.moves), "keep")))),)
        question = w("resign.confirm", player=names[side], id=row.id, opponent=names[other(side)])
        return [ctx.question(question, buttons)]
    return await _resign(app, ctx, row, side, names)


async def _resign(app: App, ctx: Context, row: GameRow, side: str, names: dict[str, str]) -> list[Reply]:
    state = await app.games.state(row)
    played = Played()
    try:
        row = await commit_shown(app, row, state.resign(side), row.moves + [event_text("resign", side)],
                                 lambda w: [w("resign.done", player=names[side])], played, ctx.words)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    replies = await board_replies(app, ctx, row, await app.games.state(row), played)
    return replies + _told_here(ctx, row, ctx.words("resign.done", player=names[side]))


def _told_here(ctx: Context, row: GameRow, said: str) -> list[Reply]:
    """What a player who ended ``row`` from outside its chats (their private chat with the bot) is told there, since
    the game's own messages go to its chats."""
    return [] if ctx.chat.id in row.chats else [ctx.reply(said)]


async def abort_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """Call a game off before the sender has moved in it: no result, no rating (like a game never played)."""
    found = await playing(app, ctx, rest, ending=True)
    if isinstance(found, list):
        return found
    row, side = found
    tournament_id = await app.tournaments.tournament_of_game(row.id)
    if tournament_id is not None and (await app.tournaments.tournament(tournament_id)).status == "running":
        return [ctx.refuse(ctx.words("tournament.no_abort", id=row.id))]
    if _cut_for(row, side) is not None:
        return [ctx.reply(ctx.words("abort.late", id=row.id))]
    said = outbox.game_texts(row, ctx.words("abort.done", id=row.id, player=ctx.user.name), ctx.words.language,
                             ends=True)
    try:
        await app.games.update(row, status="aborted", result={"aborted_by": ctx.user.id, "reason": "abort"},
                               deadline=None, owe=said)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await outbox.text_replies(app.people, said) + _told_here(ctx, row, said[0].body["text"])


async def confirm_button(app: App, ctx: Context, payload: Confirm) -> list[Reply]:
    """The answer to "resign?" or "stop and count?": do it (if the game is still where it was asked), or play on."""
    found = await playing(app, ctx, f"#{payload.game}")
    if isinstance(found, list):
        return found
    row, side = found
    if payload.action == "keep":
        return ctx.closing([ctx.private(ctx.words("confirm.kept", id=row.id))])
    if len(row.moves) != payload.ply:
        return ctx.closing([ctx.private(ctx.words("game.changed"))])
    if payload.action == "count":
        return ctx.closing(await draw_command(app, ctx, f"#{row.id} yes"))
    return ctx.closing(await _resign(app, ctx, row, side, await app.people.names(row)))


async def takeback_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    found = await playing(app, ctx, rest)
    if isinstance(found, list):
        return found
    row, side = found
    opponent_id = row.player_of(other(side))
    if row.takeback_by == opponent_id:
        return await _undo(app, ctx, row, other(side))
    if await app.people.is_bot(opponent_id):
        if row.rated:  # against the bot a rated game is played as it stands
            return [ctx.reply(ctx.words("takeback.rated", game=row.game))]
        return await _undo(app, ctx, row, side)
    if _cut_for(row, side) is None:
        return [ctx.reply(ctx.words("takeback.nothing"))]
    return await _propose(app, ctx, row, side, "takeback")


def _cut_for(row: GameRow, side: str) -> int | None:
    """How many moves stay when ``side`` takes back their last move (``None`` if they have none)."""
    movers = [mover for mover, _ in get_game(row.game).history(row.moves, **row.options)]
    return max((index for index, mover in enumerate(movers) if mover == side), default=None)


async def _undo(app: App, ctx: Context, row: GameRow, side: str) -> list[Reply]:
    cut = _cut_for(row, side)
    if cut is None:
        return [ctx.reply(ctx.words("takeback.nothing"))]
    moves = row.moves[:cut]
    undone = len(row.moves) - cut
    state = get_game(row.game).replay(moves, **row.options)
    played = Played()
    dropped = await prepared.drop_for_takeback(app, row)  # first: an answer is never played where it was not meant
    try:
        row = await commit_shown(app, row, state, moves, lambda w: [w("takeback.done", count=undone)], played, ctx.words)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await board_replies(app, ctx, row, state, played) + await prepared.tell_taken_back(app, row, dropped)


async def draw_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``draw`` proposes to stop and count (Krepost); it counts at once when the opponent proposed it or is the bot
    and would win. A count that ends a rated game, or that the sender loses, is asked about first with the count
    (``draw yes`` counts at once)."""
    sure, rest = sure_of(rest)
    found = await playing(app, ctx, rest, ending=True)
    if isinstance(found, list):
        return found
    row, side = found
    if not get_game(row.game).count_by_agreement:
        return [ctx.reply(ctx.words("draw.not_here", game=ctx.words.game(row.game)))]
    opponent_id = row.player_of(other(side))
    against_bot = await app.people.is_bot(opponent_id)
    if row.draw_by == opponent_id or against_bot:
        agreed = (await app.games.state(row)).agree_to_count()
        outcome = agreed.outcome()
        if against_bot and (outcome is None or outcome.winner != other(side)):  # the bot agrees only to win
            names = await app.people.names(row)
            lines = [ctx.words("draw.bot_declines", bot=names[other(side)])]
            return [ctx.reply("\n".join(lines + presenter_for(row.game).ending(agreed, names, ctx.words)))]
        if not sure and (row.rated or (outcome is not None and outcome.winner not in (None, side))):
            return [_count_question(ctx, row, side, agreed)]
        played = Played()
        try:
            row = await commit_shown(app, row, agreed, row.moves + [event_text("agree")], lambda w: [], played, ctx.words)
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        return await board_replies(app, ctx, row, agreed, played)
    return await _propose(app, ctx, row, side, "draw")


def _count_question(ctx: Context, row: GameRow, side: str, counted: State) -> Reply:
    """"Counting now loses 46:47: stop and count anyway?", with the buttons that answer it."""
    w = ctx.words
    outcome = counted.outcome()
    count = getattr(outcome, "count", None) or {}
    verdict = "draw" if outcome is None or outcome.winner is None else "win" if outcome.winner == side else "lose"
    question = w(f"count.confirm_{verdict}", id=row.id, mine=count.get(side, 0), theirs=count.get(other(side), 0))
    if row.rated:
        question += " " + w("count.rated")
    buttons = ((Choice(w("button.count"), encode(Confirm(row.id, len(row.moves), "count"))),
                Choice(w("button.keep"), encode(Confirm(row.id, len(row.moves), "keep")))),)
    return ctx.question(question, buttons)


async def _propose(app: App, ctx: Context, row: GameRow, side: str, offer: str) -> list[Reply]:
    """Record the sender's take-back or draw offer and ask the opponent with yes/no buttons, in the opponent's
    words (theirs to answer)."""
    names = await app.people.names(row)
    opponent = await app.people.by_id(row.player_of(other(side)))
    w = await player_words(app, row, opponent)
    buttons = ((Choice(w("button.yes"), encode(AnswerOffer(row.id, offer, True))),
                Choice(w("button.no"), encode(AnswerOffer(row.id, offer, False)))),)
    lines = [w(f"{offer}.asked", player=names[side], opponent=names[other(side)])]
    if offer == "draw":  # what the count would say, so that agreeing is an informed yes
        lines += presenter_for(row.game).ending((await app.games.state(row)).agree_to_count(), names, w)
    asked = outbox.game_texts(row, "\n".join(lines), w.language, mention=opponent, choices=buttons)
    try:
        changes: dict[str, Any] = {OFFER_COLUMNS[offer]: ctx.user.id}
        await app.games.update(row, owe=asked, **changes)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await outbox.text_replies(app.people, asked)


async def answer_button(app: App, ctx: Context, payload: AnswerOffer) -> list[Reply]:
    """Yes or no to the opponent's take-back or count offer, while that offer is still standing."""
    try:
        row = await app.games.fresh(payload.game)
    except NotFoundError:
        return [ctx.private(ctx.words("game.not_found", id=payload.game))]
    if not visible(row, ctx, acting=True):
        return [ctx.private(ctx.words("game.not_here", id=payload.game))]
    side = row.side_of(ctx.user.id)
    if side is None:
        return [ctx.private(ctx.words("game.not_yours"))]
    asked_by = getattr(row, OFFER_COLUMNS[payload.offer])
    if asked_by == ctx.user.id and row.status == "active":
        return [ctx.private(ctx.words("offer.own"))]  # the question stays open for the opponent
    if row.status != "active" or asked_by != row.player_of(other(side)):
        return ctx.closing([ctx.private(ctx.words("offer.gone"))])  # answered or withdrawn meanwhile
    if not payload.yes:
        return ctx.closing(await _refuse(app, ctx, row, payload.offer))
    if payload.offer == "takeback":
        return ctx.closing(await _undo(app, ctx, row, other(side)))
    return ctx.closing(await draw_command(app, ctx, f"#{row.id} yes"))  # the offer showed the count


async def refuse_offer(app: App, ctx: Context, rest: str) -> list[Reply] | None:
    """``no`` to the take-back or count the opponent proposed in one of the sender's games here (``#N`` picks
    it); ``None`` when no offer waits for the sender's answer."""
    found = await _waiting_offer(app, ctx, rest)
    return None if found is None else await _refuse(app, ctx, found[0], found[1])


async def agree_to_offer(app: App, ctx: Context, rest: str) -> list[Reply] | None:
    """``yes`` to the take-back or count the opponent proposed in one of the sender's games here (``#N`` picks
    it); ``None`` when no offer waits for the sender's answer."""
    found = await _waiting_offer(app, ctx, rest)
    if found is None:
        return None
    row, offer, side = found
    if offer == "takeback":
        return await _undo(app, ctx, row, other(side))
    return await draw_command(app, ctx, f"#{row.id} yes")  # the offer showed the count


async def _waiting_offer(app: App, ctx: Context, rest: str) -> tuple[GameRow, str, str] | None:
    """The game here (``#N`` in ``rest`` picks it) where the sender's opponent proposes something, what, and the
    sender's side."""
    wanted = read_id(rest.strip())
    for row in await app.games.active_in(ctx.chat.id):
        side = row.side_of(ctx.user.id)
        if side is None or wanted not in (None, row.id):
            continue
        for offer, column in OFFER_COLUMNS.items():
            if getattr(row, column) == row.player_of(other(side)):
                return row, offer, side
    return None


async def _refuse(app: App, ctx: Context, row: GameRow, offer: str) -> list[Reply]:
    """Refuse the standing offer, telling the one who made it (in their words)."""
    offerer = await app.people.by_id(getattr(row, OFFER_COLUMNS[offer]))
    w = await player_words(app, row, offerer)
    refused = outbox.game_texts(row, w(f"{offer}.refused", player=ctx.user.name), w.language)
    try:
        cleared: dict[str, Any] = {OFFER_COLUMNS[offer]: None}
        await app.games.update(row, owe=refused, **cleared)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await outbox.text_replies(app.people, refused)


COMMANDS = (
    Command("resign", resign_command, about_game=True),
    Command("abort", abort_command, about_game=True),
    Command("takeback", takeback_command, about_game=True),
    Command("draw", draw_command, menu=False, about_game=True),
)
BUTTONS = {AnswerOffer: answer_button, Confirm: confirm_button}
