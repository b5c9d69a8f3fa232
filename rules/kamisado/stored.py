"""Kamisado states as stored: JSON-safe data and back, with the invariants checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.kamisado.board import (
    BLACK,
    COLOUR_INDEX,
    COLOURS,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    WHITE,
    tower_id,
)
from rules.kamisado.moves import (
    MATCH_TARGETS,
    Pass,
    RoundResult,
)

if TYPE_CHECKING:
    from rules.kamisado.state import KamisadoState


def state_to_dict(state: KamisadoState) -> dict[str, Any]:
    """The state as JSON-safe data."""
    towers: dict[str, dict[str, str]] = {"black": {}, "white": {}}
    teeth: dict[str, dict[str, int]] = {"black": {}, "white": {}}
    for tower, square in enumerate(state.squares):
        player, colour = PLAYER_NAMES[tower // 8], COLOURS[tower % 8]
        towers[player][colour] = SQUARE_NAMES[square]
        if state.teeth[tower]:
            teeth[player][colour] = state.teeth[tower]
    return {
        "game": "kamisado",
        "match": state.match,
        "target": state.target,
        "round": state.round,
        "phase": state.phase,
        "to_play": state.to_play,
        "forced": state.forced,
        "starter": state.starter,
        "towers": towers,
        "teeth": teeth,
        "score": state.score,
        "rounds": [
            {"number": r.number, "starter": r.starter, "winner": r.winner, "reason": r.reason,
             "tower": r.tower, "teeth": r.teeth, "points": r.points, "refill": r.refill}
            for r in state.rounds
        ],
        "passes": [{"player": p.player, "colour": p.colour, "square": p.square} for p in state.passes],
        "resigned": state.resigned,
        "resign_reason": state.resign_reason,
    }


def state_from_dict(cls: type[KamisadoState], data: Mapping[str, Any]) -> KamisadoState:
    """Rebuild a state from :meth:`to_dict`; raise :class:`ValueError` when it is malformed."""
    try:
        board = [-1] * 64
        squares = [0] * 16
        teeth = [0] * 16
        for player in (BLACK, WHITE):
            name = PLAYER_NAMES[player]
            for colour in range(8):
                tower = tower_id(player, colour)
                square = SQUARE_INDEX[data["towers"][name][COLOURS[colour]]]
                if board[square] >= 0:
                    raise ValueError(f"two towers on {SQUARE_NAMES[square]}")
                board[square] = tower
                squares[tower] = square
                count = int(data.get("teeth", {}).get(name, {}).get(COLOURS[colour], 0))
                if not 0 <= count <= 4:
                    raise ValueError(f"{count} teeth on one tower")
                teeth[tower] = count
        state = cls(
            match=str(data["match"]),
            target=int(data["target"]),
            round=int(data["round"]),
            phase=str(data["phase"]),
            to_play=data["to_play"],
            forced=data["forced"],
            starter=str(data["starter"]),
            board=tuple(board),
            squares=tuple(squares),
            teeth=tuple(teeth),
            score_pair=(int(data["score"]["black"]), int(data["score"]["white"])),
            rounds=tuple(RoundResult(**r) for r in data.get("rounds", [])),
            passes=tuple(Pass(**p) for p in data.get("passes", [])),
            resigned=data.get("resigned"),
            resign_reason=str(data.get("resign_reason", "resignation")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a Kamisado state: missing or bad {exc}") from None
    validate(state)
    return state


def validate(state: KamisadoState) -> None:
    """Raise :class:`ValueError` when the state breaks the game's invariants."""
    if state.match not in MATCH_TARGETS:
        raise ValueError(f"unknown match {state.match!r}")
    if state.phase not in ("play", "refill", "over"):
        raise ValueError(f"unknown phase {state.phase!r}")
    if (state.to_play is None) != (state.phase == "over") or state.to_play not in (None, "black", "white"):
        raise ValueError(f"bad player to move {state.to_play!r} in phase {state.phase!r}")
    if state.forced is not None and state.forced not in COLOUR_INDEX:
        raise ValueError(f"unknown colour {state.forced!r}")
    if state.starter not in PLAYER_INDEX or state.resigned not in (None, "black", "white"):
        raise ValueError("bad player name")
    if state.phase == "refill" and (not state.rounds or state.rounds[-1].winner != state.to_play):
        raise ValueError("in the refill phase the winner of the last round chooses")
