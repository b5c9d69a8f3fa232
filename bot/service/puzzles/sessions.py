"""Puzzles in a chat: one open at a time, answered by anyone with typed moves or buttons; the bot plays the
defence from the puzzle's line, explains a wrong move with its refutation, and credits the first to finish.

A puzzle's state is its shipped entry (:mod:`ai.puzzles`) and the number of moves of its line played, kept
in the store with a version: two players answering at once cannot both play the same step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ai.puzzles import DIFFICULTIES, Puzzle, find, piece_of, shipped, target_of
from ai.puzzles.proof import REACHED, goal
from ai.puzzles.worth import pick
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import choice_rows, presenter_choices
from bot.service.context import Context, chat_reply
from bot.service.drawing import board_picture
from bot.service.events import PICTURE, Choice, Reply
from bot.service.page_links import chat_token
from bot.service.payloads import PuzzleMove, PuzzleStone, encode
from bot.service.texts import Words
from render import diagram
from rules import AmbiguousMoveError, MoveError, all_games, get_game
from rules.core import State
from storage import Chat, ConflictError, User
from storage.puzzles import PuzzleRule, PuzzleSession

PLAYER_K, PUZZLE_K = 32.0, 16.0  # Elo steps: the player's rating moves faster than the puzzle's


def game_keys() -> list[str]:
    """The games that have puzzles, in the registry's order."""
    return [game.key for game in all_games() if shipped(game.key)]


def rule(score: float) -> PuzzleRule:
    """The Elo change of one attempt: the player scored ``score`` (1 solved, 0 failed) against the puzzle."""

    def rate(player: float, puzzle: float) -> tuple[float, float]:
        expected = 1.0 / (1.0 + 10 ** ((puzzle - player) / 400.0))
        return player + PLAYER_K * (score - expected), puzzle - PUZZLE_K * (score - expected)

    return rate


def _walk(puzzle: Puzzle, step: int) -> tuple[list[State], list[Any]]:
    """The states along the first ``step`` moves of the line (the start first), and those moves."""
    game = get_game(puzzle.game)
    states, moves = [puzzle.start()], []
    for text in puzzle.line[:step]:
        moves.append(game.parse_move(states[-1], text))
        states.append(states[-1].play(moves[-1]))
    return states, moves


def position(puzzle: Puzzle, step: int) -> tuple[State, list[Any]]:
    """The puzzle's state after ``step`` moves of its line, and those moves."""
    states, moves = _walk(puzzle, step)
    return states[-1], moves


def attacker_turns_before(puzzle: Puzzle, step: int) -> int:
    """How many of the attacker's moves come before move ``step`` of the line."""
    states, _ = _walk(puzzle, step)
    return sum(state.to_play == puzzle.attacker for state in states[:-1])


def goal_line(words: Words, puzzle: Puzzle, turns: int | None = None) -> str:
    """"White to play and win in 3" in the reader's words (``turns`` left, the whole puzzle's by default), with a
    capital letter first in every language (a side's name is lower case in some)."""
    kind = puzzle.goal
    line = words(f"puzzle.goal.{kind}", side=words.side(puzzle.attacker), n=puzzle.turns if turns is None else turns)
    return line[:1].upper() + line[1:]


def _goal_left(words: Words, puzzle: Puzzle, step: int) -> str:
    return goal_line(words, puzzle, puzzle.turns - attacker_turns_before(puzzle, step))


def title_line(words: Words, puzzle: Puzzle, rating: float | None) -> str:
    return words("puzzle.title", game=words.game(puzzle.game), number=puzzle.number,
                 difficulty=words(f"puzzle.{puzzle.difficulty}"), theme=words(f"puzzle.theme.{puzzle.theme}"),
                 rating=round(rating if rating is not None else puzzle.rating))


async def message(app: App, chat: Chat, words: Words, puzzle: Puzzle, step: int, lines: Sequence[str],
                  delivery: int | None = None) -> Reply:
    """The puzzle's board after ``step`` moves of its line, captioned with ``lines``, with its move buttons."""
    state, moves = position(puzzle, step)
    rating = await app.puzzles.puzzle_rating(puzzle.game, puzzle.number)
    caption = [title_line(words, puzzle, rating), *lines]
    image = None
    last = [moves[-1]] if moves else None
    earlier = [moves[-2]] if len(moves) > 1 else None
    if app.config.render_boards:
        image = await board_picture(state, perspective=puzzle.attacker, last_move=last,
                                    size=app.config.board_size, earlier_move=earlier)
    text = None
    if app.config.text_diagrams:
        text = diagram(state, puzzle.attacker, presenter_for(puzzle.game).legend(state, words))
    buttons = choices(puzzle, step, state, words) if step < len(puzzle.line) else ()  # a finished puzzle: none
    address = await puzzle_link(app, chat.id) if step < len(puzzle.line) else None
    return chat_reply(chat, words, "\n".join(caption), image=image, choices=buttons, diagram=text, delivery=delivery,
                      extra={PICTURE: f"puzzle-{puzzle.game}-{puzzle.number}"},
                      link=(words("web.puzzle_link"), address) if address else None)


async def puzzle_link(app: App, chat_id: int) -> str | None:
    """The address of the page of the chat's open puzzle (where it is answered by tapping), when the bot has a public
    address and the chat's pages are on."""
    base = app.config.public_url
    token = await chat_token(app, chat_id) if base else None
    return f"{base.rstrip('/')}/c/{token}/puzzle" if base and token else None


def choices(puzzle: Puzzle, step: int, state: State, words: Words) -> tuple[tuple[Choice, ...], ...]:
    """The buttons under the puzzle: the presenter's moves, or its pieces to pick."""
    index = game_index(puzzle.game)
    return presenter_choices(puzzle.game, state, words, _answer(puzzle, step),
                             lambda square: encode(PuzzleStone(index, puzzle.number, step, square)))


def move_choices(puzzle: Puzzle, step: int, state: State, moves: Sequence[Any],
                 labels: Sequence[str] | None = None) -> tuple[tuple[Choice, ...], ...]:
    """Buttons that answer the puzzle with ``moves``."""
    return choice_rows(puzzle.game, state, moves, labels, _answer(puzzle, step))


def _answer(puzzle: Puzzle, step: int) -> Callable[[int], str]:
    index = game_index(puzzle.game)
    return lambda move: encode(PuzzleMove(index, puzzle.number, step, move))


def game_index(key: str) -> int:
    return [game.key for game in all_games()].index(key)


def game_of_index(index: int) -> str | None:
    games = [game.key for game in all_games()]
    return games[index] if 0 <= index < len(games) else None


async def start(app: App, ctx: Context, game: str | None, difficulty: str | None, theme: str | None = None) -> list[Reply]:
    """Open a new puzzle in the chat (of ``game``, ``difficulty`` and ``theme``, any when None) and post it."""
    rng = random.Random()
    keys = [game] if game else [key for key in game_keys() if theme is None or pick(key, None, rng, theme=theme)]
    key = rng.choice(keys or game_keys())
    seen = await app.puzzles.puzzles_shown(ctx.chat.id, key)
    puzzle = pick(key, difficulty, rng, seen, theme)
    if puzzle is None:
        return [ctx.reply(ctx.words("puzzle.none", game=ctx.words.game(key)))]
    return await _opened(app, ctx, puzzle)


async def open_numbered(app: App, ctx: Context, game: str, number: int) -> list[Reply]:
    """Open puzzle ``number`` of ``game``'s set in the chat (to share one, or come back to it) and post it."""
    puzzle = find(game, number)
    if puzzle is None:
        return [ctx.refuse(ctx.words("puzzle.no_number", game=ctx.words.game(game), number=number,
                                     last=len(shipped(game))))]
    return await _opened(app, ctx, puzzle)


async def _opened(app: App, ctx: Context, puzzle: Puzzle) -> list[Reply]:
    await app.puzzles.set_puzzle_rating(puzzle.game, puzzle.number, puzzle.rating)
    await app.puzzles.open_puzzle(ctx.chat.id, puzzle.game, puzzle.number)
    return [await message(app, ctx.chat, ctx.words, puzzle, 0, [goal_line(ctx.words, puzzle), ctx.words("puzzle.how")])]


async def show(app: App, ctx: Context, session: PuzzleSession) -> list[Reply]:
    """The open puzzle again, where it stands."""
    puzzle = find_of(session)
    return [await message(app, ctx.chat, ctx.words, puzzle, session.step,
                          [_goal_left(ctx.words, puzzle, session.step), ctx.words("puzzle.open")])]


def find_of(session: PuzzleSession) -> Puzzle:
    """The shipped puzzle open in ``session``."""
    puzzle = find(session.game, session.number)
    if puzzle is None:  # a set shipped since with fewer puzzles
        raise LookupError(f"no puzzle {session.game}-{session.number}")
    return puzzle


def read_move(session: PuzzleSession, text: str) -> Any | MoveError:
    """``text`` as a legal move of the open puzzle's position, or the :class:`~rules.MoveError` that says why not
    (an :class:`~rules.AmbiguousMoveError` lists the moves it fits)."""
    puzzle = find_of(session)
    state, _ = position(puzzle, session.step)
    try:
        return get_game(puzzle.game).parse_move(state, text)
    except MoveError as error:
        return error


async def ambiguous(app: App, ctx: Context, session: PuzzleSession, error: AmbiguousMoveError) -> list[Reply]:
    """An answer that fits several moves (a Krepost step with the prisoner left out): when every one of them
    reaches the goal now, any of them completes the puzzle (the line's own is taken); otherwise the sender is
    asked which, with a button for each."""
    puzzle = find_of(session)
    state, _ = position(puzzle, session.step)
    if all(goal(state, state.play(move), puzzle.attacker, puzzle.clean) == REACHED for move in error.candidates):
        game = get_game(puzzle.game)
        expected = puzzle.line[session.step] if session.step < len(puzzle.line) else None
        chosen = next((m for m in error.candidates if game.format_move(state, m) == expected), error.candidates[0])
        return await answer(app, ctx, session, chosen)
    presenter = presenter_for(puzzle.game)
    labels = [presenter.move_label(state, move) for move in error.candidates]
    question = ctx.words("move.hint_targets", targets=ctx.words.join(labels))
    return [ctx.question(question, move_choices(puzzle, session.step, state, list(error.candidates), labels))]


async def answer(app: App, ctx: Context, session: PuzzleSession, move: Any) -> list[Reply]:
    """Judge ``move`` as the sender's answer at the puzzle's current step: play it and the defence, finish the
    puzzle, or say why it fails. A step someone else played meanwhile is answered as such."""
    puzzle = find_of(session)
    w = ctx.words
    game = get_game(puzzle.game)
    state, _ = position(puzzle, session.step)
    text = game.format_move(state, move)
    after = state.play(move)
    reached = goal(state, after, puzzle.attacker, puzzle.clean) == REACHED
    right = text == puzzle.line[session.step] or reached
    name = ctx.user.name
    rated = ctx.user.id not in session.failed and ctx.user.id not in session.hinted
    try:
        if not right:
            return await _wrong(app, ctx, session, puzzle, state, text, rated)
        ends = reached or session.step + 1 >= len(puzzle.line)
        if not ends and after.to_play == puzzle.attacker:  # an extra turn, or the defender must pass
            changed = await app.puzzles.change_puzzle(session, step=session.step + 1)
            lines = [w("puzzle.right_again", user=name, move=text), _goal_left(w, puzzle, changed.step)]
            return [await message(app, ctx.chat, w, puzzle, changed.step, lines)]
        if not ends:
            reply_text = puzzle.line[session.step + 1]
            defended = after.play(game.parse_move(after, reply_text))
            ends = goal(after, defended, puzzle.attacker, puzzle.clean) == REACHED or session.step + 2 >= len(puzzle.line)
            if not ends:
                changed = await app.puzzles.change_puzzle(session, step=session.step + 2)
                lines = [w("puzzle.right", user=name, move=text, side=w.side(after.to_play or ""), reply=reply_text),
                         _goal_left(w, puzzle, changed.step)]
                return [await message(app, ctx.chat, w, puzzle, changed.step, lines)]
        attempt = (ctx.user.id, 1.0, rule(1.0)) if rated else None
        await app.puzzles.change_puzzle(session, attempt=attempt, close=True, solver=ctx.user.id,
                                        unrated_solver=None if rated else ctx.user.id)
    except ConflictError:
        return [ctx.private(w("puzzle.too_late"))]
    lines = [w("puzzle.solved", user=name, move=text), w("puzzle.line", line=" · ".join(puzzle.line))]
    if rated:
        lines.append(await _standing(app, ctx.user, ctx.chat, w))
    return [await message(app, ctx.chat, w, puzzle, len(puzzle.line), lines)]


async def _wrong(app: App, ctx: Context, session: PuzzleSession, puzzle: Puzzle, state: State, text: str,
                 rated: bool) -> list[Reply]:
    w = ctx.words
    turn = attacker_turns_before(puzzle, session.step)
    refutation = puzzle.refutations[turn].get(text, "") if turn < len(puzzle.refutations) else ""
    # What the puzzle's proof establishes, no more: the goal is no longer reached within the turns left (whether
    # it could still be reached later is not known, so it is not said).
    kind = puzzle.goal
    left = puzzle.turns - turn
    if refutation:
        why = w("puzzle.refuted", move=text, side=w.side("black" if puzzle.attacker == "white" else "white"),
                reply=refutation, lost=w(f"puzzle.lost.{kind}", n=left))
    elif left == 1:
        why = w(f"puzzle.not_at_once.{kind}", move=text)
    else:
        why = w("puzzle.not_in_time", move=text, lost=w(f"puzzle.lost.{kind}", n=left))
    attempt = (ctx.user.id, 0.0, rule(0.0)) if rated else None
    await app.puzzles.change_puzzle(session, failed=ctx.user.id, attempt=attempt)
    lines = [why, w("puzzle.again")]
    if rated:
        lines.append(await _standing(app, ctx.user, ctx.chat, w))
    return [ctx.reply("\n".join(lines), answer_to=ctx.event.message_id)]


async def _standing(app: App, user: User, chat: Chat, words: Words) -> str:
    score = await app.puzzles.puzzle_score(user.id, "all")
    if score is None:
        return ""
    return words("puzzle.standing", user=user.name, rating=round(score.rating), streak=score.streak)


async def hint(app: App, ctx: Context, session: PuzzleSession) -> list[Reply]:
    """Say something of the winning move the board does not already show (the one who asks is not rated on
    this puzzle): the piece to move when several could, else the row it ends on."""
    puzzle = find_of(session)
    state, _ = position(puzzle, session.step)
    try:
        await app.puzzles.change_puzzle(session, hinted=ctx.user.id)
    except ConflictError:
        return [ctx.private(ctx.words("puzzle.too_late"))]
    return [ctx.reply(hint_text(ctx.words, state, get_game(puzzle.game).parse_move(state, puzzle.line[session.step])))]


def hint_text(words: Words, state: State, move: Any) -> str:
    """The hint for ``move`` in ``state``: for a stone placed from the hand, the row it goes on; for a piece moved,
    the piece when several could move, else (the board shows which) the row it ends on, or its file when every
    move ends on the same row."""
    square, target = piece_of(move), target_of(move)
    if target is None:
        return words("puzzle.hint", square=square)
    if square is None:
        return words("puzzle.hint_place", row=int(target[1:]))
    if len({piece_of(legal) for legal in state.legal_moves()} - {None}) > 1:
        return words("puzzle.hint", square=square)
    if len({(target_of(legal) or "")[1:] for legal in state.legal_moves()}) == 1:  # every move ends on that row
        return words("puzzle.hint_file", file=target[0])
    return words("puzzle.hint_row", row=int(target[1:]))


async def solution(app: App, ctx: Context, session: PuzzleSession) -> list[Reply]:
    """Show the whole line and close the puzzle (nobody is scored for it)."""
    puzzle = find_of(session)
    try:
        await app.puzzles.change_puzzle(session, close=True)
    except ConflictError:
        return [ctx.private(ctx.words("puzzle.too_late"))]
    lines = [ctx.words("puzzle.solution", line=" · ".join(puzzle.line))]
    return [await message(app, ctx.chat, ctx.words, puzzle, len(puzzle.line), lines)]


# -- the daily puzzle ----------------------------------------------------------------------------------------------

def difficulty_word(word: str) -> str | None:
    """``easy``, ``normal`` or ``hard`` for a word that names one."""
    lowered = word.lower()
    return lowered if lowered in DIFFICULTIES else None
