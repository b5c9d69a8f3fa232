"""Krepost notation: placements, steps, jumps and prisoners, in words of every language; positions; records."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import AmbiguousMoveError, GameRecord, IllegalMoveError, InvalidMoveError
from rules.__main__ import main
from rules.krepost import KrepostMove, position_text
from tests.rules.krepost_helpers import game, pos

START = game.new_state()
BOARD = pos("e2 e3 f4", "f2", hands=(10, 10))


@pytest.mark.parametrize("text", ["@e4", "e4", "place e4", "PLACE E4", "поставить e4", "ставлю е4", "بگذار e4", "lerak e4"])
def test_placement_forms(text: str) -> None:
    assert game.parse_move(START, text) == KrepostMove(("e4",))


@pytest.mark.parametrize("text", ["e3-d3", "e3 d3", "move e3 d3", "ход e3 d3", "حرکت e3 d3", "lép e3 d3", "e3–d3"])
def test_step_forms(text: str) -> None:
    assert game.parse_move(BOARD, text) == KrepostMove(("e3", "d3"))


def test_jump_forms_and_the_shorthand_by_first_and_last_square() -> None:
    assert game.parse_move(BOARD, "e2-e4") == KrepostMove(("e2", "e4"))
    assert game.parse_move(BOARD, "e2-e4-g4") == KrepostMove(("e2", "e4", "g4"))
    assert game.parse_move(BOARD, "e2-g4") == KrepostMove(("e2", "e4", "g4"))


@pytest.mark.parametrize("text", ["@f3 xf2", "f3 xf2", "@f3, xf2", "place f3 take f2", "поставить f3 взять f2",
                                  "بگذار f3 بگیر f2", "lerak f3 üt f2", "f3xf2"])
def test_prisoner_forms(text: str) -> None:
    state = pos("e2 g2 f1", "f2 l12", hands=(10, 10))
    assert game.parse_move(state, text) == KrepostMove(("f3",), "f2")


def test_canonical_forms() -> None:
    assert game.format_move(START, KrepostMove(("e4",))) == "@e4"
    assert game.format_move(BOARD, KrepostMove(("e2", "e4", "g4"))) == "e2-e4-g4"
    assert game.format_move(BOARD, KrepostMove(("f3",), "f2")) == "@f3 xf2"


def test_a_missing_prisoner_asks_which_stone() -> None:
    state = pos("e2 h2 f1 g1 f3", "f2 g2", hands=(10, 10))
    with pytest.raises(AmbiguousMoveError, match="which stone: f2, g2") as caught:
        game.parse_move(state, "@g3")
    assert [m.prisoner for m in caught.value.candidates] == ["f2", "g2"]
    with pytest.raises(IllegalMoveError, match="take one of f2, g2"):
        game.parse_move(state, "@g3 xe2")


def test_illegal_turns_are_explained() -> None:
    with pytest.raises(IllegalMoveError, match="ranks 1–4"):
        game.parse_move(START, "@e6")
    with pytest.raises(IllegalMoveError, match="no stone of white on a1"):
        game.parse_move(BOARD, "a1-a2")
    with pytest.raises(IllegalMoveError, match="cannot be taken"):
        game.parse_move(BOARD, "e3-d3 xf2")


@pytest.mark.parametrize("text", ["", "hello", "xf7", "@m4", "e4 xf5 xf6", "x" * 400, "e4\x00"])
def test_garbage_is_invalid(text: str) -> None:
    with pytest.raises((InvalidMoveError, IllegalMoveError)):
        game.parse_move(BOARD, text)


def test_positions_round_trip() -> None:
    state = pos("e2 k1", "f11 b10", to_play="black", hands=(20, 30), prisoners=(2, 1), quiet=7)
    text = position_text(state)
    assert text.splitlines()[0] == "12 . . . . . . . . . . . ."
    assert "White: 20 in hand, 2 prisoners. Black: 30 in hand, 1 prisoners." in text
    assert text.endswith("Black to move. 7 turns since the last prisoner.")
    assert game.new_state(position=text) == state
    with pytest.raises(ValueError):
        game.new_state(position="12 . .")


def test_record_round_trip_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = game.new_state(fortress="3x3", half_stone=True)
    texts = ["@k4", "@b9", "k4-k5", "@c9", "@j4"]
    record = GameRecord("krepost", start.options, tuple(texts))
    exported = game.export_record(record)
    assert exported.splitlines()[0] == "Krepost: fortress 3x3, half stone"
    assert exported.splitlines()[3] == "3. white k4-k5"
    again = game.import_record(exported)
    assert game.replay(again.moves, **dict(again.options)) == game.replay(texts, **start.options)
    path = tmp_path / "game.txt"
    path.write_text(exported, encoding="utf-8")
    assert main(["replay", "krepost", str(path)]) == 0
    assert "In progress: black to move" in capsys.readouterr().out
    path.write_text(exported.replace("@c9", "@c5"), encoding="utf-8")
    assert main(["replay", "fortress", str(path)]) == 1
    assert capsys.readouterr().out.startswith("illegal move 4: '@c5': ")
