"""How good a position is for one player, for the games the generic search plays, in points of a
common scale (Kamisado has its own compiled engine and judgement: :mod:`ai.kamisado_core`).

Scores are from ``player``'s point of view; a won game is worth far more than anything here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.state import FINISH_RANK, M, V, owner_of, state_of
from rules.core import State
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import FULL, PLAYER_INDEX, SIZE, squares_of

WIN = 1_000_000.0


# -- Ashtarashki --------------------------------------------------------------------------------

_STONE = {M: 10.0, V: 7.0, 2: 4.0}


def ashtarashki(state: AshtarashkiState, player: str, careful: bool = True) -> float:
    me = 0 if player == "white" else 1
    value = 0.0
    for square, code in enumerate(state.board):
        if not code:
            continue
        owner = owner_of(code)
        rank = square // 8
        finished = rank == FINISH_RANK[owner]
        worth = _STONE[state_of(code)] + (8.0 if finished else 0.4 * (rank if owner == 0 else 7 - rank))
        value += worth if owner == me else -worth
    return value


def ashtarashki_order(state: AshtarashkiState, move: Any) -> float:
    return 10.0 * len(getattr(move, "captured", ())) + (0.0 if getattr(move, "kind", "") == "retreat" else 1.0)


# -- Krepost ------------------------------------------------------------------------------------


_COUNT = 10.0  # a point of the count
_ON_BOARD = 7.0  # a stone on the board
_PRISONER = _COUNT + _ON_BOARD  # a prisoner moves a point of the count and takes a stone off the board
_GARRISON_AT_STAKE = 400.0


def krepost(state: KrepostState, player: str, careful: bool = True) -> float:
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
    turns_left = max(0, 100 - state.quiet) if careful else 200
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
            if contacts == 0:
                # Surrounded: the enemy takes a stone of it after their next turn, and a garrison
                # taken to its last stone loses the game. The side to move may still free it.
                at_stake = _GARRISON_AT_STAKE if group & geo.fortress[side] else _PRISONER
                value -= sign * (at_stake if side != mover else at_stake / 2)
            if contacts < 3:
                # Few ways out: soon surrounded, then taken stone by stone.
                value -= sign * (3 - contacts) * 4.0 * group.bit_count()
    return value


def _distance_to(stones: int, square: int) -> int:
    rank, file = divmod(square, SIZE)
    best = 2 * SIZE
    for stone in squares_of(stones):
        r, f = divmod(stone, SIZE)
        best = min(best, abs(r - rank) + abs(f - file))
    return best


def krepost_order(state: KrepostState, move: Any) -> float:
    if not isinstance(move, KrepostMove):
        return 0.0
    return (100.0 if move.prisoner else 0.0) + len(move.squares)


EVALUATORS: dict[str, tuple[Callable[[Any, str, bool], float], Callable[[Any, Any], float]]] = {
    "ashtarashki": (ashtarashki, ashtarashki_order),
    "krepost": (krepost, krepost_order),
}


def evaluate(state: State, player: str, careful: bool = True) -> float:
    """The value of ``state`` for ``player``: ±``WIN`` for a finished game, a heuristic otherwise.

    ``careful=False`` leaves out what weaker levels do not know (Krepost: the turns left before the count).
    """
    outcome = state.outcome()
    if outcome is not None:
        return 0.0 if outcome.winner is None else (WIN if outcome.winner == player else -WIN)
    return EVALUATORS[state.game_key][0](state, player, careful)
