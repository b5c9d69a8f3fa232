"""board, games and export: looking at games."""

from __future__ import annotations

from ai.review import Review
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import board_reply
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.finding import my_game
from bot.service.page_links import game_link
from bot.service.review_replies import review_comments
from bot.service.vacations import on_vacation_until, when
from bot.service.web_play import SIGNIN_LIFETIME, signin_link
from rules import GameRecord, get_game
from rules.core import other


async def board_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    row, problem = await my_game(app, ctx, rest)
    if row is None:
        return problem
    replies = [await board_reply(app, ctx, row, await app.games.state(row))]
    if row.status == "active" and row.side_of(ctx.user.id) is not None:  # a player may move on the page too
        link = await signin_link(app, ctx.user.id, row)
        if link is not None:
            minutes = round(SIGNIN_LIFETIME / 60)
            replies.append(ctx.private(ctx.words("web.play.signin", url=link, minutes=minutes), secret=True))
    return replies


async def signin_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``signin``: a private one-time link that signs the sender in on the pages (to accept a challenge on a chat's
    page, to play by tapping); never shown in a chat."""
    link = await signin_link(app, ctx.user.id, None)
    if link is None:
        return [ctx.reply(ctx.words("web.no_pages"))]
    minutes = round(SIGNIN_LIFETIME / 60)
    said = ctx.words("web.signin", url=link, minutes=minutes)
    if ctx.event.is_private:
        return [ctx.private(said, secret=True)]
    return [ctx.private(said, secret=True, told=ctx.words("web.signin_sent", user=ctx.user.name),
                        untold=ctx.words("web.signin_not_sent", user=ctx.user.name))]


async def games_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    rows = await app.games.active_of(ctx.user.id)
    if not rows:
        return [ctx.reply(ctx.words("games.none"))]
    w = ctx.words
    lines = []
    for row in rows:
        state = await app.games.state(row)
        side = row.side_of(ctx.user.id) or "white"
        names = await app.people.names(row)
        turn = w("games.your_turn") if state.to_play == side else w("games.their_turn")
        clock = w("games.clock", left=w.duration(row.deadline - app.clock())) if row.deadline else ""
        for player in (side, other(side)):
            person = await app.people.by_id(row.player_of(player))
            until = on_vacation_until(person, app.clock())
            if until is not None:
                clock += w("games.vacation", player=names[player], until=when(until))
        lines.append(w("games.line", id=row.id, game=w.game(row.game), opponent=names[other(side)], turn=turn, clock=clock))
    return [ctx.reply("\n".join(lines))]


async def export_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    row, problem = await my_game(app, ctx, rest)
    if row is None:
        return problem
    state = await app.games.state(row)  # a frozen game is answered as 'board' answers it
    moves = tuple(m for m in row.moves if not m.startswith("!"))
    try:
        record = get_game(row.game).export_record(GameRecord(row.game, row.options, moves))
    except (KeyError, ValueError):  # the stored record no longer reads (changed behind the bot's back)
        return [ctx.reply(ctx.words("game.frozen", id=row.id))]
    ending = [m for m in row.moves if m.startswith("!")]
    heading = ctx.words("export.done", id=row.id)
    if state.outcome() is not None:
        names = await app.people.names(row)
        if ending:
            record += ctx.words.result(state, names) + "\n"
        # The score (a count, points, a match's score) on lines of its own, as comments the record's readers pass over.
        heading = "\n".join([heading, *(f"# {line}" for line in presenter_for(row.game).ending(state, names, ctx.words))])
    known = await app.games.review_of(row.id)
    if known is not None and Review.is_current(known):  # the review's verdicts, as comments the record's readers pass over
        labels = get_game(row.game).move_labels(GameRecord(row.game, row.options, moves))
        record += "".join(f"# {line}\n" for line in review_comments(Review.from_dict(known), ctx.words, labels))
    address = await game_link(app, row)
    if address:  # the game's page, as a comment the record's readers pass over
        record += f"# {ctx.words('web.share', url=address)}\n"
    return [ctx.reply(heading + "\n" + record, link=(ctx.words("web.link"), address) if address else None)]


async def moves_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """The game's moves so far, numbered, as stored (its events, such as a resignation, left out)."""
    row, problem = await my_game(app, ctx, rest)
    if row is None:
        return problem
    moves = [m for m in row.moves if not m.startswith("!")]
    if not moves:
        return [ctx.reply(ctx.words("moves.none", id=row.id))]
    presenter = presenter_for(row.game)
    listed = "  ".join(f"{n}. {presenter.move_text(m, ctx.words)}" for n, m in enumerate(moves, 1))
    return [ctx.reply(ctx.words("moves.list", id=row.id, moves=listed))]


COMMANDS = (
    Command("board", board_command, about_game=True),
    Command("games", games_command),
    Command("signin", signin_command),
    Command("export", export_command, about_game=True),
    Command("moves", moves_command, about_game=True),
)
