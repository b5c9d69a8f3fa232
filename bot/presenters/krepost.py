"""Krepost in a chat: the extra turn after a detachment's last stone is taken."""

from __future__ import annotations

from typing import Any

from bot.presenters import Presenter
from bot.service.texts import Words
from rules.core import State
from rules.krepost import KrepostState


class KrepostPresenter(Presenter):
    key = "krepost"
    every_move_by_buttons = False  # its moves are typed (or tapped on its page)

    def events(self, before: State, move: Any, after: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(after, KrepostState)
        if after.extra_turn and after.to_play:
            return [words("krepost.extra_turn", player=names[after.to_play])]
        return []

    def page_hint(self, state: State, words: Words) -> str | None:
        assert isinstance(state, KrepostState)
        if state.extra_turn:
            return words("web.play.hint_extra_turn")
        in_hand = state.in_hand[0 if state.to_play == "white" else 1]
        return words("web.play.hint_place") if in_hand else None  # a tap on an empty square places a stone

    def beside(self, state: State, words: Words) -> str:
        assert isinstance(state, KrepostState)
        return words("beside.krepost", white_hand=state.in_hand[0], white_prisoners=state.prisoners[0],
                     black_hand=state.in_hand[1], black_prisoners=state.prisoners[1])

    def legend(self, state: State, words: Words) -> str:
        assert isinstance(state, KrepostState)
        return words("legend.krepost", white_hand=state.in_hand[0], white_prisoners=state.prisoners[0],
                     black_hand=state.in_hand[1], black_prisoners=state.prisoners[1], quiet=state.quiet,
                     count=state.count_after)

    def square_words(self, state: State, square: str, words: Words) -> str:
        assert isinstance(state, KrepostState)
        index = (int(square[1:]) - 1) * 12 + "abcdefghijkl".index(square[0])
        if state.stones[0] >> index & 1:
            said = words("square.krepost.white")
        elif state.stones[1] >> index & 1:
            said = words("square.krepost.black")
        else:
            said = words("square.empty")
        for owner, side in enumerate(("white", "black")):
            if state.geometry.fortress[owner] >> index & 1:
                said += "; " + words(f"square.krepost.fortress_{side}")
        return said

    def ending(self, state: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(state, KrepostState)
        outcome = state.outcome()
        if outcome is None or outcome.reason not in ("count", "agreed"):
            return []  # a count is news only when the game was counted
        count = outcome.count or state.count_result(outcome.reason).count or {}
        lines = [words("ending.count", white=count.get("white", 0), black=count.get("black", 0))]
        if outcome.half_stone and outcome.reason in ("count", "agreed"):
            lines.append(words("ending.half_stone", player=names[outcome.half_stone]))
        return lines

    def eventful(self, before: State, move: Any, after: State) -> bool:
        return bool(getattr(move, "prisoner", None)) or super().eventful(before, move, after)


PRESENTER = KrepostPresenter()
