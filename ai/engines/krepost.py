"""The Krepost engine: the count, the fortresses' fronts, surrounded detachments and the exits of armies and
garrisons, searched by the generic search."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ai.engine import Engine, Plan
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import FULL, PLAYER_INDEX, SIZE, squares_of

_COUNT = 10.0  # a point of the count
_ON_BOARD = 7.0  # a stone on the board
_PRISONER = _COUNT + _ON_BOARD  # a prisoner moves a point of the count and takes a stone off the board
_GARRISON_AT_STAKE = 400.0
ARMY = 8  # stones of a detachment whose exits are watched (with every garrison)
SAFE_EXITS = 6  # edge squares reachable from a detachment's ways out, below which it is in danger
EXIT_WEIGHT = 1.0  # per exit missing, per stone (up to twelve)


def judge(state: KrepostState, player: str, careful: bool = True) -> float:
    """The count as it stands, open fronts and surrounded detachments; with ``careful``, also the stones that
    cannot be placed in time and the exits of armies and garrisons."""
    me = 0 if player == "white" else 1
    enemy = 1 - me
    geo = state.geometry
    empty = FULL & ~(state.stones[0] | state.stones[1])
    # What the count would say now: prisoners plus the opponent's stones in hand; stones that can no
    # longer be placed (too few free squares in the placing zone) stay in hand for good.
    count = (state.prisoners[me] + state.in_hand[enemy]) - (state.prisoners[enemy] + state.in_hand[me])
    on_board = len(squares_of(state.stones[me])) - len(squares_of(state.stones[enemy]))
    value = _COUNT * count + _ON_BOARD * on_board
    mover = PLAYER_INDEX[state.to_play or "white"]
    # Stones that cannot be placed before the count (too few turns left in the quiet window, or too
    # few free squares to place them on) will count for the opponent: every wasted turn shows here.
    turns_left = max(0, state.count_after - state.quiet) if careful else 2 * state.count_after
    for side, sign in ((me, 1.0), (enemy, -1.0)):
        own_turns = (turns_left + (side == mover)) // 2
        room = min(own_turns, (geo.zone[side] & empty).bit_count())
        stuck = state.in_hand[side] - room
        if stuck > 0:
            value -= sign * 25.0 * stuck
    for side, sign in ((me, 1.0), (enemy, -1.0)):
        if not state.stones[side] >> geo.front[side] & 1:
            # The front square is open: an enemy stone there shuts the garrison in (unless it is
            # joined through the opening to a stone on the front square), one step further it
            # enters an empty fortress. Either costs the game; the nearer the enemy, the likelier.
            steps = _distance_to(state.stones[1 - side], geo.front[side])
            if not state.stones[side] & geo.fortress[side]:
                steps += 1
            value -= sign * max(0.0, _GARRISON_AT_STAKE - 100.0 * steps)
    air = geo.air(empty)
    for side, sign in ((me, 1.0), (enemy, -1.0)):
        for group in geo.components(state.stones[side]):
            contacts = (geo.spread(group) & air).bit_count()
            garrison = group & geo.fortress[side]
            if contacts == 0:
                # Surrounded: the enemy takes a stone of it after their next turn, and a garrison
                # taken to its last stone loses the game. The side to move may still free it.
                at_stake = _GARRISON_AT_STAKE if garrison else _PRISONER
                value -= sign * (at_stake if side != mover else at_stake / 2)
            if contacts < 3:
                # Few ways out: soon surrounded, then taken stone by stone.
                value -= sign * (3 - contacts) * 4.0 * group.bit_count()
            if careful and contacts and (garrison or group.bit_count() >= ARMY):
                # Exits: the edge squares its ways out still lead to. A wall that leaves the enemy
                # few of them is near to surrounding a whole army, or a garrison.
                exits = (geo.flood(geo.spread(group) & air, air) & geo.sources).bit_count()
                if exits < SAFE_EXITS:
                    weight = _GARRISON_AT_STAKE / SAFE_EXITS if garrison else EXIT_WEIGHT * min(group.bit_count(), 12)
                    value -= sign * weight * (SAFE_EXITS - exits)
    return value


def _distance_to(stones: int, square: int) -> int:
    rank, file = divmod(square, SIZE)
    best = 2 * SIZE
    for stone in squares_of(stones):
        r, f = divmod(stone, SIZE)
        best = min(best, abs(r - rank) + abs(f - file))
    return best


def order(state: KrepostState, move: Any) -> float:
    """Turns that take a prisoner first, then long jumps."""
    if not isinstance(move, KrepostMove):
        return 0.0
    return (100.0 if move.prisoner else 0.0) + len(move.squares)


class KrepostEngine(Engine):
    key = "krepost"
    plans: Mapping[str, Plan] = MappingProxyType({"easy": Plan(1, None, noise=10, careful=False),
             "normal": Plan(2, None, beam=6, noise=6, careful=False),
             "hard": Plan(3, 0.5, beam=8), "master": Plan(4, 1.0, beam=10)})

    def judge(self, state: Any, player: str, careful: bool = True) -> float:
        return judge(state, player, careful)

    def order(self, state: Any, move: Any) -> float:
        return order(state, move)

    def gain(self, before: Any, after: Any, player: str) -> float:
        return float(after.prisoners_of(player) - before.prisoners_of(player))


ENGINE = KrepostEngine()
