"""A board to think on: from any position of a game, moves for both sides that touch nothing (the game, its clocks,
its chat). During the game only its players may explore, and only the rules answer (no engine, no solver); after it
anyone may, and where the explored line follows the game the review's chances are shown beside its moves.

Stateless: the line is the page's (in its address, so it can be shared) and is read again by the rules each time.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from ai.engine import engine_for
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.pages import PAGE_MARKS, PageMove, Squares, cells_of, replay_of, row_of, tappable
from bot.service.strangers import Busy, StrangerLane
from bot.service.texts import Words
from render import board_svg, diagram
from rules import MoveError, get_game
from rules.core import State

log = logging.getLogger(__name__)

LONGEST = 200  # moves an explored line may hold


@dataclass(frozen=True)
class Exploration:
    """An explored position: from the game's ply ``start``, the ``line`` (each move in the game's notation, and as the
    reader reads it), the board after it (``svg``, ``diagram``, ``cells``), the legal moves there as a page taps them
    (index, taps, text, notation), whose turn it is and how it stands (``lines``), and, after the game, White's chances
    where the line follows the game (``chances``: one per move of the line, ``None`` off the game's path)."""

    start: int
    line: tuple[str, ...]
    shown: tuple[str, ...]
    svg: str
    diagram: str
    cells: tuple[Any, ...]
    moves: tuple[PageMove, ...]
    squares: Squares
    labels: dict[str, str]
    to_play: str | None
    lines: tuple[str, ...]
    chances: tuple[float | None, ...] = ()
    side: str | None = None  # the viewer's side in the game, if they play it
    latest: bool = False  # whether the line starts at the game's latest position while it goes on
    first_to_play: str | None = None  # who is to move where the line starts


PROOF_TIME = 0.5  # seconds the solvers may spend on an explored position after the game


async def proven(lane: StrangerLane, state: State) -> str | None:
    """Who wins ``state`` with best play, when the game's solvers settle it within :data:`PROOF_TIME` (in a worker
    thread, in ``lane``: after the bot's own searches; the same position, from any game or line, is solved once);
    ``None`` when they do not, or the game has none; :class:`Busy` when too many strangers' verdicts wait already."""
    def solve() -> str | None:
        until = time.monotonic() + PROOF_TIME
        try:
            proofs = engine_for(state.game_key).proofs(stop=lambda: time.monotonic() > until)
            return proofs.winner(state) if proofs is not None else None
        except Exception:  # a solver that cannot take this position proves nothing
            log.exception("the solvers failed on an explored position")
            return None

    key = ("verdict", state.game_key, json.dumps(state.to_dict(), sort_keys=True))
    return await lane.run(key, solve)


class ExploreRefused(ValueError):
    """Exploring this is not allowed (``key``: the message that says why), or the line does not read."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


async def explore(app: App, token: str, user_id: int | None, start: int | None, line: list[str],
                  words: Words) -> Exploration | None:
    """The position ``line`` reaches from ply ``start`` (``None``: the latest) of the game of page ``token``, as
    ``user_id`` (``None``: not signed in) may explore it; ``None`` for no such page; :class:`ExploreRefused` for a
    viewer who may not explore yet (a spectator during the game), a ply the game does not have, or a line that does not
    read (a move the rules refuse)."""
    row = await row_of(app, token)
    if row is None:
        return None
    if row.status == "active" and (user_id is None or row.side_of(user_id) is None):
        raise ExploreRefused("explore.players_only")
    history, states = replay_of(app, row)
    start = len(history) if start is None else start
    if not 0 <= start <= len(history) or len(line) > LONGEST:
        raise ExploreRefused("web.bad_ply")
    game, presenter = get_game(row.game), presenter_for(row.game)
    state, written = states[start], []
    for number, text in enumerate(line, 1):
        try:
            move = game.parse_move(state, text)
        except MoveError as exc:
            raise ExploreRefused("explore.illegal", step=number, move=text,
                                 why=words.move_error(exc, row.game, lambda t: presenter.move_text(t, words))) from exc
        written.append(game.format_move(state, move))
        state = state.play(move)
    chances: tuple[float | None, ...] = ()
    if row.status != "active":
        review = await app.games.review_of(row.id)
        white = review.get("white") if review else None
        played = [text for _, _, text in history]
        if white and len(white) == len(history) + 1:
            on_path = [played[start:start + i + 1] == written[:i + 1] for i in range(len(written))]
            chances = tuple(white[start + i + 1] if on_path[i] else None for i in range(len(written)))
    perspective = "black" if user_id is not None and row.side_of(user_id) == "black" else "white"
    moves, squares, labels = tappable(state, perspective, words)
    if state.outcome() is not None:
        lines: tuple[str, ...] = (words("explore.over"),)
    else:
        lines = (words("explore.to_move", side=words.side(state.to_play or "white")), presenter.hint(state, words))
        try:
            winner = await proven(app.strangers, state) if row.status != "active" else None  # in the game: the rules
        except Busy as busy:  # the position is shown all the same; its verdict when asked again
            lines += (words("explore.busy", seconds=busy.retry_after),)
            winner = None
        if winner is not None:
            lines += (words("explore.proven", side=words.side(winner)),)
    label = words("explore.title")
    return Exploration(start, tuple(written), tuple(presenter.move_text(m, words) for m in written),
                       board_svg(state, perspective=perspective, label=label, colorblind=PAGE_MARKS),
                       diagram(state, perspective, presenter.legend(state, words)), cells_of(state, perspective, words),
                       moves, squares, labels, state.to_play, tuple(line for line in lines if line), chances,
                       row.side_of(user_id) if user_id is not None else None,
                       row.status == "active" and start == len(history), states[start].to_play)
