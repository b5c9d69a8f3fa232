"""An exact solver for Ashtarashki endgames: who wins with best play, in how many plies, and how.

Ashtarashki has no draws and every game ends (stones only step forward until they finish, and a
stone retreats at most three times), so a search of a small position settles it. Positions are
remembered, so each is judged once; the search stops at the first winning move it finds, trying
captures and advances first. A lost position's move is the one whose proven refutation is longest.

>>> from rules import get_game
>>> game = get_game("ashtarashki")
>>> state = game.new_state(position="White: M1 a3; M2 a5; M3 f6; M1 c1. Black: M1 g1; M2 b4; M3 e1; M3 h8. White to move.")
>>> solution = solve(state)
>>> solution.winner, solution.move in state.legal_moves()
('white', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import FINISH_RANK, owner_of

POINT = 1_000  # a won point is worth more than any number of plies


class Unsolved(Exception):
    """The position has more positions behind it than the node limit allows."""


@dataclass(frozen=True)
class Solution:
    winner: str
    move: Any  # the best move of the player to move
    positions: int  # positions judged


def active_stones(state: AshtarashkiState) -> int:
    """Stones on the board that have not finished (the ones that can still move)."""
    return sum(1 for square, code in enumerate(state.board) if code and square // 8 != FINISH_RANK[owner_of(code)])


class EndgameSolver:
    """Solves positions, remembering every position it settles (so later positions of a game are quick)."""

    def __init__(self, node_limit: int = 300_000) -> None:
        self.node_limit = node_limit
        self.wins: dict[tuple[Any, ...], Any] = {}  # position → its winning move, or None: the mover loses

    def won(self, position: AshtarashkiState) -> bool:
        """Whether the player to move wins with best play; :class:`Unsolved` past the node limit."""
        wins = self.wins
        key = (position.board, position.to_play)
        if key in wins:
            return wins[key] is not None
        if len(wins) >= self.node_limit:
            raise Unsolved
        mover = position.to_play
        found = None
        for move in _ordered(position):
            after = position.play(move)
            outcome = after.outcome()
            if outcome is not None:
                good = outcome.winner == mover
            else:
                good = self.won(after) if after.to_play == mover else not self.won(after)
            if good:
                found = move
                break
        wins[key] = found
        return found is not None

    def solve(self, state: AshtarashkiState) -> Solution:
        """The result of ``state`` with the move to play (the longest resistance when lost)."""
        mover = state.to_play or "white"
        winning = self.won(state)
        winner = mover if winning else ("black" if mover == "white" else "white")
        move = self.wins[(state.board, state.to_play)] or _longest(state, self.wins)
        return Solution(winner, move, len(self.wins))

    def proof_length(self, state: AshtarashkiState) -> int:
        """Plies of the proven line from a solved ``state``: the winner's proven moves, the loser's longest replies."""
        mover = state.to_play or "white"
        winning = self.won(state)
        winner = mover if winning else ("black" if mover == "white" else "white")
        return _plies(state, self.wins, winner, {})


def solve(state: AshtarashkiState, node_limit: int = 300_000) -> Solution:
    """The exact result of ``state``; :class:`Unsolved` when it needs more than ``node_limit`` positions.

    The search stops at the first winning move it finds (captures and advances are tried first),
    so the win it plays is not always the shortest one.
    """
    return EndgameSolver(node_limit).solve(state)


def _ordered(position: AshtarashkiState) -> list[Any]:
    return sorted(position.legal_moves(), key=lambda m: (-len(m.captured), m.kind == "retreat"))


def _plies(position: AshtarashkiState, wins: dict[tuple[Any, ...], Any], winner: str, memo: dict[Any, int]) -> int:
    """Plies of the proven line: the winner plays its proven move, the loser its longest reply."""
    key = (position.board, position.to_play)
    if key in memo:
        return memo[key]
    if position.outcome() is not None:
        return 0
    moves = [wins[key]] if position.to_play == winner else list(position.legal_moves())
    longest = 0
    for move in moves:
        after = position.play(move)
        if after.outcome() is None and (after.board, after.to_play) not in wins:
            continue  # a reply the proof never needed: it loses at once some other way
        longest = max(longest, 1 + _plies(after, wins, winner, memo))
    memo[key] = longest
    return longest


def _longest(position: AshtarashkiState, wins: dict[tuple[Any, ...], Any]) -> Any:
    """For a lost position: the move whose proven refutation is longest."""
    mover = position.to_play or "white"
    winner = "black" if mover == "white" else "white"
    best, best_plies = None, -1
    for move in position.legal_moves():
        after = position.play(move)
        plies = 0 if after.outcome() is not None else _plies(after, wins, winner, {})
        if plies > best_plies:
            best, best_plies = move, plies
    return best
