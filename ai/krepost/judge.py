"""The Krepost engine's judgement of a position, on :mod:`ai.krepost.core`'s board arrays (compiled).

The count as it stands, the stones on the board, stones that can no longer be placed before the
count, open front squares and the enemy's distance to them, surrounded detachments and those with
few ways out; the careful judgement adds the turns left before the count, detachments the enemy can
shut in with the coming turn, and the *exits* (edge squares within reach) of every detachment that
has no edge square of its own.

A free region that reaches the edge, that no enemy stone borders and where the enemy cannot place
(an *own way out*) can never be filled by the enemy, who can only step or jump next to their own
stones: a detachment touching one cannot be surrounded. So a careful player keeps one, fears for a
detachment without one (a garrison most), and presses the enemy's detachments that lack one by
taking the edge squares they share.
"""

from __future__ import annotations

import numpy as np

from ai.compiled import njit
from ai.krepost.core import (
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
SAFE_EXITS = 6  # shared edge squares within a garrison's reach, below which it is in danger
THREAT = 8.0  # a stone of a detachment whose last way out the player to move can fill
EXPOSED = 1.0  # a stone of a detachment without an own way out
SQUEEZE = 0.5  # the same, for each shared edge square within its reach fewer than ROOMY_EXITS
ROOMY_EXITS = 12
EXPOSED_STONES = 10  # the most stones of one detachment that count as exposed
FADE = 24  # turns before the count from which the careful judgement trusts the position less and less
PLAIN, ONE_SIDED, FULL = 0, 1, 2  # knowledge: none of the above, the above for the enemy's detachments only, all


def knowledge_of(careful: bool, one_sided: bool = False) -> int:
    """The knowledge a level's plan asks for (:data:`PLAIN`, :data:`ONE_SIDED` or :data:`FULL`)."""
    return PLAIN if not careful else ONE_SIDED if one_sided else FULL


@njit()
def describe_regions(board: np.ndarray, info: np.ndarray, neighbours: np.ndarray, flags: np.ndarray, air: np.ndarray,
                     sources: np.ndarray, touch: np.ndarray) -> None:
    """Per region of ``air`` (as :func:`ai.krepost.core.fill_air` numbers them): its edge squares in ``sources``
    and in ``touch`` the players who can reach it (1 White, 2 Black): their stones border it, or it has a
    square of their placing ranks and they still have stones in hand."""
    for square in range(CELLS):
        region = air[square]
        if not region:
            continue
        if flags[square] & SOURCE:
            sources[region] += 1
        for side in range(2):
            if flags[square] & (ZONE << side) and info[HAND + side] > 0:
                touch[region] |= 1 << side
        for direction in range(4):
            near = neighbours[square, direction]
            if near >= 0 and board[near]:
                touch[region] |= 1 << (board[near] - 1)


@njit()
def judge(board: np.ndarray, info: np.ndarray, params: np.ndarray, neighbours: np.ndarray, flags: np.ndarray,
          fronts: np.ndarray, player: int, knowledge: int) -> float:
    """The engine's judgement of an unfinished position for ``player``, in points (a point of the count is 10).

    ``knowledge`` :data:`FULL` adds the knowledge in the module's docstring, and weighs what the position
    promises less and less in the last :data:`FADE` turns before the count, which only prisoners and stones in
    hand decide (a careless judgement would give a stone away to keep an advantage that the count ignores).
    The safety of detachments never fades: a prisoner given before the count costs its point and restarts
    the count's window. Only a danger that takes the enemy several turns (few ways out) is left out when the
    enemy has fewer than two turns before the count.
    :data:`ONE_SIDED` applies the knowledge of ways out to the enemy's detachments only: a player who
    presses the enemy without fearing for their own stones.
    """
    me, enemy = player, 1 - player
    careful = knowledge != PLAIN
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
    counted: float = COUNT * count  # what the count would say now; ``value`` gathers what the position promises
    value: float = ON_BOARD * (on_board[me] - on_board[enemy])
    safety: float = 0.0  # open fronts, detachments in danger: prisoners to come, which no nearness of the count fades
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
            safety -= sign * max(0.0, GARRISON_AT_STAKE - 100.0 * steps)
    seen = np.zeros(CELLS, np.int8)
    touched = np.zeros(CELLS, np.int64)
    group = np.empty(CELLS, np.int64)
    region = np.zeros(CELLS, np.int64)
    sources = np.zeros(CELLS, np.int64)
    touch = np.zeros(CELLS, np.int64)
    if careful:
        describe_regions(board, info, neighbours, flags, air, sources, touch)
    for first in range(CELLS):
        if board[first] == 0 or seen[first]:
            continue
        side = board[first] - 1
        sign = 1.0 if side == me else -1.0
        mark = first + 1
        size, contacts = detachment(board, neighbours, air, first, seen, group, stack, touched)
        knows = careful and (knowledge == FULL or side != me)
        garrison = False
        for k in range(size):
            if flags[group[k]] & (FORT << side):
                garrison = True
        if contacts == 0:
            at_stake = GARRISON_AT_STAKE if garrison else PRISONER
            if side != mover:
                counted -= sign * at_stake  # the mover takes a prisoner with this very turn
            else:
                safety -= sign * at_stake / 2
        if contacts < 3:
            safety -= sign * (3 - contacts) * 4.0 * size
        if knows and contacts == 1 and side != mover:
            way = stack[0]
            for direction in range(4):
                near = neighbours[way, direction]
                if near >= 0 and board[near] == 2 - side:  # the mover can step onto the last way out
                    safety -= sign * THREAT * size
                    break
        if knows and contacts:  # the edge squares within reach, and whether one is the detachment's own
            exits, safe = 0, False
            for k in range(contacts):
                label = air[stack[k]]
                if region[label] != mark:
                    region[label] = mark
                    exits += sources[label]
                    safe = safe or (sources[label] > 0 and not touch[label] & (1 << (1 - side)))
            # Few ways out is a danger of several enemy turns: it counts while the enemy has them before the count.
            enemy_turns = (turns_left + (1 if side != mover else 0)) // 2
            if not safe and enemy_turns >= 2:
                if garrison and exits < SAFE_EXITS:
                    safety -= sign * GARRISON_AT_STAKE / SAFE_EXITS * (SAFE_EXITS - exits)
                safety -= sign * min(size, EXPOSED_STONES) * (EXPOSED + SQUEEZE * max(0, ROOMY_EXITS - exits))
    if careful and turns_left < FADE:
        value *= turns_left / FADE
    return counted + value + safety
