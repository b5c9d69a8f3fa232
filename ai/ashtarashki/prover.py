"""The compiled core of the Ashtarashki endgame solver: whether the player to move wins, on board arrays.

:mod:`ai.ashtarashki.solver` keeps the rules' moves on its compact positions and the proofs' moves;
this module answers its one hard question, *does the player to move win?*, compiled by Numba
(millions of positions a second; without Numba it runs as slow Python). A board is 64 stone codes
as in the rules core (0: empty); results live in a transposition table (:class:`Table`) shared by
every question about one game, so later questions are quick.

The search is the solver's: a move that wins at once, or leads to a position known lost for the
opponent, is taken first; otherwise captures, advances, then retreats (the stones nearest their finish
first), stopping at the first win.
"""

from __future__ import annotations

import numpy as np

from ai.compiled import njit
from rules.ashtarashki.board import BACKWARD_STEPS, BEATS, DIAGONALS, FINISH_RANK, FORWARD_STEPS

LOSS, WIN, STOPPED = 0, 1, 2
NO_WINNER = -1
MAX_PLY = 200
MAX_MOVES = 96
PATH = 14  # a move's record: kind, squares on the path, then the path
STEP, RETREAT, CAPTURE = 0, 1, 2

DIAG = np.full((64, 4), -1, np.int64)
FWD = np.full((2, 64, 2), -1, np.int64)
BACK = np.full((2, 64, 2), -1, np.int64)
for _square in range(64):
    for _i, _target in enumerate(DIAGONALS[_square]):
        DIAG[_square, _i] = _target
    for _player in (0, 1):
        for _i, _target in enumerate(FORWARD_STEPS[_player][_square]):
            FWD[_player, _square, _i] = _target
        for _i, _target in enumerate(BACKWARD_STEPS[_player][_square]):
            BACK[_player, _square, _i] = _target
FINISH = np.array(FINISH_RANK, np.int64)
BEAT = np.zeros((4, 4), np.bool_)
for _a, _b in BEATS:
    BEAT[_a, _b] = True
ZOBRIST = np.random.default_rng(20111).integers(1, 2**62, size=(64, 32), dtype=np.int64)
SIDE = np.int64(0x5BD1E9955BD1E995 & (2**62 - 1))
TABLE_BITS = 22


class Table:
    """A transposition table of proven results (keys and results), with the search's work arrays."""

    def __init__(self) -> None:
        size = 1 << TABLE_BITS
        self.keys = np.zeros(size, np.int64)
        self.results = np.zeros(size, np.int8)
        self.boards = np.zeros((MAX_PLY + 1, 64), np.int64)
        self.moves = np.zeros((MAX_PLY, MAX_MOVES, PATH), np.int64)
        self.counters = np.zeros(2, np.int64)  # positions searched, the limit

    def won(self, board: tuple[int, ...], player: int, limit: int, goal: int = -1, order: int = 0) -> int:
        """:data:`WIN` or :data:`LOSS` for ``player`` to move on ``board`` (with ``goal`` a player: whether that
        player forces a clean win); :data:`STOPPED` past ``limit`` more positions. ``order`` is the order in
        which moves are tried (see :func:`generate`): the result is the same, the time to find it is not."""
        self.boards[0, :] = board
        self.counters[1] = self.counters[0] + limit
        key = _hash(self.boards[0], player)
        return int(prove(self.boards, self.moves, self.keys, self.results, self.counters, player, 0, key, goal, order))

    @property
    def positions(self) -> int:
        """Positions searched so far, over every question."""
        return int(self.counters[0])


Board = tuple[int, ...]  # 64 stone codes, as the rules core's board
Turn = tuple[tuple[int, ...], int]  # the squares the stone stands on, and its kind


def successors(board: Board, player: int) -> list[tuple[Turn, Board, int]]:
    """Every legal turn of ``player`` with the board after it and the winner if the game ends (else :data:`NO_WINNER`).

    A game that goes on may still end by the next player having no turn (blocked).
    """
    here = np.array(board, np.int64)
    out = np.zeros((MAX_MOVES, PATH), np.int64)
    child = np.zeros(64, np.int64)
    found = []
    for k in range(generate(here, player, out)):
        ended = apply(here, child, player, out[k])
        found.append(((tuple(out[k, 2:2 + out[k, 1]].tolist()), int(out[k, 0])), tuple(child.tolist()), int(ended)))
    return found


@njit()
def _hash(board: np.ndarray, player: int) -> np.int64:
    value = SIDE if player else np.int64(0)
    for square in range(64):
        if board[square]:
            value ^= ZOBRIST[square, board[square]]
    return value


@njit()
def _record(out: np.ndarray, count: int, kind: int, path: np.ndarray, length: int) -> int:
    if count >= MAX_MOVES:
        return count
    out[count, 0] = kind
    out[count, 1] = length
    for i in range(length):
        out[count, 2 + i] = path[i]
    return count + 1


CHAINS_TYPES = (  # given, so that Numba caches this self-recursive function
    "int64(int64[::1], int64, int64, int64, int64[::1], int64, int64[:,::1], int64)"
)


@njit(CHAINS_TYPES)
def _chains(board: np.ndarray, player: int, square: int, number: int, path: np.ndarray, length: int,
            out: np.ndarray, count: int) -> int:
    """Add every maximal capture chain of the M stone on ``path[0]``, now on ``square``, to ``out``."""
    if length > 1 and square // 8 == FINISH[player]:
        return _record(out, count, CAPTURE, path, length)
    extended = False
    for i in range(4):
        target = DIAG[square, i]
        if target < 0:
            continue
        taken = board[target]
        if taken == 0 or taken >> 4 == player or target // 8 == FINISH[taken >> 4]:
            continue
        if not ((taken >> 2) & 3 == 2 or BEAT[number, taken & 3]):
            continue
        if length >= PATH - 1:
            continue
        code = board[square]
        board[square] = 0
        board[target] = code
        path[length] = target
        count = _chains(board, player, target, number, path, length + 1, out, count)
        board[target] = taken
        board[square] = code
        extended = True
    if not extended and length > 1:
        count = _record(out, count, CAPTURE, path, length)
    return count


@njit()
def generate(board: np.ndarray, player: int, out: np.ndarray, order: int = 0) -> int:
    """The legal moves of ``player`` into ``out`` (kind, length, squares); capture chains if any. Steps and
    retreats come stone by stone: from a1 on (``order`` 0), or the stones nearest their finish first (1)."""
    count = 0
    path = np.zeros(PATH, np.int64)
    finish = FINISH[player]
    for square in range(64):
        code = board[square]
        if code and code >> 4 == player and square // 8 != finish and (code >> 2) & 3 == 0:
            path[0] = square
            count = _chains(board, player, square, code & 3, path, 1, out, count)
    if count:
        return count
    for kind in (STEP, RETREAT):
        for index in range(64):
            square = 63 - index if order == 1 and finish == 7 else index
            code = board[square]
            if not code or code >> 4 != player or square // 8 == finish:
                continue
            for i in range(2):
                target = FWD[player, square, i] if kind == STEP else BACK[player, square, i]
                if target >= 0 and board[target] == 0 and count < MAX_MOVES:
                    out[count, 0] = kind
                    out[count, 1] = 2
                    out[count, 2] = square
                    out[count, 3] = target
                    count += 1
    return count


@njit()
def apply(board: np.ndarray, child: np.ndarray, player: int, move: np.ndarray) -> int:
    """Write the board after ``move`` into ``child``; return the winner if the game ends (else :data:`NO_WINNER`)."""
    child[:] = board
    kind, length = move[0], move[1]
    start, end = move[2], move[1 + length]
    code = child[start]
    child[start] = 0
    if kind == RETREAT:
        state = (code >> 2) & 3
        if state == 2:  # liquidated
            return winner(child, player)
        child[end] = (player << 4) | ((state + 1) << 2) | (0 if state + 1 == 2 else code & 3)
        return NO_WINNER
    for i in range(1, length):
        child[move[2 + i]] = 0
    child[end] = code
    if kind == STEP and end // 8 != FINISH[player]:
        return NO_WINNER
    return winner(child, player)


@njit()
def winner(board: np.ndarray, mover: int) -> int:
    """The rules' ending after a move of ``mover`` that took, liquidated or finished a stone."""
    counts = np.zeros(2, np.int64)
    finished = np.zeros(2, np.int64)
    for square in range(64):
        code = board[square]
        if code:
            owner = code >> 4
            counts[owner] += 1
            if square // 8 == FINISH[owner]:
                finished[owner] += 1
    opponent = 1 - mover
    if counts[opponent] == 0 or counts[mover] == 0:
        return mover if counts[opponent] == 0 else opponent
    home_mover = finished[mover] >= min(4, counts[mover])
    home_opponent = finished[opponent] >= min(4, counts[opponent])
    if not (home_mover or home_opponent):
        return NO_WINNER
    if counts[0] != counts[1] and min(counts[0], counts[1]) < 4:
        return 0 if counts[0] > counts[1] else 1
    return mover if home_mover else opponent


@njit()
def _child_key(key: np.int64, board: np.ndarray, child: np.ndarray, move: np.ndarray) -> np.int64:
    """The hash of ``child`` (``board`` after ``move``, the other player to move), from ``board``'s hash:
    only the squares on the move's path change."""
    value = key ^ SIDE
    for i in range(move[1]):
        square = move[2 + i]
        before, after = board[square], child[square]
        if before != after:
            if before:
                value ^= ZOBRIST[square, before]
            if after:
                value ^= ZOBRIST[square, after]
    return value


@njit()
def _stones(board: np.ndarray, player: int) -> int:
    count = 0
    for square in range(64):
        if board[square] and board[square] >> 4 == player:
            count += 1
    return count


PLAIN = -1  # the goal "the player to move wins"; 0 or 1: "that player wins cleanly (no enemy stone left)"
GOAL_SALT = np.random.default_rng(20112).integers(1, 2**62, size=3, dtype=np.int64)
GOAL_SALT[0] = 0  # plain results keep the plain hash

PROVE_TYPES = (  # given, so that Numba caches this self-recursive function
    "int64(int64[:,::1], int64[:,:,::1], int64[::1], int8[::1], int64[::1], int64, int64, int64, int64, int64)"
)


@njit(PROVE_TYPES, nogil=True)
def prove(boards: np.ndarray, moves: np.ndarray, keys: np.ndarray, results: np.ndarray, counters: np.ndarray,
          player: int, ply: int, key: np.int64, goal: int, order: int) -> int:
    """For ``player`` to move on ``boards[ply]`` (whose hash is ``key``): with ``goal`` :data:`PLAIN`,
    :data:`WIN` or :data:`LOSS` for the player to move; with ``goal`` a player, :data:`WIN` when that
    player can force a clean win (every enemy stone gone), :data:`LOSS` when not. :data:`STOPPED` past
    the position limit."""
    counters[0] += 1
    if counters[0] > counters[1] or ply >= MAX_PLY:
        return STOPPED
    board = boards[ply]
    stored = key ^ GOAL_SALT[goal + 1]
    slot = stored & ((1 << TABLE_BITS) - 1)
    if keys[slot] == stored:
        return int(results[slot])
    child = boards[ply + 1]
    out = moves[ply]
    count = generate(board, player, out, order)
    opponent = 1 - player
    # The goal's side chooses (one success is enough); the other side must fail at every move.
    choosing = goal == PLAIN or player == goal
    success = WIN if goal == PLAIN or player == goal else LOSS  # what this player's good move yields here
    result = LOSS if choosing else WIN
    if count == 0:
        result = LOSS  # blocked: the player to move has lost (and a clean win needs no blocked player)
    decided = count == 0
    for k in range(count):  # a move that decides at once, or leads to a position already settled
        ended = apply(board, child, player, out[k])
        value = -1
        if ended != NO_WINNER:
            if goal == PLAIN:
                value = WIN if ended == player else LOSS
            else:
                value = WIN if ended == goal and _stones(child, 1 - goal) == 0 else LOSS
        else:
            other = _child_key(key, board, child, out[k]) ^ GOAL_SALT[goal + 1]
            other_slot = other & ((1 << TABLE_BITS) - 1)
            if keys[other_slot] == other:
                known = int(results[other_slot])
                value = (WIN if known == LOSS else LOSS) if goal == PLAIN else known
        if value == success:
            result = value
            decided = True
            break
    if not decided:
        for k in range(count):
            if apply(board, child, player, out[k]) != NO_WINNER:
                continue  # it ends the game, and not in the mover's favour (seen above)
            answer = prove(boards, moves, keys, results, counters, opponent, ply + 1,
                           _child_key(key, board, child, out[k]), goal, order)
            if answer == STOPPED:
                return STOPPED
            value = (WIN if answer == LOSS else LOSS) if goal == PLAIN else answer
            if value == success:
                result = value
                break
    keys[slot] = stored
    results[slot] = result
    return result
