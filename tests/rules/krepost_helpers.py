"""Compact Krepost positions for tests: stones listed by square, the rest filled in."""

from __future__ import annotations

from typing import Any

from rules import get_game
from rules.krepost import KrepostState

game = get_game("krepost")


def diagram(white: str = "", black: str = "") -> str:
    """The 12-line board with White's and Black's stones on the named squares."""
    marks = {}
    for mark, squares in (("W", white), ("B", black)):
        for square in squares.split():
            marks[square] = mark
    lines = []
    for rank in range(12, 0, -1):
        lines.append(f"{rank:>2} " + " ".join(marks.get(f"{f}{rank}", ".") for f in "abcdefghijkl"))
    return "\n".join(lines)


def pos(white: str = "", black: str = "", *, to_play: str = "white", hands: tuple[int, int] | None = None,
        prisoners: tuple[int, int] = (0, 0), quiet: int = 0, **options: Any) -> KrepostState:
    """A state with the given stones; hands default to 48 minus what is on the board and taken."""
    text = diagram(white, black)
    if hands is not None:
        text += f"\nWhite: {hands[0]} in hand, {prisoners[0]} prisoners. Black: {hands[1]} in hand, {prisoners[1]} prisoners."
    else:
        text += f"\nWhite: {48 - len(white.split()) - prisoners[1]} in hand, {prisoners[0]} prisoners."
        text += f" Black: {48 - len(black.split()) - prisoners[0]} in hand, {prisoners[1]} prisoners."
    text += f"\n{to_play.capitalize()} to move. {quiet} turns since the last prisoner."
    state = game.new_state(position=text, **options)
    assert isinstance(state, KrepostState)
    return state
