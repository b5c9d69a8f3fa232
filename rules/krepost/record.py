"""Krepost game records: one numbered turn per line with its player, so extra turns read plainly."""

from __future__ import annotations

import re
from typing import Any

from rules.core import GameRecord
from rules.krepost.geometry import COUNT_AFTER
from rules.krepost.notation import format_move, parse_move, position_text
from rules.krepost.state import KrepostState

_HEADER = re.compile(r"^krepost\b(?P<rest>.*)$", re.IGNORECASE)
_TURN = re.compile(r"^\s*\d+\s*\.\s*(?:(?P<player>white|black)\s+)?(?P<move>.+)$", re.IGNORECASE)
_REASONS = {
    "fortress": "entered the empty enemy fortress",
    "garrison": "took the last stone of the enemy garrison",
    "no_move": "the opponent could not move",
    "count": "counted after 100 turns of each player without a prisoner",
    "agreed": "counted by agreement",
    "resignation": "resignation",
}


def header(state: KrepostState) -> str:
    """``Krepost: fortress 3x2`` with ``half stone`` and ``black first`` when they apply."""
    parts = [f"fortress {state.fortress_size}"]
    if state.half_stone:
        parts.append("half stone")
    if state.first != "white":
        parts.append(f"{state.first} first")
    if state.count_after != COUNT_AFTER:
        parts.append(f"count after {state.count_after} turns")
    return "Krepost: " + ", ".join(parts)


def move_labels(record: GameRecord, start: KrepostState) -> list[str]:
    """Each turn's number in :func:`export_record`: one turn a line."""
    return [f"{number}." for number in range(1, len(record.moves) + 1)]


def export_record(record: GameRecord, start: KrepostState) -> str:
    """Write the record: the header, the starting position if any, one turn per line, the result."""
    lines = [header(start)]
    if record.options.get("position"):
        lines += ["Position:", *position_text(start).splitlines(), ""]
    state = start
    for number, text in enumerate(record.moves, 1):
        move = parse_move(state, text)
        lines.append(f"{number}. {state.to_play} {format_move(state, move)}")
        state = state.play(move)
    lines += result_lines(state)
    return "\n".join(lines) + "\n"


def result_lines(state: KrepostState) -> list[str]:
    """The result line (and the count when the game was counted), or nothing while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return []
    who = f"{outcome.winner} wins" if outcome.winner else "draw"
    lines = [f"Result: {who} ({_REASONS[outcome.reason]})"]
    if outcome.count is not None:
        half = f"; half stone: {outcome.half_stone}" if outcome.half_stone else ""
        lines.append(f"Count: white {outcome.count['white']}, black {outcome.count['black']}{half}")
    return lines


def import_record(text: str) -> GameRecord:
    """Read a record written by :func:`export_record`."""
    options: dict[str, Any] = {}
    moves: list[str] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line or line.startswith("#"):
            continue
        head = _HEADER.match(line)
        if head:
            rest = head["rest"].lower()
            size = re.search(r"fortress\s+(3x2|3x3)", rest)
            options["fortress"] = size.group(1) if size else "3x2"
            options["half_stone"] = "half stone" in rest
            first = re.search(r"(white|black)\s+first", rest)
            if first:
                options["first"] = first.group(1)
            count = re.search(r"count\s+after\s+(\d+)", rest)
            if count:
                options["count_after"] = int(count.group(1))
            continue
        if line.lower() == "position:":
            block = []
            while index < len(lines) and lines[index].strip():
                block.append(lines[index])
                index += 1
            options["position"] = "\n".join(block)
            continue
        if re.match(r"^(result|count)\s*:", line, re.IGNORECASE):
            continue
        turn = _TURN.match(line)
        if turn is None:
            raise ValueError(f"line {index}: cannot read {line[:60]!r}")
        moves.append(turn["move"].strip())
    return GameRecord("krepost", options, tuple(moves))


def summary(state: KrepostState) -> list[str]:
    """Lines for ``python -m rules replay``: the position, prisoners, the result or who is to move."""
    lines = [header(state), *position_text(state).splitlines()]
    lines += result_lines(state)
    if state.outcome() is None:
        lines.append(f"In progress: {state.to_play} to move")
    return lines
