"""One test per rule of the Kamisado rules page, and the page's worked examples."""

from __future__ import annotations

import pytest

from rules import IllegalMoveError, get_game
from rules.kamisado import KamisadoMove, KamisadoState, RefillMove
from rules.kamisado.board import COLOURS, SQUARE_COLOUR, SQUARE_INDEX
from tests.rules.kamisado_helpers import position

game = get_game("kamisado")


def colour_at(square: str) -> str:
    return COLOURS[SQUARE_COLOUR[SQUARE_INDEX[square]]]


def play(state: KamisadoState, *texts: str) -> KamisadoState:
    for text in texts:
        state = state.play(game.parse_move(state, text))
    return state


def targets(state: KamisadoState) -> set[str]:
    return {m.end for m in state.legal_moves() if isinstance(m, KamisadoMove)}


# -- the board ----------------------------------------------------------------------------


def test_every_row_and_column_holds_each_colour_once() -> None:
    for line in range(8):
        assert {SQUARE_COLOUR[line * 8 + f] for f in range(8)} == set(range(8))
        assert {SQUARE_COLOUR[r * 8 + line] for r in range(8)} == set(range(8))


def test_board_is_symmetric_under_a_half_turn_with_brown_left_orange_right() -> None:
    assert all(SQUARE_COLOUR[s] == SQUARE_COLOUR[63 - s] for s in range(64))
    assert (colour_at("a1"), colour_at("h1"), colour_at("h8"), colour_at("a8")) == ("brown", "orange", "brown", "orange")
    assert [colour_at(f"{f}6") for f in "abcdefgh"] == ["green", "pink", "orange", "red", "purple", "brown", "yellow", "blue"]


def test_towers_start_on_their_own_colour_in_their_home_row() -> None:
    state = game.new_state()
    for colour in COLOURS:
        assert state.square_of("white", colour)[1] == "1" and colour_at(state.square_of("white", colour)) == colour
        assert state.square_of("black", colour)[1] == "8" and colour_at(state.square_of("black", colour)) == colour


# -- one round ----------------------------------------------------------------------------


def test_black_moves_first_and_the_first_move_may_use_any_tower() -> None:
    state = game.new_state()
    assert (state.to_play, state.forced, state.phase) == ("black", None, "play")
    assert {m.colour for m in state.legal_moves()} == set(COLOURS)


def test_the_next_tower_is_the_colour_of_the_square_the_opponent_landed_on() -> None:
    state = play(game.new_state(), "h8-h3")
    assert colour_at("h3") == "green"
    assert (state.to_play, state.forced) == ("white", "green")
    assert {m.colour for m in state.legal_moves()} == {"green"}


def test_towers_move_straight_or_diagonally_forward_only() -> None:
    state = position("W.green d4", to_play="white", forced="green")
    assert targets(state) == {"d5", "d6", "d7", "c5", "b6", "a7", "e5", "f6", "g7"}
    black = position("B.red d5", to_play="black", forced="red")
    assert targets(black) == {"d4", "d3", "d2", "c4", "b3", "a2", "e4", "f3", "g2"}


def test_towers_cannot_move_onto_or_across_any_tower() -> None:
    state = position("W.green d4, B.red d6, W.blue f6", to_play="white", forced="green")
    assert targets(state) == {"d5", "c5", "b6", "a7", "e5"}


def test_a_diagonal_move_passes_between_towers_touching_at_corners() -> None:
    state = position("W.green d4, B.red d5, W.blue e4", to_play="white", forced="green")
    assert "e5" in targets(state) and "f6" in targets(state)


def test_a_blocked_tower_passes_and_the_opponent_moves_twice() -> None:
    # White's red tower on c4 (a green square) is boxed in; Black lands on red, White passes.
    state = position("W.red c4, B.orange c5, B.blue b5, B.purple d5", to_play="black", forced="pink")
    state = play(state, "d8-d6")
    assert colour_at("d6") == "red"
    assert [(p.player, p.colour, p.square) for p in state.passes] == [("white", "red", "c4")]
    assert (state.to_play, state.forced) == ("black", "green")


def test_passing_is_never_typed() -> None:
    state = game.new_state()
    with pytest.raises(IllegalMoveError, match="automatically"):
        game.parse_move(state, "pass")


def test_reaching_the_opponents_home_row_wins_the_round_at_once() -> None:
    state = position("W.green d7, B.pink h7", to_play="white", forced="green", match="single")
    state = play(state, "d7-d8")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == "white" and outcome.reason == "home_row"
    # d8 held Black's pink tower at the start: moved away to h7 above, so the square was free.


def test_deadlock_example_from_the_rulebook() -> None:
    # White moves blue one square onto green; Black's green tower's only move is onto red;
    # White's red tower (on green) is blocked, then Black's green (on red), then White's red again.
    state = position(
        "W.red c4, W.blue e1, W.pink d2, W.purple f2, W.yellow d3, W.orange f3,"
        " B.green e4, B.orange c5, B.blue b5, B.purple d5",
        to_play="white", forced="blue",
    )
    state = play(state, "e1-e2")
    assert colour_at("e2") == "green" and state.forced == "green"
    assert targets(state) == {"e3"} and colour_at("e3") == "red"
    state = play(state, "e3")
    result = state.rounds[-1]
    assert (result.winner, result.reason) == ("white", "deadlock")
    # The winner's tooth goes on their tower of the colour where Black's last real move ended.
    assert result.tower == "red" and state.teeth_of("white", "red") == 1
    assert [(p.player, p.colour) for p in state.passes] == [("white", "red"), ("black", "green")]


def test_deadlock_loser_is_the_last_real_mover_even_when_forced() -> None:
    state = position(
        "W.red c4, W.blue e1, W.pink d2, W.purple f2, W.yellow d3, W.orange f3,"
        " B.green e4, B.orange c5, B.blue b5, B.purple d5",
        to_play="white", forced="blue", match="single",
    )
    state = play(state, "e1-e2", "e3")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "deadlock")


# -- matches ------------------------------------------------------------------------------


@pytest.mark.parametrize(("match", "target"), [("single", 1), ("series", 3), ("standard", 3), ("long", 7), ("marathon", 15)])
def test_match_targets(match: str, target: int) -> None:
    assert game.new_state(match=match).target == target


def test_series_target_can_be_chosen_but_not_for_other_matches() -> None:
    assert game.new_state(match="series", target=5).target == 5
    with pytest.raises(ValueError):
        game.new_state(match="standard", target=5)
    with pytest.raises(ValueError):
        game.new_state(match="bogus")
    with pytest.raises(ValueError):
        game.new_state(colour="red")


def test_a_round_win_gives_a_tooth_and_a_point_then_the_winner_chooses_the_refill() -> None:
    state = position("W.green d7, B.pink h7", to_play="white", forced="green")
    state = play(state, "d8")
    assert state.teeth_of("white", "green") == 1 and state.score == {"black": 0, "white": 1}
    assert (state.phase, state.to_play) == ("refill", "white")
    assert set(state.legal_moves()) == {RefillMove("left"), RefillMove("right")}
    with pytest.raises(IllegalMoveError, match="left"):
        game.parse_move(state, "e5")


@pytest.mark.parametrize(("teeth_before", "points"), [(0, 1), (1, 2), (2, 4), (3, 8)])
def test_teeth_are_worth_1_2_4_8(teeth_before: int, points: int) -> None:
    teeth = f"W.green {teeth_before}" if teeth_before else ""
    state = position("W.green d7, B.pink h7", to_play="white", forced="green", match="marathon", teeth=teeth)
    state = play(state, "d8")
    assert state.score["white"] == points
    assert state.rounds[-1].points == points and state.teeth_of("white", "green") == teeth_before + 1


def test_a_double_sumo_always_ends_a_standard_match() -> None:
    state = position("W.green d7, B.pink h7", to_play="white", forced="green", teeth="W.green 1", score=(2, 1))
    state = play(state, "d8")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "points")
    assert state.score == {"black": 2, "white": 3} and state.to_play is None and state.legal_moves() == ()


def test_the_loser_starts_the_next_round_with_a_free_move_and_teeth_stay() -> None:
    state = position("W.green d7, B.pink h7", to_play="white", forced="green")
    state = play(state, "d8", "left")
    assert (state.round, state.phase, state.to_play, state.forced, state.starter) == (2, "play", "black", None, "black")
    assert {m.colour for m in state.legal_moves()} == set(COLOURS)
    assert not any(m.push for m in state.legal_moves())
    assert state.teeth_of("white", "green") == 1
    assert state.rounds[-1].refill == "left"


def _alain_refill(player: str, side: str) -> list[str]:
    """Refill the rulebook's example with ``player`` as Alain; his home row, his left to right."""
    if player == "white":
        towers = "W.brown a1, W.blue e1, W.orange c4, W.red b5, W.pink g5, W.yellow f6, W.green a7, W.purple c8"
        clear = ", B.purple h6, B.green d2"
    else:  # the same picture turned half round: Black's left is the h file
        towers = "B.brown h8, B.blue d8, B.orange f5, B.red g4, B.pink b4, B.yellow c3, B.green h2, B.purple f1"
        clear = ", W.purple a3, W.green e7"
    state = position(towers + clear, to_play=player, phase="refill", score=(0, 1) if player == "white" else (1, 0))
    state = state.play(RefillMove(side))
    files = "abcdefgh" if player == "white" else "hgfedcba"
    rank = "1" if player == "white" else "8"
    row = [state.tower_at(f"{f}{rank}") for f in files]
    assert all(t is not None and t[0] == player for t in row)
    return [t[1] for t in row if t is not None]


@pytest.mark.parametrize("player", ["white", "black"])
def test_refill_from_the_left_rulebook_example(player: str) -> None:
    assert _alain_refill(player, "left") == ["brown", "blue", "orange", "red", "pink", "yellow", "green", "purple"]


@pytest.mark.parametrize("player", ["white", "black"])
def test_refill_from_the_right_rulebook_example(player: str) -> None:
    assert _alain_refill(player, "right") == ["purple", "green", "yellow", "red", "pink", "orange", "brown", "blue"]


def test_the_loser_refills_the_same_way_in_the_same_order() -> None:
    # White won; Black's towers: two still home, others scattered.  Black's left is the h file.
    state = position(
        "W.purple c8, B.purple h6, B.green d2, B.red a5, B.yellow e5",
        to_play="white", phase="refill", score=(0, 1),
    )
    after = state.play(RefillMove("left"))
    black_row = [after.tower_at(f"{f}8") for f in "hgfedcba"]
    # Black from their left: home row h→a (brown h8, pink d8, blue b8, orange a8), then Black's
    # third row (rank 6): purple h6, then rank 5 from h to a: yellow e5, red a5, then rank 2: green d2.
    assert [t[1] for t in black_row if t] == ["brown", "pink", "blue", "orange", "purple", "yellow", "red", "green"]


def test_series_rounds_reset_the_towers_alternate_the_start_and_give_no_teeth() -> None:
    state = game.new_state(match="series")
    state = position("W.green d7, B.pink h7", to_play="white", forced="green", match="series")
    state = play(state, "d8")
    assert (state.round, state.phase, state.to_play, state.starter) == (2, "play", "white", "white")
    assert state.score == {"black": 0, "white": 1} and sum(state.teeth) == 0
    assert state.square_of("white", "green") == "b1"


def test_single_round_ends_the_match() -> None:
    state = position("W.green d7, B.pink h7", to_play="white", forced="green", match="single")
    state = play(state, "d8")
    assert state.outcome() is not None and sum(state.teeth) == 0


# -- sumo towers --------------------------------------------------------------------------


@pytest.mark.parametrize(("teeth", "reach"), [(0, 7), (1, 5), (2, 3), (3, 1)])
def test_sumo_range(teeth: int, reach: int) -> None:
    teeth_text = f"W.green {teeth}" if teeth else ""
    state = position("W.green a1, W.brown h4, B.orange h6", to_play="white", forced="green", teeth=teeth_text)
    straight = {m.end for m in state.legal_moves() if m.end[0] == "a"}
    assert straight == {f"a{r}" for r in range(2, 2 + reach)}


def test_a_sumo_pushes_one_enemy_tower_back_and_moves_again() -> None:
    state = position("W.green d4, B.red d5", to_play="white", forced="green", teeth="W.green 1")
    push = game.parse_move(state, "push")
    assert (push.start, push.end, push.push) == ("d4", "d5", True)
    after = state.play(push)
    assert after.tower_at("d5") == ("white", "green", 1) and after.tower_at("d6") == ("black", "red", 0)
    # The pusher's side moves again, with the colour of the square the pushed tower landed on.
    assert (after.to_play, after.forced) == ("white", colour_at("d6"))


def test_a_push_is_optional_when_the_sumo_can_move_otherwise() -> None:
    state = position("W.green d4, B.red d5", to_play="white", forced="green", teeth="W.green 1")
    assert any(m.push for m in state.legal_moves()) and any(not m.push for m in state.legal_moves())


def test_a_push_is_compulsory_when_it_is_the_only_move() -> None:
    state = position("W.green d4, B.red d5, B.blue c5, B.yellow e5", to_play="white", forced="green", teeth="W.green 1")
    moves = state.legal_moves()
    assert len(moves) == 1 and moves[0].push
    assert state.play(moves[0]).tower_at("d6") == ("black", "red", 0)


def test_no_push_against_an_equal_sumo_an_own_tower_or_a_line_too_long() -> None:
    equal = position("W.green d4, B.red d5", to_play="white", forced="green", teeth="W.green 1, B.red 1")
    own = position("W.green d4, W.red d5", to_play="white", forced="green", teeth="W.green 2")
    mixed = position("W.green d4, B.red d5, W.red d6", to_play="white", forced="green", teeth="W.green 2")
    long = position("W.green d4, B.red d5, B.blue d6", to_play="white", forced="green", teeth="W.green 1")
    for state in (equal, own, mixed, long):
        assert not any(m.push for m in state.legal_moves())


def test_no_push_when_the_last_tower_stands_on_its_home_row() -> None:
    state = position("W.green d7", to_play="white", forced="green", teeth="W.green 1")
    assert state.tower_at("d8") == ("black", "pink", 0)
    assert not any(m.push for m in state.legal_moves())


def test_a_double_sumo_pushes_two_and_a_triple_sumo_three() -> None:
    double = position("W.green d3, B.red d4, B.blue d5", to_play="white", forced="green", teeth="W.green 2, B.red 1")
    assert any(m.push for m in double.legal_moves())
    triple = position("W.green d3, B.red d4, B.blue d5, B.yellow d6", to_play="white", forced="green", teeth="W.green 3, B.red 2")
    after = triple.play(game.parse_move(triple, "push"))
    assert [after.tower_at(f"d{r}") for r in (4, 5, 6, 7)] == [
        ("white", "green", 3), ("black", "red", 2), ("black", "blue", 0), ("black", "yellow", 0)]


def test_pushes_are_straight_only_and_never_on_a_free_first_move() -> None:
    state = position("W.green d4, B.red e5, B.blue d6", to_play="white", forced="green", teeth="W.green 1")
    assert not any(m.push for m in state.legal_moves())
    free = position("W.green d4, B.red d5", to_play="white", forced=None, teeth="W.green 1")
    assert not any(m.push for m in free.legal_moves())


def test_marathon_push_sequence_from_the_rulebook() -> None:
    state = position(
        "W.yellow e3, W.blue g4, B.orange e4, B.brown e5, B.green e6, B.yellow g5, B.red a7, B.pink f6",
        to_play="black", forced="red", match="marathon", score=(9, 14),
        teeth="W.yellow 3, W.blue 2, B.red 2, B.yellow 1",
    )
    # Black moves the red double sumo three squares onto yellow.
    state = play(state, "red ↑3 yellow")
    assert state.square_of("black", "red") == "a4" and (state.to_play, state.forced) == ("white", "yellow")
    # White's yellow triple sumo pushes orange, brown and green back; green lands on blue.
    state = play(state, "push")
    assert [state.tower_at(f"e{r}") for r in (4, 5, 6, 7)] == [
        ("white", "yellow", 3), ("black", "orange", 0), ("black", "brown", 0), ("black", "green", 0)]
    assert colour_at("e7") == "blue"
    # Black loses a turn: White moves the blue double sumo, which pushes Black's yellow sumo onto yellow.
    assert (state.to_play, state.forced) == ("white", "blue")
    state = play(state, "blue push")
    assert state.square_of("black", "yellow") == "g6" and colour_at("g6") == "yellow"
    # White's yellow triple sumo pushes the same three again; green lands on yellow on Black's home row.
    assert (state.to_play, state.forced) == ("white", "yellow")
    state = play(state, "push")
    assert state.square_of("black", "green") == "e8" and colour_at("e8") == "yellow"
    # No further push; the triple sumo's only move is one square diagonally onto red.
    assert (state.to_play, state.forced) == ("white", "yellow")
    moves = state.legal_moves()
    assert len(moves) == 1 and not moves[0].push and moves[0].end == "d6" and colour_at("d6") == "red"
    assert game.format_move(state, moves[0]) == "yellow ↖1 red (e5–d6)"


def test_resignation_ends_the_match_for_the_opponent() -> None:
    state = game.new_state().resign("black")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "resignation")
    with pytest.raises(IllegalMoveError):
        state.resign("white")
