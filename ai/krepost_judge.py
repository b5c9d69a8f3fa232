"""The Krepost engine's judgement of a position, on :mod:`ai.krepost_core`'s board arrays (compiled).

The count as it stands, the stones on the board, stones that can no longer be placed before the
count, open front squares and the enemy's distance to them, surrounded detachments and those with
few ways out, and (careful judgement) the exits of garrisons.
"""

from __future__ import annotations

import numpy as np

from ai.kamisado_core import njit
from ai.krepost_core import (
    CELLS,
    COUNT_AFTER,
    FORT,
    HAND,
    PRISONERS,
    QUIET,
    SOURCE,
    TO_MOVE,
    ZONE,
    detachment,
    fill_air,
    fortress_empty,
)
from rules.krepost.geometry import SIZE

COUNT = 10.0  # a point of the count
ON_BOARD = 7.0  # a stone on the board
PRISONER = COUNT + ON_BOARD
GARRISON_AT_STAKE = 400.0
SAFE_EXITS = 6  # edge squares reachable from a garrison's ways out, below which it is in danger


@njit()
def judge(board: np.ndarray, info: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
          fronts: np.ndarray, player: int, careful: bool) -> float:
    """The engine's judgement of an unfinished position for ``player``, in points (a point of the count is 10).

    ``careful`` adds the turns left before the count and the garrisons' exits.
    """
    me, enemy = player, 1 - player
    mover = info[TO_MOVE]
    air = np.empty(CELLS, np.int8)
    stack = np.empty(CELLS, np.int64)
    fill_air(board, neighbours, flags, air, stack)
    on_board = np.zeros(2, np.int64)
    zone_free = np.zeros(2, np.int64)
    for square in range(CELLS):
        if board[square]:
            on_board[board[square] - 1] += 1
        else:
            for side in range(2):
                if flags[square] & (ZONE << side):
                    zone_free[side] += 1
    count = (info[PRISONERS + me] + info[HAND + enemy]) - (info[PRISONERS + enemy] + info[HAND + me])
    value: float = COUNT * count + ON_BOARD * (on_board[me] - on_board[enemy])
    turns_left = max(0, params[COUNT_AFTER] - info[QUIET]) if careful else 2 * params[COUNT_AFTER]
    for side in range(2):
        sign = 1.0 if side == me else -1.0
        own_turns = (turns_left + (1 if side == mover else 0)) // 2
        stuck = info[HAND + side] - min(own_turns, zone_free[side])
        if stuck > 0:
            value -= sign * 25.0 * stuck
    for side in range(2):
        sign = 1.0 if side == me else -1.0
        front = fronts[side]
        if board[front] != side + 1:
            steps = 2 * SIZE
            rank, file = front // SIZE, front % SIZE
            for square in range(CELLS):
                if board[square] == 2 - side:
                    steps = min(steps, abs(square // SIZE - rank) + abs(square % SIZE - file))
            if fortress_empty(board, flags, side):
                steps += 1
            value -= sign * max(0.0, GARRISON_AT_STAKE - 100.0 * steps)
    seen = np.zeros(CELLS, np.int8)
    touched = np.zeros(CELLS, np.int64)
    group = np.empty(CELLS, np.int64)
    region = np.zeros(CELLS, np.int64)
    for first in range(CELLS):
        if board[first] == 0 or seen[first]:
            continue
        side = board[first] - 1
        sign = 1.0 if side == me else -1.0
        mark = first + 1
        size, contacts = detachment(board, neighbours, air, first, seen, group, stack, touched)
        garrison = False
        for k in range(size):
            if flags[group[k]] & (FORT << side):
                garrison = True
        if contacts == 0:
            at_stake = GARRISON_AT_STAKE if garrison else PRISONER
            value -= sign * (at_stake if side != mover else at_stake / 2)
        if contacts < 3:
            value -= sign * (3 - contacts) * 4.0 * size
        if careful and contacts and garrison:
            exits = 0
            top = contacts
            for k in range(contacts):
                region[stack[k]] = mark
            while top:
                top -= 1
                square = stack[top]
                if flags[square] & SOURCE:
                    exits += 1
                for direction in range(4):
                    near = neighbours[square, direction]
                    if near >= 0 and air[near] and region[near] != mark:
                        region[near] = mark
                        stack[top] = near
                        top += 1
            if exits < SAFE_EXITS:
                value -= sign * GARRISON_AT_STAKE / SAFE_EXITS * (SAFE_EXITS - exits)
    return value
