"""The lessons on the web pages: what ``/learn/<game>`` shows its viewer and what a tap there does, judged as in the
chat. A signed-in viewer's lesson is the one their chats share (stored); a guest's progress lives in their page,
which sends it back with each tap and is checked again here (a page cannot claim a line the rules do not allow)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.lessons import LESSONS, Lesson, tutor
from bot.service.lessons.course import Progress, attempt, hinted, position
from bot.service.pages import PAGE_MARKS, PageMove, Squares, cells_of, tappable
from bot.service.texts import Words
from render import board_svg, diagram


@dataclass(frozen=True)
class LessonView:
    """What the page of a lesson shows: ``lines`` (what was said, the title, the task), the board (``svg``, its text
    ``diagram``), the ``moves`` to tap as (index, taps, text) with where the ``squares`` lie and the words of taps that
    are no square (``labels``), the goal square (``mark``), the step and ply it is at, the ``progress`` (a guest's
    page keeps it), the ``actions`` (name, words) and whether the lesson is ``open`` (not finished)."""

    game: str
    lines: tuple[str, ...]
    svg: str
    diagram: str
    moves: tuple[PageMove, ...]
    squares: dict[str, tuple[float, float, float, float]]
    labels: dict[str, str]
    mark: str
    step: int
    ply: int
    progress: dict[str, Any]
    actions: tuple[tuple[str, str], ...]
    open: bool
    role: str = "player"
    name: str | None = None
    said: tuple[str, ...] = ()
    cells: tuple[Any, ...] = ()  # the squares in words (see ``pages.cells_of``)


class LessonPages:
    """The lessons' face for the web front end."""

    def __init__(self, app: App) -> None:
        self._app = app

    def games(self) -> list[str]:
        return list(LESSONS)

    async def view(self, game: str, user_id: int | None, words: Words, kept: str | None = None,
                   said: tuple[str, ...] = ()) -> LessonView | None:
        """The lesson of ``game`` as its page shows it to the signed-in ``user_id`` (their stored lesson, begun if
        they never opened it) or to a guest (the progress their page ``kept``, as JSON); ``None``: no such lesson,
        and :class:`ValueError` for a kept progress that is no way through it."""
        lesson = LESSONS.get(game)
        if lesson is None:
            return None
        name = None
        if user_id is not None:
            row, _ = await tutor.opened(self._app, user_id, game)
            progress = tutor.progress_of(row, lesson)
            name = await self._name(user_id)
        else:
            progress = Progress.from_dict(json.loads(kept), lesson) if kept else Progress()
        return _view(lesson, progress, words, said, name)

    async def act(self, game: str, user_id: int | None, words: Words, *, kept: str | None = None, step: int | None = None,
                  ply: int | None = None, index: int | None = None, action: str | None = None) -> LessonView | None:
        """A tap on the page: legal move ``index`` at (``step``, ``ply``), or an ``action`` (``hint``, ``restart``);
        the page after it, with what was said. A stale tap changes nothing and says so."""
        lesson = LESSONS.get(game)
        if lesson is None:
            return None
        if user_id is not None:
            row, _ = await tutor.opened(self._app, user_id, game, restart=action == "restart")
            progress = tutor.progress_of(row, lesson)
        else:
            row = None
            progress = Progress() if action == "restart" else (
                Progress.from_dict(json.loads(kept), lesson) if kept else Progress())
        if action == "hint" and not progress.finished(lesson):
            return await self._after(lesson, user_id, words, progress, (tutor.say(words, hinted(lesson, progress)),))
        if action is not None or index is None:
            return await self._after(lesson, user_id, words, progress, ())
        state, _ = position(lesson, progress)
        legal = state.legal_moves()
        if progress.finished(lesson) or (step, ply) != (progress.step, len(progress.line)) or index >= len(legal):
            return await self._after(lesson, user_id, words, progress, (words("learn.too_late"),))
        move, before = legal[index], progress
        if row is not None:
            acted = await tutor.play(self._app, row, move, at=(progress.step, len(progress.line)))
            if acted.tried is None:
                return await self._after(lesson, user_id, words, progress, (words("learn.too_late"),))
            tried, progress = acted.tried, acted.tried.progress
        else:
            tried = attempt(lesson, progress, move)
            progress = tried.progress
        said = tuple(tutor.say(words, s, lesson.game) for s in tutor.tried_said(words, lesson, before, tried))
        return _view(lesson, progress, words, said, await self._name(user_id))

    async def _after(self, lesson: Lesson, user_id: int | None, words: Words, progress: Progress,
                     said: tuple[str, ...]) -> LessonView:
        return _view(lesson, progress, words, said, await self._name(user_id))

    async def _name(self, user_id: int | None) -> str | None:
        user = await self._app.people.by_id(user_id) if user_id is not None else None
        return user.name if user else None


def _view(lesson: Lesson, progress: Progress, words: Words, said: tuple[str, ...], name: str | None) -> LessonView:
    said_lines = tutor.lines(words, lesson, progress)
    state, moves, mark = tutor.board(lesson, progress)
    title = said_lines.title
    svg = board_svg(state, perspective="white", last_move=moves[-1:] or None, earlier_move=moves[-2:-1] or None,
                    label=title, colorblind=PAGE_MARKS)
    text = diagram(state, "white", presenter_for(lesson.game).legend(state, words))
    open_ = not progress.finished(lesson)
    offered: tuple[PageMove, ...] = ()
    squares: Squares = {}
    labels: dict[str, str] = {}
    if open_:
        offered, squares, labels = tappable(state, "white", words)
    actions = (("hint", words("learn.hint_button")),) if open_ else (("restart", words("learn.restart")),)
    shown = (title, said_lines.task) if open_ else (title, words("learn.web.next", command=lesson.game))
    return LessonView(lesson.game, shown, svg, text, offered, squares, labels,
                      mark, progress.step, len(progress.line), progress.to_dict(), actions, open_, "player", name, said,
                      cells_of(state, "white", words))
