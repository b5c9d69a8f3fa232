"""Kamisado notation: every text form of the rules page, in all four languages."""

from __future__ import annotations

import pytest

from rules import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, get_game
from rules.kamisado import KamisadoMove, RefillMove
from tests.rules.kamisado_helpers import position

game = get_game("kamisado")
# White to move the purple tower from f1 (free board ahead).
FORCED = position("B.purple h6, B.yellow g5, B.pink a3", to_play="white", forced="purple")


def parse(text: str, state=FORCED) -> KamisadoMove:  # type: ignore[no-untyped-def]
    move = game.parse_move(state, text)
    assert isinstance(move, KamisadoMove)
    return move


def test_canonical_form_is_the_publishers_notation_with_squares() -> None:
    move = KamisadoMove("purple", "f1", "a6")
    assert game.format_move(FORCED, move) == "purple ↖5 green (f1–a6)"
    assert parse("purple ↖5 green (f1–a6)") == move


@pytest.mark.parametrize(
    "text",
    ["purple ↖5", "purple left 5", "purple l5", "l5", "L5", "↖5", "left 5", "a6", "f1-a6", "f1a6", "f1–a6",
     "PURPLE ↖5 GREEN", "purple ↖ 5", "violet l5", "lilac left 5", "purple diagonally left 5 squares"],
)
def test_english_forms(text: str) -> None:
    assert parse(text) == KamisadoMove("purple", "f1", "a6")


@pytest.mark.parametrize("text", ["up 4", "↑4", "4", "purple 4", "straight 4", "forward 4", "f5", "purple ↑4 green"])
def test_straight_forms(text: str) -> None:
    assert parse(text) == KamisadoMove("purple", "f1", "f5")


@pytest.mark.parametrize(
    "text",
    ["фиолетовый влево 5", "Фиолетовая налево 5", "фиолетовую влево 5", "бирюзовый влево 5", "влево 5",
     "بنفش چپ ۵", "بنفش چپ 5", "چپ ۵", "lila balra 5", "Lila balra 5", "balra 5", "lilat balra 5"],
)
def test_localised_forms(text: str) -> None:
    assert parse(text) == KamisadoMove("purple", "f1", "a6")


@pytest.mark.parametrize(
    "text", ["вправо 2", "направо 2", "راست ۲", "jobbra 2", "right 2", "r2", "↗2", "purple ↗2 green"]
)
def test_localised_right(text: str) -> None:
    assert parse(text) == KamisadoMove("purple", "f1", "h3")


@pytest.mark.parametrize(
    ("text", "colour"),
    [("коричневый", "brown"), ("зелёный", "green"), ("зеленая", "green"), ("красную", "red"), ("жёлтый", "yellow"),
     ("желтая", "yellow"), ("розовый", "pink"), ("синий", "blue"), ("синюю", "blue"), ("оранжевый", "orange"),
     ("قهوه‌ای", "brown"), ("قهوه ای", "brown"), ("سبز", "green"), ("قرمز", "red"), ("زرد", "yellow"),
     ("صورتی", "pink"), ("آبی", "blue"), ("نارنجی", "orange"), ("barna", "brown"), ("zöld", "green"),
     ("piros", "red"), ("sárga", "yellow"), ("rózsaszín", "pink"), ("kék", "blue"), ("narancssárga", "orange"),
     ("narancs", "orange")],
)
def test_colour_words(text: str, colour: str) -> None:
    state = game.new_state()
    candidates = {m.colour for m in state.legal_moves()}
    assert colour in candidates
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(state, text)  # a tower alone on the free first move fits many moves
    assert {m.colour for m in caught.value.candidates} == {colour}


def test_the_tower_can_be_implied_on_a_forced_move_but_not_on_a_free_one() -> None:
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(game.new_state(), "4")
    assert len(caught.value.candidates) == 8
    assert game.parse_move(game.new_state(), "orange l2") == KamisadoMove("orange", "a8", "c6")


def test_wrong_tower_is_explained() -> None:
    with pytest.raises(IllegalMoveError, match=r"white must move the purple tower \(on f1\)"):
        game.parse_move(FORCED, "red 3")


def test_unreachable_square_lists_the_targets() -> None:
    with pytest.raises(IllegalMoveError, match="it can go to a6, b5,"):
        game.parse_move(FORCED, "f1-f8")


def test_a_lone_colour_that_is_not_the_forced_tower_is_refused_with_the_forced_tower_named() -> None:
    for text in ("brown", "barna előre 1", "коричневый 1"):
        with pytest.raises(IllegalMoveError, match=r"must move the purple tower \(on f1\)"):
            parse(text)
    assert parse("purple brown") == KamisadoMove("purple", "f1", "f6")  # the tower, then the landing square's colour


def test_push_word_and_canonical_push() -> None:
    state = position("W.green d4, B.red d5", to_play="white", forced="green", teeth="W.green 1")
    push = KamisadoMove("green", "d4", "d5", True)
    assert game.format_move(state, push) == "green ↑1 orange push (d4–d5)"
    for text in ("push", "green push", "d5", "толчок", "هل", "tolás", "green ↑1 orange push (d4–d5)"):
        assert game.parse_move(state, text) == push


def test_refill_choice_words() -> None:
    state = position("W.purple c8, B.purple h6", to_play="white", phase="refill", score=(0, 1))
    for text, side in (("left", "left"), ("RIGHT", "right"), ("fill from the left", "left"), ("влево", "left"),
                       ("справа", "right"), ("چپ", "left"), ("راست", "right"), ("balra", "left"), ("jobbról", "right")):
        assert game.parse_move(state, text) == RefillMove(side)
    assert game.format_move(state, RefillMove("left")) == "left"
    with pytest.raises(IllegalMoveError, match="'left' or 'right'"):
        game.parse_move(state, "up")


@pytest.mark.parametrize("text", ["", "   ", "hello", "purple ↖5 green blue red", "a1 b2 c3", "%%%", "x" * 1000,
                                  "purple\x00", "9", "purple 12"])
def test_bad_text_is_a_clear_error(text: str) -> None:
    with pytest.raises((InvalidMoveError, IllegalMoveError)) as caught:
        game.parse_move(FORCED, text)
    assert str(caught.value)


def test_after_the_match_no_move_parses() -> None:
    with pytest.raises(IllegalMoveError, match="over"):
        game.parse_move(game.new_state().resign("white"), "4")
