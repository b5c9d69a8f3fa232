"""The compiled heart of the Kamisado engine: board arrays, move making and alpha-beta.

Everything here works on NumPy arrays and plain integers so that Numba compiles it to machine code
(several million positions a second); without Numba the same functions run as ordinary Python.
A position is ``board`` (64 squares: tower id or -1), ``squares`` (16 towers' squares), ``teeth``
and ``reach`` per tower, and ``turn`` = [player to move, forced colour (8: free), sumo match (0/1)].
The running Zobrist hash lives in ``hashes[0]``.

Compiled with :func:`ai.compiled.njit`, cached on disk.

Move codes are ``(tower * 64 + end) * 2 + push``. A round's end is scored for the player who made
the last move: ``WIN`` (plus ``100 << teeth`` in sumo matches) for a win, the negative for a loss.
"""

from __future__ import annotations

import numpy as np

from ai.compiled import njit
from rules.kamisado.board import GOAL_RANK, RANGE_BY_TEETH, RAYS, SQUARE_COLOUR

FREE = 8
WIN = 100_000
MATE_MARGIN = 1_000
MAX_PLY = 64
MAX_MOVES = 192  # more than any position has (102 on a round's free first move)
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


