"""A finished game gone through move by move: where it was won and lost.

Every move is judged by one measure. The move played and the move the master would have played are
both searched to the same horizon from the position after them (the master's plain search at a fixed
depth, so the same game always gets the same review), and what the move played loses of its player's
expected score (0 to 1) against the better of the two gives the verdict: a move is "best" only when it
loses nothing. Where the master's solvers settle positions (Kamisado rounds without teeth, by the book
and the round solver; Ashtarashki endgames of eight unfinished stones or fewer, by the endgame prover),
both sides of the comparison are proofs: a move that keeps a proven result is "best" or "good" (good
when the search prefers another move that keeps it too), and one that turns a proven win into a proven
loss is a proven blunder, with a move that keeps the win as the better one.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.engine import engine_for
from ai.search import WIN
from rules import get_game
from rules.core import State

# Plies searched after a move, per game (a 60-turn game in seconds). Krepost's judgement favours the side that moved
# last, so its positions are searched to two horizons, one of each parity, and the two expected scores averaged.
HORIZONS = {"kamisado": (6,), "ashtarashki": (4,), "krepost": (2, 3)}
SCALES = {"kamisado": 150.0, "ashtarashki": 8.0, "krepost": 25.0}  # a value this large is about 73% expected
PROVEN = WIN / 2
MEASURE = 3  # how moves are judged: a review kept under an older measure is made again
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
LOSSES = (0.05, 0.12, 0.25)  # expected score lost from which a move is an inaccuracy, a mistake, a blunder
NOTES = ("prisoner_given",)  # what an engine's hazard says a move gave away for nothing (review.note.<code>)


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
    note: str | None = None  # what the move gave away for nothing (a ``review.note.<code>``), whatever its loss

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)


@dataclass(frozen=True)
class Review:
    """A whole game's review: every move's verdict, White's expected score after each ply (from the start),
    and the plies after which a new round (or, in a game without rounds, a new phase) began."""

    game: str
    moves: list[MoveReview]
    white: list[float]
    boundaries: list[int] = field(default_factory=list)

    def worst(self, player: str, count: int = 3) -> list[MoveReview]:
        """The player's ``count`` costliest moves that were not the best, costliest first."""
        theirs = [m for m in self.moves if m.mover == player and m.verdict in VERDICTS[2:]]
        return sorted(theirs, key=lambda m: (-m.loss, m.ply))[:count]

    def decisive(self) -> MoveReview | None:
        """The turn that decided the game: the costliest mistake or blunder, a proven one before any other."""
        errors = [m for m in self.moves if m.verdict in ("mistake", "blunder")]
        return max(errors, key=lambda m: (m.exact, m.loss, -m.ply), default=None)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "measure": MEASURE, "white": self.white, "boundaries": self.boundaries,
                "moves": [[m.ply, m.mover, m.move, m.verdict, m.before, m.after, m.better, m.exact, m.note]
                          for m in self.moves]}

    @staticmethod
    def is_current(data: dict[str, Any]) -> bool:
        """Whether a kept review (:meth:`to_dict`) judged its moves as reviews are judged now."""
        return data.get("measure") == MEASURE

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        moves = [MoveReview(int(p), str(w), str(t), str(v), float(b), float(a), b2, bool(e), *rest)
                 for p, w, t, v, b, a, b2, e, *rest in data["moves"]]
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
    judge = _Judge(key, cancel)
    state = game.new_state(**options)
    reviewed: list[MoveReview] = []
    white = [judge.start(state)]
    boundaries: list[int] = []
    for ply, text in enumerate(moves, 1):
        if cancel is not None and cancel.is_set():
            raise Cancelled
        mover = state.to_play or "white"
        move = game.parse_move(state, text)
        after = state.play(move)
        judged = judge.move(state, move, after)
        better = game.format_move(state, judged.better) if judged.better is not None else None
        reviewed.append(MoveReview(ply, mover, text, judged.verdict, round(judged.before, 4), round(judged.after, 4),
                                   better, judged.exact, judged.note))
        white.append(round(judged.shown if mover == "white" else 1.0 - judged.shown, 4))
        if _new_stage(state, after):
            boundaries.append(ply)
        state = after
        if progress is not None:
            progress(ply, len(moves))
    return Review(key, reviewed, white, boundaries)


@dataclass(frozen=True)
class _Judged:
    verdict: str
    before: float
    after: float
    better: Any
    exact: bool
    shown: float  # the mover's expected score after the move, as the graph shows it: the proof when known
    note: str | None = None


class _Judge:
    """Values of positions and moves for one game's review: every search at the same horizon, every proof
    from one memory of the solvers, each position searched and settled once."""

    def __init__(self, key: str, cancel: threading.Event | None = None) -> None:
        self.key = key
        self.engine = engine_for(key)
        self.proofs = self.engine.proofs(stop=cancel.is_set if cancel is not None else None)
        self.horizons = HORIZONS[key]
        self.searches: dict[Any, tuple[Any, float]] = {}
        self.winners: dict[Any, str | None] = {}

    def move(self, state: State, move: Any, after: State) -> _Judged:
        """The verdict on ``move`` (played in ``state``, reaching ``after``) against the master's choice."""
        mover = state.to_play or "white"
        choice = self._search(state)[0]
        searched, proven = self._searched(state, after, mover), self._proven(state, after, mover)
        best = searched if choice == move else self._searched(state, state.play(choice), mover)
        won = self._winner(state)
        if won is None and proven == 1.0:
            won = mover  # a move that wins proves the position won
        if won is not None and proven is not None:
            before = 1.0 if won == mover else 0.0
            if proven < before:
                return _Judged("blunder", before, proven, self._keeping(state), True, proven)
            # Keeping a win loses nothing; in a lost position the search tells the stiffer resistance.
            kept = "best" if before == 1.0 or searched >= best else "good"
            return _Judged(kept, before, proven, None, True, proven)
        before = max(best, searched)
        loss = before - searched
        verdict = "best" if loss <= 0 else _verdict(loss)
        better = choice if verdict in VERDICTS[2:] else None
        shown = proven if proven is not None else searched
        hazard = self.engine.hazard(state, move, after)
        if hazard is None:
            return _Judged(verdict, before, searched, better, False, shown)
        note, keeping = hazard
        if verdict in VERDICTS[:2]:  # near a sure result every move scores alike; giving something away does not
            verdict = "inaccuracy"
            safe_choice = choice != move and self.engine.hazard(state, choice, state.play(choice)) is None
            better = choice if safe_choice else keeping
        return _Judged(verdict, before, searched, better, False, shown, note)

    def start(self, state: State) -> float:
        """White's expected score in the game's first position (proven when the solvers settle it)."""
        winner = self._winner(state)
        if winner is not None:
            return 1.0 if winner == "white" else 0.0
        mine = self._search(state)[1]
        return round(mine if state.to_play == "white" else 1.0 - mine, 4)

    def _searched(self, state: State, after: State, mover: str) -> float:
        """What reaching ``after`` from ``state`` is worth to ``mover`` by the search: the end of the game or of a
        round it brings, else ``after`` searched to the horizon."""
        ended = _ended(state, after, mover)
        if ended is not None:
            return ended
        mine = self._search(after)[1]
        return mine if after.to_play == mover else 1.0 - mine

    def _proven(self, state: State, after: State, mover: str) -> float | None:
        """What reaching ``after`` is proven worth to ``mover`` (the end it brings, or the solvers' verdict), if known."""
        ended = _ended(state, after, mover)
        if ended is not None:
            return ended
        winner = self._winner(after)
        return None if winner is None else 1.0 if winner == mover else 0.0

    def _search(self, state: State) -> tuple[Any, float]:
        """The master's move in ``state`` (from the deepest horizon) and its player's expected score there."""
        key = _position(state)
        if key not in self.searches:
            results = [self.engine.searched(state, horizon) for horizon in self.horizons]
            score = sum(expected(result.value, self.key) for result in results) / len(results)
            self.searches[key] = (results[-1].move, score)
        return self.searches[key]

    def _winner(self, state: State) -> str | None:
        if self.proofs is None or state.outcome() is not None:
            return None
        key = _position(state)
        if key not in self.winners:
            self.winners[key] = self.proofs.winner(state)
        return self.winners[key]

    def _keeping(self, state: State) -> Any:
        assert self.proofs is not None
        return self.proofs.keeping(state)


def _new_stage(before: State, after: State) -> bool:
    """Whether a new round began (in a game of rounds), or a new phase of play (in a game without them)."""
    if hasattr(after, "round"):
        return bool(after.round != getattr(before, "round", None))
    return after.phase != before.phase and after.phase != "over"


def _position(state: State) -> Any:
    return json.dumps(state.to_dict(), sort_keys=True)


def _ended(before: State, after: State, player: str) -> float | None:
    """``player``'s score when their move from ``before`` ended the game (1, ½ or 0) or a match's round (1 or
    0), else ``None``."""
    outcome = after.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else 1.0 if outcome.winner == player else 0.0
    score, earlier = getattr(after, "score", None), getattr(before, "score", None)
    if score is not None and earlier is not None and score != earlier:
        return 1.0 if score[player] > earlier[player] else 0.0
    return None


def _verdict(loss: float) -> str:
    """The verdict on a move that is not the best, by the expected score it lost."""
    for verdict, threshold in zip(VERDICTS[1:4], LOSSES, strict=True):
        if loss < threshold:
            return verdict
    return "blunder"
