"""Ashtarashki game records: numbered moves, White then Black on a line, the result mark."""

from __future__ import annotations

import re

from rules.ashtarashki.notation import format_move, parse_move, position_text
from rules.ashtarashki.state import AshtarashkiState
from rules.core import GameRecord

_ROW = re.compile(r"^\s*\d+\s*\.(?P<rest>.*)$")
_RESULT = re.compile(r"^#?\s*[0-2]\s*:\s*[0-2]$")


def move_labels(record: GameRecord, start: AshtarashkiState) -> list[str]:
    """Each move's number in :func:`export_record`: ``3.`` for White's, ``3…`` for Black's (White moves first in a
    pair; a game from a position with Black to move begins with ``1…``)."""
    shift = 1 if start.to_play == "black" else 0
    return [f"{(index + shift) // 2 + 1}{'.' if (index + shift) % 2 == 0 else '…'}" for index in range(len(record.moves))]


def export_record(record: GameRecord, start: AshtarashkiState) -> str:
    """Write the record: a title, the starting position if not the usual one, the moves, the result."""
    lines = ["Ashtarashki"]
    if record.options.get("position"):
        lines.append(f"Position: {position_text(start)}")
    state = start
    entries: list[str] = []
    for text in record.moves:
        move = parse_move(state, text)
        entries.append(format_move(state, move))
        state = state.play(move)
    outcome = state.outcome()
    if outcome is not None and outcome.reason != "resignation" and entries:
        entries[-1] += "#"
    if start.to_play == "black" and entries:
        entries.insert(0, "…")
    for number in range(0, len(entries), 2):
        lines.append(f"{number // 2 + 1}. " + " ".join(entries[number : number + 2]))
    if outcome is not None:
        lines.append(result_mark(state))
    return "\n".join(lines) + "\n"


def result_mark(state: AshtarashkiState) -> str:
    """``1:0``, ``2:0``, ``0:1`` or ``0:2`` for a finished game, else ``*``."""
    outcome = state.outcome()
    if outcome is None:
        return "*"
    return f"{outcome.points['white']}:{outcome.points['black']}"


def import_record(text: str) -> GameRecord:
    """Read a record written by :func:`export_record` (the title line may be left out; lines that start
    with ``#`` are comments, unless they hold the result)."""
    options: dict[str, str] = {}
    moves: list[str] = []
    result = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.lower() == "ashtarashki" or line.startswith("["):
            continue
        if line.lower().startswith("position:"):
            options["position"] = line.split(":", 1)[1].strip()
            continue
        if _RESULT.match(line):
            result = line.lstrip("#").strip()
            continue
        if line.startswith("#"):  # a comment (a review's verdicts, say)
            continue
        row = _ROW.match(line)
        if row is None:
            raise ValueError(f"line {number}: cannot read {line[:60]!r}")
        for entry in row["rest"].split():
            if entry in ("…", "...", "*"):
                continue
            if _RESULT.match(entry):
                result = entry
                continue
            moves.append(entry.rstrip("#"))
    return GameRecord("ashtarashki", options, tuple(moves), result)


def summary(state: AshtarashkiState) -> list[str]:
    """Lines for ``python -m rules replay``: the result, points and balls, or who is to move."""
    lines = [f"Position: {position_text(state)}"]
    outcome = state.outcome()
    if outcome is None:
        lines.append(f"In progress: {state.to_play} to move")
        return lines
    reasons = {
        "no_stones": "the opponent has no stones left (clean win)",
        "home": "stones home on the finish rank",
        "liquidation": "the last active stone was liquidated",
        "blocked": "the opponent cannot move",
        "resignation": "resignation",
    }
    count = " (decided by the count rule)" if outcome.by_count else ""
    lines.append(f"Result: {outcome.winner} wins, {reasons[outcome.reason]}{count}; {result_mark(state)}")
    lines.append(f"Balls: white {outcome.balls['white']}, black {outcome.balls['black']}")
    return lines
