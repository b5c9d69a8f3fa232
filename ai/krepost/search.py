"""The compiled Krepost search: alpha-beta over :mod:`ai.krepost.core`'s board arrays, with a transposition
table, the judgement's move ordering, a beam over the searching side's own inner turns (the opponent's replies
are all searched) and the level's blur.

:func:`search` deepens until the plan's depth or the time budget, like :func:`ai.search.search`
(which it replaces for Krepost: tens of times faster, so the levels that think longer see deeper).
"""

from __future__ import annotations

import random
import threading
import time

import numpy as np

from ai.compiled import njit
from ai.krepost.core import (
    CELLS,
    DRAW,
    HAND,
    INFO,
    MAX_MOVES,
    NO_RESULT,
    PRISONERS,
    QUIET,
    RESULT,
    TO_MOVE,
    WIN,
    arrays,
    decode,
    encode,
    generate,
    play,
    tables,
)
from ai.krepost.judge import ONE_SIDED, judge, knowledge_of
from ai.search import SearchResult
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import SQUARE_NAMES

MAX_PLY = 24
TABLE_BITS = 18
FIRST_RATE = 1_000_000  # units of work a second (positions, turns tested and judged) until measured
NOISE, KNOWLEDGE, BEAM = 0, 1, 2  # settings
NODES, LIMIT, STOPPED, TIME_UP = 0, 1, 2, 3  # counters; a timer sets TIME_UP at the deadline
ROOT_SLICE = 4  # root turns searched between two looks at the clock
SAFETY = 0.7  # of the work the measured rate allows in the time left: deeper positions cost more
ZOBRIST = np.random.default_rng(1971).integers(1, 2**62, size=(8, 320), dtype=np.int64)


@njit()
def seed_blur(seed: int) -> None:
    """Seed the compiled random numbers that blur the judgement."""
    np.random.seed(seed)


@njit()
def key_of(board: np.ndarray, info: np.ndarray) -> int:
    key: int = ZOBRIST[2, info[TO_MOVE]] ^ ZOBRIST[3, info[HAND]] ^ ZOBRIST[4, info[HAND + 1]]
    key ^= ZOBRIST[5, info[PRISONERS]] ^ ZOBRIST[6, info[PRISONERS + 1]] ^ ZOBRIST[7, min(info[QUIET], 319)]
    for square in range(CELLS):
        if board[square]:
            key ^= ZOBRIST[board[square] - 1, square + 1]
    return key


@njit()
def ended(info: np.ndarray, player: int, ply: int) -> float:
    """The value of a finished game for ``player``, sooner wins and later losses preferred."""
    if info[RESULT] == DRAW:
        return 0.0
    return WIN - ply if info[RESULT] == player else -(WIN - ply)


@njit()
def judged(board: np.ndarray, info: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
           fronts: np.ndarray, settings: np.ndarray, searcher: int, player: int) -> float:
    """The judgement for ``player`` with the search's knowledge; one-sided knowledge is the ``searcher``'s view."""
    knowledge = int(settings[KNOWLEDGE])
    if knowledge != ONE_SIDED or player == searcher:
        return judge(board, info, params, neighbours, flags, fronts, player, knowledge)
    return -judge(board, info, params, neighbours, flags, fronts, searcher, knowledge)


@njit()
def leaf(boards: np.ndarray, infos: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
         fronts: np.ndarray, settings: np.ndarray, ply: int) -> float:
    value = judged(boards[ply], infos[ply], params, neighbours, flags, fronts, settings, infos[0, TO_MOVE],
                   infos[ply, TO_MOVE])
    if settings[NOISE] > 0:
        value += np.random.normal(0.0, settings[NOISE])
    return value


@njit()
def arrange(boards: np.ndarray, infos: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
            fronts: np.ndarray, settings: np.ndarray, moves: np.ndarray, scores: np.ndarray, count: int, first: int,
            killers: np.ndarray, depth: int, ply: int) -> None:
    """Order ``moves[:count]``: ``first``, then (two plies or more from the leaves) by the judgement of the
    position after each, else prisoners, then the ``killers`` (turns that refuted a sibling)."""
    player = infos[ply, TO_MOVE]
    for k in range(count):
        code = moves[k]
        if code == first:
            score = 4 * WIN
        elif depth >= 2:
            boards[ply + 1, :] = boards[ply]
            infos[ply + 1, :] = infos[ply]
            play(boards[ply + 1], infos[ply + 1], params, neighbours, flags, code)
            if infos[ply + 1, RESULT] != NO_RESULT:
                score = ended(infos[ply + 1], player, 0)
            else:
                score = judged(boards[ply + 1], infos[ply + 1], params, neighbours, flags, fronts, settings,
                               infos[0, TO_MOVE], player)
        else:
            score = 2.0 if code >> 16 else (1.0 if code == killers[0] or code == killers[1] else 0.0)
        j = k - 1
        while j >= 0 and scores[j] < score:
            moves[j + 1], scores[j + 1] = moves[j], scores[j]
            j -= 1
        moves[j + 1], scores[j + 1] = code, score


NEGAMAX_TYPES = (  # given, so that Numba caches this self-recursive function
    "float64(int8[:,::1], int64[:,::1], int64[::1], int64[:,::1], int64[::1], int64[::1], float64[::1], "
    "int64[:,::1], float64[:,::1], int64[::1], int64[::1], float64[::1], int64[::1], int64[::1], "
    "int64[:,::1], int64[::1], int64, float64, float64, int64)"
)


@njit(NEGAMAX_TYPES)
def negamax(boards: np.ndarray, infos: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
            fronts: np.ndarray, settings: np.ndarray, moves: np.ndarray, scores: np.ndarray, keys: np.ndarray,
            depths: np.ndarray, values: np.ndarray, bounds: np.ndarray, best_moves: np.ndarray, killers: np.ndarray,
            counters: np.ndarray, depth: int, alpha: float, beta: float, ply: int) -> float:
    """The value of ``boards[ply]`` for its player to move, ``depth`` plies deep (0 when stopped).

    ``counters[NODES]`` counts the work done: positions, and the turns generated and judged in them; the search
    stops when it passes ``counters[LIMIT]`` or when ``counters[TIME_UP]`` is set (from another thread).
    """
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT] or counters[TIME_UP]:
        counters[STOPPED] = 1
        return 0.0
    if depth <= 0 or ply >= MAX_PLY - 1:
        return leaf(boards, infos, params, neighbours, flags, fronts, settings, ply)
    board, info = boards[ply], infos[ply]
    player = info[TO_MOVE]
    key = key_of(board, info)
    slot = key & ((1 << TABLE_BITS) - 1)
    first = -1
    if keys[slot] == key:
        first = best_moves[slot]
        if depths[slot] >= depth:
            stored: float = values[slot]
            bound = bounds[slot]
            if bound == 0 or (bound < 0 and stored <= alpha) or (bound > 0 and stored >= beta):
                return stored
    count = generate(board, info, neighbours, flags, moves[ply])
    counters[NODES] += count if depth < 2 else 2 * count  # the work: each turn's encirclement test, and its judgement
    arrange(boards, infos, params, neighbours, flags, fronts, settings, moves[ply], scores[ply], count, first,
            killers[ply], depth, ply)
    if settings[BEAM] > 0 and depth >= 2 and player == infos[0, TO_MOVE]:  # only the searching side's own turns
        count = min(count, int(settings[BEAM]))
    original = alpha
    best, best_code = -2 * WIN, -1
    for k in range(count):
        code = moves[ply, k]
        boards[ply + 1, :] = board
        infos[ply + 1, :] = info
        play(boards[ply + 1], infos[ply + 1], params, neighbours, flags, code)
        if infos[ply + 1, RESULT] != NO_RESULT:
            score = ended(infos[ply + 1], player, ply + 1)
        elif infos[ply + 1, TO_MOVE] == player:
            score = negamax(boards, infos, params, neighbours, flags, fronts, settings, moves, scores, keys, depths, values,
                            bounds, best_moves, killers, counters, depth - 1, alpha, beta, ply + 1)
        else:
            score = -negamax(boards, infos, params, neighbours, flags, fronts, settings, moves, scores, keys, depths,
                             values, bounds, best_moves, killers, counters, depth - 1, -beta, -alpha, ply + 1)
        if counters[STOPPED]:
            return 0.0
        if score > best:
            best, best_code = score, code
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    if not code >> 16 and killers[ply, 0] != code:
                        killers[ply, 1] = killers[ply, 0]
                        killers[ply, 0] = code
                    break
    if best_code < 0:
        return leaf(boards, infos, params, neighbours, flags, fronts, settings, ply)
    keys[slot] = key
    depths[slot] = depth
    values[slot] = best
    bounds[slot] = 0 if original < best < beta else (-1 if best <= original else 1)
    best_moves[slot] = best_code
    return best


@njit(nogil=True)
def root(boards: np.ndarray, infos: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
         fronts: np.ndarray, settings: np.ndarray, moves: np.ndarray, scores: np.ndarray, keys: np.ndarray,
         depths: np.ndarray, values: np.ndarray, bounds: np.ndarray, best_moves: np.ndarray, killers: np.ndarray,
         counters: np.ndarray, candidates: np.ndarray, count: int, first: int, depth: int, low: int, high: int,
         best_code: int, best: float) -> tuple[int, float]:
    """Search the root turns ``low`` to ``high`` of ``candidates[:count]`` (ordered when ``low`` is 0) ``depth`` plies
    deep and return the best so far, given the best of the turns before (every turn: no beam at the root)."""
    work, work_scores = moves[MAX_PLY - 1], scores[MAX_PLY - 1]
    if low == 0:
        work[:count] = candidates[:count]
        arrange(boards, infos, params, neighbours, flags, fronts, settings, work, work_scores, count, first, killers[0],
                depth, 0)
        best_code, best = work[0], -2 * WIN
    player = infos[0, TO_MOVE]
    alpha = max(best, -2 * WIN)
    for k in range(low, min(high, count)):
        code = work[k]
        boards[1, :] = boards[0]
        infos[1, :] = infos[0]
        play(boards[1], infos[1], params, neighbours, flags, code)
        if infos[1, RESULT] != NO_RESULT:
            score = ended(infos[1], player, 1)
        elif infos[1, TO_MOVE] == player:
            score = negamax(boards, infos, params, neighbours, flags, fronts, settings, moves, scores, keys, depths, values,
                            bounds, best_moves, killers, counters, depth - 1, alpha, 2 * WIN, 1)
        else:
            score = -negamax(boards, infos, params, neighbours, flags, fronts, settings, moves, scores, keys, depths,
                             values, bounds, best_moves, killers, counters, depth - 1, -2 * WIN, -alpha, 1)
        if counters[STOPPED]:
            break
        if score > best:
            best, best_code = score, code
            alpha = max(alpha, score)
    return best_code, best


@njit()
def gives_prisoner(board: np.ndarray, info: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
                   code: int, out: np.ndarray) -> bool:
    """Whether after the turn ``code`` the enemy can take a prisoner with their next turn."""
    after, state = board.copy(), info.copy()
    play(after, state, params, neighbours, flags, code)
    if state[RESULT] != NO_RESULT or state[TO_MOVE] == info[TO_MOVE]:
        return False  # the game is over, or the player moves again (an extra turn)
    for k in range(generate(after, state, neighbours, flags, out)):  # noqa: SIM110  (compiled: no generators)
        if out[k] >> 16:
            return True
    return False


def unsafe_codes(state: KrepostState, codes: list[int]) -> frozenset[int]:
    """The turns of ``codes`` after which the enemy can take a prisoner at once (each turn that takes a
    prisoner itself is left out: a trade is the search's to judge)."""
    neighbours, flags, _ = tables(state.fortress_size)
    board, info, params = arrays(state)
    out = np.zeros(MAX_MOVES, np.int64)
    return frozenset(code for code in codes
                     if not code >> 16 and gives_prisoner(board, info, params, neighbours, flags, code, out))


def code_of(state: KrepostState, move: KrepostMove) -> int:
    """The engine's code of the rules core's turn ``move``."""
    start = -1 if move.start is None else SQUARE_NAMES.index(move.start)
    prisoner = -1 if move.prisoner is None else SQUARE_NAMES.index(move.prisoner)
    return encode(start, SQUARE_NAMES.index(move.end), prisoner)


def legal_codes(state: KrepostState) -> list[int]:
    """Every legal turn of ``state`` as a code (jumps to the same square once); none when the game is over."""
    if state.outcome() is not None:
        return []
    neighbours, flags, _ = tables(state.fortress_size)
    board, info, _ = arrays(state)
    out = np.zeros(MAX_MOVES, np.int64)
    return [int(code) for code in out[: generate(board, info, neighbours, flags, out)]]


def to_move(state: KrepostState, code: int) -> KrepostMove:
    """The rules core's turn for ``code`` (of the jumps that land on the same square, the shortest)."""
    start, target, prisoner = decode(code)
    start_name = None if start < 0 else SQUARE_NAMES[start]
    taken = None if prisoner < 0 else SQUARE_NAMES[prisoner]
    found = [move for move in state.legal_moves()
             if move.start == start_name and move.end == SQUARE_NAMES[target] and move.prisoner == taken]
    if not found:
        raise AssertionError(f"the engine's turn {code} is not legal here")
    return min(found, key=lambda move: len(move.squares))


def search(state: KrepostState, *, max_depth: int, time_budget: float | None, seed: int | None = None,
           cancel: threading.Event | None = None, beam: int | None = None, noise: float = 0.0,
           careful: bool = True, one_sided: bool = False, exclude: frozenset[int] = frozenset()) -> SearchResult:
    """Iterative deepening until ``max_depth`` or the time budget (None: always reach ``max_depth``).
    Turns whose codes are in ``exclude`` are searched only when every turn is.

    ``noise`` blurs the judgement; ``careful`` and ``one_sided`` choose its knowledge (see :func:`ai.krepost.judge.judge`:
    one-sided knowledge judges every position from the searching player's side).

    The same state, depth and seed give the same move when there is no time limit.
    """
    began = time.perf_counter()
    deadline = None if time_budget is None else began + time_budget
    order = legal_codes(state)
    if not order:
        raise ValueError("no legal move: the game is over")
    order = [code for code in order if code not in exclude] or order
    rng = random.Random(seed)
    rng.shuffle(order)
    seed_blur(rng.randrange(2**31))
    neighbours, flags, fronts = tables(state.fortress_size)
    board, info, params = arrays(state)
    boards = np.zeros((MAX_PLY + 1, CELLS), np.int8)
    infos = np.zeros((MAX_PLY + 1, INFO), np.int64)
    boards[0], infos[0] = board, info
    size = 1 << TABLE_BITS
    keys, depths = np.zeros(size, np.int64), np.full(size, -1, np.int64)
    values, bounds, best_moves = np.zeros(size), np.zeros(size, np.int64), np.full(size, -1, np.int64)
    moves, scores = np.zeros((MAX_PLY, MAX_MOVES), np.int64), np.zeros((MAX_PLY, MAX_MOVES))
    killers = np.full((MAX_PLY, 2), -1, np.int64)
    settings = np.array([noise, float(knowledge_of(careful, one_sided)), float(beam or 0)])
    candidates = np.array(order, np.int64)
    best, value, reached, nodes, rate, spent = order[0], 0.0, 0, 0, float(FIRST_RATE), 0.0
    counters = np.zeros(4, np.int64)
    alarm: threading.Timer | None = None
    for depth in range(1, min(max_depth, MAX_PLY - 2) + 1):
        if cancel is not None and cancel.is_set():
            break
        if deadline is not None and depth == 2:
            # What a unit of the measured work rate costs varies with the depth: the limit below keeps to the
            # budget on average, this alarm every time (the compiled search runs without the GIL).
            alarm = threading.Timer(max(0.0, deadline - time.perf_counter()), counters.__setitem__, (TIME_UP, 1))
            alarm.daemon = True
            alarm.start()
        counters[NODES], counters[LIMIT], counters[STOPPED] = 0, 10**15, 0
        iteration_began = time.perf_counter()
        code, score = -1, -2 * WIN
        for low in range(0, len(order), ROOT_SLICE):
            # The limit is set again every few root turns, from the work rate measured so far.
            if cancel is not None and cancel.is_set() and depth > 1:
                counters[STOPPED] = 1
                break
            if deadline is not None and depth > 1:
                now = time.perf_counter()
                if spent + now - iteration_began > 0.002:
                    rate = (nodes + int(counters[NODES])) / (spent + now - iteration_began)
                if now >= deadline:
                    counters[STOPPED] = 1
                    break
                counters[LIMIT] = counters[NODES] + int(SAFETY * rate * (deadline - now))
            code, score = root(boards, infos, params, neighbours, flags, fronts, settings, moves, scores, keys, depths,
                               values, bounds, best_moves, killers, counters, candidates, len(order),
                               best if reached else -1, depth, low, low + ROOT_SLICE, code, score)
            if counters[STOPPED]:
                break
        nodes += int(counters[NODES])
        spent += time.perf_counter() - iteration_began
        if counters[STOPPED]:
            break  # out of time in the middle of this depth: keep the last full result
        best, value, reached = int(code), float(score), depth
        if abs(value) >= WIN / 2:
            break  # a forced result is found
    if alarm is not None:
        alarm.cancel()
    return SearchResult(to_move(state, best), value, reached, nodes, time.perf_counter() - began)


def warm_up() -> None:
    """Compile the search (a few seconds, or none when Numba's cache has it)."""
    state = KrepostState.start()
    search(state, max_depth=2, time_budget=None, seed=0, beam=4, noise=1.0)
    unsafe_codes(state, legal_codes(state)[:2])
