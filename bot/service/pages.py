"""The web pages' side of the service: each game's and each chat's unguessable address, and what their pages show.

A page is read-only: nothing here changes a game. A game's page is found by its token (128 random bits, made the
first time the game is linked or shown, kept in the ``pages`` table), never by its number. A chat whose pages are
off (``settings chat pages off``) has no tokens: they were dropped, and none is made until its pages are on again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from ai.review import Review
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import Run, last_runs, moves_of, status_lines
from bot.service.drawing import board_picture
from bot.service.moves import history_of
from bot.service.page_links import chat_token, game_token, pages_on
from bot.service.texts import Words
from render import board_svg, can_write, diagram, square_boxes
from render.card import card_png
from rules import get_game
from rules.core import State
from storage import GameRow
from storage.models import NotFoundError


@dataclass(frozen=True)
class PlyView:
    """One move of a game's list: its ply (1 for the first move), who made it, its text in the game's notation,
    the round it belongs to (Kamisado matches; ``None`` otherwise) and the review's verdict on it, if any."""

    ply: int
    side: str | None
    text: str
    round: int | None = None
    verdict: str | None = None
    better: str | None = None
    note: str = ""  # what the move brought about besides itself (a pass it caused, a push, a round won)


@dataclass(frozen=True)
class GameView:
    """What a game's page shows, read from the stored game."""

    token: str
    game_id: int
    game: str
    version: int
    status: str
    names: dict[str, str]
    ratings: dict[str, int | None]
    to_play: str | None
    deadline: float | None
    lines: tuple[str, ...]  # whose turn, or how it ended (with the score), in the reader's language
    plies: tuple[PlyView, ...]
    chances: tuple[float, ...] = ()  # White's winning chances after each ply (from the start), when reviewed
    chat_token: str | None = None

    @property
    def ply(self) -> int:
        """The number of moves played."""
        return len(self.plies)


@dataclass(frozen=True)
class Position:
    """A game's board after ``ply`` moves: the SVG picture, its text alternative, and the moves it marks."""

    ply: int
    svg: str
    diagram: str
    cells: tuple[Any, ...] = ()  # the squares in words, row by row as drawn (see :func:`cells_of`)
    beside: str = ""  # what is not on the squares, in words: the score, the stones in hand (the board's B key)


PAGE_MARKS = True  # a page's boards always carry the colour-blind marks: colour is never the only sign there
PREVIEW_SIZE = 570  # pixels: the board on a link preview's card (630 high)


async def page_target(app: App, token: str, kind: str) -> tuple[int, int] | None:
    """(what the page shows, its chat) of the page ``token`` of ``kind``, or ``None``: no such page, or its chat's
    pages are off."""
    found = await app.pages.page_of(token)
    if found is None or found[0] != kind:
        return None
    chat = await app.people.chat_by_id(found[2])
    return (found[1], found[2]) if pages_on(chat.settings) else None


async def row_of(app: App, token: str) -> GameRow | None:
    """The game of the page ``token`` as stored now, or ``None`` when there is no such page (or game)."""
    found = await page_target(app, token, "game")
    if found is None:
        return None
    try:
        return await app.games.fresh(found[0])
    except NotFoundError:
        return None


def replay_of(app: App, row: GameRow) -> tuple[Run, list[State]]:
    """``row``'s moves and the state after each ply (index 0: the start), replayed once per version."""
    key = (row.id, row.version)
    found: tuple[Run, list[State]] | None = app.replays.get(key)
    if found is None:
        history = history_of(row)
        states = [get_game(row.game).new_state(**row.options)]
        for _, move, _ in history:
            states.append(states[-1].play(move))
        found = app.replays[key] = (history, states)
    return found


async def ratings_of(app: App, row: GameRow) -> dict[str, int | None]:
    """Each side's player's rating in ``row``'s game, rounded (``None`` for the built-in opponent)."""
    ratings: dict[str, int | None] = {}
    for side in ("white", "black"):
        person = await app.people.by_id(row.player_of(side))
        ratings[side] = None if person.is_bot else round(await app.ratings.rating(person.id, row.game))
    return ratings


async def game_view(app: App, token: str, words: Words) -> GameView | None:
    """What the page of ``token`` shows, in ``words``; ``None`` when no game's page has that token."""
    row = await row_of(app, token)
    if row is None:
        return None
    names, ratings = await app.people.names(row), await ratings_of(app, row)
    history, states = replay_of(app, row)
    state = get_game(row.game).state_from_dict(row.state)  # as stored: with a resignation or a loss on time
    lines = tuple(await status_lines(app, words, row, state, names))
    review = await _review(app, row)
    verdicts = {m.ply: m for m in review.moves} if review else {}
    plies = []
    presenter = presenter_for(row.game)
    for number, (mover, move, written) in enumerate(history, 1):
        judged = verdicts.get(number)
        note = " ".join(presenter.events(states[number - 1], move, states[number], names, words))
        plies.append(PlyView(number, mover, presenter.move_text(written, words), getattr(states[number - 1], "round", None),
                             judged.verdict if judged else None,
                             presenter.move_text(judged.better, words) if judged and judged.better else None, note))
    chances = tuple(review.white) if review and len(review.white) == len(plies) + 1 else ()
    return GameView(token, row.id, row.game, row.version, row.status, names, ratings,
                    state.to_play if row.status == "active" else None, row.deadline if row.status == "active" else None,
                    lines, tuple(plies), chances, await chat_token(app, row.chat_id))


async def _review(app: App, row: GameRow) -> Review | None:
    if row.status == "active":
        return None
    kept = await app.games.review_of(row.id)
    return Review.from_dict(kept) if kept is not None and Review.is_current(kept) else None


async def position(app: App, token: str, ply: int | None, words: Words, perspective: str = "white") -> Position | None:
    """The board of ``token``'s game after ``ply`` moves (``None``: the latest), seen from ``perspective``'s side, or
    ``None`` when there is no such page; :class:`ValueError` when the game has no such ply."""
    row = await row_of(app, token)
    if row is None:
        return None
    history, states = replay_of(app, row)
    ply = len(history) if ply is None else ply
    if not 0 <= ply <= len(history):
        raise ValueError(f"game has no ply {ply}: it has {len(history)}")
    state = states[ply]
    key = (row.id, row.version, ply, words.language, perspective)
    board: Position | None = app.boards.get(key)
    if board is None:
        runs = last_runs(history, ply)
        label = words("web.position", ply=ply) if ply else words("web.start")
        svg = board_svg(state, perspective=perspective, last_move=moves_of(runs, 0), earlier_move=moves_of(runs, 1),
                        label=label, colorblind=PAGE_MARKS)
        presenter = presenter_for(row.game)
        board = app.boards[key] = Position(ply, svg, diagram(state, perspective, presenter.legend(state, words)),
                                           cells_of(state, perspective, words), presenter.beside(state, words))
    return board


@dataclass(frozen=True)
class PageMove:
    """A legal move as a page offers it: its index among the legal moves, what is tapped to make it, its text in the
    reader's words, and its notation (as the game stores it)."""

    index: int
    taps: tuple[str, ...]
    text: str
    notation: str = ""


Squares = dict[str, tuple[float, float, float, float]]


def tappable(state: State, perspective: str, words: Words) -> tuple[tuple[PageMove, ...], Squares, dict[str, str]]:
    """What a page offers to tap in ``state`` seen from ``perspective``'s side: every legal move, where the board's
    squares lie, and the words of the taps that are no square (a refill's side, a chain's end).

    >>> from rules import get_game
    >>> moves, squares, labels = tappable(get_game("kamisado").new_state(), "white", Words("en"))
    >>> len(squares), moves[0].taps[0] in squares, labels
    (64, True, {})
    """
    game, presenter = get_game(state.game_key), presenter_for(state.game_key)
    moves = []
    for index, move in enumerate(state.legal_moves() if state.outcome() is None else ()):
        notation = game.format_move(state, move)
        moves.append(PageMove(index, tuple(game.taps(state, move)), presenter.move_text(notation, words), notation))
    squares = square_boxes(state, perspective)
    labels = {tap: presenter.tap_label(state, tap, words) for move in moves for tap in move.taps if tap not in squares}
    return tuple(moves), squares, labels


def cells_of(state: State, perspective: str, words: Words) -> tuple[Any, ...]:
    """Every square of ``state``'s board in the reader's words, row by row as the picture seen from ``perspective``
    shows them (the top row first, each from left to right): ``[name, words, [x, y, width, height], occupied]``, the
    box in the picture's units, so a page moves a keyboard's focus over the picture as over the squares' list.

    >>> from rules import get_game
    >>> rows = cells_of(get_game("kamisado").new_state(), "white", Words("en"))
    >>> len(rows), [cell[:2] for cell in rows[0][:2]]
    (8, [['a8', 'black orange tower; orange square'], ['b8', 'black blue tower; blue square']])
    """
    presenter, empty = presenter_for(state.game_key), words("square.empty")
    rows: dict[float, list[list[Any]]] = {}
    for name, box in square_boxes(state, perspective).items():
        said = presenter.square_words(state, name, words)
        rows.setdefault(box[1], []).append([name, said, list(box), not said.startswith(empty)])
    return tuple(sorted(row, key=lambda cell: cell[2][0]) for _, row in sorted(rows.items()))


def moves_data(view: GameView) -> list[list[Any]]:
    """The move list as a page's script reads it: [ply, side, text, round, verdict, better, note] each."""
    return [[p.ply, p.side, p.text, p.round, p.verdict, p.better, p.note] for p in view.plies]


TAIL = 8  # moves an update repeats before the change: enough for a takeback, little to send to a thousand pages


async def update_of(app: App, game_id: int, words: Words, whole: bool = False) -> dict[str, Any] | None:
    """What the open pages of game ``game_id`` are told after a change (its view and its latest board), or ``None``
    when the game has no page any more. The moves are the last :data:`TAIL` and the rest from ``from`` on (all of
    them when ``whole``): a page that has fewer than ``from`` reloads."""
    try:
        row = await app.games.fresh(game_id)
    except NotFoundError:
        return None
    token = await game_token(app, row)
    if token is None:
        return None
    view = await game_view(app, token, words)
    board = await position(app, token, None, words)
    if view is None or board is None:
        return None
    first = 0 if whole else max(0, view.ply - TAIL)
    return {"ply": view.ply, "version": view.version, "status": view.status, "lines": list(view.lines),
            "deadline": view.deadline, "from": first, "moves": moves_data(view)[first:], "svg": board.svg,
            "diagram": board.diagram, "cells": board.cells, "beside": board.beside, "reviewed": bool(view.chances)}


async def preview(app: App, token: str) -> bytes | None:
    """The card a shared link of ``token``'s game previews (PNG, 1200×630): its name, the players with their ratings,
    whose turn or the result, and the latest board, in the chat's language (English where the card cannot write its
    script); ``None`` when there is no such page; :class:`Busy` when too many strangers' cards and verdicts wait."""
    row = await row_of(app, token)
    if row is None:
        return None
    chat = await app.people.chat_by_id(row.chat_id)
    card: tuple[str, list[str], list[str]] = ("", [], [])
    for words in (Words(chat.settings.get("language") or app.config.default_language), Words("en")):
        view = await game_view(app, token, words)
        if view is None:
            return None
        players = [f"{words.side(side)[:1].upper()}{words.side(side)[1:]}: {view.names[side]}"
                   + (f" ({view.ratings[side]})" if view.ratings[side] is not None else "") for side in ("white", "black")]
        card = (f"{words.game(row.game)} #{row.id}", players, [*view.lines, words("card.moves", count=view.ply)])
        if all(can_write(text) for text in (card[0], *card[1], *card[2])):
            break
    key = ("card", row.id, row.version, repr(card))  # the same until the game, its words or its players' ratings change
    kept = app.strangers.kept(key)
    if isinstance(kept, bytes):
        return kept
    history, states = replay_of(app, row)
    runs = last_runs(history)
    board = await board_picture(states[-1], last_move=moves_of(runs, 0), earlier_move=moves_of(runs, 1),
                                size=PREVIEW_SIZE, colorblind=PAGE_MARKS)
    return await app.strangers.run(key, partial(card_png, board, *card))  # after the bot's searches; Busy when too many wait
