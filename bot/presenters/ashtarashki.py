"""Ashtarashki in a chat: buttons for every move when there are few, else a button per stone that can move."""

from __future__ import annotations

from typing import Any

from bot.presenters import Button, MoveButton, Presenter, StoneButton
from bot.service.texts import Words
from rules.ashtarashki import AshtarashkiState
from rules.core import State

FEW_MOVES = 10


class AshtarashkiPresenter(Presenter):
    key = "ashtarashki"

    def square_words(self, state: State, square: str, words: Words) -> str:
        assert isinstance(state, AshtarashkiState)
        return _stone_words(state, square, words)

    def board_buttons(self, state: State, words: Words) -> list[Button]:
        assert isinstance(state, AshtarashkiState)
        legal = state.legal_moves()
        if len(legal) <= FEW_MOVES:
            return [MoveButton(self.move_label(state, m), m) for m in legal]
        return [StoneButton(square) for square in sorted({m.start for m in legal})]

    def ending(self, state: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(state, AshtarashkiState)
        outcome = state.outcome()
        if outcome is None or not outcome.points:
            return []
        points, balls = outcome.points, outcome.balls
        return [words("ending.points", white=points.get("white", 0), black=points.get("black", 0),
                      white_balls=balls.get("white", 0), black_balls=balls.get("black", 0))]

    def page_hint(self, state: State, words: Words) -> str | None:
        assert isinstance(state, AshtarashkiState)
        legal = state.legal_moves()
        return words("web.play.hint_capture") if legal and legal[0].kind == "capture" else None

    def moves_from(self, state: State, square: str) -> list[MoveButton]:
        assert isinstance(state, AshtarashkiState)
        return [MoveButton(m.end, m) for m in state.legal_moves() if m.start == square]

    def eventful(self, before: State, move: Any, after: State) -> bool:
        return bool(getattr(move, "captured", None)) or super().eventful(before, move, after)


def _stone_words(state: AshtarashkiState, square: str, words: Words) -> str:
    stone = state.stone_at(square)
    if stone is None:
        return words("square.empty")
    player, letter, number, finished = stone
    covered = letter == "W"  # its number is covered: only its owner is told
    said = words(f"square.ashtarashki.{player}_covered") if covered else words(f"square.ashtarashki.{player}", number=number)
    if letter == "V":
        said += ", " + words("square.ashtarashki.retreated")
    return said + (", " + words("square.ashtarashki.finished") if finished else "")


PRESENTER = AshtarashkiPresenter()
