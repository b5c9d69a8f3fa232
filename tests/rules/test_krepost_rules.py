"""One test per rule of the Krepost rules page, including the author's answers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import AmbiguousMoveError, IllegalMoveError
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import FULL, SQUARE_NAMES, geometry, squares_of
from rules.krepost.paths import base_paths as _base_moves
from tests.rules.krepost_helpers import game, pos


def play(state: KrepostState, *texts: str) -> KrepostState:
    for text in texts:
        state = state.play(game.parse_move(state, text))
    return state


def ends(state: KrepostState) -> set[str]:
    return {game.format_move(state, m) for m in state.legal_moves()}


# -- board, fortresses, stones ------------------------------------------------------------


def test_start_white_first_48_in_hand_and_placements_on_ranks_1_to_4() -> None:
    state = game.new_state()
    assert (state.to_play, state.hand("white"), state.hand("black")) == ("white", 48, 48)
    assert {m.end for m in state.legal_moves()} == {f"{f}{r}" for f in "abcdefghijkl" for r in range(1, 5)}
    black = game.new_state(first="black")
    assert black.to_play == "black"
    assert {int(m.end[1:]) for m in black.legal_moves()} == {9, 10, 11, 12}


def test_fortresses_3x2_and_3x3_with_their_openings() -> None:
    small, large = geometry("3x2"), geometry("3x3")
    assert [SQUARE_NAMES[s] for s in squares_of(small.fortress[0])] == ["j1", "k1", "l1", "j2", "k2", "l2"]
    assert [SQUARE_NAMES[s] for s in squares_of(small.fortress[1])] == ["a11", "b11", "c11", "a12", "b12", "c12"]
    assert (SQUARE_NAMES[small.opening[0]], SQUARE_NAMES[small.front[0]]) == ("k2", "k3")
    assert (SQUARE_NAMES[small.opening[1]], SQUARE_NAMES[small.front[1]]) == ("b11", "b10")
    assert (SQUARE_NAMES[large.opening[0]], SQUARE_NAMES[large.front[0]]) == ("k3", "k4")
    assert (SQUARE_NAMES[large.opening[1]], SQUARE_NAMES[large.front[1]]) == ("b10", "b9")
    assert len(squares_of(large.fortress[0])) == 9


def test_stones_cross_a_wall_only_through_the_opening() -> None:
    assert ends(pos("j3", to_play="white", hands=(0, 40))) == {"j3-i3", "j3-j4", "j3-k3"}
    assert "k3-k2" in ends(pos("k3", hands=(0, 40)))
    assert ends(pos("i1", hands=(0, 40))) == {"i1-h1", "i1-i2"}


def test_placing_in_the_own_fortress_is_allowed_but_not_beyond_rank_4() -> None:
    state = game.new_state()
    assert game.parse_move(state, "@k1").end == "k1"
    with pytest.raises(IllegalMoveError, match="ranks 1–4"):
        state.play(KrepostMove(("e5",)))


def test_no_placement_without_stones_in_hand() -> None:
    state = pos("e2", hands=(0, 10))
    assert all(m.kind != "place" for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="no stones left in hand"):
        state.play(KrepostMove(("a1",)))


# -- a turn -------------------------------------------------------------------------------


def test_steps_are_orthogonal_onto_empty_squares() -> None:
    assert ends(pos("e4", "e5", hands=(0, 40))) == {"e4-d4", "e4-f4", "e4-e3"}


def test_jumps_over_own_stones_any_number_of_times() -> None:
    state = pos("e4 e5 f6", hands=(0, 40))
    moves = ends(state)
    assert {"e4-e6", "e4-e6-g6"} <= moves
    assert "e5-e3" in moves and "f6-d6" not in moves


def test_no_jump_over_an_enemy_stone_or_across_a_wall() -> None:
    assert not any(m.kind == "jump" for m in pos("e4", "e5", hands=(0, 40)).legal_moves())
    # i2 and j2 touch across White's fortress wall: no jump from h2 over i2 into the fortress is
    # possible either way that would cross the wall.
    state = pos("h2 i2", hands=(0, 40))
    assert "h2-j2" not in ends(state)


def test_a_stone_never_visits_a_square_twice_in_one_turn() -> None:
    # Around a square of four stones a jumping stone could come back to where it started.
    state = pos("c4 d4 e5 f4 e3", hands=(0, 40))
    jumps = [m for m in state.legal_moves() if m.kind == "jump"]
    assert "c4-e4-e6" in ends(state)
    assert jumps and all(len(set(m.squares)) == len(m.squares) for m in jumps)
    with pytest.raises(IllegalMoveError, match="twice"):
        state.play(KrepostMove(("c4", "e4", "c4")))


def test_passing_is_not_possible_and_a_player_who_cannot_move_loses() -> None:
    # Black's last stone is boxed in the corner and Black has nothing in hand.
    state = pos("a2 b1", "a1", to_play="white", hands=(5, 0))
    state = play(state, "@c1 xa1")
    assert (state.to_play, state.extra_turn) == ("white", True)
    state = play(state, "@d1")
    outcome = state.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "no_move")


# -- encirclement and prisoners -----------------------------------------------------------


def test_a_surrounded_stone_must_be_taken_and_a_lone_stone_gives_an_extra_turn() -> None:
    state = pos("e2 g2 f1", "f2", hands=(10, 10))
    move = game.parse_move(state, "@f3")  # the only possible prisoner is taken without asking
    assert move.prisoner == "f2"
    after = state.play(move)
    assert after.stone_at("f2") is None and after.prisoners_of("white") == 1
    assert (after.to_play, after.extra_turn, after.quiet) == ("white", True, 0)


def test_taking_a_stone_of_a_larger_detachment_gives_no_extra_turn() -> None:
    state = pos("e2 h2 f1 g1 f3", "f2 g2", hands=(10, 10))
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move(state, "@g3")
    assert {m.prisoner for m in caught.value.candidates} == {"f2", "g2"}
    after = play(state, "@g3 xf2")
    assert (after.to_play, after.extra_turn) == ("black", False)
    assert after.stone_at("g2") == "black"


def test_a_prisoner_is_compulsory_and_part_of_the_turn() -> None:
    state = pos("e2 g2 f1", "f2", hands=(10, 10))
    with pytest.raises(IllegalMoveError, match="prisoner must be taken"):
        state.play(KrepostMove(("f3",)))
    with pytest.raises(IllegalMoveError, match="not in a surrounded"):
        state.play(KrepostMove(("f3",), "e2"))
    assert all(m.prisoner == "f2" for m in state.legal_moves() if m.end == "f3")


def test_surrounded_means_no_free_way_to_the_edge_through_empty_squares() -> None:
    # A black pair inside a white ring with an empty hole inside the ring is still surrounded.
    ring = "d4 e4 f4 g4 c5 h5 c6 h6 d7 e7 f7 g7"
    state = pos(ring, "d5 e5", hands=(10, 10))
    assert state.surrounded("black") == ["d5", "e5"]
    opened = pos(ring.replace("g7", ""), "d5 e5", hands=(10, 10))
    assert opened.surrounded("black") == []


def test_a_stone_on_the_edge_with_no_empty_neighbour_is_surrounded() -> None:
    assert pos("a2 b1", "a1", hands=(10, 10)).surrounded("black") == ["a1"]
    assert pos("a2", "a1", hands=(10, 10)).surrounded("black") == []


def test_walls_are_not_edges_a_garrison_is_surrounded_when_the_enemy_stands_in_front() -> None:
    # White's garrison j1 l1: empty edge squares inside the fortress are no way out.
    state = pos("j1 l1", "k3", to_play="black", hands=(10, 10))
    assert state.surrounded("white") == ["j1", "l1"]
    free = pos("j1 l1", "k4", to_play="black", hands=(10, 10))
    assert free.surrounded("white") == []


def test_an_own_stone_in_front_of_the_opening_shuts_the_own_garrison_in() -> None:
    state = pos("j1 k3", to_play="black", hands=(10, 10))
    assert state.surrounded("white") == ["j1"]
    joined = pos("j1 k1 k2 k3", to_play="black", hands=(10, 10))
    assert joined.surrounded("white") == []


def test_stones_across_a_wall_are_not_one_detachment() -> None:
    # i1 (outside) and j1 (inside White's fortress) touch only through the wall.
    state = pos("j1", "i1 i2 k3", to_play="black", hands=(10, 10))
    assert state.surrounded("white") == ["j1"]


# -- winning ------------------------------------------------------------------------------


def test_entering_the_empty_enemy_fortress_wins_at_once() -> None:
    state = pos("b9 b10", hands=(10, 10))
    after = play(state, "b10-b11")
    outcome = after.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("white", "fortress")


def test_entering_an_occupied_enemy_fortress_does_not_win() -> None:
    # Standing in the opening shuts the garrison in: a prisoner is due, but one stone stays inside.
    state = pos("b10", "a12 c12", hands=(10, 10))
    with pytest.raises(AmbiguousMoveError):
        game.parse_move(state, "b10-b11")
    after = play(state, "b10-b11 xa12")
    assert after.outcome() is None and after.stone_at("c12") == "black"


def test_taking_the_last_stone_of_the_enemy_garrison_wins() -> None:
    state = pos("j1", "k3", to_play="black", hands=(10, 10))
    after = play(state, "@a9 xj1")
    outcome = after.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("black", "garrison")


def test_after_100_turns_of_each_player_without_a_prisoner_the_game_is_counted() -> None:
    going_on = play(pos("e2", "e11", hands=(40, 45), prisoners=(3, 1), quiet=99), "@a1")
    assert going_on.outcome() is None and going_on.quiet == 100  # 100 in all is only half the window
    state = pos("e2", "e11", hands=(40, 45), prisoners=(3, 1), quiet=199)
    after = play(state, "@a1")
    outcome = after.outcome()
    assert outcome is not None and outcome.reason == "count"
    # White: 3 prisoners + Black's 45 in hand = 48; Black: 1 + White's 39 = 40.
    assert outcome.count == {"white": 48, "black": 40} and outcome.winner == "white"


def test_an_equal_count_is_a_draw_unless_the_half_stone_is_played() -> None:
    state = pos("e2", "e11", hands=(41, 40), quiet=199)
    draw = play(state, "@a1").outcome()
    assert draw is not None and draw.winner is None and draw.count == {"white": 40, "black": 40}
    half = pos("e2", "e11", hands=(41, 40), quiet=199, half_stone=True)
    won = play(half, "@a1").outcome()
    assert won is not None and (won.winner, won.half_stone) == ("black", "black")
    first_black = pos("e2", "e11", hands=(41, 40), quiet=199, half_stone=True, first="black")
    assert play(first_black, "@a1").outcome().winner == "white"  # type: ignore[union-attr]


def test_games_begun_under_the_old_reading_keep_it() -> None:
    old = pos("e2", "e11", hands=(40, 45), prisoners=(3, 1), quiet=99, count_after=100)
    assert old.options["count_after"] == 100 and "count_after" not in pos("e2", "e11").options
    assert play(old, "@a1").outcome() is not None  # counted after 100 turns in all, as when it began
    stored = dict(pos("e2", "e11", quiet=99).to_dict())
    del stored["count_after"]  # what states looked like before the revision
    assert game.state_from_dict(stored).count_after == 100
    record = game.export_record(game.record_of(game.new_state(count_after=100), []))
    assert "count after 100 turns" in record and game.import_record(record).options["count_after"] == 100
    with pytest.raises(ValueError, match="count_after"):
        game.new_state(count_after=50)


def test_the_players_may_agree_to_stop_and_count() -> None:
    state = pos("e2", "e11", hands=(30, 40), prisoners=(2, 0)).agree_to_count()
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "agreed"
    assert outcome.count == {"white": 42, "black": 30} and outcome.winner == "white"


def test_resignation() -> None:
    outcome = game.new_state().resign("white").outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("black", "resignation")


# -- exactness ----------------------------------------------------------------------------


def reference_moves(state: KrepostState) -> set[KrepostMove]:
    """Every turn with its prisoners, by flooding the whole board again after each move."""
    geo = state.geometry
    player = 0 if state.to_play == "white" else 1
    enemy = 1 - player
    empty_fort = not state.stones[enemy] & geo.fortress[enemy]
    found = set()
    for path in _base_moves(geo, player, state.stones, state.in_hand):
        stones = list(state.stones)
        if len(path) > 1:
            stones[player] &= ~(1 << path[0])
        stones[player] |= 1 << path[-1]
        names = tuple(SQUARE_NAMES[s] for s in path)
        if empty_fort and geo.fortress[enemy] >> path[-1] & 1:
            found.add(KrepostMove(names))
            continue
        air = geo.air(FULL & ~(stones[0] | stones[1]))
        taken = 0
        for group in geo.components(stones[enemy]):
            if not geo.spread(group) & air:
                taken |= group
        found |= {KrepostMove(names, SQUARE_NAMES[x]) for x in squares_of(taken)} or {KrepostMove(names)}
    return found


@pytest.mark.parametrize("fortress", ["3x2", "3x3"])
def test_legal_moves_are_exact_on_crowded_boards(fortress: str) -> None:
    start = game.new_state(fortress=fortress)
    for seed in range(60):
        rng = random.Random(seed)
        density = rng.uniform(0.25, 0.75)
        stones = [0, 0]
        for square in range(144):
            if rng.random() < density:
                stones[rng.randrange(2)] |= 1 << square
        state = replace(start, stones=(stones[0], stones[1]), in_hand=(rng.randrange(4), rng.randrange(4)),
                        to_play=rng.choice(["white", "black"]))
        for _ in range(4):
            if state.outcome() is not None:
                break
            legal = state.legal_moves()
            assert set(legal) == reference_moves(state) and len(set(legal)) == len(legal)
            state = state.play(legal[rng.randrange(len(legal))])


def test_play_checks_one_move_without_the_list() -> None:
    state = pos("e2 g2 f1", "f2", hands=(10, 10))
    assert state.play(KrepostMove(("f3",), "f2")).prisoners_of("white") == 1
    for bad in (KrepostMove(("e2", "e4")), KrepostMove(("e2", "d3")), KrepostMove(("f2", "f3")), KrepostMove(("z9",))):
        with pytest.raises(IllegalMoveError):
            state.play(bad)
