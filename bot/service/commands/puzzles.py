"""puzzle (new, hint, solution, or an answer) and the buttons that answer the chat's puzzle."""

from __future__ import annotations

from ai.puzzles.build import THEMES
from bot.presenters import presenter_for
from bot.service import puzzles
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.commands.info import game_key
from bot.service.commands.ratings import puzzle_lines
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.payloads import PuzzleMove, PuzzleStone
from rules import AmbiguousMoveError, IllegalMoveError, MoveError
from rules.core import State
from storage.puzzles import PuzzleSession

HINT_WORDS, SOLUTION_WORDS, NEW_WORDS = ("hint",), ("solution", "answer", "giveup"), ("new", "next", "skip")
RATING_WORDS = ("rating", "рейтинг", "امتیاز", "értékszám")


async def puzzle_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    words = rest.split()
    session = await app.puzzles.puzzle_session(ctx.chat.id)
    first = words[0].lower() if words else ""
    if first in HINT_WORDS or first in SOLUTION_WORDS:
        if session is None:
            return [ctx.refuse(ctx.words("puzzle.nothing_open"))]
        if first in HINT_WORDS:
            return await puzzles.hint(app, ctx, session)
        return await puzzles.solution(app, ctx, session)
    if first in RATING_WORDS and len(words) == 1:  # 'puzzle rating': the sender's, never an answer
        lines = await puzzle_lines(app, ctx)
        return [ctx.reply("\n".join(lines) if lines else ctx.words("stats.no_puzzles"))]
    fresh = first in NEW_WORDS
    if fresh:
        words = words[1:]
    game, difficulty, theme, numbers, unknown = None, None, None, [], []
    for word in words:
        key = game_key(word) if puzzles.difficulty_word(word) is None else None
        if key is not None and (game is None or word.lower() not in THEMES):  # 'krepost fortress': a theme
            game = key
        elif puzzles.difficulty_word(word) is not None:
            difficulty = puzzles.difficulty_word(word)
        elif word.lower() in THEMES:
            theme = word.lower()
        elif word.removeprefix("#").isdigit():
            numbers.append(word)
        else:
            unknown.append(word)
    if numbers and (game is None or len(numbers) > 1):  # 'puzzle 4': a Kamisado answer, not a puzzle's number
        unknown += numbers
    if unknown and session is not None and not fresh:  # 'puzzle e4-e5': an answer
        return await judged(app, ctx, session, rest, speak=True) or []
    if unknown:
        return [ctx.refuse(ctx.words("puzzle.usage"))]
    if numbers and game is not None:  # 'puzzle ashtarashki 350': that one
        return await puzzles.open_numbered(app, ctx, game, int(numbers[0].removeprefix("#")))
    if session is not None and not (fresh or game or difficulty or theme):
        return await puzzles.show(app, ctx, session)
    return await puzzles.start(app, ctx, game, difficulty, theme)


async def judged(app: App, ctx: Context, session: PuzzleSession, content: str, *, speak: bool) -> list[Reply] | None:
    found = puzzles.read_move(session, content)
    if isinstance(found, AmbiguousMoveError):
        return await puzzles.ambiguous(app, ctx, session, found)
    if isinstance(found, IllegalMoveError) or (isinstance(found, MoveError) and speak):
        why = ctx.words.move_error(found, session.game)
        return [ctx.refuse(ctx.words("puzzle.illegal", text=content, why=why))]
    if isinstance(found, MoveError):
        return None  # no move at all: chatter, in a group
    return await puzzles.answer(app, ctx, session, found)


async def _pressed(app: App, ctx: Context, payload: PuzzleMove | PuzzleStone) -> tuple[PuzzleSession, State] | list[Reply]:
    """The chat's puzzle a button belongs to and its position, while the button is not stale."""
    session = await app.puzzles.puzzle_session(ctx.chat.id)
    if (session is None or puzzles.game_of_index(payload.game) != session.game or session.number != payload.number
            or session.step != payload.step):
        return [ctx.private(ctx.words("puzzle.too_late"))]
    state, _ = puzzles.position(puzzles.find_of(session), session.step)
    return session, state


async def move_button(app: App, ctx: Context, payload: PuzzleMove) -> list[Reply]:
    found = await _pressed(app, ctx, payload)
    if isinstance(found, list):
        return found
    session, state = found
    legal = state.legal_moves()
    if payload.index >= len(legal):
        return [ctx.private(ctx.words("puzzle.too_late"))]
    return await puzzles.answer(app, ctx, session, legal[payload.index])


async def stone_button(app: App, ctx: Context, payload: PuzzleStone) -> list[Reply]:
    found = await _pressed(app, ctx, payload)
    if isinstance(found, list):
        return found
    session, state = found
    puzzle = puzzles.find_of(session)
    buttons = presenter_for(puzzle.game).moves_from(state, payload.square)
    if not buttons:
        return [ctx.private(ctx.words("move.ambiguous", text=payload.square))]
    targets = ctx.words.join(b.label for b in buttons)
    choices = puzzles.move_choices(puzzle, session.step, state, [b.move for b in buttons], [b.label for b in buttons])
    return [ctx.question(ctx.words("move.hint_targets", targets=targets), choices)]


COMMANDS = (
    Command("puzzle", puzzle_command, aliases=("puzzles",)),
)
BUTTONS = {PuzzleMove: move_button, PuzzleStone: stone_button}
