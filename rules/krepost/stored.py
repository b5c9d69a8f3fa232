"""Krepost states as stored: JSON-safe data and back, with the invariants checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.krepost.geometry import (
    OLD_COUNT_AFTER,
    PLAYER_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STONES_IN_HAND,
    bit,
    geometry,
    squares_of,
)
from rules.krepost.move import KrepostOutcome

if TYPE_CHECKING:
    from rules.krepost.state import KrepostState


def state_to_dict(state: KrepostState) -> dict[str, Any]:
    """The state as JSON-safe data."""
    result = None
    if state.result is not None:
        r = state.result
        result = {"winner": r.winner, "reason": r.reason, "count": dict(r.count) if r.count else None,
                  "half_stone": r.half_stone}
    return {
        "game": "krepost",
        "fortress": state.fortress_size,
        "half_stone": state.half_stone,
        "first": state.first,
        "white": [SQUARE_NAMES[s] for s in squares_of(state.stones[0])],
        "black": [SQUARE_NAMES[s] for s in squares_of(state.stones[1])],
        "in_hand": {"white": state.in_hand[0], "black": state.in_hand[1]},
        "prisoners": {"white": state.prisoners[0], "black": state.prisoners[1]},
        "to_play": state.to_play,
        "quiet": state.quiet,
        "extra_turn": state.extra_turn,
        "result": result,
        "start_position": state.start_position,
        "count_after": state.count_after,
    }


def state_from_dict(cls: type[KrepostState], data: Mapping[str, Any]) -> KrepostState:
    """Rebuild a state from :meth:`to_dict`; raise :class:`ValueError` when it is malformed."""
    try:
        geometry(str(data["fortress"]))
        stones = [0, 0]
        for player in (0, 1):
            for name in data[PLAYER_NAMES[player]]:
                stones[player] |= bit(SQUARE_INDEX[name])
        if stones[0] & stones[1]:
            raise ValueError("a square holds two stones")
        raw = data.get("result")
        result = None
        if raw is not None:
            result = KrepostOutcome(raw["winner"], raw["reason"], raw.get("count"), raw.get("half_stone"))
        in_hand = (int(data["in_hand"]["white"]), int(data["in_hand"]["black"]))
        prisoners = (int(data["prisoners"]["white"]), int(data["prisoners"]["black"]))
        if not all(0 <= n <= STONES_IN_HAND for n in in_hand + prisoners):
            raise ValueError("stones in hand and prisoners are counts from 0 to 48")
        to_play = data["to_play"]
        if (to_play is None) != (result is not None) or to_play not in (None, "white", "black"):
            raise ValueError(f"bad player to move {to_play!r}")
        first = data.get("first", "white")
        if first not in ("white", "black"):
            raise ValueError(f"bad first player {first!r}")
        start = data.get("start_position")
        return cls(
            str(data["fortress"]), bool(data["half_stone"]), first, (stones[0], stones[1]), in_hand, prisoners,
            to_play, int(data["quiet"]), bool(data["extra_turn"]), result, start if isinstance(start, str) else None,
            # a state stored before the count moved to 100 turns of each player was played under the old rule
            count_after=int(data.get("count_after", OLD_COUNT_AFTER)),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a Krepost state: missing or bad {exc}") from None
