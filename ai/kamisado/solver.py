"""A proof-number solver for single Kamisado rounds, on its own compact board.

A position is a tuple of 18 ints: the 16 tower squares (``player * 8 + colour`` indexed, as in
the rules core), the player to move (0 Black, 1 White) and the forced colour (8 on a round's
free first move). Only single rounds are solved: no tower has teeth, so nobody pushes.

:func:`prove` runs depth-first proof-number search (df-pn) for one player; every move a tower
makes goes forward, so the game graph has no cycles and a proof is a plain tree.
:func:`successor` applies a move with the rules' passes and deadlock.

>>> start = start_position()
>>> len(moves(start))
102
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rules.kamisado.board import GOAL_RANK, RAYS, SQUARE_COLOUR
from rules.kamisado.moves import START_SQUARES

Position = tuple[int, ...]
FREE = 8
INFINITY = 10**9
WIN, LOSS = 1, -1

_GOAL_SQUARES = tuple(frozenset(range(GOAL_RANK[player] * 8, GOAL_RANK[player] * 8 + 8)) for player in (0, 1))


def start_position() -> Position:
    """The position of a round's start, Black to move freely."""
    return (*START_SQUARES, 0, FREE)


_BIT = tuple(1 << square for square in range(64))


def _occupied(position: Position, bit: tuple[int, ...] = _BIT) -> int:
    """The towers' squares as bits (the solver's hottest function: written out, it runs twice as fast as a loop)."""
    a = position
    return (bit[a[0]] | bit[a[1]] | bit[a[2]] | bit[a[3]] | bit[a[4]] | bit[a[5]] | bit[a[6]] | bit[a[7]]
            | bit[a[8]] | bit[a[9]] | bit[a[10]] | bit[a[11]] | bit[a[12]] | bit[a[13]] | bit[a[14]] | bit[a[15]])


def _targets(player: int, square: int, occupied: int) -> list[int]:
    found = []
    for ray in RAYS[player][square]:
        for target in ray:
            if occupied >> target & 1:
                break
            found.append(target)
    return found


def moves(position: Position, occupied: int | None = None) -> list[tuple[int, int]]:
    """The legal moves as ``(tower, end square)`` pairs, winning moves first (``occupied``: the position's
    :func:`_occupied`, when the caller has it already)."""
    player, forced = position[16], position[17]
    if occupied is None:
        occupied = _occupied(position)
    towers = range(player * 8, player * 8 + 8) if forced == FREE else (player * 8 + forced,)
    goal = _GOAL_SQUARES[player]
    found = [(tower, end) for tower in towers for end in _targets(player, position[tower], occupied)]
    return [move for move in found if move[1] in goal] + [move for move in found if move[1] not in goal]


def successor(position: Position, tower: int, end: int, occupied: int | None = None) -> tuple[Position | None, int]:
    """The position after ``tower`` moves to ``end``, and the round's result for the mover.

    Returns ``(next position, 0)`` while the round goes on, ``(None, WIN)`` when the move reaches
    the goal row and ``(None, LOSS)`` when it causes a deadlock. Passes are made automatically.
    ``occupied`` is the position's :func:`_occupied`, when the caller has it already.
    """
    player = position[16]
    if end in _GOAL_SQUARES[player]:
        return None, WIN
    occupied = (_occupied(position) if occupied is None else occupied) & ~_BIT[position[tower]] | _BIT[end]
    mover = _next_mover(position, tower, end, occupied)
    if mover is None:
        return None, LOSS
    return position[:tower] + (end,) + position[tower + 1:16] + (mover[0], mover[1]), 0


def _next_mover(position: Position, tower: int, end: int, occupied: int) -> tuple[int, int, int] | None:
    """Who moves after ``tower`` went to ``end`` (not the goal row; ``occupied``: the squares after it), passes made:
    (player, forced colour, that tower's square), or ``None`` on a deadlock."""
    next_player, colour = 1 - position[16], SQUARE_COLOUR[end]
    seen = 0
    while True:
        index = next_player * 8 + colour
        square = end if index == tower else position[index]
        if _NEAREST[next_player][square] & ~occupied:  # the tower to move can move
            return next_player, colour, square
        key = _BIT[index]
        if seen & key:
            return None
        seen |= key
        next_player, colour = 1 - next_player, SQUARE_COLOUR[square]


def _ray_masks(player: int, square: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The squares next to ``square`` ahead of ``player`` as bits, and each ray that ends on the goal row as
    (its squares as bits, its last square)."""
    rays = RAYS[player][square]
    nearest = 0
    for ray in rays:
        if ray:
            nearest |= _BIT[ray[0]]
    home = tuple((sum(_BIT[target] for target in ray), ray[-1]) for ray in rays if ray and ray[-1] // 8 == GOAL_RANK[player])
    return nearest, home


_MASKS = tuple(tuple(_ray_masks(player, square) for square in range(64)) for player in (0, 1))
_NEAREST = tuple(tuple(masks[0] for masks in _MASKS[player]) for player in (0, 1))  # a tower can move: one is free
_HOME_RAYS = tuple(tuple(masks[1] for masks in _MASKS[player]) for player in (0, 1))


def strike(position: Position, occupied: int | None = None) -> tuple[int, int] | None:
    """A move of the player to move that reaches the goal row at once, if there is one (``occupied``: the position's
    :func:`_occupied`, when the caller has it already)."""
    player = position[16]
    if occupied is None:
        occupied = _occupied(position)
    forced = position[17]
    for tower in range(player * 8, player * 8 + 8) if forced == FREE else (player * 8 + forced,):
        goal = _home_run(player, position[tower], occupied)
        if goal is not None:
            return tower, goal
    return None


def _home_run(player: int, square: int, occupied: int) -> int | None:
    """The goal-row square a tower of ``player`` on ``square`` reaches at once over a free ray, or ``None``."""
    for squares, goal in _HOME_RAYS[player][square]:
        if not occupied & squares:
            return goal
    return None


STOP_EVERY = 4096  # positions between two questions to a solver's ``stop``


class Solver:
    """Depth-first proof-number search proving that ``attacker`` wins.

    ``table`` maps positions to ``[proof number, disproof number]``; a proven position has proof
    number 0, a disproven one disproof number 0.
    """

    def __init__(self, attacker: int = 0, limit: int = 40_000_000,
                 progress: Callable[[Solver], None] | None = None, stop: Callable[[], bool] | None = None) -> None:
        self.attacker = attacker
        self.table: dict[Position, list[int]] = {}
        self.nodes = 0
        self.limit = limit
        self.progress = progress
        self.stop = stop  # asked every STOP_EVERY positions: once true, the search ends as at its limit

    def prove(self, position: Position) -> bool | None:
        """True if proven a win for the attacker, False if disproven, None if the limit was hit."""
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
        entry = self.numbers(position)
        while entry[0] and entry[1] and self.nodes < self.limit:
            self._mid(position, INFINITY, INFINITY)
            entry = self.table[position]
        if entry[0] == 0:
            return True
        if entry[1] == 0:
            return False
        return None

    def children(self, position: Position) -> list[tuple[tuple[int, int], Position | None, int]]:
        """Every move with its successor and result for the mover (see :func:`successor`)."""
        occupied = _occupied(position)
        return [((tower, end), *successor(position, tower, end, occupied)) for tower, end in moves(position, occupied)]

    def numbers(self, position: Position) -> list[int]:
        """The position's ``[proof number, disproof number]``, estimated when not yet searched."""
        entry = self.table.get(position)
        if entry is None:
            entry = self._estimate(position)
            self.table[position] = entry
        return entry

    def _estimate(self, position: Position) -> list[int]:
        """Proof and disproof numbers of a position not yet searched, from one look ahead."""
        attacking = position[16] == self.attacker
        occupied = _occupied(position)
        if strike(position, occupied) is not None:
            return [0, INFINITY] if attacking else [INFINITY, 0]
        count = 0
        player = position[16]
        for tower, end in moves(position, occupied):  # none reaches the goal row: that would have been a strike
            after = occupied & ~_BIT[position[tower]] | _BIT[end]
            mover = _next_mover(position, tower, end, after)
            if mover is None:  # a deadlock: this move loses
                continue
            # A move counts unless it lets the other player strike at once (after a pass, the mover moves again).
            next_player, _, square = mover
            if next_player == player or _home_run(next_player, square, after) is None:
                count += 1
        if count == 0:  # every move loses at once
            return [INFINITY, 0] if attacking else [0, INFINITY]
        return [1, count] if attacking else [count, 1]

    def _child_numbers(self, position: Position, attacking: bool,
                       children: list[tuple[tuple[int, int], Position | None, int]]) -> list[list[int]]:
        numbers = []
        for _, child, result in children:
            if child is None:
                won = result == WIN
                numbers.append([0, INFINITY] if won == attacking else [INFINITY, 0])
            else:
                numbers.append(self.numbers(child))
        return numbers

    def _mid(self, position: Position, proof_threshold: int, disproof_threshold: int) -> None:
        self.nodes += 1
        if self.progress is not None and self.nodes % 1_000_000 == 0:
            self.progress(self)
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            self.limit = self.nodes
        attacking = position[16] == self.attacker
        children = self.children(position)
        entry = self.table[position]
        numbers = self._child_numbers(position, attacking, children)  # the table's own entries: searching updates them
        while True:
            proofs = [n[0] for n in numbers]
            disproofs = [n[1] for n in numbers]
            if attacking:
                proof, disproof = min(proofs), min(sum(disproofs), INFINITY)
            else:
                proof, disproof = min(sum(proofs), INFINITY), min(disproofs)
            entry[0], entry[1] = proof, disproof
            if proof >= proof_threshold or disproof >= disproof_threshold or self.nodes >= self.limit:
                return
            ranked = proofs if attacking else disproofs
            best = min(range(len(numbers)), key=ranked.__getitem__)
            second = min((ranked[i] for i in range(len(numbers)) if i != best), default=INFINITY)
            if attacking:
                child_proof = min(proof_threshold, second + 1)
                child_disproof = min(disproof_threshold - disproof + disproofs[best], INFINITY)
            else:
                child_proof = min(proof_threshold - proof + proofs[best], INFINITY)
                child_disproof = min(disproof_threshold, second + 1)
            child = children[best][1]
            assert child is not None
            self._mid(child, child_proof, child_disproof)
