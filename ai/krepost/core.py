"""The Krepost rules on board arrays, compiled with Numba for the opponent's search.

A board is 144 cells (``rank * 12 + file``, as in the rules core): 0 empty, 1 White, 2 Black. The
rest of a position lives in an ``info`` row (:data:`TO_MOVE`, hands, prisoners, :data:`QUIET`,
:data:`RESULT`) and the game's constants in a ``params`` row (:data:`COUNT_AFTER`, :data:`HOLDER`).
A turn is one code: the start square + 1 (0 for a placement), the target square, the prisoner + 1
(0 for none). Jumps are known by where they start and land: every chain to the same square gives the
same position.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ai.compiled import njit
from rules.krepost import KrepostState
from rules.krepost.geometry import SIZE, geometry
from rules.krepost.paths import next_square

CELLS = SIZE * SIZE
ZONE, FORT, SOURCE = 1, 4, 16  # flag bits: ZONE << player, FORT << player, SOURCE
TO_MOVE, HAND, PRISONERS, QUIET, RESULT = 0, 1, 3, 5, 6  # HAND and PRISONERS: + player
INFO = 7
COUNT_AFTER, HOLDER = 0, 1  # params; HOLDER: the half stone's player, or -1
NO_RESULT, DRAW = -1, 2  # RESULT: -1 going on, 0 or 1 the winner, 2 a drawn count
WIN = 1_000_000.0
MAX_MOVES = 8192  # more than any position has: every prisoner choice is a turn of its own


@cache
def tables(fortress_size: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The board of one fortress size: neighbours per direction (-1: none or a wall), square flags, fronts."""
    geo = geometry(fortress_size)
    neighbours = np.array(next_square(geo), np.int64)
    flags = np.zeros(CELLS, np.int64)
    for square in range(CELLS):
        for player in (0, 1):
            flags[square] |= (ZONE << player) * (geo.zone[player] >> square & 1)
            flags[square] |= (FORT << player) * (geo.fortress[player] >> square & 1)
        flags[square] |= SOURCE * (geo.sources >> square & 1)
    return neighbours, flags, np.array(geo.front, np.int64)


def arrays(state: KrepostState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The board, info and params rows of ``state``."""
    board = np.zeros(CELLS, np.int8)
    for player in (0, 1):
        stones = state.stones[player]
        for square in range(CELLS):
            if stones >> square & 1:
                board[square] = player + 1
    info = np.zeros(INFO, np.int64)
    info[TO_MOVE] = 0 if state.to_play in (None, "white") else 1
    info[HAND], info[HAND + 1] = state.in_hand
    info[PRISONERS], info[PRISONERS + 1] = state.prisoners
    info[QUIET] = state.quiet
    info[RESULT] = NO_RESULT
    holder = -1 if not state.half_stone else (1 if state.first == "white" else 0)
    return board, info, np.array([state.count_after, holder], np.int64)


def encode(start: int, target: int, prisoner: int) -> int:
    """The code of a turn (``start`` and ``prisoner`` -1 for none)."""
    return (start + 1) | target << 8 | (prisoner + 1) << 16


def decode(code: int) -> tuple[int, int, int]:
    """``(start, target, prisoner)`` of a code, -1 for none."""
    return (code & 255) - 1, code >> 8 & 255, (code >> 16 & 255) - 1



@njit()
def fill_air(board: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, air: np.ndarray, stack: np.ndarray) -> int:
    """Mark in ``air`` the empty squares with a free way to the edge, by region: the squares joined through empty
    squares share a number from 1 up (0: no way out). Return how many regions."""
    air[:] = 0
    regions = 0
    for start in range(CELLS):
        if board[start] or not flags[start] & SOURCE or air[start]:
            continue
        regions += 1
        air[start] = regions
        stack[0] = start
        top = 1
        while top:
            top -= 1
            square = stack[top]
            for direction in range(4):
                near = neighbours[square, direction]
                if near >= 0 and board[near] == 0 and air[near] == 0:
                    air[near] = regions
                    stack[top] = near
                    top += 1
    return regions


@njit()
def detachment(board: np.ndarray, neighbours: np.ndarray, air: np.ndarray, first: int, seen: np.ndarray,
               group: np.ndarray, ways: np.ndarray, touched: np.ndarray) -> tuple[int, int]:
    """Collect the detachment of the stone on ``first`` in ``group`` (marking ``seen``) and its free neighbours
    with a way to the edge in ``ways``; return how many of each. ``touched`` marks the ways per detachment."""
    stone = board[first]
    seen[first] = 1
    group[0] = first
    size, head, contacts = 1, 0, 0
    while head < size:
        square = group[head]
        head += 1
        for direction in range(4):
            near = neighbours[square, direction]
            if near < 0:
                continue
            if board[near] == stone:
                if not seen[near]:
                    seen[near] = 1
                    group[size] = near
                    size += 1
            elif air[near] and touched[near] != first + 1:
                touched[near] = first + 1
                ways[contacts] = near
                contacts += 1
    return size, contacts


@njit()
def surrounded(board: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, side: int, out: np.ndarray) -> int:
    """Write the squares of ``side``'s stones in surrounded detachments to ``out``; return how many."""
    air = np.empty(CELLS, np.int8)
    ways = np.empty(CELLS, np.int64)
    fill_air(board, neighbours, flags, air, ways)
    seen = np.zeros(CELLS, np.int8)
    touched = np.zeros(CELLS, np.int64)
    group = np.empty(CELLS, np.int64)
    found = 0
    for first in range(CELLS):
        if board[first] != side + 1 or seen[first]:
            continue
        size, contacts = detachment(board, neighbours, air, first, seen, group, ways, touched)
        if contacts == 0:
            for k in range(size):
                out[found] = group[k]
                found += 1
    return found


@njit()
def fortress_empty(board: np.ndarray, flags: np.ndarray, side: int) -> bool:
    """Whether no stone of ``side`` stands in ``side``'s fortress."""
    for square in range(CELLS):  # noqa: SIM110  (a loop: Numba compiles no generators)
        if flags[square] & (FORT << side) and board[square] == side + 1:
            return False
    return True


@njit()
def has_move(board: np.ndarray, info: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, player: int) -> bool:
    """Whether ``player`` has any turn: a placement, a step or a jump."""
    if info[HAND + player] > 0:
        for square in range(CELLS):
            if board[square] == 0 and flags[square] & (ZONE << player):
                return True
    for square in range(CELLS):
        if board[square] != player + 1:
            continue
        for direction in range(4):
            near = neighbours[square, direction]
            if near < 0:
                continue
            if board[near] == 0:
                return True
            if board[near] == player + 1:
                land = neighbours[near, direction]
                if land >= 0 and board[land] == 0:
                    return True
    return False


@njit()
def base_moves(board: np.ndarray, info: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, out: np.ndarray) -> int:
    """Write the placements, steps and jumps (start and target, no prisoner) to ``out``; return how many."""
    player = info[TO_MOVE]
    stone = player + 1
    count = 0
    if info[HAND + player] > 0:
        for square in range(CELLS):
            if board[square] == 0 and flags[square] & (ZONE << player):
                out[count] = square << 8
                count += 1
    reached = np.zeros(CELLS, np.int64)
    queue = np.empty(CELLS, np.int64)
    for start in range(CELLS):
        if board[start] != stone:
            continue
        jumps = False
        for direction in range(4):
            near = neighbours[start, direction]
            if near >= 0:
                if board[near] == 0:
                    out[count] = (start + 1) | near << 8
                    count += 1
                elif board[near] == stone:
                    jumps = True
        if not jumps:
            continue
        # Every square a chain of jumps reaches (a shortest chain never lands twice on a square).
        mark = start + 1
        reached[start] = mark
        queue[0] = start
        size, head = 1, 0
        while head < size:
            here = queue[head]
            head += 1
            for direction in range(4):
                over = neighbours[here, direction]
                if over < 0 or over == start or board[over] != stone:
                    continue
                land = neighbours[over, direction]
                if land >= 0 and board[land] == 0 and reached[land] != mark:
                    reached[land] = mark
                    queue[size] = land
                    size += 1
                    out[count] = (start + 1) | land << 8
                    count += 1
    return count


@njit()
def cuts_nothing(board: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, air: np.ndarray, target: int) -> bool:
    """Whether filling the free square ``target`` surely leaves every other free square its way to the edge.

    Looked at within the 3x3 window around it: the free neighbours stay joined there (and for an edge
    square, each of them reaches another edge square there).
    """
    rank, file = target // SIZE, target % SIZE
    label = np.zeros(9, np.int64)  # window cell -> component (0: none yet)
    queue = np.empty(9, np.int64)
    components = 0
    source = flags[target] & SOURCE
    for direction in range(4):
        start = neighbours[target, direction]
        if start < 0 or not air[start]:
            continue
        cell = (start // SIZE - rank + 1) * 3 + start % SIZE - file + 1
        if label[cell]:
            continue
        components += 1
        if not source and components > 1:
            return False
        label[cell] = components
        queue[0] = start
        size, head, reaches = 1, 0, False
        while head < size:
            square = queue[head]
            head += 1
            if flags[square] & SOURCE:
                reaches = True
            for way in range(4):
                near = neighbours[square, way]
                if near < 0 or near == target or not air[near]:
                    continue
                r, f = near // SIZE - rank + 1, near % SIZE - file + 1
                if r < 0 or r > 2 or f < 0 or f > 2 or label[r * 3 + f]:
                    continue
                label[r * 3 + f] = components
                queue[size] = near
                size += 1
        if source and not reaches:
            return False
    return True


@njit()
def generate(board: np.ndarray, info: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, out: np.ndarray) -> int:
    """Write every legal turn's code (a prisoner choice is a turn of its own) to ``out``; return how many."""
    count = base_moves(board, info, neighbours, flags, out)
    player = info[TO_MOVE]
    enemy = 1 - player
    open_fortress = fortress_empty(board, flags, enemy)
    taken = np.empty(CELLS, np.int64)
    base = out[:count].copy()
    # The enemy's detachments now: those with one way out can be surrounded by a stone landing there.
    air = np.empty(CELLS, np.int8)
    stack = np.empty(CELLS, np.int64)
    fill_air(board, neighbours, flags, air, stack)
    already = False  # some detachment is surrounded already
    only_way = np.zeros(CELLS, np.int64)  # squares that are some detachment's one way out
    group = np.empty(CELLS, np.int64)
    seen = np.zeros(CELLS, np.int8)
    touched = np.zeros(CELLS, np.int64)
    for first in range(CELLS):
        if board[first] == enemy + 1 and not seen[first]:
            _, contacts = detachment(board, neighbours, air, first, seen, group, stack, touched)
            if contacts == 1:
                only_way[stack[0]] = 1
            already = already or contacts == 0
    total = 0
    for k in range(count):
        code = base[k]
        start, target = (code & 255) - 1, code >> 8 & 255
        if open_fortress and flags[target] & (FORT << enemy):
            out[total] = code
            total += 1
            continue
        if not already and (not air[target] or (not only_way[target]
                                                and cuts_nothing(board, neighbours, flags, air, target))):
            found = 0  # no air lost (a freed start square only adds some), or none that any detachment needs
        else:
            if start >= 0:
                board[start] = 0
            board[target] = player + 1
            found = surrounded(board, neighbours, flags, enemy, taken)
            board[target] = 0
            if start >= 0:
                board[start] = player + 1
        if found == 0:
            out[total] = code
            total += 1
        for i in range(found):
            if total < out.shape[0]:
                out[total] = code | (taken[i] + 1) << 16
                total += 1
    return total


@njit()
def play(board: np.ndarray, info: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
         code: int) -> None:
    """Play the legal turn ``code`` on ``board`` and ``info`` in place (the result, if the game ends, in RESULT)."""
    player = info[TO_MOVE]
    enemy = 1 - player
    start, target, prisoner = (code & 255) - 1, code >> 8 & 255, (code >> 16 & 255) - 1
    open_fortress = fortress_empty(board, flags, enemy)
    if start < 0:
        info[HAND + player] -= 1
    else:
        board[start] = 0
    board[target] = player + 1
    info[QUIET] += 1
    if open_fortress and flags[target] & (FORT << enemy):
        info[RESULT] = player
        return
    extra = False
    if prisoner >= 0:
        extra = True
        for direction in range(4):
            near = neighbours[prisoner, direction]
            if near >= 0 and board[near] == enemy + 1:
                extra = False
        board[prisoner] = 0
        info[PRISONERS + player] += 1
        info[QUIET] = 0
        if flags[prisoner] & (FORT << enemy) and fortress_empty(board, flags, enemy):
            info[RESULT] = player
            return
    mover = player if extra else enemy
    info[TO_MOVE] = mover
    if info[QUIET] >= params[COUNT_AFTER]:
        white = info[PRISONERS] + info[HAND + 1]
        black = info[PRISONERS + 1] + info[HAND]
        info[RESULT] = 0 if white > black else (1 if black > white else (DRAW if params[HOLDER] < 0 else params[HOLDER]))
    elif not has_move(board, info, neighbours, flags, mover):
        info[RESULT] = 1 - mover
