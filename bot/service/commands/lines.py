"""What a typed line is answered with once :mod:`bot.service.meaning` said what it means (other than a command or a
button, which the dispatcher runs): a move played where it was meant, the readings of a line that fits several, and
the clear words for a line that fits nothing."""

from __future__ import annotations

from typing import Any

from bot.presenters import presenter_for
from bot.service import meaning as m
from bot.service.app import App
from bot.service.boards import board_choices, rows_of
from bot.service.commands import learn, moves
from bot.service.commands.puzzles import judged
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.finding import named_game
from rules import get_game

LABEL_MOST = 80  # characters of a button's label (Discord's limit)


async def answer(app: App, ctx: Context, meaning: m.Meaning) -> list[Reply]:
    """The answer to a line whose meaning is no command and no button press."""
    w = ctx.words
    match meaning:
        case m.InGame(number, text, word):
            return await moves.in_game(app, ctx, number, text, word)
        case m.Play(target, text, read):
            return await play(app, ctx, target, text, read)
        case m.Choose(text, options):
            return [ctx.question(w("line.choose", text=text), _option_rows(ctx, options))]
        case m.Refused(text, reasons):
            said = [w("line.refused", text=text)] + [_where(ctx, t, w.move_error(why, t.game)) for t, why in reasons]
            return [ctx.refuse("\n".join(said))]
        case m.NotYourTurn(numbers):
            return [ctx.private(w("game.not_your_turn_in", games=_numbers(numbers)), refusal=True)]
        case m.NotYours(number):
            names = await app.people.names(await app.games.row(number))
            return [ctx.private(w("game.not_yours_named", id=number, **names), refusal=True)]
        case m.NoButton(number, count):
            key = "line.no_button_of" if count else "line.no_button"
            return [ctx.refuse(w(key, number=number, count=count))]
        case m.Unknown(text, near, numbers):
            return [ctx.refuse(_unknown(ctx, text, near, numbers))]
    return []


async def play(app: App, ctx: Context, target: m.Target, text: str, read: Any) -> list[Reply]:
    """``text`` (read as ``read``) played in ``target``: a game, the lesson, or the chat's puzzle."""
    if target.kind == m.GAME:  # the resolver plays a line that is no move only where one was surely meant
        return await moves.play_read(app, ctx, target.number, text, read, explicit=True)
    if target.kind == m.LESSON:
        return await learn.lesson_line(app, ctx, text, read)
    session = await app.puzzles.puzzle_session(ctx.chat.id)
    if session is None:  # solved or given up a moment ago
        return [ctx.refuse(ctx.words("puzzle.nothing_open"))]
    return await judged(app, ctx, session, text, speak=True) or []


async def board_button(app: App, ctx: Context, number: int, index: int) -> str | list[Reply]:
    """``#N /k``: the payload of button ``index`` (from 1) of game ``number``'s board as it stands, or why there is
    none."""
    row = await named_game(app, ctx, number)
    if isinstance(row, list):
        return row
    buttons = [choice for line in board_choices(row, await app.games.state(row), ctx.words) for choice in line]
    if not 1 <= index <= len(buttons):
        return [ctx.refuse(ctx.words("line.no_board_button", id=number, number=index, count=len(buttons)))]
    return buttons[index - 1].payload


def _option_rows(ctx: Context, options: tuple[m.Option, ...]) -> tuple[tuple[Choice, ...], ...]:
    """A button for each reading: "In game #2: …", "For the puzzle: …"."""
    buttons = []
    for option in options:
        if option.shown is not None:
            number = option.shown.line.split()[0].removeprefix("#")
            label, payload = ctx.words("line.in_game", id=number, move=option.shown.label), option.shown.payload
        else:
            target = option.target
            assert target is not None and target.press is not None
            legal = list(target.state.legal_moves())
            written = get_game(target.game).format_move(target.state, option.move)
            label = _where(ctx, target, presenter_for(target.game).move_text(written, ctx.words))
            payload = target.press(legal.index(option.move))
        buttons.append(Choice(label[:LABEL_MOST], payload))
    return rows_of(buttons, 1)


def _where(ctx: Context, target: m.Target, said: str) -> str:
    """``said`` about ``target``: "In game #2: …", "For the puzzle: …", "In the lesson: …"."""
    if target.kind == m.GAME:
        return ctx.words("line.in_game", id=target.number, move=said)
    return ctx.words("line.for_puzzle" if target.kind == m.PUZZLE else "line.in_lesson", move=said)


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _unknown(ctx: Context, text: str, near: str | None, numbers: tuple[int, ...]) -> str:
    """What a line that fits nothing could have meant: the command it looks like, the ``#N`` form for the person's
    games here, or how to start one."""
    w = ctx.words
    said = [w("line.unknown_games", text=text, games=_numbers(numbers)) if numbers else w("line.unknown", text=text)]
    if near is not None:
        said.append(w("line.near", near=near))
    said.append(w("line.how_games", example=f"#{numbers[0]}") if numbers else w("line.how_none"))
    return " ".join(said)
