"""if: answers prepared in advance for the opponent's moves (conditional moves), given privately.

``if <their move> then <my move> [if <their next move> then <my next move> …]`` adds a line (several make branches);
``if`` lists them, ``if clear`` clears them; ``#N`` picks the game. See :mod:`bot.service.prepared`.
"""

from __future__ import annotations

from functools import partial

from bot.presenters import presenter_for
from bot.service import prepared
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.finding import target_game
from bot.service.prepared import LineError, Lines
from rules import MoveError
from storage import GameRow

LISTED = 40  # answers listed one by one; more are summarised by the opponent's next move
IF_WORDS = frozenset({"if", "если", "اگر", "ha"})
THEN_WORDS = frozenset({"then", "то", "آنگاه", "akkor"})
CLEAR_WORDS = frozenset({"clear", "очистить", "پاک", "töröl"})


def read_pairs(text: str) -> list[tuple[str, str]] | None:
    """The (their move, my move) pairs of a line as typed (``b6-a5 then b4-c5 if c7-d6 then a3-b4``), or ``None`` when
    it is no line. Moves may be several words (``orange 3``).

    >>> read_pairs("b6-a5 then b4-c5 if c7-d6 then a3-b4")
    [('b6-a5', 'b4-c5'), ('c7-d6', 'a3-b4')]
    >>> read_pairs("b6-a5 b4-c5") is None, read_pairs("") is None
    (True, True)
    """
    pairs: list[tuple[str, str]] = []
    theirs: str | None = None
    words: list[str] = []
    for word in text.split() + ["if"]:
        lowered = word.lower()
        if lowered in THEN_WORDS and theirs is None and words:
            theirs, words = " ".join(words), []
        elif lowered in IF_WORDS and theirs is not None and words:
            pairs.append((theirs, " ".join(words)))
            theirs, words = None, []
        elif lowered in THEN_WORDS or lowered in IF_WORDS:
            return None
        else:
            words.append(word)
    return pairs if pairs and not words and theirs is None else None


async def if_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    number, text = "", rest.strip()
    if text.startswith("#"):
        number, _, text = text.partition(" ")
        text = text.strip()
    pairs = read_pairs(text)
    if not ctx.event.is_private and not ctx.event.on_page:
        if pairs is None and not (ctx.event.text or "").lstrip().startswith("/"):
            return []  # "if …" in a group's talk: not for the bot
        return [ctx.private(ctx.words("prepared.private_only", user=ctx.user.name), refusal=True)]
    if text and pairs is None and text.lower() not in CLEAR_WORDS:
        return [ctx.private(ctx.words("prepared.usage"), refusal=True)]
    row, problem = await _game(app, ctx, number)
    if row is None:
        return [ctx.private(problem, refusal=True)]
    side = row.side_of(ctx.user.id)
    assert side is not None
    if await app.people.is_bot(row.player_of("black" if side == "white" else "white")):
        return [ctx.private(ctx.words("prepared.not_vs_bot"), refusal=True)]
    if text.lower() in CLEAR_WORDS:
        await app.correspondence.drop_prepared(row.id, ctx.user.id)
        return [ctx.private(ctx.words("prepared.cleared_by_you", id=row.id))]
    if pairs is None:
        return [ctx.private(await _listed(app, ctx, row))]
    async with app.games.lock(row.id):
        row = await app.games.fresh(row.id)
        state = await app.games.state(row)
        if row.status != "active":
            return [ctx.private(ctx.words("game.finished", id=row.id), refusal=True)]
        if state.to_play == side:
            return [ctx.private(ctx.words("prepared.your_turn", id=row.id), refusal=True)]
        try:
            line = prepared.read_line(state, side, pairs)
        except LineError as exc:
            return [ctx.private(_why(ctx, row, exc), refusal=True)]
        kept = await app.correspondence.prepared(row.id, ctx.user.id)
        lines: Lines = kept.lines if kept is not None and kept.ply == len(row.moves) else {}
        lines = prepared.merged(lines, line)
        if prepared.count(lines) > prepared.MOST:
            return [ctx.private(ctx.words("prepared.too_many", most=prepared.MOST), refusal=True)]
        await app.correspondence.keep_prepared(row.id, ctx.user.id, len(row.moves), lines)
    return [ctx.private(await _listed(app, ctx, row))]


async def _game(app: App, ctx: Context, rest: str) -> tuple[GameRow | None, str]:
    """The game the answers are for: ``#N``, else the sender's one game between people where they wait for the move."""
    if rest:
        row, _, problem = await target_game(app, ctx, rest)
        if row is None:
            return None, problem or ctx.words("game.none")
        if row.side_of(ctx.user.id) is None:
            return None, ctx.words("game.not_yours")
        if row.status != "active":
            return None, ctx.words("game.finished", id=row.id)
        return row, ""
    mine, waiting = [], []
    for row in await app.games.active_of(ctx.user.id):
        side = row.side_of(ctx.user.id)
        if await app.people.is_bot(row.player_of("black" if side == "white" else "white")):
            continue
        mine.append(row)
        if (await app.games.state(row)).to_play not in (side, None):
            waiting.append(row)
    for found in (waiting, mine):  # the game where they wait, else their one game between people
        if len(found) == 1:
            return found[0], ""
        if found:
            return None, ctx.words("game.which_command", forms=ctx.words.join(f"'#{row.id} if …'" for row in found))
    return None, ctx.words("prepared.no_game")


async def _listed(app: App, ctx: Context, row: GameRow) -> str:
    kept = await app.correspondence.prepared(row.id, ctx.user.id)
    if kept is None or kept.ply < len(row.moves) - 1 or not kept.lines:
        return ctx.words("prepared.none", id=row.id)
    presenter = presenter_for(row.game)
    text_of = partial(presenter.move_text, words=ctx.words)
    rows = prepared.shown(kept.lines, text_of)
    if len(rows) > LISTED:  # one message on every platform (Discord takes 2,000 characters): the next answers, counted
        rows = prepared.summary(kept.lines, text_of, lambda n: ctx.words("prepared.after", count=n))
        rows.append(ctx.words("prepared.in_all", count=prepared.count(kept.lines)))
    return ctx.words("prepared.saved", id=row.id, lines="\n".join(rows))


def _why(ctx: Context, row: GameRow, error: LineError) -> str:
    """A line's refusal in the reader's words (a move the rules refuse in the rules' own words)."""
    reason = error.params.pop("error", None)
    if isinstance(reason, MoveError):
        why = ctx.words.move_error(reason, row.game, lambda text: presenter_for(row.game).move_text(text, ctx.words))
        return ctx.words("prepared.illegal", why=why, **error.params)
    return ctx.words(error.key, **error.params)


COMMANDS = (Command("if", if_command, aliases=("если", "اگر", "ha"), about_game=True),)
