"""The compiled Kamisado search over :mod:`ai.kamisado.core`'s board arrays: the strike test, the
judgement of a position, move ordering, and alpha-beta with a transposition table (:func:`new_table`)."""

from __future__ import annotations

import numpy as np

from ai.compiled import njit
from ai.kamisado.core import (
    COLOUR,
    FREE,
    GOAL_RAY,
    GOAL_ROW,
    MAX_PLY,
    NO_MOVE,
    RAY,
    RAY_LENGTH,
    WIN,
    generate,
    make,
    round_won,
    unmake,
)

THREAT = 60


ADVANCE = 2


TABLE_BITS = 18


def new_table() -> tuple[np.ndarray, ...]:
    """An empty transposition table: keys, depths, values, flags, best moves."""
    size = 1 << TABLE_BITS
    return (np.zeros(size, np.int64), np.full(size, -1, np.int64), np.zeros(size, np.int64),
            np.zeros(size, np.int64), np.full(size, NO_MOVE, np.int64))


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


NEGAMAX_TYPES = (  # given, so that Numba caches this self-recursive function
    "int64(int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], "
    "int64[::1], int64[::1], int64[::1], int64[:,::1], int64[:,::1], int64[:,::1], int64[::1], int64, "
    "int64, int64, int64)"
)


@njit(NEGAMAX_TYPES)
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


@njit(nogil=True)
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
