"""Perfect play in Kamisado rounds without teeth (a single round, a match's first round).

Both players play from the book (:mod:`ai.kamisado.book`) where it has their position: the starter
always, the second player wherever the starter has left its book with a move that loses. Off the
book, any player to move first looks for a proven win of their own with the solver; failing that,
moves the solver proves lost are avoided, and when every move is lost, the move whose proof is
longest is played: the longest resistance against the solver's own best play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.kamisado.book import book_move, position_of
from ai.kamisado.solver import LOSS, WIN, Position, Solver, successor
from rules.core import other
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import SQUARE_INDEX

PROOF_NODES = 200_000  # solver positions a review may spend settling one position (its table serves the next)


@dataclass(frozen=True)
class RoundAdvice:
    """What the solver knows about the moves of a position.

    ``move`` is set when the solver settles the choice (a win, or the longest resistance when
    every move is lost); otherwise ``avoid`` lists the moves proven to lose.
    """

    move: KamisadoMove | None
    avoid: frozenset[KamisadoMove]
    proven: str  # "win", "loss" or "open"


def advise(state: KamisadoState, node_limit: int = 200_000, deadline: float | None = None) -> RoundAdvice | None:
    """Advice for the player to move in a round without teeth, or None when it does not apply.

    With ``deadline`` (a ``time.perf_counter()`` value) the proofs stop when it passes: moves not
    looked at by then are open, and a lost round is resisted with the first lost move found.
    """
    position = position_of(state)
    if position is None:
        return None
    from_book = book_move(state)
    if from_book is not None:
        return RoundAdvice(from_book, frozenset(), "win")
    me = position[16]
    moves = [m for m in state.legal_moves() if isinstance(m, KamisadoMove)]
    share = max(200, node_limit // max(1, 2 * len(moves)))
    lost: dict[KamisadoMove, tuple[Solver | None, Position | None]] = {}
    for move in moves:
        if deadline is not None and time.perf_counter() > deadline:
            return RoundAdvice(None, frozenset(lost), "open")
        child, result = _after(position, move)
        if result == WIN:
            return RoundAdvice(move, frozenset(), "win")
        if result == LOSS:
            lost[move] = (None, None)
            continue
        assert child is not None
        mine = Solver(attacker=me, limit=share)
        if mine.prove(child):
            return RoundAdvice(move, frozenset(), "win")
        theirs = Solver(attacker=1 - me, limit=share)
        if theirs.prove(child):
            lost[move] = (theirs, child)
    if len(lost) == len(moves):
        return RoundAdvice(_longest(lost, deadline), frozenset(lost), "loss")
    return RoundAdvice(None, frozenset(lost), "open")


def _longest(lost: dict[KamisadoMove, tuple[Solver | None, Position | None]], deadline: float | None) -> KamisadoMove:
    """The lost move whose proof is longest (measured while there is time; the rest count as short)."""
    lengths: dict[KamisadoMove, int] = {}
    for move, (solver, child) in lost.items():
        if solver is None or child is None:
            lengths[move] = -1  # it loses at once: any other lost move resists longer
        elif deadline is not None and time.perf_counter() > deadline:
            lengths[move] = 0
        else:
            lengths[move] = _proof_length(solver, child)
    return max(lost, key=lambda m: lengths[m])


def _tower(position: Position, move: KamisadoMove) -> int:
    return position[:16].index(SQUARE_INDEX[move.start])


def _after(position: Position, move: KamisadoMove) -> tuple[Position | None, int]:
    return successor(position, _tower(position, move), SQUARE_INDEX[move.end])


def _proof_length(solver: Solver, position: Position) -> int:
    """Plies until the attacker wins when it takes its shortest proven move and the defender its longest."""
    memo: dict[Position, int] = {}

    def length(node: Position) -> int:
        known = memo.get(node)
        if known is not None:
            return known
        attacking = node[16] == solver.attacker
        best: int | None = None
        for _, child, result in solver.children(node):
            if child is None:
                if (result == WIN) == attacking:
                    plies = 1
                else:
                    continue
            elif solver.numbers(child)[0] != 0:
                continue
            else:
                plies = 1 + length(child)
            if best is None or (plies < best if attacking else plies > best):
                best = plies
        memo[node] = best if best is not None else 1
        return memo[node]

    return length(position)


class RoundProofs:
    """The book and one solver, whose table serves every position of a game: the positions of one line share
    most of their proofs, so a whole round is settled for little more than its hardest position."""

    def __init__(self, nodes: int = PROOF_NODES, stop: Callable[[], bool] | None = None) -> None:
        self.nodes = nodes
        self.solver = Solver(attacker=0, limit=0, stop=stop)  # the starter, as the book sees every round

    def winner(self, state: Any) -> str | None:
        """Who wins the round of ``state`` with best play (the book, else the solver within ``nodes`` more
        positions); ``None`` for a round with teeth, or one the solver does not settle in time."""
        position = position_of(state) if isinstance(state, KamisadoState) else None
        if position is None:
            return None
        if book_move(state) is not None:
            return str(state.to_play)
        self.solver.limit = self.solver.nodes + self.nodes
        starter_wins = self.solver.prove(position)
        if starter_wins is None:
            return None
        return state.starter if starter_wins else other(state.starter)

    def keeping(self, state: Any) -> Any:
        """The book's move, else the first move after which the mover still wins (``state`` must be won)."""
        move = book_move(state)
        if move is not None:
            return move
        mover = state.to_play
        for move in state.legal_moves():
            after = state.play(move)
            if round_winner(state, after) == mover or self.winner(after) == mover:
                return move
        raise AssertionError("a won round has a move that keeps the win")


def round_winner(before: Any, after: Any) -> str | None:
    """The player whose move from ``before`` to ``after`` ended the round or the game, if it did: the winner of
    a single game's end, or the player whose match score rose."""
    outcome = after.outcome()
    if outcome is not None:
        return None if outcome.winner is None else str(outcome.winner)
    for player in ("black", "white"):
        if after.score[player] > before.score[player]:
            return player
    return None


def is_round_without_teeth(state: Any) -> bool:
    """True for a Kamisado state the round solver can advise on."""
    return isinstance(state, KamisadoState) and position_of(state) is not None
