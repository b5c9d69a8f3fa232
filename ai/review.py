"""A finished game gone through move by move: where it was won and lost.

Each position is searched by the master at a fixed depth (so the same game always gets the same
review), and each move played is searched at the same horizon (the position after it, one ply
less), so the two values compare. Where the master's solvers settle a position (Kamisado rounds
without teeth, Ashtarashki endgames of eight unfinished stones or fewer) the values are proofs, and
the verdict is exact. Values become the mover's expected score (0 to 1); what a move loses of it
gives the verdict.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ai
from ai.search import WIN
from rules import get_game
from rules.core import State

DEPTHS = {"kamisado": 7, "ashtarashki": 5, "krepost": 3}  # the master's depth per game: a 60-turn game in seconds
SCALES = {"kamisado": 150.0, "ashtarashki": 8.0, "krepost": 25.0}  # a value this large is about 73% expected
PROVEN = WIN / 2
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
LOSSES = (0.05, 0.12, 0.25)  # expected score lost from which a move is an inaccuracy, a mistake, a blunder


class Cancelled(Exception):
    """The review was called off."""


@dataclass(frozen=True)
class MoveReview:
    """One move: who played it, its verdict, the expected score it left its player (and what the best move
    would have), the better move when there was one, and whether both values are proofs."""

    ply: int
    mover: str
    move: str
    verdict: str
    before: float
    after: float
    better: str | None
    exact: bool

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)


@dataclass(frozen=True)
class Review:
    """A whole game's review: every move's verdict, White's expected score after each ply (from the start),
    and the plies where a new round or phase began."""

    game: str
    moves: list[MoveReview]
    white: list[float]
    boundaries: list[int] = field(default_factory=list)

    def worst(self, player: str, count: int = 3) -> list[MoveReview]:
        """The player's ``count`` costliest moves that were not the best, costliest first."""
        theirs = [m for m in self.moves if m.mover == player and m.verdict in VERDICTS[2:]]
        return sorted(theirs, key=lambda m: (-m.loss, m.ply))[:count]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "white": self.white, "boundaries": self.boundaries,
                "moves": [[m.ply, m.mover, m.move, m.verdict, m.before, m.after, m.better, m.exact] for m in self.moves]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        moves = [MoveReview(int(p), str(w), str(t), str(v), float(b), float(a), b2, bool(e))
                 for p, w, t, v, b, a, b2, e in data["moves"]]
        return cls(str(data["game"]), moves, [float(x) for x in data["white"]], [int(x) for x in data["boundaries"]])


def expected(value: float, key: str) -> float:
    """The expected score of a search value for the player it belongs to: proofs are 0 or 1."""
    if value >= PROVEN:
        return 1.0
    if value <= -PROVEN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / SCALES[key]))


def review(key: str, options: dict[str, Any], moves: Sequence[str], *, cancel: threading.Event | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of a game of ``key`` with ``options`` and its move texts (events such as ``!resign`` left
    out); ``progress(done, total)`` is told after each move; raises :class:`Cancelled` when ``cancel`` is set."""
    game = get_game(key)
    depth = DEPTHS[key]
    state = game.new_state(**options)
    reviewed: list[MoveReview] = []
    white = [0.5]
    boundaries: list[int] = []
    best = _search(state, depth)
    for ply, text in enumerate(moves, 1):
        if cancel is not None and cancel.is_set():
            raise Cancelled
        mover = state.to_play or "white"
        move = game.parse_move(state, text)
        after = state.play(move)
        before_value = best.value if best is not None else 0.0
        played_value = _value_for(state, after, mover, depth - 1, key)
        next_best = _search(after, depth) if after.outcome() is None else None
        e_before, e_after = expected(before_value, key), played_value
        exact = abs(before_value) >= PROVEN and (e_after in (0.0, 1.0))
        better = None
        if best is not None and best.move != move:
            verdict = _verdict(e_before - e_after)
            if verdict in VERDICTS[2:]:
                better = game.format_move(state, best.move)
        else:
            verdict = "best"
        reviewed.append(MoveReview(ply, mover, text, verdict, round(e_before, 4), round(e_after, 4), better, exact))
        white.append(round(e_after if mover == "white" else 1.0 - e_after, 4))
        if getattr(after, "round", None) != getattr(state, "round", None) or after.phase != state.phase:
            boundaries.append(ply)
        state, best = after, next_best
        if progress is not None:
            progress(ply, len(moves))
    return Review(key, reviewed, white, boundaries)


def _search(state: State, depth: int) -> Any:
    if state.outcome() is not None or not state.legal_moves():
        return None
    return ai.analyse(state, level="master", depth=depth, seed=0)


def _value_for(before: State, state: State, player: str, depth: int, key: str) -> float:
    """``player``'s expected score in ``state``, reached from ``before`` by their move: the game's or the
    round's end (a match's score changed), or ``state`` searched ``depth`` plies."""
    outcome = state.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else 1.0 if outcome.winner == player else 0.0
    score, earlier = getattr(state, "score", None), getattr(before, "score", None)
    if score is not None and earlier is not None and score != earlier:
        return 1.0 if score[player] > earlier[player] else 0.0
    result = ai.analyse(state, level="master", depth=max(1, depth), seed=0)
    assert result is not None
    mine = expected(result.value, key)
    return mine if state.to_play == player else 1.0 - mine


def _verdict(loss: float) -> str:
    """The verdict on a move that is not the best, by the expected score it lost."""
    for verdict, threshold in zip(VERDICTS[1:4], LOSSES, strict=True):
        if loss < threshold:
            return verdict
    return "blunder"
