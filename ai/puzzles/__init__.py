"""Puzzles: positions with one winning first move and a forced line, made and proven by the project's searches.

A :class:`Puzzle` is a position (a rules state's dict), the attacker's number of turns, the line (the
attacker's moves and the defender's longest resistance) and, for every attacker turn but the last, why
each other move fails (a defender reply that refutes it). The shipped sets live in ``ai/data/puzzles/``,
one file per game; :mod:`ai.puzzles.making` makes them and :func:`ai.puzzles.build.verify` proves them
again with the rules core alone.

    python -m ai.puzzles generate kamisado      # make a game's set from games the levels play (minutes)
    python -m ai.puzzles verify                 # prove every shipped puzzle again

>>> puzzles = shipped("krepost")
>>> len(puzzles) >= 300
True
>>> puzzles[0].difficulty in DIFFICULTIES
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules import get_game
from rules.core import State

DATA = Path(__file__).parents[1] / "data" / "puzzles"
DIFFICULTIES = ("easy", "normal", "hard")
EASY_BELOW, NORMAL_BELOW = 1150, 1450  # puzzle ratings that split the difficulties


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a game's set; ``number`` is its place in the set, from 1.

    ``line`` holds the moves in canonical text, both sides, from the position on; ``refutations[i]`` maps
    every losing move of the attacker's ``i``-th turn (all turns but the last) to the defender's reply that
    refutes it ("" when the move fails by itself).
    """

    game: str
    number: int
    position: Mapping[str, Any]
    attacker: str
    turns: int
    line: tuple[str, ...]
    refutations: tuple[Mapping[str, str], ...]
    theme: str
    rating: int
    tempting: int = 0  # losing first moves that the defender must find the one answer to
    source: str = "levels"
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def difficulty(self) -> str:
        """``easy``, ``normal`` or ``hard``, from the puzzle's own starting rating."""
        if self.rating < EASY_BELOW:
            return "easy"
        return "normal" if self.rating < NORMAL_BELOW else "hard"

    @property
    def goal(self) -> str:
        """What the attacker is to do: win the ``round`` (Kamisado), take a ``prisoner`` (Krepost), win ``clean``
        (Ashtarashki: take every enemy stone) or ``win``."""
        if self.game == "kamisado":
            return "round"
        if self.game == "krepost":
            return "prisoner" if self.theme == "prisoner" else "win"
        return "clean" if self.theme == "clean" else "win"

    @property
    def clean(self) -> bool:
        """Whether only a clean win solves the puzzle (a win that leaves an enemy stone fails it)."""
        return self.goal == "clean"

    @property
    def key(self) -> str:
        """The puzzle's stable name: ``kamisado-17``."""
        return f"{self.game}-{self.number}"

    def start(self) -> State:
        """The puzzle's position as a rules state."""
        return get_game(self.game).state_from_dict(self.position)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as stored in its set's file."""
        data = asdict(self)
        data["line"], data["refutations"] = list(self.line), [dict(r) for r in self.refutations]
        data["position"] = dict(self.position)
        if not self.extra:
            del data["extra"]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        """The puzzle of a stored entry (see :meth:`to_json`)."""
        return cls(**{**data, "line": tuple(data["line"]),
                      "refutations": tuple(dict(r) for r in data["refutations"])})


def path_of(game: str) -> Path:
    """Where the set of ``game`` is shipped."""
    return DATA / f"{game}.json"


@cache
def shipped(game: str) -> tuple[Puzzle, ...]:
    """The shipped set of ``game`` (empty when there is none)."""
    path = path_of(game)
    if not path.exists():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Puzzle.from_json(entry) for entry in data["puzzles"])


def write(game: str, puzzles: list[Puzzle], seed: int) -> Path:
    """Write ``puzzles`` as the set of ``game`` (one puzzle per line, so changes read well)."""
    path = path_of(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) for p in puzzles]
    body = ",\n".join(lines)
    path.write_text(f'{{"game":"{game}","seed":{seed},"puzzles":[\n{body}\n]}}\n', encoding="utf-8")
    shipped.cache_clear()
    return path


def position_key(puzzle: Puzzle) -> str:
    """What makes two puzzles the same: the position and whose turn it is to attack."""
    return json.dumps([puzzle.position, puzzle.attacker], sort_keys=True)


def duplicates(puzzles: Iterable[Puzzle]) -> list[tuple[int, int]]:
    """Each puzzle that repeats an earlier one's position, as (the earlier number, its number)."""
    first: dict[str, int] = {}
    found = []
    for puzzle in puzzles:
        number = first.setdefault(position_key(puzzle), puzzle.number)
        if number != puzzle.number:
            found.append((number, puzzle.number))
    return found


def piece_of(move: Any) -> str | None:
    """The square of the piece ``move`` moves (the hint), or None for a stone placed from the hand."""
    squares = getattr(move, "squares", None)
    if squares is not None:
        return None if len(squares) == 1 else str(squares[0])
    path = getattr(move, "path", None)
    if path is not None:
        return str(path[0])
    return str(move.start)


def target_of(move: Any) -> str | None:
    """The square ``move`` ends on (a placement's square), or None for a move with no square (a refill)."""
    squares = getattr(move, "squares", None) or getattr(move, "path", None)
    if squares:
        return str(squares[-1])
    end = getattr(move, "end", None)
    return None if end is None else str(end)


def find(game: str, number: int) -> Puzzle | None:
    """Puzzle ``number`` of the set of ``game``."""
    puzzles = shipped(game)
    return puzzles[number - 1] if 1 <= number <= len(puzzles) else None


__all__ = [
    "DIFFICULTIES", "Puzzle", "duplicates", "find", "path_of", "piece_of", "position_key", "shipped", "target_of", "write",
]
