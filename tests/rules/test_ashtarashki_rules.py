"""One test per rule of the Ashtarashki rules page, and its three worked examples."""

from __future__ import annotations

import pytest

from rules import AmbiguousMoveError, IllegalMoveError, get_game
from rules.ashtarashki import AshtarashkiMove, AshtarashkiState, position_text

game = get_game("ashtarashki")


def pos(text: str) -> AshtarashkiState:
    state = game.new_state(position=text)
    assert isinstance(state, AshtarashkiState)
    return state


def play(state: AshtarashkiState, *texts: str) -> AshtarashkiState:
    for text in texts:
        state = state.play(game.parse_move(state, text))
    return state


def moves(state: AshtarashkiState) -> set[str]:
    return {game.format_move(state, m) for m in state.legal_moves()}


# -- set-up -------------------------------------------------------------------------------


def test_setup_white_first_dark_squares_only() -> None:
    state = game.new_state()
    assert state.to_play == "white"
    assert position_text(state) == (
        "White: M1 – b2, c1, e1, h2; M2 – a3, d2, f2, g3; M3 – a1, c3, e3, g1. "
        "Black: M1 – a7, d8, f8, g7; M2 – b6, c7, e7, h6; M3 – b8, d6, f6, h8. White to move."
    )
    for square in ("a1", "c3", "h2", "b8"):
        assert state.stone_at(square) is not None
    with pytest.raises(ValueError, match="dark"):
        game.new_state(position="White: M1 a2. Black: M1 h8.")


def test_forward_is_up_for_white_and_down_for_black() -> None:
    assert moves(pos("White: M1 d4. Black: M1 h8. White to move.")) == {"M1d4—c5", "M1d4—e5", "M1d4—c3V", "M1d4—e3V"}
    assert moves(pos("White: M1 a1. Black: M1 e5. Black to move.")) == {"M1e5—d4", "M1e5—f4", "M1e5—d6V", "M1e5—f6V"}


# -- stone states and retreats ------------------------------------------------------------


def test_retreats_turn_the_stone_m_v_w_and_the_third_liquidates_it() -> None:
    state = pos("White: M1 d4; M2 a1. Black: M1 h8. White to move.")
    state = play(state, "M1d4—c3V", "h8-g7")
    assert state.stone_at("c3") == ("white", "V", 1, False)
    state = play(state, "V1c3—b2W", "g7-f6")
    assert state.stone_at("b2") == ("white", "W", 0, False)
    state = play(state, "Wb2—c1Z")
    assert state.stone_at("c1") is None and state.stones("white") == 1


def test_a_w_stone_needs_an_empty_square_to_retreat() -> None:
    state = pos("White: W b2; M3 a1; M3 c1. Black: M1 h8. White to move.")
    assert not any(m.start == "b2" and m.kind == "retreat" for m in state.legal_moves())


def test_voluntary_retreat_even_when_forward_steps_exist() -> None:
    state = pos("White: M2 d4. Black: M1 h8. White to move.")
    assert {"M2d4—c5", "M2d4—c3V"} <= moves(state)


def test_forced_retreat_when_no_capture_and_no_forward_step() -> None:
    # White's only stone is blocked forward by Black 3s it cannot take (2 does not beat 3... but 3 beats 2).
    state = pos("White: M2 d4. Black: M3 – c5, e5, b6, f6. White to move.")
    assert moves(state) == {"M2d4—c3V", "M2d4—e3V"}


# -- captures -----------------------------------------------------------------------------


def test_captures_go_in_all_four_directions_like_a_pawn() -> None:
    state = pos("White: M1 d4. Black: M3 – c5, e3; M2 h8. White to move.")
    assert moves(state) == {"M1d4:c5", "M1d4:e3"}
    after = play(state, "d4:e3")
    assert after.stone_at("e3") == ("white", "M", 1, False) and after.stone_at("d4") is None


@pytest.mark.parametrize(("attacker", "target", "takes"), [
    (1, 3, True), (3, 2, True), (2, 1, True), (3, 1, False), (2, 3, False), (1, 2, False), (1, 1, False),
])
def test_numbers_beat_in_a_cycle(attacker: int, target: int, takes: bool) -> None:
    state = pos(f"White: M{attacker} d4. Black: M{target} e5; M1 h8. White to move.")
    assert any(m.kind == "capture" for m in state.legal_moves()) == takes


def test_v_stones_are_taken_only_by_the_beating_number_w_stones_by_any_m() -> None:
    assert not any(m.kind == "capture" for m in pos("White: M1 d4. Black: V2 e5; M1 h8.").legal_moves())
    assert any(m.kind == "capture" for m in pos("White: M2 d4. Black: V1 e5; M1 h8.").legal_moves())
    for attacker in (1, 2, 3):
        assert any(m.kind == "capture" for m in pos(f"White: M{attacker} d4. Black: W e5; M1 h8.").legal_moves())


def test_only_m_stones_capture() -> None:
    for name in ("V1", "W"):
        state = pos(f"White: {name} d4. Black: M3 e5; M1 h8. White to move.")
        assert not any(m.kind == "capture" for m in state.legal_moves())


def test_capture_is_compulsory() -> None:
    state = pos("White: M1 d4; M2 a1. Black: M3 e5; M1 h8. White to move.")
    assert moves(state) == {"M1d4:e5"}
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        game.parse_move(state, "a1-b2")


def test_triple_capture_example() -> None:
    state = pos("White: M3 d4. Black: M2 – c5, b6, a5; M1 h8. White to move.")
    move = game.parse_move(state, "M3:c5:b6:a5")
    assert move.captured == ("c5", "b6", "a5")
    after = state.play(move)
    assert after.stones("black") == 1 and after.stone_at("a5") == ("white", "M", 3, False)


def test_the_chain_must_go_on_while_the_same_stone_can_capture() -> None:
    state = pos("White: M3 d4. Black: M2 – c5, b6, a5; M1 h8. White to move.")
    assert moves(state) == {"M3d4:c5:b6:a5"}
    with pytest.raises(IllegalMoveError):
        state.play(AshtarashkiMove(("d4", "c5"), "capture"))


def test_the_player_chooses_the_branch_and_need_not_take_the_longest() -> None:
    state = pos("White: M3 d4. Black: M2 – c5, b6, d6; M1 h8. White to move.")
    assert moves(state) == {"M3d4:c5:b6", "M3d4:c5:d6"}
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(state, "d4:c5")
    assert {game.format_move(state, m) for m in caught.value.candidates} == {"M3d4:c5:b6", "M3d4:c5:d6"}


def test_the_chain_stops_on_the_finish_rank() -> None:
    # From d8 the stone could go on to take e7, but d8 is White's finish rank: the chain stops.
    state = pos("White: M3 c7. Black: M2 – d8, e7; M1 a1. White to move.")
    assert moves(state) == {"M3c7:d8"}
    after = play(state, "c7:d8")
    assert after.stone_at("d8") == ("white", "M", 3, True) and after.stone_at("e7") is not None


def test_a_capture_never_changes_the_capturers_state() -> None:
    state = pos("White: M1 d4. Black: M3 c3; M1 h8. White to move.")
    after = play(state, "d4:c3")
    assert after.stone_at("c3") == ("white", "M", 1, False)


def test_finished_stones_are_frozen_and_cannot_be_captured() -> None:
    state = pos("White: M1 – d8, a1. Black: M3 c7; M2 h6. White to move.")
    assert all(m.start != "d8" for m in state.legal_moves()) and state.legal_moves()
    black = pos("White: M2 b2; M1 h2. Black: M1 a1; M3 h8. White to move.")
    assert not any(m.kind == "capture" for m in black.legal_moves())


# -- the end ------------------------------------------------------------------------------


def test_no_stones_left_is_a_clean_win_worth_two_points() -> None:
    state = play(pos("White: M1 d4. Black: M3 e5. White to move."), "d4:e5")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "no_stones")
    assert outcome.points == {"white": 2, "black": 0}


def test_four_stones_home_win() -> None:
    state = pos("White: M1 – a7, d8, f8, h8; M2 – a3, c3. Black: M1 – a1, c1; M3 – e5, g5. White to move.")
    state = play(state, "a7-b8")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.by_count) == ("white", "home", False)
    assert outcome.points == {"white": 1, "black": 0} and outcome.balls == {"white": 12, "black": 6}


def test_count_rule_example_white_liquidates_and_wins_with_equal_counts() -> None:
    start = pos("White: M1 h8; M2 – d8, f8; W b4. Black: M1 a1; M2 e1; M3 f2. White to move.")
    state = play(start, "Wb4—a3Z")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "liquidation")
    assert outcome.balls == {"white": 9, "black": 6} and outcome.points == {"white": 1, "black": 0}


def test_count_rule_example_black_completes_but_white_has_more_stones() -> None:
    start = pos("White: M1 h8; M2 – d8, f8; W b4. Black: M1 a1; M2 e1; M3 f2. White to move.")
    state = play(start, "Wb4—c5", "M3f2—g1")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.by_count) == ("white", "home", True)
    assert outcome.balls == {"white": 9, "black": 9}


def test_trap_example_black_is_blocked_and_loses() -> None:
    state = pos("White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move.")
    state = play(state, "M2c5—b4", "M3f6—g7")
    assert moves(state) == {"M2b4:a3"}  # forced
    state = play(state, "M2b4:a3", "M2a5—b4V")
    assert state.stone_at("b4") == ("white", "V", 2, False)
    state = play(state, "M2a3—b2", "V2b4—c5")
    assert moves(state) == {"M2b2:c1"}  # forced; the stone is home
    state = play(state, "M2b2:c1")
    assert state.stone_at("c1") == ("black", "M", 2, True) and state.outcome() is None
    state = play(state, "V2c5—b6")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "blocked")
    assert outcome.points == {"white": 1, "black": 0}


def test_a_player_who_cannot_move_loses() -> None:
    # Black's only active stone (h8) is blocked by White's M3 on g7, which it cannot take.
    state = pos("White: M3 f6; M1 a1. Black: M3 h8; M1 – c1, e1. White to move.")
    state = play(state, "f6-g7")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "blocked")


def test_resignation_is_a_simple_win_with_balls_counted() -> None:
    state = pos("White: M1 h8; M2 a3. Black: M3 a1; M2 h6. White to move.").resign("white")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("black", "resignation")
    assert outcome.points == {"black": 1, "white": 0} and outcome.balls == {"white": 3, "black": 3}
    assert state.legal_moves() == ()
