"""The compiled heart of the Kamisado engine: board arrays, move making and alpha-beta.

Everything here works on NumPy arrays and plain integers so that Numba compiles it to machine code
(several million positions a second); without Numba the same functions run as ordinary Python.
A position is ``board`` (64 squares: tower id or -1), ``squares`` (16 towers' squares), ``teeth``
and ``reach`` per tower, and ``turn`` = [player to move, forced colour (8: free), sumo match (0/1)].
The running Zobrist hash lives in ``hashes[0]``.

Compiled code is not cached on disk (Numba's cache does not hold recursive functions reliably), so
each process compiles once, on its first search or at start-up through :func:`warm_up`.

Move codes are ``(tower * 64 + end) * 2 + push``. A round's end is scored for the player who made
the last move: ``WIN`` (plus ``100 << teeth`` in sumo matches) for a win, the negative for a loss.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from rules.kamisado.board import GOAL_RANK, RANGE_BY_TEETH, RAYS, SQUARE_COLOUR

_compile: Any
try:
    from numba import njit as _compile
except ImportError:  # the engine still works, only slower
    _compile = None

F = TypeVar("F", bound=Callable[..., Any])


def njit(**options: Any) -> Callable[[F], F]:
    """Compile with Numba when it is installed; otherwise leave the function as it is."""

    def wrap(function: F) -> F:
        return function if _compile is None else _compile(**options)(function)

    return wrap


FREE = 8
WIN = 100_000
MATE_MARGIN = 1_000
THREAT = 60
ADVANCE = 2
MAX_PLY = 64
MAX_MOVES = 192  # more than any position has (102 on a round's free first move)
TABLE_BITS = 18
NO_MOVE = -1

_ray = np.full((2, 64, 3, 8), -1, np.int64)
_ray_length = np.zeros((2, 64, 3), np.int64)
_goal = np.zeros((2, 64, 3), np.int64)  # 1 when the ray ends on the goal row
for _player in (0, 1):
    for _square in range(64):
        for _direction, _squares in enumerate(RAYS[_player][_square]):
            _ray_length[_player, _square, _direction] = len(_squares)
            for _i, _target in enumerate(_squares):
                _ray[_player, _square, _direction, _i] = _target
            if _squares and _squares[-1] // 8 == GOAL_RANK[_player]:
                _goal[_player, _square, _direction] = 1
RAY, RAY_LENGTH, GOAL_RAY = _ray, _ray_length, _goal
COLOUR = np.array(SQUARE_COLOUR, np.int64)
RANGE = np.array(RANGE_BY_TEETH, np.int64)
GOAL_ROW = np.array(GOAL_RANK, np.int64)
_rng = np.random.default_rng(20261122)
ZOBRIST = _rng.integers(1, 2**62, size=(16, 64), dtype=np.int64)
ZOBRIST_TURN = _rng.integers(1, 2**62, size=(2, 9), dtype=np.int64)


def new_table() -> tuple[np.ndarray, ...]:
    """An empty transposition table: keys, depths, values, flags, best moves."""
    size = 1 << TABLE_BITS
    return (np.zeros(size, np.int64), np.full(size, -1, np.int64), np.zeros(size, np.int64),
            np.zeros(size, np.int64), np.full(size, NO_MOVE, np.int64))


@njit()
def position_hash(squares: np.ndarray, turn: np.ndarray) -> int:
    value = ZOBRIST_TURN[turn[0], turn[1]]
    for tower in range(16):
        value ^= ZOBRIST[tower, squares[tower]]
    return value


@njit()
def push_line(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, tower: int) -> int:
    """How many enemy towers ``tower`` can push straight ahead (0: no push)."""
    own = teeth[tower]
    if own == 0:
        return 0
    player = tower >> 3
    square = squares[tower]
    line = 0
    for i in range(RAY_LENGTH[player, square, 0]):
        other = board[RAY[player, square, 0, i]]
        if other < 0:
            return line
        if other >> 3 == player or teeth[other] >= own:
            return 0
        line += 1
        if line > own:
            return 0
    return 0


@njit()
def can_move(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, tower: int) -> bool:
    player = tower >> 3
    square = squares[tower]
    if reach[tower] > 0:
        for direction in range(3):
            if RAY_LENGTH[player, square, direction] > 0 and board[RAY[player, square, direction, 0]] < 0:
                return True
    return push_line(board, squares, teeth, tower) > 0


@njit()
def generate(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, turn: np.ndarray,
             out: np.ndarray) -> int:
    """Write the legal move codes of the player to move into ``out``; return how many."""
    player, forced = turn[0], turn[1]
    count = 0
    first, last = (player * 8, player * 8 + 8) if forced == FREE else (player * 8 + forced, player * 8 + forced + 1)
    for tower in range(first, last):
        square = squares[tower]
        limit = reach[tower]
        for direction in range(3):
            length = min(RAY_LENGTH[player, square, direction], limit)
            for i in range(length):
                target = RAY[player, square, direction, i]
                if board[target] >= 0:
                    break
                out[count] = (tower * 64 + target) * 2
                count += 1
        if forced != FREE and push_line(board, squares, teeth, tower) > 0:
            out[count] = (tower * 64 + RAY[player, square, 0, 0]) * 2 + 1
            count += 1
    return count


@njit()
def round_won(teeth: np.ndarray, turn: np.ndarray, tower: int) -> int:
    """The score of a round won with ``tower``: more for a sumo's win in a sumo match."""
    if turn[2]:
        return WIN + (100 << teeth[tower])
    return WIN


@njit()
def make(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, turn: np.ndarray,
         hashes: np.ndarray, code: int, undo: np.ndarray) -> int:
    """Play a move; fill ``undo``; return 0 while the round goes on, else the mover's score."""
    tower, end, push = code >> 7, (code >> 1) & 63, code & 1
    player = tower >> 3
    start = squares[tower]
    undo[0] = code
    undo[1] = start
    undo[2] = turn[0]
    undo[3] = turn[1]
    undo[4] = 0
    value = hashes[0] ^ ZOBRIST_TURN[turn[0], turn[1]]
    if push:
        line = push_line(board, squares, teeth, tower)
        undo[4] = line
        for i in range(line - 1, -1, -1):
            before = RAY[player, start, 0, i]
            after = RAY[player, start, 0, i + 1]
            pushed = board[before]
            board[after] = pushed
            squares[pushed] = after
            value ^= ZOBRIST[pushed, before] ^ ZOBRIST[pushed, after]
        next_player, colour = player, COLOUR[RAY[player, start, 0, line]]
    else:
        next_player, colour = 1 - player, COLOUR[end]
    board[start] = -1
    board[end] = tower
    squares[tower] = end
    value ^= ZOBRIST[tower, start] ^ ZOBRIST[tower, end]
    if end >> 3 == GOAL_ROW[player]:
        turn[0], turn[1] = next_player, colour
        hashes[0] = value ^ ZOBRIST_TURN[next_player, colour]
        return round_won(teeth, turn, tower)
    seen = 0
    while True:
        blocked = next_player * 8 + colour
        if can_move(board, squares, teeth, reach, blocked):
            break
        if (seen >> blocked) & 1:
            turn[0], turn[1] = next_player, colour
            hashes[0] = value ^ ZOBRIST_TURN[next_player, colour]
            return -round_won(teeth, turn, (1 - player) * 8 + COLOUR[end])
        seen |= 1 << blocked
        next_player, colour = 1 - next_player, COLOUR[squares[blocked]]
    turn[0], turn[1] = next_player, colour
    hashes[0] = value ^ ZOBRIST_TURN[next_player, colour]
    return 0


@njit()
def unmake(board: np.ndarray, squares: np.ndarray, turn: np.ndarray, hashes: np.ndarray, undo: np.ndarray) -> None:
    code, start, line = undo[0], undo[1], undo[4]
    tower, end = code >> 7, (code >> 1) & 63
    player = tower >> 3
    value = hashes[0] ^ ZOBRIST_TURN[turn[0], turn[1]]
    turn[0], turn[1] = undo[2], undo[3]
    value ^= ZOBRIST_TURN[turn[0], turn[1]]
    board[end] = -1
    board[start] = tower
    squares[tower] = start
    value ^= ZOBRIST[tower, start] ^ ZOBRIST[tower, end]
    for i in range(line):
        before = RAY[player, start, 0, i]
        after = RAY[player, start, 0, i + 1]
        pushed = board[after]
        board[before] = pushed
        squares[pushed] = before
        value ^= ZOBRIST[pushed, before] ^ ZOBRIST[pushed, after]
    if line > 0:
        board[RAY[player, start, 0, line]] = -1
    hashes[0] = value


@njit()
def open_path(board: np.ndarray, player: int, square: int, limit: int) -> int:
    """The goal square an open path of at most ``limit`` squares leads to, or -1."""
    for direction in range(3):
        length = RAY_LENGTH[player, square, direction]
        if GOAL_RAY[player, square, direction] and length <= limit:
            clear = True
            for i in range(length):
                if board[RAY[player, square, direction, i]] >= 0:
                    clear = False
                    break
            if clear:
                return RAY[player, square, direction, length - 1]
    return -1


@njit()
def strike(board: np.ndarray, squares: np.ndarray, reach: np.ndarray, turn: np.ndarray) -> int:
    """A move code that reaches the goal row at once, or ``NO_MOVE``."""
    player, forced = turn[0], turn[1]
    first, last = (player * 8, player * 8 + 8) if forced == FREE else (player * 8 + forced, player * 8 + forced + 1)
    for tower in range(first, last):
        goal = open_path(board, player, squares[tower], reach[tower])
        if goal >= 0:
            return (tower * 64 + goal) * 2
    return NO_MOVE


@njit()
def evaluate(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, turn: np.ndarray) -> int:
    """The position for the player to move (who has no strike): open paths and advance."""
    value = 0
    for tower in range(16):
        square = squares[tower]
        owner = tower >> 3
        rank = square >> 3
        total = ADVANCE * (rank if owner == 1 else 7 - rank)
        if open_path(board, owner, square, reach[tower]) >= 0:
            total += THREAT * (1 + teeth[tower]) if turn[2] else THREAT
        value += total if owner == turn[0] else -total
    return value


@njit()
def order(board: np.ndarray, squares: np.ndarray, reach: np.ndarray, turn: np.ndarray, moves: np.ndarray,
          count: int, first: int, depth: int, scores: np.ndarray) -> None:
    """Sort ``moves[:count]``: the table's move, wins, pushes, then moves giving no strike, forcing
    fewer replies and advancing more."""
    player, enemy = turn[0], 1 - turn[0]
    for k in range(count):
        code = moves[k]
        tower, end = code >> 7, (code >> 1) & 63
        start = squares[tower]
        if code == first:
            score = 1_000_000
        elif end >> 3 == GOAL_ROW[player]:
            score = 100_000
        elif code & 1:
            score = 50_000
        else:
            reply = enemy * 8 + COLOUR[end]
            reply_square = squares[reply]
            board[start] = -1
            board[end] = tower
            score = abs((end >> 3) - (start >> 3))
            if open_path(board, enemy, reply_square, reach[reply]) >= 0:
                score -= 50_000
            elif depth > 1:
                for direction in range(3):
                    length = min(RAY_LENGTH[enemy, reply_square, direction], reach[reply])
                    for i in range(length):
                        if board[RAY[enemy, reply_square, direction, i]] >= 0:
                            break
                        score -= 1
            board[end] = -1
            board[start] = tower
        scores[k] = score
    for k in range(1, count):  # insertion sort, best first
        code, score = moves[k], scores[k]
        j = k - 1
        while j >= 0 and scores[j] < score:
            moves[j + 1], scores[j + 1] = moves[j], scores[j]
            j -= 1
        moves[j + 1], scores[j + 1] = code, score


@njit()
def negamax(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, turn: np.ndarray,
            hashes: np.ndarray, keys: np.ndarray, depths: np.ndarray, values: np.ndarray, flags: np.ndarray,
            best_moves: np.ndarray, moves: np.ndarray, scores: np.ndarray, undos: np.ndarray, counters: np.ndarray,
            depth: int, alpha: int, beta: int, ply: int) -> int:
    """The value for the player to move. ``counters`` = [nodes, node limit, stopped]."""
    counters[0] += 1
    if counters[0] > counters[1]:
        counters[2] = 1
        return 0
    hit = strike(board, squares, reach, turn)
    if hit != NO_MOVE:
        return round_won(teeth, turn, hit >> 7) - ply - 1
    if depth <= 0 or ply >= MAX_PLY - 1:
        return evaluate(board, squares, teeth, reach, turn)
    key = hashes[0]
    slot = key & ((1 << TABLE_BITS) - 1)
    first = NO_MOVE
    if keys[slot] == key:
        first = best_moves[slot]
        if depths[slot] >= depth:
            stored, flag = values[slot], flags[slot]
            if flag == 0 or (flag < 0 and stored <= alpha) or (flag > 0 and stored >= beta):
                return stored
    count = generate(board, squares, teeth, reach, turn, moves[ply])
    order(board, squares, reach, turn, moves[ply], count, first, depth, scores[ply])
    original = alpha
    best, best_code = -2 * WIN, NO_MOVE
    me = turn[0]
    for k in range(count):
        code = moves[ply, k]
        result = make(board, squares, teeth, reach, turn, hashes, code, undos[ply])
        if result > 0:
            score = result - ply - 1
        elif result < 0:
            score = result + ply + 1
        elif turn[0] == me:
            score = negamax(board, squares, teeth, reach, turn, hashes, keys, depths, values, flags, best_moves,
                            moves, scores, undos, counters, depth - 1, alpha, beta, ply + 1)
        else:
            score = -negamax(board, squares, teeth, reach, turn, hashes, keys, depths, values, flags, best_moves,
                             moves, scores, undos, counters, depth - 1, -beta, -alpha, ply + 1)
        unmake(board, squares, turn, hashes, undos[ply])
        if counters[2]:
            return 0
        if score > best:
            best, best_code = score, code
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    if best_code == NO_MOVE:
        return evaluate(board, squares, teeth, reach, turn)
    keys[slot] = key
    depths[slot] = depth
    values[slot] = best
    flags[slot] = 0 if original < best < beta else (-1 if best <= original else 1)
    best_moves[slot] = best_code
    return best


@njit()
def root(board: np.ndarray, squares: np.ndarray, teeth: np.ndarray, reach: np.ndarray, turn: np.ndarray,
         hashes: np.ndarray, keys: np.ndarray, depths: np.ndarray, values: np.ndarray, flags: np.ndarray,
         best_moves: np.ndarray, moves: np.ndarray, scores: np.ndarray, undos: np.ndarray, counters: np.ndarray,
         candidates: np.ndarray, count: int, first: int, depth: int) -> tuple[int, int]:
    """The best of ``candidates[:count]`` searched ``depth`` plies deep, and its value."""
    work = moves[MAX_PLY - 1]
    for k in range(count):
        work[k] = candidates[k]
    order(board, squares, reach, turn, work, count, first, depth, scores[MAX_PLY - 1])
    me = turn[0]
    alpha, beta = -2 * WIN, 2 * WIN
    best, best_code = -2 * WIN, work[0]
    undo = undos[MAX_PLY - 1]
    for k in range(count):
        code = work[k]
        result = make(board, squares, teeth, reach, turn, hashes, code, undo)
        if result > 0:
            score = result - 1
        elif result < 0:
            score = result + 1
        elif turn[0] == me:
            score = negamax(board, squares, teeth, reach, turn, hashes, keys, depths, values, flags, best_moves,
                            moves, scores, undos, counters, depth - 1, alpha, beta, 1)
        else:
            score = -negamax(board, squares, teeth, reach, turn, hashes, keys, depths, values, flags, best_moves,
                             moves, scores, undos, counters, depth - 1, -beta, -alpha, 1)
        unmake(board, squares, turn, hashes, undo)
        if counters[2]:
            break
        if score > best:
            best, best_code = score, code
            alpha = max(alpha, score)
    return best_code, best
