"""A player's lessons kept in the store, and what they look like in words: the step's board, task and buttons, what a
try did, the list of lessons with their stars. The chat (``commands/learn.py``) and the page (``web_play``) both come
here, so a lesson reads and is judged alike wherever it is played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.metrics import METRICS
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import choice_rows, presenter_choices, rows_of
from bot.service.events import Choice
from bot.service.lessons import LESSONS, Lesson, judge, lesson_of
from bot.service.lessons.course import Progress, Tried, attempt, hinted, position, step_of
from bot.service.lessons.judge import Said
from bot.service.payloads import LessonAction, LessonMove, LessonStone, encode
from bot.service.puzzles import game_index
from bot.service.texts import Words
from rules.core import State
from storage import ConflictError, User
from storage.lessons import LessonRow

STAR, NO_STAR = "★", "☆"


def say(words: Words, said: tuple[str, dict[str, Any]], game: str | None = None) -> str:
    """One thing said, in the reader's words (a colour, a side, a hint and ``game``'s moves are words of their own)."""
    key, params = said
    params = dict(params)
    if "move" in params and game is not None:
        params["move"] = presenter_for(game).move_text(params["move"], words)
    if "colour" in params:
        params["colour"] = words.colour(params["colour"])
    if "side" in params:
        params["side"] = words.side(params["side"])
    if "hint" in params:
        params["hint"] = words(params["hint"])
    return words(key, **params)


def stars_text(stars: Sequence[int], most: int | None = None) -> str:
    """``★★☆`` for 2 of 3 (``most`` stars in all: 3 a step by default)."""
    most = 3 * len(stars) if most is None else most
    got = sum(stars)
    return STAR * got + NO_STAR * (most - got)


def progress_of(row: LessonRow | None, lesson: Lesson) -> Progress:
    """The stored progress, or the start (for a row the lesson no longer fits: its steps changed)."""
    if row is None:
        return Progress()
    try:
        return Progress.from_dict(row.progress, lesson)
    except ValueError:
        return Progress()


@dataclass(frozen=True)
class Lines:
    """What a step shows: its ``title``, what was just said (``said``), the ``task`` (empty once finished)."""

    title: str
    said: tuple[str, ...]
    task: str
    go_on: str = ""

    def text(self, *, again: bool = False) -> str:
        """The message; ``again`` (the step goes on after the bot's answer): "your move" instead of the title and task
        read a moment ago."""
        if again and self.task:
            return "\n".join((*self.said, self.go_on))
        return "\n".join(line for line in (*self.said, self.title, self.task) if line)


def lines(words: Words, lesson: Lesson, progress: Progress, said: Sequence[Said] = ()) -> Lines:
    """The words of the learner's step, after ``said``."""
    total = len(lesson.steps)
    shown = tuple(say(words, s, lesson.game) for s in said)
    step = step_of(lesson, progress)
    if step is None:
        got = sum(progress.stars)
        done = words("learn.finished", game=words.game(lesson.game), stars=stars_text(progress.stars), got=got,
                     most=3 * total)
        return Lines(done, shown, "")
    title = words("learn.title", game=words.game(lesson.game), n=progress.step + 1, total=total)
    return Lines(title, shown, words(f"learn.{lesson.game}.{step.key}.task"), words("learn.go_on"))


def tried_said(words: Words, lesson: Lesson, before: Progress, tried: Tried) -> tuple[Said, ...]:
    """What a try says, with the stars of a finished step."""
    if not tried.step_done:
        return tried.said
    star = ("learn.step_done", {"stars": stars_text((tried.stars,)), "n": before.step + 1, "total": len(lesson.steps)})
    return (*tried.said, star)


def buttons(words: Words, lesson: Lesson, progress: Progress) -> tuple[tuple[Choice, ...], ...]:
    """The step's buttons: its moves (or pieces to pick) and a hint; after the lesson, what comes next."""
    index = game_index(lesson.game)
    if progress.finished(lesson):
        after = [Choice(words("learn.play_bot"), encode(LessonAction(index, "bot"))),
                 Choice(words("learn.first_puzzle"), encode(LessonAction(index, "puzzle"))),
                 Choice(words("learn.restart"), encode(LessonAction(index, "restart")))]
        return rows_of(after, 2)
    state, _ = position(lesson, progress)
    step, ply = progress.step, len(progress.line)
    play = lambda i: encode(LessonMove(index, step, ply, i))  # noqa: E731
    moves = presenter_choices(lesson.game, state, words, play, lambda square: encode(LessonStone(index, step, ply, square)))
    if not moves:  # a game whose boards have no buttons (Krepost): a few moves to choose from, the right ones among them
        moves = choice_rows(lesson.game, state, offered(lesson, progress), None, play)
    return (*moves, (Choice(words("learn.hint_button"), encode(LessonAction(index, "hint"))),))


OFFERED_MOVES = 8


def offered(lesson: Lesson, progress: Progress) -> list[Any]:
    """Where a game's board has no buttons, the moves a step offers as buttons: those that meet its goal (at most
    half) and other legal moves spread over the rest, in the order the rules list them (so the place of a button
    says nothing)."""
    state, _ = position(lesson, progress)
    step = step_of(lesson, progress)
    legal = list(state.legal_moves())
    right = judge.accepted(step, progress.line)[:OFFERED_MOVES // 2] if step is not None else []
    others = [m for m in legal if m not in right]
    spread = others[:: max(1, len(others) // (OFFERED_MOVES - len(right)))][:OFFERED_MOVES - len(right)]
    return [m for m in legal if m in right or m in spread]


def move_buttons(lesson: Lesson, progress: Progress, rows: Callable[[Callable[[int], str]], Any]) -> Any:
    """``rows`` of buttons that play moves of the learner's position (as a picked piece's moves)."""
    index = game_index(lesson.game)
    return rows(lambda i: encode(LessonMove(index, progress.step, len(progress.line), i)))


def board(lesson: Lesson, progress: Progress) -> tuple[State, list[Any], str]:
    """The position to show, the moves of the step that led to it and the square the step marks as its goal."""
    state, moves = position(lesson, progress)
    step = step_of(lesson, progress)
    return state, moves, step.mark if step is not None else ""


# -- the store ---------------------------------------------------------------------------------------------------------


async def opened(app: App, user_id: int, game: str, *, restart: bool = False) -> tuple[LessonRow, bool]:
    """The player's lesson of ``game``, begun when they never opened it, or again when ``restart`` (or after they
    finished it); and whether it was begun now."""
    lesson = LESSONS[game]
    row = await app.lessons.lesson(user_id, game)
    if row is not None and not restart and not progress_of(row, lesson).finished(lesson):
        return row, False
    row = await app.lessons.begin_lesson(user_id, game, Progress().to_dict())
    METRICS.lesson_reached(game, 0)
    return row, True


async def current(app: App, user_id: int) -> LessonRow | None:
    """The lesson the player touched last that is not finished, if any."""
    for row in await app.lessons.lessons_of(user_id):
        lesson = lesson_of(row.game)
        if lesson is not None and not progress_of(row, lesson).finished(lesson):
            return row
    return None


@dataclass(frozen=True)
class Acted:
    """A try kept: the lesson's ``row`` after it and what it did (``None``: the button was stale, nothing changed)."""

    row: LessonRow
    tried: Tried | None
    before: Progress


async def play(app: App, row: LessonRow, move: Any, *, at: tuple[int, int] | None = None) -> Acted:
    """The learner's legal ``move`` in their lesson ``row`` (as read), kept; ``at`` (step, ply) for a button, which
    must still fit. A second press of one button (the row changed meanwhile) changes nothing."""
    lesson = LESSONS[row.game]
    before = progress_of(row, lesson)
    if before.finished(lesson) or (at is not None and at != (before.step, len(before.line))):
        return Acted(row, None, before)
    tried = attempt(lesson, before, move)
    best = tuple(max(a, b) for a, b in zip(row.best, tried.progress.stars, strict=False))
    best += tried.progress.stars[len(best):]
    best += row.best[len(best):]
    try:
        row = await app.lessons.change_lesson(row, tried.progress.to_dict(), best, finished=tried.finished)
    except ConflictError:
        return Acted(row, None, before)
    if tried.step_done:
        METRICS.lesson_reached(row.game, tried.progress.step)
    return Acted(row, tried, before)


SHOWN = "lesson_shown"  # a user's preference: the lesson whose step was last shown to them, until they leave it


async def shown(app: App, user: User) -> LessonRow | None:
    """The lesson whose step is shown to ``user`` (what they type in their private chat goes to it), if any: the one
    last shown to them, unfinished, and not left since."""
    game = user.prefs.get(SHOWN)
    lesson = lesson_of(game) if isinstance(game, str) else None
    if lesson is None:
        return None
    row = await app.lessons.lesson(user.id, lesson.game)
    return row if row is not None and not progress_of(row, lesson).finished(lesson) else None


async def show(app: App, user: User, game: str | None) -> User:
    """Note that the step of ``game``'s lesson is shown to ``user`` now (``None``: no lesson is, they left it)."""
    if user.prefs.get(SHOWN) == game:
        return user
    return await app.people.set_prefs(user.id, {SHOWN: game})


def hint_of(row: LessonRow) -> Said | None:
    lesson = LESSONS[row.game]
    progress = progress_of(row, lesson)
    return None if progress.finished(lesson) else hinted(lesson, progress)


async def listing(app: App, user_id: int, words: Words) -> list[str]:
    """Every lesson, each with where the player is in it or the stars they earned."""
    rows = {row.game: row for row in await app.lessons.lessons_of(user_id)}
    said = [words("learn.list")]
    for game, lesson in LESSONS.items():
        row = rows.get(game)
        name, total = words.game(game), len(lesson.steps)
        if row is None:
            said.append(words("learn.list_new", game=name))
        elif row.finished_at is not None and len(row.best) == total:
            said.append(words("learn.list_done", game=name, stars=stars_text(row.best)))
        else:
            said.append(words("learn.list_going", game=name, n=progress_of(row, lesson).step + 1, total=total))
    return said


OFFERED = "lessons_offered"  # a user's preference: the games whose lesson their first 'play' offered


async def offer(app: App, user_id: int, prefs: dict[str, Any], game: str, words: Words) -> str | None:
    """Once per game, to someone who never played it nor opened its lesson: the line that offers the lesson;
    ``None`` otherwise."""
    offered = list(prefs.get(OFFERED) or [])
    if game not in LESSONS or game in offered or await app.lessons.lesson(user_id, game) is not None:
        return None
    if any(r.game == game and r.games for r in await app.ratings.of(user_id)):
        return None
    if any(row.game == game for row in await app.games.active_of(user_id)):
        return None
    await app.people.set_prefs(user_id, {OFFERED: [*offered, game]})
    return words("learn.offer", game=words.game(game), command=game)
