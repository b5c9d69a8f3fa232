"""Ashtarashki notation: the author's long and short forms, plain forms, positions and records."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import AmbiguousMoveError, GameRecord, IllegalMoveError, InvalidMoveError, get_game
from rules.__main__ import main
from rules.ashtarashki import AshtarashkiMove, position_text, short_form

game = get_game("ashtarashki")
START = game.new_state()
CHAIN = game.new_state(position="White: M2 d4; M1 h2. Black: M1 – c5, b6, d6; M3 h8. White to move.")
RETREAT = game.new_state(position="White: M1 c5; V1 b4; W a3; M3 h2. Black: M1 h8. White to move.")


@pytest.mark.parametrize("text", ["M2g3—h4", "M2g3–h4", "M2g3-h4", "m2g3-h4", "M2h4", "g3-h4", "g3h4", "g3 h4", "м2g3-h4"])
def test_quiet_move_forms(text: str) -> None:
    assert game.parse_move(START, text) == AshtarashkiMove(("g3", "h4"), "step")


def test_bare_target_when_only_one_stone_can_go_there() -> None:
    assert game.parse_move(START, "h4") == AshtarashkiMove(("g3", "h4"), "step")
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(START, "b4")
    assert {m.start for m in caught.value.candidates} == {"a3", "c3"}


@pytest.mark.parametrize("text", ["M2d4:c5:b6", "M2:c5:b6", "d4:c5:b6", "d4xc5xb6", "d4:b6", "M2:c5:b6#"])
def test_capture_chain_forms(text: str) -> None:
    assert game.parse_move(CHAIN, text) == AshtarashkiMove(("d4", "c5", "b6"), "capture")


def test_first_capture_only_is_ambiguous_between_branches() -> None:
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(CHAIN, "d4:c5")
    assert {m.path for m in caught.value.candidates} == {("d4", "c5", "b6"), ("d4", "c5", "d6")}


def test_retreat_suffixes() -> None:
    assert game.parse_move(RETREAT, "M1c5—d4V") == AshtarashkiMove(("c5", "d4"), "retreat")
    assert game.parse_move(RETREAT, "V1b4—c3W") == AshtarashkiMove(("b4", "c3"), "retreat")
    assert game.parse_move(RETREAT, "Wa3—b2Z") == AshtarashkiMove(("a3", "b2"), "retreat")
    assert game.format_move(RETREAT, AshtarashkiMove(("a3", "b2"), "retreat")) == "Wa3—b2Z"
    assert game.format_move(RETREAT, AshtarashkiMove(("b4", "c3"), "retreat")) == "V1b4—c3W"
    with pytest.raises(IllegalMoveError):
        game.parse_move(RETREAT, "M1c5—d4W")


def test_canonical_and_short_forms() -> None:
    move = AshtarashkiMove(("d4", "c5", "b6"), "capture")
    assert game.format_move(CHAIN, move) == "M2d4:c5:b6"
    assert short_form(CHAIN, move) == "M2:c5:b6"
    assert short_form(START, AshtarashkiMove(("g3", "h4"), "step")) == "M2h4"


def test_wrong_label_and_light_squares_are_explained() -> None:
    with pytest.raises(IllegalMoveError):
        game.parse_move(START, "M1c3-d4")
    with pytest.raises(IllegalMoveError, match="light square"):
        game.parse_move(START, "c4")
    with pytest.raises(IllegalMoveError, match="no stone of white on d4"):
        game.parse_move(START, "d4-e5")


@pytest.mark.parametrize("text", ["", "hello", "M9a1", "a1-", "zz", "x" * 500, "a3\x07b4"])
def test_garbage_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        game.parse_move(START, text)


def test_positions_accept_both_spacings_and_write_the_authors_format() -> None:
    text = "White: M1 – a3, c1; M2a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move."
    state = game.new_state(position=text)
    assert position_text(state) == "White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move."
    assert state.to_play == "black"
    assert state.stone_at("g1") == ("black", "M", 1, True)
    assert game.new_state(position=position_text(state)) == state


@pytest.mark.parametrize("text", ["White: M4 a1. Black: M1 h8.", "White: M1 a1.", "White: M1 a1, a1. Black: M1 h8.",
                                  "White: Q1 a1. Black: M1 h8."])
def test_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        game.new_state(position=text)


def test_record_format_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = game.new_state(position="White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move.")
    texts = ["M2c5—b4", "M3f6—g7", "M2b4:a3", "M2a5—b4V", "M2a3—b2", "V2b4—c5", "M2b2:c1", "V2c5—b6"]
    record = game.replay(texts, **start.options)
    assert record.outcome() is not None
    exported = game.export_record(GameRecord("ashtarashki", start.options, tuple(texts)))
    lines = exported.splitlines()
    assert lines[0] == "Ashtarashki" and lines[1].startswith("Position: White: M1 – a3, c1")
    assert lines[2] == "1. … M2c5—b4"
    assert lines[-2].endswith("V2c5—b6#") and lines[-1] == "1:0"
    path = tmp_path / "trap.txt"
    path.write_text(exported, encoding="utf-8")
    assert main(["replay", "ashtarashki", str(path)]) == 0
    out = capsys.readouterr().out
    assert "8 moves replayed" in out and "Result: white wins, the opponent cannot move; 1:0" in out
    path.write_text(exported.replace("M2b2:c1", "M2b2-a1"), encoding="utf-8")
    assert main(["replay", "ashtarashki", str(path)]) == 1
    assert capsys.readouterr().out.startswith("illegal move 7: 'M2b2-a1': ")
