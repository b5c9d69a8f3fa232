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
    next_player, colour = 1 - player, SQUARE_COLOUR[end]
    seen = 0
    while True:
        index = next_player * 8 + colour
        square = end if index == tower else position[index]
        if _can_move(next_player, square, occupied):
            return position[:tower] + (end,) + position[tower + 1:16] + (next_player, colour), 0
        key = _BIT[index]
        if seen & key:
            return None, LOSS
        seen |= key
        next_player, colour = 1 - next_player, SQUARE_COLOUR[square]


def _can_move(player: int, square: int, occupied: int) -> bool:
    for ray in RAYS[player][square]:  # noqa: SIM110 (a loop, not any(): this runs millions of times in a proof)
        if ray and not occupied >> ray[0] & 1:
            return True
    return False


def strike(position: Position, occupied: int | None = None) -> tuple[int, int] | None:
    """A move of the player to move that reaches the goal row at once, if there is one (``occupied``: the position's
    :func:`_occupied`, when the caller has it already)."""
    player = position[16]
    if occupied is None:
        occupied = _occupied(position)
    goal_rank = GOAL_RANK[player]
    forced = position[17]
    towers = range(player * 8, player * 8 + 8) if forced == FREE else (player * 8 + forced,)
    for tower in towers:
        for ray in RAYS[player][position[tower]]:
            if ray and ray[-1] // 8 == goal_rank:
                for target in ray:
                    if occupied >> target & 1:
                        break
                else:
                    return tower, ray[-1]
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
        for tower, end in moves(position, occupied):
            child, result = successor(position, tower, end, occupied)
            if child is None:
                if result == WIN:
                    return [0, INFINITY] if attacking else [INFINITY, 0]
                continue
            if strike(child, occupied & ~_BIT[position[tower]] | _BIT[end]) is None or child[16] == position[16]:
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
        while True:
            numbers = self._child_numbers(position, attacking, children)
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
