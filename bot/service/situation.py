"""What a line can mean for the sender of an event, read from the store: their games in the chat, the lesson step shown
to them, the chat's open puzzle, the buttons the front end showed them (see :mod:`bot.service.meaning`)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.app import App
from bot.service.context import Context
from bot.service.lessons import LESSONS, tutor
from bot.service.lessons.course import position as lesson_position
from bot.service.meaning import GAME, LESSON, PUZZLE, Shown, Situation, Target
from bot.service.payloads import LessonMove, PlayMove, PuzzleMove, encode
from bot.service.puzzles import find_of, game_index
from bot.service.puzzles import position as puzzle_position
from storage import GameRow


async def situation_of(app: App, ctx: Context) -> Situation:
    """Everything a line of ``ctx``'s sender can be meant for here."""
    mine: list[Target] = []
    others: list[Target] = []
    for row in await app.games.active_in(ctx.chat.id):
        side = row.side_of(ctx.user.id)
        state = await app.games.state(row)
        target = Target(GAME, row.game, state, row.id, side is not None and state.to_play == side, _game_press(row))
        (mine if side is not None else others).append(target)
    replied = None
    if ctx.event.reply_to:
        board = await app.games.by_board_message(ctx.chat.id, ctx.event.reply_to)
        replied = board.id if board is not None else None
    shown = tuple(Shown(line, label, payload) for line, label, payload in ctx.event.buttons)
    return Situation(ctx.event.is_private, tuple(mine), await lesson_target(app, ctx), await puzzle_target(app, ctx),
                     shown, replied, tuple(others))


def _game_press(row: GameRow) -> Callable[[int], str]:
    return lambda index: encode(PlayMove(row.id, len(row.moves), index))


async def lesson_target(app: App, ctx: Context) -> Target | None:
    """The lesson step shown to the sender, in their private chat (elsewhere their lines are never the lesson's)."""
    if not ctx.event.is_private or ctx.event.answers_only:
        return None
    row = await tutor.shown(app, ctx.user)
    if row is None:
        return None
    lesson = LESSONS[row.game]
    progress = tutor.progress_of(row, lesson)
    state, _ = lesson_position(lesson, progress)
    index, step, ply = game_index(row.game), progress.step, len(progress.line)
    return Target(LESSON, row.game, state, press=lambda i: encode(LessonMove(index, step, ply, i)))


async def puzzle_target(app: App, ctx: Context) -> Target | None:
    """The chat's open puzzle, while its solver is to move."""
    session = await app.puzzles.puzzle_session(ctx.chat.id)
    if session is None:
        return None
    try:
        puzzle = find_of(session)
    except LookupError:
        return None
    state, _ = puzzle_position(puzzle, session.step)
    if state.to_play != puzzle.attacker or session.step >= len(puzzle.line):
        return None
    index, number, step = game_index(puzzle.game), puzzle.number, session.step
    return Target(PUZZLE, puzzle.game, state, press=lambda i: encode(PuzzleMove(index, number, step, i)))
