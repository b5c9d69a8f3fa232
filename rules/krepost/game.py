"""The Krepost game object behind the common interface."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core import COMMON_REASONS, Game, Option, check_player
from rules.krepost import notation, record
from rules.krepost.geometry import COUNT_AFTER, OLD_COUNT_AFTER
from rules.krepost.state import KrepostState


class Krepost(Game):
    """The Fortress game from Konstantin Boyandin's Shamteran books.

    >>> from rules import get_game
    >>> game = get_game("fortress")
    >>> state = game.new_state(fortress="3x3", half_stone=True)
    >>> state.to_play, state.hand("white"), len(state.legal_moves())
    ('white', 48, 48)
    """

    key = "krepost"
    notation = notation
    records = record
    state_class = KrepostState
    name = "Krepost"
    aliases = ("fortress", "kr", "крепость", "кр", "قلعه", "erod", "erőd")
    players = ("white", "black")
    option_spec = (
        Option("fortress", words={"3x2": "3x2", "3x3": "3x3"}),
        Option("half_stone", words=dict.fromkeys(("half", "halfstone", "half_stone", "half-stone"), True)),
    )
    outcome_reasons = ("fortress", "garrison", "no_move", "count", "agreed", *COMMON_REASONS)
    count_by_agreement = True

    def taps(self, state: Any, move: Any) -> tuple[str, ...]:
        """The square a stone is placed on, or the stone's square and each square it steps or jumps to; then the
        prisoner's square when the turn takes one.

        >>> from rules import get_game
        >>> game = get_game("krepost")
        >>> game.taps(game.new_state(), game.parse_move(game.new_state(), "@e4"))
        ('e4',)
        """
        return (*move.squares, move.prisoner) if move.prisoner else tuple(move.squares)

    def new_state(
        self, fortress: str = "3x2", half_stone: bool = False, first: str = "white", position: str | None = None,
        count_after: int = COUNT_AFTER, **unknown: Any,
    ) -> KrepostState:
        """A new game: ``fortress`` ``"3x2"`` or ``"3x3"``; ``half_stone`` gives ties to the second player.

        ``first`` chooses who moves first; ``position`` starts from a diagram (see :func:`notation.position_text`).
        ``count_after`` is how many turns in all without a prisoner end the game in a count: 200 (100 of
        each player), or 100 for games begun under the earlier reading of the rules.
        """
        if unknown:
            raise ValueError(f"unknown Krepost option {', '.join(sorted(unknown))}: expected fortress, half_stone, first")
        if not isinstance(half_stone, bool):
            raise ValueError(f"half_stone is true or false, not {half_stone!r}")
        check_player(first)
        if count_after not in (COUNT_AFTER, OLD_COUNT_AFTER):
            raise ValueError(f"count_after is {COUNT_AFTER} (or {OLD_COUNT_AFTER} for old games), not {count_after!r}")
        state = KrepostState.start(fortress, half_stone, first, count_after)
        if position is None:
            return state
        fields = notation.read_position(position)
        state = replace(state, **fields)
        return replace(state, start_position=notation.position_text(state))
