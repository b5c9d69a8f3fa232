"""An exact solver for Ashtarashki endgames: who wins with best play, in how many plies, and how.

Ashtarashki has no draws and every game ends (stones only step forward until they finish, and a
stone retreats at most three times), so a search of a small position settles it. The solver works
on its own compact position, the sorted tuple of its stones (``square << 5 | stone code``) and the
player to move, with the rules' moves and endings re-implemented over those few stones (a test
plays both side by side). Positions are remembered, so each is judged once; the search stops at
the first winning move it finds, after looking for a move that wins at once or leads to a position
already known to be lost for the opponent, and tries captures and advances before retreats. A lost
position's move is the one whose proven refutation is longest.

>>> from rules import get_game
>>> game = get_game("ashtarashki")
>>> state = game.new_state(position="White: M1 a3; M2 a5; M3 f6; M1 c1. Black: M1 g1; M2 b4; M3 e1; M3 h8. White to move.")
>>> solution = solve(state)
>>> solution.winner, solution.move in state.legal_moves()
('white', True)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import (
    BACKWARD_STEPS,
    BEATS,
    DIAGONALS,
    FINISH_RANK,
    FORWARD_STEPS,
    PLAYER_INDEX,
    SQUARE_NAMES,
    AshtarashkiMove,
    W,
    owner_of,
    stone,
)

Stones = tuple[int, ...]  # sorted: square << 5 | stone code
Key = tuple[Stones, int]  # the stones and the player to move (0 White, 1 Black)
Turn = tuple[tuple[int, ...], int]  # the squares the stone stands on, and its kind
STEP, RETREAT, CAPTURE = 0, 1, 2
_KINDS = ("step", "retreat", "capture")
NO_WINNER = -1


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


def key_of(state: AshtarashkiState) -> Key:
    """The solver's compact position of an unfinished ``state``."""
    return tuple(sorted(square << 5 | code for square, code in enumerate(state.board) if code)), PLAYER_INDEX[
        state.to_play or "white"]


def move_of(turn: Turn) -> AshtarashkiMove:
    """The rules' move for a solver's turn."""
    path, kind = turn
    return AshtarashkiMove(tuple(SQUARE_NAMES[square] for square in path), _KINDS[kind])


def turns(stones: Stones, player: int) -> list[Turn]:
    """The legal turns of ``player``, as the rules allow them: capture chains if any, else steps and retreats."""
    board = {item >> 5: item & 31 for item in stones}
    finish = FINISH_RANK[player]
    captures: list[Turn] = []
    for item in stones:
        square, code = item >> 5, item & 31
        if code >> 4 == player and square >> 3 != finish and not code & 12:  # an unfinished M stone
            _chains(board, player, square, code & 3, finish, (square,), captures)
    if captures:
        return captures
    forward: list[Turn] = []
    back: list[Turn] = []
    for item in stones:
        square, code = item >> 5, item & 31
        if code >> 4 != player or square >> 3 == finish:
            continue
        for target in FORWARD_STEPS[player][square]:
            if target not in board:
                forward.append(((square, target), STEP))
        for target in BACKWARD_STEPS[player][square]:
            if target not in board:
                back.append(((square, target), RETREAT))
    return forward + back


def _chains(board: dict[int, int], player: int, square: int, number: int, finish: int, path: tuple[int, ...],
            found: list[Turn]) -> None:
    if len(path) > 1 and square >> 3 == finish:
        found.append((path, CAPTURE))
        return
    extended = False
    for target in DIAGONALS[square]:
        taken = board.get(target)
        if (taken is not None and taken >> 4 != player and target >> 3 != FINISH_RANK[taken >> 4]
                and ((taken >> 2) & 3 == W or (number, taken & 3) in BEATS)):
            code = board.pop(square)
            board[target] = code
            _chains(board, player, target, number, finish, path + (target,), found)
            board[target] = taken
            board[square] = code
            extended = True
    if not extended and len(path) > 1:
        found.append((path, CAPTURE))


def play(stones: Stones, player: int, turn: Turn) -> tuple[Stones, int]:
    """The stones after ``turn`` and the winner if the game ends with it (:data:`NO_WINNER` otherwise).

    A game that goes on may still end by the next player having no turn (blocked): :meth:`EndgameSolver.won`
    sees that.
    """
    path, kind = turn
    start, end = path[0], path[-1]
    code = 0
    kept = []
    for item in stones:
        if item >> 5 == start:
            code = item & 31
        elif kind != CAPTURE or item >> 5 not in path:
            kept.append(item)
    if kind == RETREAT:
        state = (code >> 2) & 3
        if state == W:  # liquidated
            after = tuple(kept)
            return after, _winner(after, player)
        kept.append(end << 5 | stone(player, state + 1, code & 3))
        return tuple(sorted(kept)), NO_WINNER  # nothing left the board and nothing finished
    kept.append(end << 5 | code)
    after = tuple(sorted(kept))
    if kind == STEP and end >> 3 != FINISH_RANK[player]:
        return after, NO_WINNER
    return after, _winner(after, player)


def _winner(stones: Stones, mover: int) -> int:
    """The rules' ending after a move of ``mover`` (see ``AshtarashkiState._after``), blocking aside."""
    counts = [0, 0]
    finished = [0, 0]
    for item in stones:
        owner = item >> 4 & 1
        counts[owner] += 1
        if item >> 8 == FINISH_RANK[owner]:
            finished[owner] += 1
    opponent = 1 - mover
    if counts[opponent] == 0 or counts[mover] == 0:
        return mover if counts[opponent] == 0 else opponent
    home = [counts[p] > 0 and finished[p] >= min(4, counts[p]) for p in (0, 1)]
    if not (home[mover] or home[opponent]):
        return NO_WINNER
    if counts[0] != counts[1] and min(counts) < 4:
        return 0 if counts[0] > counts[1] else 1
    return mover if home[mover] else opponent


class EndgameSolver:
    """Solves positions, remembering every position it settles (so later positions of a game are quick)."""

    def __init__(self, node_limit: int = 300_000, deadline: float | None = None) -> None:
        self.node_limit = node_limit
        self.deadline = deadline  # a time.perf_counter() value, checked every 1,024 positions
        self.wins: dict[Key, Turn | None] = {}  # position → its winning turn, or None: the mover loses

    def won(self, position: AshtarashkiState) -> bool:
        """Whether the player to move wins with best play; :class:`Unsolved` past the node limit."""
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
        return self._won(*key_of(position))

    def _won(self, stones: Stones, player: int) -> bool:
        wins = self.wins
        key = (stones, player)
        if key in wins:
            return wins[key] is not None
        if len(wins) >= self.node_limit or (
                self.deadline is not None and not len(wins) & 1023 and time.perf_counter() > self.deadline):
            raise Unsolved
        opponent = 1 - player
        going_on: list[tuple[Turn, Stones]] = []
        for turn in turns(stones, player):
            after, winner = play(stones, player, turn)
            if winner == player or (winner == NO_WINNER and wins.get((after, opponent), 0) is None):
                wins[key] = turn
                return True
            if winner == NO_WINNER:
                going_on.append((turn, after))
        for turn, after in going_on:
            if not self._won(after, opponent):
                wins[key] = turn
                return True
        wins[key] = None
        return False

    def solve(self, state: AshtarashkiState) -> Solution:
        """The result of ``state`` with the move to play (the longest resistance when lost)."""
        mover = state.to_play or "white"
        winning = self.won(state)
        winner = mover if winning else ("black" if mover == "white" else "white")
        stones, player = key_of(state)
        turn = self.wins[(stones, player)] or _longest(stones, player, self.wins)
        return Solution(winner, move_of(turn), len(self.wins))

    def losing_moves(self, state: AshtarashkiState) -> frozenset[AshtarashkiMove]:
        """The moves of ``state`` already proven to lose (after an :class:`Unsolved` search, say)."""
        stones, player = key_of(state)
        lost = set()
        for turn in turns(stones, player):
            after, winner = play(stones, player, turn)
            if winner == 1 - player or (winner == NO_WINNER and self.wins.get((after, 1 - player)) is not None):
                lost.add(move_of(turn))
        return frozenset(lost)

    def proof_length(self, state: AshtarashkiState) -> int:
        """Plies of the proven line from a solved ``state``: the winner's proven moves, the loser's longest replies."""
        stones, player = key_of(state)
        winner = player if self.won(state) else 1 - player
        return _plies(stones, player, self.wins, winner, {})


def solve(state: AshtarashkiState, node_limit: int = 300_000, deadline: float | None = None) -> Solution:
    """The exact result of ``state``; :class:`Unsolved` when it needs more than ``node_limit`` positions,
    or more time than ``deadline`` (a ``time.perf_counter()`` value) leaves.

    The search stops at the first winning move it finds (captures and advances are tried first),
    so the win it plays is not always the shortest one.
    """
    return EndgameSolver(node_limit, deadline).solve(state)


def _plies(stones: Stones, player: int, wins: dict[Key, Turn | None], winner: int, memo: dict[Key, int]) -> int:
    """Plies of the proven line: the winner plays its proven move, the loser its longest reply."""
    key = (stones, player)
    if key in memo:
        return memo[key]
    if key not in wins:  # a position the proof never needed: it ends at once (blocked, or a winning reply was found first)
        return 0
    proven = wins[key]
    options = [proven] if player == winner and proven is not None else turns(stones, player)
    longest = 0
    for turn in options:
        after, ended = play(stones, player, turn)
        plies = 1 if ended != NO_WINNER else 1 + _plies(after, 1 - player, wins, winner, memo)
        longest = max(longest, plies)
    memo[key] = longest
    return longest


def _longest(stones: Stones, player: int, wins: dict[Key, Turn | None]) -> Turn:
    """For a lost position: the turn whose proven refutation is longest."""
    best, best_plies = None, -1
    for turn in turns(stones, player):
        after, ended = play(stones, player, turn)
        plies = 0 if ended != NO_WINNER else _plies(after, 1 - player, wins, 1 - player, {})
        if plies > best_plies:
            best, best_plies = turn, plies
    assert best is not None, "a lost position with no move is blocked, and over"
    return best
