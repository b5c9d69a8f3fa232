"""The Kamisado game object: options, notation and records behind the common interface."""

from __future__ import annotations

from typing import Any

from rules.core import COMMON_REASONS, Game, Option
from rules.kamisado import notation, record
from rules.kamisado.moves import MATCH_TARGETS, RefillMove
from rules.kamisado.state import KamisadoState


class Kamisado(Game):
    """Peter Burley's Kamisado with the full sumo match rules.

    >>> from rules import get_game
    >>> game = get_game("kamisado")
    >>> state = game.new_state(match="single")
    >>> state.to_play, state.phase
    ('black', 'play')
    >>> state = state.play(game.parse_move(state, "h8-h3"))
    >>> state.to_play, state.forced
    ('white', 'green')
    """

    key = "kamisado"
    notation = notation
    records = record
    state_class = KamisadoState
    name = "Kamisado"
    aliases = ("k", "камисадо", "کامیسادو", "کامیزادو")
    players = ("black", "white")
    option_spec = (
        Option("match", words={name: name for name in MATCH_TARGETS}),
        Option("target", keys=("target", "to"), low=1, high=99),
    )
    outcome_reasons = ("home_row", "deadlock", "points", *COMMON_REASONS)

    def taps(self, state: Any, move: Any) -> tuple[str, ...]:
        """A tower's square, then where it goes (for a push: the square it moves onto); between rounds, the side
        the winner fills from.

        >>> from rules import get_game
        >>> game = get_game("kamisado")
        >>> game.taps(game.new_state(), game.parse_move(game.new_state(), "h8-h3"))
        ('h8', 'h3')
        """
        if isinstance(move, RefillMove):
            return (move.side,)
        return (move.start, move.end)

    def new_state(self, match: str = "standard", target: int | None = None, **unknown: Any) -> KamisadoState:
        """A new match: ``match`` is ``single``, ``series``, ``standard`` (3), ``long`` (7) or ``marathon`` (15).

        ``target`` sets the points a series is played to (default 3).
        """
        if unknown:
            raise ValueError(f"unknown Kamisado option {', '.join(sorted(unknown))}: expected match, target")
        return KamisadoState.start(match, target)
