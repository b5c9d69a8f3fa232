"""learn: the first lesson of a game, played move by move with its buttons or typed moves, privately (in a group the
lesson goes to the learner's private chat, or an ephemeral answer, and the group hears one line)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.i18n.command_words import folded
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import choice_rows
from bot.service.commands.base import Command
from bot.service.commands.challenges import play_command
from bot.service.commands.info import game_key
from bot.service.context import Context
from bot.service.drawing import board_picture
from bot.service.events import PICTURE, Reply
from bot.service.lessons import LESSONS, lesson_of, tutor
from bot.service.lessons.course import position
from bot.service.lessons.judge import Said
from bot.service.payloads import LessonAction, LessonMove, LessonStone
from bot.service.puzzles import game_of_index
from bot.service.puzzles import start as start_puzzle
from render import diagram
from rules import AmbiguousMoveError, IllegalMoveError, MoveError, get_game
from storage.lessons import LessonRow

HINT_WORDS = ("hint", "подсказка", "راهنمایی", "tipp")
RESTART_WORDS = ("restart", "again", "заново", "دوباره", "újra")
STOP_WORDS = ("stop", "leave", "exit", "quit", "стоп", "выйти", "توقف", "kilépés", "vége")


def _privately(ctx: Context, text: str, **fields: Any) -> Reply:
    """A lesson's message: in a private chat as any reply; in a group only to the learner (never shown there), the
    group told where it went."""
    key = fields.pop("game_key", "")
    if ctx.event.is_private:
        return ctx.reply(text, **fields)
    return ctx.reply(text, private_to=ctx.event.user_id, answer_to=ctx.event.message_id, secret=True,
                     told=ctx.words("learn.pointer", user=ctx.user.name),
                     untold=ctx.words("learn.no_private", user=ctx.user.name, command=key), **fields)


async def step_message(app: App, ctx: Context, row: LessonRow, said: tuple[Said, ...] = ()) -> Reply:
    """The learner's step as a message: what was just said, the title and task, the board and its buttons."""
    lesson = LESSONS[row.game]
    progress = tutor.progress_of(row, lesson)
    state, moves, _ = tutor.board(lesson, progress)
    image = None
    if app.config.render_boards:
        image = await board_picture(state, perspective="white", last_move=moves[-1:] or None,
                                    earlier_move=moves[-2:-1] or None, size=app.config.board_size)
    text = diagram(state, "white", presenter_for(row.game).legend(state, ctx.words)) if app.config.text_diagrams else None
    await tutor.show(app, ctx.user, None if progress.finished(lesson) else row.game)
    base = (app.config.public_url or "").rstrip("/")
    page = (ctx.words("learn.web.title", game=ctx.words.game(row.game)), f"{base}/learn/{row.game}")
    words = tutor.lines(ctx.words, lesson, progress, said).text(again=bool(progress.line))
    return _privately(ctx, words, image=image, diagram=text,
                      choices=tutor.buttons(ctx.words, lesson, progress), game_key=row.game,
                      link=page if base else None, extra={PICTURE: f"lesson-{row.game}-{progress.step}"})


async def learn_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    words = rest.split()
    first = folded(words[0]) if words else ""
    if not words:
        return [_privately(ctx, "\n".join(await tutor.listing(app, ctx.user.id, ctx.words)))]
    if first in HINT_WORDS:
        return await _hint(ctx, await tutor.shown(app, ctx.user) or await tutor.current(app, ctx.user.id))
    if first in STOP_WORDS:
        left = await tutor.shown(app, ctx.user)
        await tutor.show(app, ctx.user, None)
        if left is None:
            return [ctx.reply(ctx.words("learn.none_open"))]
        return [_privately(ctx, ctx.words("learn.left", game=ctx.words.game(left.game), command=left.game),
                           game_key=left.game)]
    restart = first in RESTART_WORDS
    key = game_key(" ".join(words[1:] if restart else words))
    if key is not None and key in LESSONS:
        row, _ = await tutor.opened(app, ctx.user.id, key, restart=restart)
        shown = await step_message(app, ctx, row)
        if await app.games.active_of(ctx.user.id):  # typed lines go to the lesson now: say how to reach the games
            shown = replace(shown, text=shown.text + "\n" + ctx.words.marked(ctx.words("learn.while_games")))
        return [shown]
    open_row = await tutor.shown(app, ctx.user)
    if open_row is not None and not restart:  # 'learn c3-d4': a move of the lesson shown
        lesson = LESSONS[open_row.game]
        state, _ = position(lesson, tutor.progress_of(open_row, lesson))
        try:
            read: Any = get_game(open_row.game).parse_move(state, rest)
        except MoveError as exc:
            read = exc
        if not isinstance(read, MoveError) or isinstance(read, IllegalMoveError | AmbiguousMoveError):
            return await lesson_line(app, ctx, rest, read)
    return [ctx.refuse(ctx.words("learn.usage"))]


async def lesson_line(app: App, ctx: Context, text: str, read: Any) -> list[Reply]:
    """A line typed in the private chat while a step of the lesson is shown, read there as ``read`` (a legal move, or
    the error that refuses it): judged when a move; refused with the rules' reason when a move the position does not
    allow; a hint for its word; else told what the lesson takes and how to leave it."""
    row = await tutor.shown(app, ctx.user)
    if row is None:
        return [ctx.refuse(ctx.words("learn.none_open"))]
    if isinstance(read, AmbiguousMoveError):
        return [ctx.refuse(ctx.words.move_error(read, row.game))]
    if isinstance(read, IllegalMoveError):
        return [ctx.refuse(ctx.words("learn.illegal", why=ctx.words.move_error(read, row.game)))]
    if isinstance(read, MoveError):
        if folded(text) in HINT_WORDS:
            return await _hint(ctx, row)
        return [_privately(ctx, ctx.words("learn.not_a_move", text=text), game_key=row.game, refusal=True)]
    return await _played(app, ctx, row, read)


async def _hint(ctx: Context, row: LessonRow | None) -> list[Reply]:
    hint = tutor.hint_of(row) if row is not None else None
    if row is None or hint is None:
        return [ctx.refuse(ctx.words("learn.none_open"))]
    return [_privately(ctx, tutor.say(ctx.words, hint), game_key=row.game)]


async def _played(app: App, ctx: Context, row: LessonRow, move: Any, at: tuple[int, int] | None = None) -> list[Reply]:
    acted = await tutor.play(app, row, move, at=at)
    if acted.tried is None:
        return [ctx.private(ctx.words("learn.too_late"))]
    lesson = LESSONS[row.game]
    said = tutor.tried_said(ctx.words, lesson, acted.before, acted.tried)
    if not acted.tried.right:
        return [_privately(ctx, "\n".join(tutor.say(ctx.words, s, row.game) for s in said), game_key=row.game, refusal=True)]
    return ctx.closing([await step_message(app, ctx, acted.row, said)])


async def _pressed(app: App, ctx: Context, game_index: int) -> LessonRow | None:
    game = game_of_index(game_index)
    return None if game is None or lesson_of(game) is None else await app.lessons.lesson(ctx.user.id, game)


async def move_button(app: App, ctx: Context, payload: LessonMove) -> list[Reply]:
    row = await _pressed(app, ctx, payload.game)
    if row is None:
        return [ctx.private(ctx.words("learn.too_late"))]
    lesson = LESSONS[row.game]
    state, _ = position(lesson, tutor.progress_of(row, lesson))
    legal = state.legal_moves()
    if payload.index >= len(legal):
        return [ctx.private(ctx.words("learn.too_late"))]
    return await _played(app, ctx, row, legal[payload.index], at=(payload.step, payload.ply))


async def stone_button(app: App, ctx: Context, payload: LessonStone) -> list[Reply]:
    row = await _pressed(app, ctx, payload.game)
    if row is None:
        return [ctx.private(ctx.words("learn.too_late"))]
    lesson = LESSONS[row.game]
    progress = tutor.progress_of(row, lesson)
    if (payload.step, payload.ply) != (progress.step, len(progress.line)):
        return [ctx.private(ctx.words("learn.too_late"))]
    state, _ = position(lesson, progress)
    found = presenter_for(row.game).moves_from(state, payload.square)
    if not found:
        return [ctx.private(ctx.words("move.ambiguous", text=payload.square))]
    labels = [b.label for b in found]
    choices = tutor.move_buttons(lesson, progress, lambda pay: choice_rows(row.game, state, [b.move for b in found],
                                                                            labels, pay))
    return [_privately(ctx, ctx.words("move.hint_targets", targets=ctx.words.join(labels)), choices=choices,
                       game_key=row.game)]


async def action_button(app: App, ctx: Context, payload: LessonAction) -> list[Reply]:
    game = game_of_index(payload.game)
    if game is None or lesson_of(game) is None:
        return [ctx.private(ctx.words("learn.too_late"))]
    if payload.action == "bot":
        return ctx.closing(await play_command(app, ctx, f"{game} bot level=beginner"))
    if payload.action == "puzzle":
        return ctx.closing(await start_puzzle(app, ctx, game, "easy"))
    if payload.action == "hint":
        row = await app.lessons.lesson(ctx.user.id, game)
        hint = tutor.hint_of(row) if row is not None else None
        return [_privately(ctx, tutor.say(ctx.words, hint) if hint else ctx.words("learn.none_open"), game_key=game)]
    row, _ = await tutor.opened(app, ctx.user.id, game, restart=payload.action == "restart")
    return ctx.closing([await step_message(app, ctx, row)])


COMMANDS = (
    Command("learn", learn_command, aliases=("lesson", "tutorial")),
)
BUTTONS = {LessonMove: move_button, LessonStone: stone_button, LessonAction: action_button}
