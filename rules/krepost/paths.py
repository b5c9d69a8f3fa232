"""Paths on the Krepost board: steps and jumps, the turns a player has, and which detachments are surrounded."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rules.errors import Reason
from rules.krepost import messages as _messages  # noqa: F401  (declares the error codes)
from rules.krepost.geometry import (
    FULL,
    SIZE,
    SQUARE_NAMES,
    Geometry,
    squares_of,
)


def _next_square(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    table = []
    for pairs in geo.step:
        row = [-1, -1, -1, -1]
        for direction, neighbour in pairs:
            row[direction] = neighbour
        table.append(tuple(row))
    return tuple(table)


_NEXT: dict[str, tuple[tuple[int, ...], ...]] = {}


def next_square(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """``table[square][direction]``: the neighbour that way (east, west, north, south) or -1."""
    table = _NEXT.get(geo.fortress_size)
    if table is None:
        table = _NEXT[geo.fortress_size] = _next_square(geo)
    return table


def _window(square: int, reach: int) -> int:
    rank, file = divmod(square, SIZE)
    value = 0
    for r in range(max(0, rank - reach), min(SIZE, rank + reach + 1)):
        for f in range(max(0, file - reach), min(SIZE, file + reach + 1)):
            value |= 1 << (r * SIZE + f)
    return value & ~(1 << square)


# The squares around each square, 3×3 and 5×5, without the square itself.
WINDOWS = (tuple(_window(s, 1) for s in range(SIZE * SIZE)), tuple(_window(s, 2) for s in range(SIZE * SIZE)))


_SIMPLE: dict[str, dict[tuple[int, int], bool]] = {}


def cuts_simply(geo: Geometry, air: int, target: int) -> bool:
    """True when taking ``target`` out of ``air`` cannot cut any other square of it off the edge.

    Safe when each free neighbour reaches an edge square within a small window around the
    target, or (for a target that is not itself on the edge) when the free neighbours stay
    joined to each other within the window. The 3×3 window is tried first, then the 5×5 one;
    answers are remembered per window pattern.
    """
    near = geo.near[target] & air
    if not near & (near - 1) and not (near and (1 << target) & geo.sources):
        return True
    cache = _SIMPLE.setdefault(geo.fortress_size, {})
    for windows in WINDOWS:
        window = air & windows[target]
        known = cache.get((target, window))
        if known is None:
            known = _joined_within(geo, near, window, bool((1 << target) & geo.sources))
            if len(cache) > 500_000:
                cache.clear()
            cache[(target, window)] = known
        if known:
            return True
    return False


def _joined_within(geo: Geometry, near: int, window: int, on_edge: bool) -> bool:
    edge = window & geo.sources
    reached = geo.flood(edge, window) if edge else 0
    if not near & ~reached:
        return True
    return not on_edge and near & ~geo.flood(near & -near, window) == 0


def surrounded_among(groups: tuple[int, ...], touch: tuple[int, ...], air: int, indexes: Any) -> int:
    found = 0
    for index in indexes:
        if not touch[index] & air:
            found |= groups[index]
    return found


def check_path(geo: Geometry, path: list[int], own: int, empty: int) -> Reason | None:
    if len(path) == 2 and path[1] in geo.neighbours[path[0]]:
        free = empty >> path[1] & 1 and path[1] != path[0]
        return None if free else Reason.of("krepost.occupied", square=SQUARE_NAMES[path[1]])
    table = next_square(geo)
    visited = {path[0]}
    for here, there in pairwise(path):
        hop = next((d for d in range(4) if table[here][d] >= 0 and table[table[here][d]][d] == there), None)
        if hop is None:
            return Reason.of("krepost.not_a_hop", square=SQUARE_NAMES[here], target=SQUARE_NAMES[there])
        if not own >> table[here][hop] & 1:
            return Reason.of("krepost.jump_over_own", square=SQUARE_NAMES[here], target=SQUARE_NAMES[there])
        if not empty >> there & 1 or there in visited:
            return Reason.of("krepost.twice" if there in visited else "krepost.not_free", square=SQUARE_NAMES[there])
        visited.add(there)
    return None


_HOPS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {}


def hops(geo: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``table[square]``: the (jumped square, landing square) pairs of a jump from ``square``."""
    table = _HOPS.get(geo.fortress_size)
    if table is None:
        step = next_square(geo)
        table = _HOPS[geo.fortress_size] = tuple(
            tuple((step[s][d], step[step[s][d]][d]) for d in range(4) if step[s][d] >= 0 and step[step[s][d]][d] >= 0)
            for s in range(SIZE * SIZE)
        )
    return table


def base_paths(geo: Geometry, player: int, stones: tuple[int, int], in_hand: tuple[int, int]) -> list[tuple[int, ...]]:
    own = stones[player]
    empty = FULL & ~(stones[0] | stones[1])
    moves: list[tuple[int, ...]] = []
    if in_hand[player]:
        moves.extend([(s,) for s in squares_of(geo.zone[player] & empty)])
    table = hops(geo)
    near = geo.near
    neighbours = geo.neighbours
    for start in squares_of(own):
        for neighbour in neighbours[start]:
            if empty >> neighbour & 1:
                moves.append((start, neighbour))
        others = own & ~(1 << start)
        if not near[start] & others:
            continue
        free = empty | (1 << start)
        # Depth-first over jump chains; a landing square is never visited twice in one turn.
        stack: list[tuple[int, tuple[int, ...], int]] = [(start, (start,), 1 << start)]
        while stack:
            here, path, visited = stack.pop()
            for over, land in table[here]:
                if others >> over & 1 and free >> land & 1 and not visited >> land & 1:
                    longer = path + (land,)
                    moves.append(longer)
                    stack.append((land, longer, visited | (1 << land)))
    return moves


def has_move(geo: Geometry, player: int, stones: tuple[int, int], in_hand: tuple[int, int]) -> bool:
    empty = FULL & ~(stones[0] | stones[1])
    own = stones[player]
    if in_hand[player] and geo.zone[player] & empty:
        return True
    if geo.spread(own) & empty:
        return True
    table = next_square(geo)
    for start in squares_of(own):
        for direction in range(4):
            over = table[start][direction]
            if over >= 0 and own >> over & 1:
                land = table[over][direction]
                if land >= 0 and empty >> land & 1:
                    return True
    return False


@dataclass(frozen=True)
class Analysis:
    """What a position knows about the opponent's detachments, computed once per state.

    ``single[square]`` lists the enemy detachments whose only free neighbour is ``square``:
    the ones a stone landing there would surround.
    """

    empty: int
    air: int
    enemy_groups: tuple[int, ...]
    enemy_touch: tuple[int, ...]
    surrounded: int
    surrounded_groups: tuple[int, ...]
    single: dict[int, tuple[int, ...]]
    open_fortress: int


def analyse(geo: Geometry, stones: tuple[int, int], player: int) -> Analysis:
    """What the position of ``player`` to move knows about the opponent's detachments."""
    enemy = 1 - player
    empty = FULL & ~(stones[0] | stones[1])
    air = geo.air(empty)
    groups = tuple(geo.components(stones[enemy]))
    touch = tuple(geo.spread(g) for g in groups)
    surrounded = 0
    surrounded_groups = []
    single: dict[int, tuple[int, ...]] = {}
    for index, (group, near) in enumerate(zip(groups, touch, strict=True)):
        contact = near & air
        if not contact:
            surrounded |= group
            surrounded_groups.append(index)
        elif contact & (contact - 1) == 0:
            square = contact.bit_length() - 1
            single[square] = single.get(square, ()) + (index,)
    open_fortress = 0 if stones[enemy] & geo.fortress[enemy] else geo.fortress[enemy]
    return Analysis(empty, air, groups, touch, surrounded, tuple(surrounded_groups), single, open_fortress)


def prisoners_after(geo: Geometry, analysis: Analysis, start: int, target: int) -> int:
    """The enemy stones in surrounded detachments after the stone's move (a bitboard).

    Only the squares around ``target`` and ``start`` are looked at, unless the landing
    stone may cut the free region in two: then the free region is flooded again.
    """
    air = analysis.air
    landed = 1 << target
    if start < 0 and not air & landed:
        return analysis.surrounded
    groups = analysis.enemy_groups
    touch = analysis.enemy_touch
    if air & landed:
        if not cuts_simply(geo, air, target):
            empty = analysis.empty & ~landed
            if start >= 0:
                empty |= 1 << start
            return surrounded_among(groups, touch, geo.air(empty), range(len(groups)))
        air &= ~landed
    # Only detachments already surrounded, or whose one free neighbour was the target, can be.
    candidates = analysis.surrounded_groups + analysis.single.get(target, ())
    if not candidates:
        return 0
    if start >= 0:
        region = 1 << start
        empty = (analysis.empty & ~landed) | region
        if geo.near[start] & empty & ~air:
            region = geo.flood(region, empty & ~air)
            if region & geo.sources or geo.spread(region) & air:
                air |= region
        elif region & geo.sources or geo.near[start] & air:
            air |= region
    return surrounded_among(groups, touch, air, candidates)
