"""Alpha-beta for Kamisado on a compact board of its own; the rules core checks every move it returns.

The board is a list of 64 squares (tower id or -1), the towers' squares, their teeth and an
occupancy bit mask kept up to date move by move, with a Zobrist hash for the transposition table.
Every node first tries the instant win ("strike": the forced tower has an open path to the goal
row); moves are ordered by the transposition table's best move, then by whether they hand the
opponent a strike, then by the opponent mobility they force and by advance. Pushes, sumo ranges,
passes and deadlocks follow the rules core; round wins count the points they score, so a sumo's
win is worth more.

>>> from rules import get_game
>>> state = get_game("kamisado").new_state(match="standard")
>>> result = search(state, max_depth=3, time_budget=None)
>>> result.move in state.legal_moves() and result.depth == 3
True
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from ai.search import SearchResult
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import (
    COLOUR_INDEX,
    GOAL_RANK,
    PLAYER_INDEX,
    RANGE_BY_TEETH,
    RAYS,
    SQUARE_COLOUR,
    SQUARE_INDEX,
    SQUARE_NAMES,
)
from rules.kamisado.state import SUMO_MATCHES

FREE = 8
WIN = 100_000
MATE_MARGIN = 1_000  # scores beyond WIN - MATE_MARGIN are won rounds
THREAT = 60
ADVANCE = 2


def _goal_paths() -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each player and square: (bit mask of the path, its length) of every ray that reaches the goal row."""
    paths = []
    for player in (0, 1):
        per_square = []
        for square in range(64):
            found = []
            for ray in RAYS[player][square]:
                if ray and ray[-1] // 8 == GOAL_RANK[player]:
                    mask = 0
                    for target in ray:
                        mask |= 1 << target
                    found.append((mask, len(ray)))
            per_square.append(tuple(found))
        paths.append(tuple(per_square))
    return tuple(paths)


GOAL_PATHS = _goal_paths()
_ZOBRIST_RNG = random.Random(20261122)
ZOBRIST = tuple(tuple(_ZOBRIST_RNG.getrandbits(62) for _ in range(64)) for _ in range(16))
ZOBRIST_TURN = tuple(tuple(_ZOBRIST_RNG.getrandbits(62) for _ in range(9)) for _ in range(2))


class Stopped(Exception):
    """Out of time, or cancelled."""


class Engine:
    """One search from one rules-core state (a round being played)."""

    def __init__(self, state: KamisadoState, *, deadline: float | None = None,
                 cancel: threading.Event | None = None) -> None:
        self.board = list(state.board)
        self.squares = list(state.squares)
        self.teeth = state.teeth
        self.reach = [RANGE_BY_TEETH[t] for t in state.teeth]
        self.sumo = state.match in SUMO_MATCHES
        self.threat_weight = [THREAT * (1 + t) if self.sumo else THREAT for t in state.teeth]
        self.player = PLAYER_INDEX[state.to_play or "black"]
        self.forced = FREE if state.forced is None else COLOUR_INDEX[state.forced]
        self.occupied = 0
        self.hash = ZOBRIST_TURN[self.player][self.forced]
        for tower, square in enumerate(self.squares):
            self.occupied |= 1 << square
            self.hash ^= ZOBRIST[tower][square]
        self.deadline = deadline
        self.cancel = cancel
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int, int]] = {}

    # -- moves ------------------------------------------------------------------------------------

    def moves(self, may_push: bool = True) -> list[int]:
        """Move codes ``(tower * 64 + end) * 2 + push`` of the player to move."""
        player = self.player
        towers = range(player * 8, player * 8 + 8) if self.forced == FREE else (player * 8 + self.forced,)
        occupied = self.occupied
        codes = []
        for tower in towers:
            square = self.squares[tower]
            reach = self.reach[tower]
            for ray in RAYS[player][square]:
                for target in ray[:reach]:
                    if occupied >> target & 1:
                        break
                    codes.append((tower * 64 + target) * 2)
            if may_push and self.forced != FREE and self.teeth[tower] and self._push_line(tower):
                codes.append((tower * 64 + RAYS[player][square][0][0]) * 2 + 1)
        return codes

    def _push_line(self, tower: int) -> int:
        own = self.teeth[tower]
        player = tower >> 3
        line = 0
        for ahead in RAYS[player][self.squares[tower]][0]:
            other = self.board[ahead]
            if other < 0:
                return line
            if other >> 3 == player or self.teeth[other] >= own:
                return 0
            line += 1
            if line > own:
                return 0
        return 0

    def _can_move(self, tower: int) -> bool:
        player = tower >> 3
        if self.reach[tower]:
            occupied = self.occupied
            for ray in RAYS[player][self.squares[tower]]:
                if ray and not occupied >> ray[0] & 1:
                    return True
        return bool(self.teeth[tower]) and self._push_line(tower) > 0

    def play(self, code: int) -> tuple[tuple[Any, ...], int | None]:
        """Make a move; return what :meth:`undo` needs and, when the round ends, the mover's score."""
        tower, end, push = code >> 7, code >> 1 & 63, code & 1
        player = tower >> 3
        board, squares = self.board, self.squares
        start = squares[tower]
        undo_turn = (self.player, self.forced)
        shifted: list[tuple[int, int, int]] = []
        self.hash ^= ZOBRIST_TURN[self.player][self.forced]
        if push:
            ray = RAYS[player][start][0]
            line = self._push_line(tower)
            for i in range(line - 1, -1, -1):
                pushed = board[ray[i]]
                board[ray[i + 1]] = pushed
                squares[pushed] = ray[i + 1]
                self.occupied |= 1 << ray[i + 1]
                self.hash ^= ZOBRIST[pushed][ray[i]] ^ ZOBRIST[pushed][ray[i + 1]]
                shifted.append((pushed, ray[i], ray[i + 1]))
            next_player, colour = player, SQUARE_COLOUR[ray[line]]
        else:
            next_player, colour = 1 - player, SQUARE_COLOUR[end]
        board[start] = -1
        board[end] = tower
        squares[tower] = end
        self.occupied = self.occupied & ~(1 << start) | 1 << end
        self.hash ^= ZOBRIST[tower][start] ^ ZOBRIST[tower][end]
        undo = (tower, start, end, shifted, undo_turn)
        if end >> 3 == GOAL_RANK[player]:
            self.player, self.forced = next_player, colour
            self.hash ^= ZOBRIST_TURN[self.player][self.forced]
            return undo, self._round_won(player, tower)
        seen = 0
        while True:
            blocked = next_player * 8 + colour
            if self._can_move(blocked):
                break
            if seen >> blocked & 1:
                self.player, self.forced = next_player, colour
                self.hash ^= ZOBRIST_TURN[self.player][self.forced]
                return undo, -self._round_won(1 - player, (1 - player) * 8 + SQUARE_COLOUR[end])
            seen |= 1 << blocked
            next_player, colour = 1 - next_player, SQUARE_COLOUR[squares[blocked]]
        self.player, self.forced = next_player, colour
        self.hash ^= ZOBRIST_TURN[self.player][self.forced]
        return undo, None

    def undo(self, undo: tuple[Any, ...]) -> None:
        tower, start, end, shifted, turn = undo
        board, squares = self.board, self.squares
        self.hash ^= ZOBRIST_TURN[self.player][self.forced]
        self.player, self.forced = turn
        self.hash ^= ZOBRIST_TURN[self.player][self.forced]
        board[end] = -1
        board[start] = tower
        squares[tower] = start
        self.occupied = self.occupied & ~(1 << end) | 1 << start
        self.hash ^= ZOBRIST[tower][start] ^ ZOBRIST[tower][end]
        for pushed, before, after in reversed(shifted):
            board[before] = pushed
            squares[pushed] = before
            self.hash ^= ZOBRIST[pushed][before] ^ ZOBRIST[pushed][after]
        for pushed, _before, after in shifted:
            if board[after] == pushed:
                board[after] = -1
        occupied = 0
        if shifted:
            for square in squares:
                occupied |= 1 << square
            self.occupied = occupied

    def _round_won(self, winner: int, tower: int) -> int:
        """The score of a round won by ``winner`` with ``tower`` for the winner: more for more points."""
        return WIN + (100 << self.teeth[tower]) if self.sumo else WIN

    # -- judging positions ------------------------------------------------------------------------

    def threatens(self, tower: int, occupied: int) -> bool:
        """Whether ``tower`` has an open path to its goal row within its reach."""
        reach = self.reach[tower]
        for mask, length in GOAL_PATHS[tower >> 3][self.squares[tower]]:  # noqa: SIM110 (a loop is faster)
            if length <= reach and not occupied & mask:
                return True
        return False

    def strike(self) -> int | None:
        """A winning move code of the player to move, if one of its movable towers has an open path."""
        player = self.player
        towers = range(player * 8, player * 8 + 8) if self.forced == FREE else (player * 8 + self.forced,)
        occupied = self.occupied
        for tower in towers:
            reach = self.reach[tower]
            square = self.squares[tower]
            for mask, length in GOAL_PATHS[player][square]:
                if length <= reach and not occupied & mask:
                    end = (mask.bit_length() - 1) if player == 1 else (mask & -mask).bit_length() - 1
                    return (tower * 64 + end) * 2
        return None

    def evaluate(self) -> int:
        """The position for the player to move, who has no strike: threats (open paths) and advance."""
        occupied = self.occupied
        squares, reach, weight = self.squares, self.reach, self.threat_weight
        totals = [0, 0]
        for tower in range(16):
            square = squares[tower]
            owner = tower >> 3
            total = ADVANCE * (square >> 3 if owner else 7 - (square >> 3))
            limit = reach[tower]
            for mask, length in GOAL_PATHS[owner][square]:
                if length <= limit and not occupied & mask:
                    total += weight[tower]
                    break
            totals[owner] += total
        return totals[self.player] - totals[1 - self.player]

    def ordered(self, codes: list[int], first: int | None, depth: int) -> list[int]:
        """Winning moves, then pushes, then moves that give no strike, fewer replies and more advance first."""
        player, enemy = self.player, 1 - self.player
        occupied, squares, reach = self.occupied, self.squares, self.reach
        goal = GOAL_RANK[player]
        paths = GOAL_PATHS[enemy]
        rays = RAYS[enemy]
        keyed = []
        for code in codes:
            tower, end = code >> 7, code >> 1 & 63
            if end >> 3 == goal:
                score = 100_000
            elif code & 1:
                score = 50_000
            else:
                after = occupied & ~(1 << squares[tower]) | 1 << end
                reply = enemy * 8 + SQUARE_COLOUR[end]
                reply_square = squares[reply]
                limit = reach[reply]
                score = abs((end >> 3) - (squares[tower] >> 3))
                for mask, length in paths[reply_square]:
                    if length <= limit and not after & mask:
                        score -= 50_000
                        break
                else:
                    if depth > 1:
                        for ray in rays[reply_square]:
                            for target in ray[:limit]:
                                if after >> target & 1:
                                    break
                                score -= 1
            keyed.append(score * 65536 + code)
        keyed.sort(reverse=True)
        ordered = [key & 65535 for key in keyed]
        if first is not None and first in ordered:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    # -- search -----------------------------------------------------------------------------------

    def value(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax value for the player to move, ``depth`` plies deep."""
        self.nodes += 1
        if not self.nodes & 1023:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise Stopped
            if self.cancel is not None and self.cancel.is_set():
                raise Stopped
        hit = self.strike()
        if hit is not None:
            return self._round_won(self.player, hit >> 7) - ply - 1
        if depth <= 0:
            return self.evaluate()
        key = self.hash
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, stored, flag, first = entry
            if stored_depth >= depth and (flag == 0 or (flag < 0 and stored <= alpha) or (flag > 0 and stored >= beta)):
                return stored
        original = alpha
        best, best_code = -2 * WIN, -1
        me = self.player
        for code in self.ordered(self.moves(), first, depth):
            undo, result = self.play(code)
            if result is not None:
                score = result - ply - 1 if result > 0 else result + ply + 1
            elif self.player == me:
                score = self.value(depth - 1, alpha, beta, ply + 1)
            else:
                score = -self.value(depth - 1, -beta, -alpha, ply + 1)
            self.undo(undo)
            if score > best:
                best, best_code = score, code
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best_code < 0:  # cannot happen: the rules pass instead of leaving a player without moves
            return self.evaluate()
        flag = 0 if original < best < beta else (-1 if best <= original else 1)
        self.table[key] = (depth, best, flag, best_code)
        return best

    def root(self, depth: int, first: int | None, order: list[int]) -> tuple[int, int]:
        me = self.player
        alpha, beta = -2 * WIN, 2 * WIN
        best, best_code = -2 * WIN, order[0]
        for code in self.ordered(order, first, depth):
            undo, result = self.play(code)
            if result is not None:
                score = result - 1 if result > 0 else result + 1
            elif self.player == me:
                score = self.value(depth - 1, alpha, beta, 1)
            else:
                score = -self.value(depth - 1, -beta, -alpha, 1)
            self.undo(undo)
            if score > best:
                best, best_code = score, code
                alpha = max(alpha, score)
        return best_code, best


def to_move(state: KamisadoState, code: int) -> KamisadoMove:
    """The rules core's move for an engine move code (checked legal)."""
    tower, end, push = code >> 7, code >> 1 & 63, bool(code & 1)
    start = SQUARE_NAMES[state.squares[tower]]
    for move in state.legal_moves():
        if isinstance(move, KamisadoMove) and move.start == start and move.push == push and (
                push or move.end == SQUARE_NAMES[end]):
            return move
    raise AssertionError(f"the engine's move {code} is not legal here")


def code_of(state: KamisadoState, move: KamisadoMove) -> int:
    tower = state.board[SQUARE_INDEX[move.start]]
    end = SQUARE_INDEX[move.end]
    return (tower * 64 + end) * 2 + int(move.push)


def search(state: KamisadoState, *, max_depth: int, time_budget: float | None, seed: int | None = None,
           cancel: threading.Event | None = None, exclude: frozenset[Any] = frozenset()) -> SearchResult:
    """Iterative deepening until ``max_depth`` or the time budget (None: always reach ``max_depth``).

    Moves in ``exclude`` (known to lose) are searched only when every move is excluded.
    In the refill phase both refill choices are compared by searching the round each one starts.
    """
    began = time.perf_counter()
    deadline = None if time_budget is None else began + time_budget
    if state.phase == "refill":
        return _refill(state, max_depth, deadline, cancel, began)
    engine = Engine(state, deadline=deadline, cancel=cancel)
    hit = engine.strike()
    if hit is not None:
        return SearchResult(to_move(state, hit), float(WIN), 1, 1, time.perf_counter() - began)
    order = engine.moves()
    if not order:
        raise ValueError("no legal move: the round is over")
    order = [code for code in order if to_move(state, code) not in exclude] or order
    random.Random(seed).shuffle(order)
    best, value, reached = order[0], 0, 0
    for depth in range(1, max_depth + 1):
        engine.deadline = None if depth == 1 else deadline
        try:
            best, value = engine.root(depth, best if reached else None, order)
        except Stopped:
            break
        reached = depth
        if abs(value) >= WIN - MATE_MARGIN:
            break
    return SearchResult(to_move(state, best), float(value), reached, engine.nodes, time.perf_counter() - began)


def _refill(state: KamisadoState, max_depth: int, deadline: float | None, cancel: threading.Event | None,
            began: float) -> SearchResult:
    chooser = state.to_play
    best_move, best_value, nodes, reached = None, float("-inf"), 0, 0
    moves = list(state.legal_moves())
    for number, move in enumerate(moves):
        after = state.play(move)
        if after.outcome() is not None or after.to_play is None:
            return SearchResult(move, 0.0, 0, nodes, time.perf_counter() - began)
        share = None if deadline is None else began + (deadline - began) * (number + 1) / len(moves)
        result = search(after, max_depth=max(1, max_depth - 1), time_budget=None if share is None else
                        max(0.01, share - time.perf_counter()), cancel=cancel)
        value = result.value if after.to_play == chooser else -result.value
        nodes += result.nodes
        reached = max(reached, result.depth)
        if value > best_value:
            best_move, best_value = move, value
    assert best_move is not None
    return SearchResult(best_move, best_value, reached, nodes, time.perf_counter() - began)
