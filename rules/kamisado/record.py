"""Kamisado match records in the publisher's notation: rounds, refill choices, Black/White columns."""

from __future__ import annotations

import re
from typing import Any

from rules.core import GameRecord
from rules.kamisado.moves import MATCH_TARGETS, KamisadoMove, RefillMove
from rules.kamisado.notation import format_pass, parse_move, publisher_text
from rules.kamisado.state import KamisadoState

_HEADER = re.compile(r"^kamisado\s*:\s*(?P<match>[a-z]+)(?:.*?target\s+(?P<target>\d+))?", re.IGNORECASE)
_ROUND = re.compile(r"^round\s+\d+\s*:(?P<rest>.*)$", re.IGNORECASE)
_ROW = re.compile(r"^\s*\d+\s*\.(?P<rest>.*)$")
_ENTRY = re.compile(r"…|\.\.\.|\S+\s+[↑↖↗]\d+\s+\S+(?:\s+push)?", re.IGNORECASE)
_PASS = re.compile(r"[↑↖↗]0\s")


def export_record(record: GameRecord, start: KamisadoState) -> str:
    """Write a match record: a header, then each round with who starts, the refill choice and the moves.

    Passes (distance 0) are written where they happened; ``…`` marks a turn lost to a sumo push.
    """
    state = start
    lines = [_header(state), ""]
    rounds: list[tuple[str, list[tuple[str, str]]]] = [("Round 1: black starts", [])]
    for text in record.moves:
        move = parse_move(state, text)
        if isinstance(move, RefillMove):
            winner = state.to_play
            state = state.play(move)
            rounds.append((f"Round {state.round}: {winner} refills from the {move.side}; {state.to_play} starts", []))
            continue
        assert isinstance(move, KamisadoMove)
        entries = rounds[-1][1]
        before = state
        state = state.play(move)
        entries.append((before.to_play or "", publisher_text(before, move)))
        entries += [(p.player, format_pass(p)) for p in state.passes]
        if state.round != before.round and state.phase == "play":
            rounds.append((f"Round {state.round}: {state.starter} starts", []))
    for title, entries in rounds:
        lines.append(title)
        lines += _columns(entries)
        lines.append("")
    lines += _result_lines(state)
    return "\n".join(lines).rstrip() + "\n"


def move_labels(record: GameRecord, start: KamisadoState) -> list[str]:
    """Each stored move's place in :func:`export_record`: ``round 2, 3.`` (Black's column), ``round 2, 3…``
    (White's), ``round 2`` for a refill choice."""
    state, labels = start, []
    entries: list[str] = []  # the players of the current round's column entries, passes included
    for text in record.moves:
        move = parse_move(state, text)
        if isinstance(move, RefillMove):
            state = state.play(move)
            labels.append(f"round {state.round}")
            entries = []
            continue
        assert isinstance(move, KamisadoMove)
        before = state
        state = state.play(move)
        entries.append(before.to_play or "")
        number = len(_columns([(player, "x") for player in entries]))
        labels.append(f"round {before.round}, {number}{'.' if before.to_play == 'black' else '…'}")
        entries += [p.player for p in state.passes]
        if state.round != before.round:
            entries = []
    return labels


def _header(state: KamisadoState) -> str:
    if state.match == "single":
        return "Kamisado: single round"
    return f"Kamisado: {state.match} match, target {state.target}"


def _columns(entries: list[tuple[str, str]]) -> list[str]:
    rows: list[list[str]] = []
    for player, text in entries:
        column = 0 if player == "black" else 1
        if not rows or rows[-1][column] or (column == 0 and rows[-1][1]):
            rows.append(["", ""])
        rows[-1][column] = text
    lines = []
    for number, (black, white) in enumerate(rows, 1):
        lines.append(f"{number:3}. {black or '…':<24} {white}".rstrip())
    return lines


def _result_lines(state: KamisadoState) -> list[str]:
    score = state.score
    lines = [f"Score: black {score['black']}, white {score['white']}"]
    outcome = state.outcome()
    if outcome is not None:
        lines.append(f"Result: {outcome.winner} wins ({outcome.reason.replace('_', ' ')})")
    return lines


def import_record(text: str) -> GameRecord:
    """Read a record written by :func:`export_record` (or typed in the same layout)."""
    options: dict[str, Any] = {"match": "standard"}
    moves: list[str] = []
    seen_header = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header and not seen_header:
            seen_header = True
            match = header["match"].lower()
            if match not in MATCH_TARGETS:
                raise ValueError(f"line {number}: unknown match {match!r}")
            options = {"match": match}
            if match == "series" and header["target"]:
                options["target"] = int(header["target"])
            continue
        round_line = _ROUND.match(line)
        if round_line:
            side = re.search(r"\b(left|right)\b", round_line["rest"], re.IGNORECASE)
            if side:
                moves.append(side.group(1).lower())
            continue
        row = _ROW.match(line)
        if row:
            for entry in _ENTRY.findall(row["rest"]):
                if entry not in ("…", "...") and not _PASS.search(entry + " "):
                    moves.append(" ".join(entry.split()))
            continue
        if re.match(r"^(score|result)\b", line, re.IGNORECASE):
            continue
        raise ValueError(f"line {number}: cannot read {line[:60]!r}")
    if not seen_header:
        raise ValueError("not a Kamisado record: the first line should be 'Kamisado: <match> match'")
    return GameRecord("kamisado", options, tuple(moves))


def summary(state: KamisadoState) -> list[str]:
    """Lines for ``python -m rules replay``: rounds, winners, teeth, score, result."""
    lines = [_header(state)]
    for r in state.rounds:
        how = "reached the home row" if r.reason == "home_row" else "won by deadlock"
        line = f"Round {r.number}: {r.starter} started; {r.winner} {how}"
        if r.tower is not None:
            line += f"; tooth on the {r.tower} tower (now {r.teeth}), +{r.points}"
        if r.refill is not None:
            line += f"; refilled from the {r.refill}"
        lines.append(line)
    lines += _result_lines(state)
    if state.outcome() is None:
        tower = f" ({state.forced} tower)" if state.forced else ""
        lines.append(f"In progress: round {state.round}, {state.phase}, {state.to_play} to move{tower}")
    return lines
