"""Kamisado match records: the publisher's layout, JSON, and ``python -m rules replay``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules import GameRecord, get_game
from rules.__main__ import main
from tests.rules.test_conformance import random_game

game = get_game("kamisado")


@pytest.mark.parametrize("match", ["single", "series", "standard", "long", "marathon"])
def test_finished_random_matches_are_won_by_a_player_who_reached_the_target(match: str) -> None:
    for seed in range(10):
        states, _ = random_game(game, {"match": match}, seed)
        final = states[-1]
        outcome = final.outcome()
        assert outcome is not None and outcome.winner is not None
        assert final.score[outcome.winner] >= final.target > final.score["black" if outcome.winner == "white" else "white"]
        assert sum(r.points for r in final.rounds if r.winner == outcome.winner) == final.score[outcome.winner]


def test_export_shows_rounds_refills_and_columns() -> None:
    states, moves = random_game(game, {"match": "long"}, seed=5)
    text = game.export_record(game.record_of(states[0], moves))
    lines = text.splitlines()
    assert lines[0] == "Kamisado: long match, target 7"
    assert lines[2] == "Round 1: black starts"
    assert any("refills from the" in line for line in lines)
    assert lines[-1].startswith("Result: ")


def test_a_round_started_by_white_leaves_the_black_column_empty() -> None:
    text = """Kamisado: standard match
Round 1: black starts
  1. brown ↑6 pink             brown ↗6 purple
  2. purple ↖5 green          green ↑5 brown
  3. brown ↖1 red

Round 2: black refills from the right; white starts
  1. …                        orange ↑1 red
"""
    record = game.import_record(text)
    assert record.moves[-2:] == ("right", "orange ↑1 red")
    assert record.options == {"match": "standard"}


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_replay_command_prints_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    states, moves = random_game(game, {"match": "standard"}, seed=11)
    record = game.record_of(states[0], moves)
    assert main(["replay", "kamisado", write(tmp_path, game.export_record(record))]) == 0
    out = capsys.readouterr().out
    final = states[-1]
    assert f"{len(moves)} moves replayed" in out
    assert f"Score: black {final.score['black']}, white {final.score['white']}" in out
    assert f"Round {len(final.rounds)}: " in out and "tooth on the" in out


def test_replay_command_names_the_first_illegal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord("kamisado", {"match": "single"}, ("h8-h3", "green ↑3 red", "b1-b5", "e8-e5"))
    assert main(["replay", "kamisado", write(tmp_path, record.to_json())]) == 1
    out = capsys.readouterr().out
    assert out.startswith("illegal move 3: 'b1-b5': ")
    assert "must move the" in out


def test_replay_runs_as_a_module(tmp_path: Path) -> None:
    states, moves = random_game(game, {"match": "single"}, seed=random.Random(3).randrange(100))
    path = write(tmp_path, game.record_of(states[0], moves).to_json())
    command = [sys.executable, "-m", "rules", "replay", "kamisado", path]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Result: " in done.stdout


def test_unreadable_records_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "kamisado", write(tmp_path, "hello world")]) == 2
    assert "cannot read the record" in capsys.readouterr().err
    assert main(["replay", "chess", write(tmp_path, "{}")]) == 2
