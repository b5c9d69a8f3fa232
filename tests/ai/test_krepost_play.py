"""Krepost judgement: the search knows that a surrounded detachment loses stones and a shut-in garrison the game."""

from __future__ import annotations

import random

import numpy as np

from ai.engine import evaluate
from ai.krepost import core as krepost_core
from ai.krepost import judge as krepost_judge
from ai.krepost.engine import judge
from ai.krepost.search import search
from rules import get_game
from rules.krepost import KrepostMove, KrepostState

# White's front square k3 is taken by White's own stone while the opening k2 is free: a stone placed
# on any other fortress square would be shut in at once (the rules' own warning). A Black stone two
# squares from the front makes a garrison look urgent.
FRONT_TAKEN = """
12 . . . . . . . . . . . .
11 . . . . . . . . . . . .
10 . . . . . . . . . . . .
 9 B B . . . . . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . . B .
 4 . . W W . . . . . . . .
 3 . . . . . . . . . . W .
 2 . . . . . . . . . . . .
 1 . . . . . . . . . . . .
   a b c d e f g h i j k l
White to move.
"""
SHUT_IN = ("j1", "k1", "l1", "j2", "l2")


def test_the_position_is_the_trap_it_claims() -> None:
    state = get_game("krepost").new_state(position=FRONT_TAKEN)
    for square in SHUT_IN:
        assert state.play(KrepostMove((square,))).surrounded("white") == [square]
    assert state.play(KrepostMove(("k2",))).surrounded("white") == []


def test_a_one_move_search_never_shuts_its_own_garrison_in() -> None:
    """Even with the easy level's blurred judgement (which would pick a shut-in square now and then)."""
    state = get_game("krepost").new_state(position=FRONT_TAKEN)
    for seed in range(30):
        move = search(state, max_depth=1, time_budget=None, seed=seed, noise=10, careful=False).move
        assert move.end not in SHUT_IN, (seed, move)


def test_a_surrounded_garrison_is_judged_nearly_lost() -> None:
    state = get_game("krepost").new_state(position=FRONT_TAKEN)
    shut_in = state.play(KrepostMove(("j1",)))
    opened = state.play(KrepostMove(("k2",)))
    assert evaluate(opened, "white") - evaluate(shut_in, "white") > 300


# Black's garrison stands on rank 12 of its fortress; the opening b11 and the front square b10 are free.
OPEN_FRONT = """
12 B B B B B B B B B B B B
11 . {b11} . B B B B B B B B B
10 . {b10} . B B B B B B B B B
 9 . . . B B B B B B B B B
 8 . {b8} . . . . . {h8} . . . .
 7 . {b7} . . . . . . . . . .
 6 . . . . . . . {h6} . . . .
 5 . . . . . . . . . . . .
 4 W W W W W W W W W W W W
 3 W W W W W W W W W W W W
 2 W W W W W W W W W . W .
 1 W W W W W W W W W W W W
   a b c d e f g h i j k l
Black to move.
"""


def black_after(white: str, held: bool = False) -> float:
    """Black's judgement with one more White stone on ``white``; ``held``: Black holds b11 and b10."""
    marks = {square: "." for square in ("b11", "b10", "b8", "b7", "h6", "h8")}
    marks[white] = "W"
    if held:
        marks["b11"] = marks["b10"] = "B"
    return evaluate(get_game("krepost").new_state(position=OPEN_FRONT.format(**marks)), "black")


def test_an_enemy_nearing_an_open_front_is_feared_more_the_nearer_it_is() -> None:
    far, three, two, on_front = (black_after(square) for square in ("h6", "b7", "b8", "b10"))
    assert far > three > two > on_front
    # Two steps from the front square already weighs a quarter of the garrison shut in.
    assert far - two > (far - on_front) / 4


def test_a_front_held_through_the_opening_fears_nothing() -> None:
    # (h8 is as far up the board as b8, and far from the front.)
    assert black_after("b8", held=True) == black_after("h8", held=True)


# White's garrison has one way out, its front square k3; from there the free way leads on over l3.
# A Black stone on l4 leaves l3 as the only edge square it reaches (one stone on l3 shuts the
# garrison in); the same stone on j4, as near the front, leaves the l file open.
ONE_EXIT = """
12 B B B . . . . . . . . .
11 B B B . . . . . . . . .
10 . B . . . . . . . . . .
 9 . . . . . . . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . . . .
 4 . . . . . . . . . {j4} W {l4}
 3 . . . . . . . . . W . .
 2 . . . . . . . . . W W W
 1 . . . . . . . . . W W W
   a b c d e f g h i j k l
White to move.
"""


def white_with_black_on(square: str, careful: bool = True) -> float:
    marks = {"j4": ".", "l4": "."}
    marks[square] = "B"
    return evaluate(get_game("krepost").new_state(position=ONE_EXIT.format(**marks)), "white", careful)


def test_a_garrison_whose_way_out_reaches_one_edge_square_is_judged_in_danger() -> None:
    assert white_with_black_on("j4") - white_with_black_on("l4") > 100
    # The levels without the finer knowledge do not see it: the two positions are otherwise alike.
    assert abs(white_with_black_on("j4", careful=False) - white_with_black_on("l4", careful=False)) < 20


def white_with_white_on(square: str) -> float:
    marks = {"j4": ".", "l4": "."}
    marks[square] = "W"
    return evaluate(get_game("krepost").new_state(position=ONE_EXIT.format(**marks)), "white")


def test_a_garrison_whose_only_edge_square_no_enemy_borders_is_safe() -> None:
    # With White's own stone on l4, l3 is still the garrison's only edge square, but no Black stone can
    # ever reach it: the garrison cannot be shut in, and is judged as safe as with the l file open.
    assert abs(white_with_white_on("l4") - white_with_white_on("j4")) < 50


# Both armies fill their placing ranks and share the middle, whose edge squares a5-a8 and l5-l8 any
# stone can reach. White either keeps a1 empty, an edge square only its own stones border (and has
# that stone on e5 instead), or fills it.
ARMIES = """
12 B B B B B B B B B B B B
11 B B B B B B B B B B B B
10 B B B B B B B B B B B B
 9 B B B B B B B B B B B B
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . {e5} . . . . . . .
 4 W W W W W W W W W W W W
 3 W W W W W W W W W W W W
 2 W W W W W W W W W W W W
 1 {a1} W W W W W W W W W W W
   a b c d e f g h i j k l
White to move. {quiet} turns since the last prisoner.
"""


def armies(keeps: bool, quiet: int = 100) -> KrepostState:
    """ARMIES with White keeping a1 empty (its stone on e5) or not."""
    state = get_game("krepost").new_state(position=ARMIES.format(a1="." if keeps else "W", e5="W" if keeps else ".",
                                                                 quiet=quiet))
    assert isinstance(state, KrepostState)
    return state


def white_keeping_a1(keeps: bool, careful: bool = True, quiet: int = 100) -> float:
    return evaluate(armies(keeps, quiet), "white", careful)


def test_an_army_with_an_edge_square_of_its_own_is_judged_safer() -> None:
    assert white_keeping_a1(True) - white_keeping_a1(False) > 20
    # The levels without the finer knowledge see two alike positions.
    assert abs(white_keeping_a1(True, careful=False) - white_keeping_a1(False, careful=False)) < 5


def test_near_the_count_only_the_count_matters() -> None:
    """A safer army promises prisoners later, but the count after the 200th quiet turn ignores it."""
    far = white_keeping_a1(True, quiet=100) - white_keeping_a1(False, quiet=100)
    near = white_keeping_a1(True, quiet=198) - white_keeping_a1(False, quiet=198)
    assert abs(near) < far / 10


# A White detachment around an empty edge square that only White stones border: on l6, where nobody
# places, or on l9, in Black's placing ranks, where Black (with stones in hand) can place a stone.
HOLE = """
12 . . . . . . . . . . . .
11 . . . . B . . . . . . .
10 . . . . . . . . . . {k10} {l10}
 9 . . . . . . . . . . {k9} .
 8 . . . . . . . . . . {k8} {l8}
 7 . . . . . . . . . . {k7} {l7}
 6 . . . . . . . . . . {k6} .
 5 . . . . . . . . . . {k5} {l5}
 4 . . . . . . . . . . . .
 3 . . . . . . . . . . . .
 2 . . . . . . . . . . . .
 1 . . . . . . . . . . . .
   a b c d e f g h i j k l
White to move.
"""


def white_around(hole: str, careful: bool = True) -> float:
    marks = dict.fromkeys(("k10", "l10", "k9", "k8", "l8", "k7", "l7", "k6", "k5", "l5"), ".")
    stones = ("k10", "l10", "k9", "k8", "l8") if hole == "l9" else ("l7", "k7", "k6", "k5", "l5")
    marks.update(dict.fromkeys(stones, "W"))
    return evaluate(get_game("krepost").new_state(position=HOLE.format(**marks)), "white", careful)


def test_an_edge_square_in_the_enemy_placing_ranks_is_no_way_out_of_ones_own() -> None:
    # Around l9 the detachment is exposed (a point a stone; plenty of other edge squares within reach, so
    # not squeezed); the levels without the knowledge see only what both judgements share (there, Black's
    # placing squares that White's stones take).
    careful = white_around("l6") - white_around("l9")
    plain = white_around("l6", careful=False) - white_around("l9", careful=False)
    assert careful - plain == krepost_judge.EXPOSED * 5


def own_ways_out(state: KrepostState, side: int) -> list[int]:
    """The squares of the free regions that are ``side``'s own way out, as the judgement finds them."""
    neighbours, flags, _ = krepost_core.tables(state.fortress_size)
    board, info, _ = krepost_core.arrays(state)
    air = np.zeros(krepost_core.CELLS, np.int8)
    stack = np.zeros(krepost_core.CELLS, np.int64)
    regions = krepost_core.fill_air(board, neighbours, flags, air, stack)
    sources = np.zeros(regions + 1, np.int64)
    touch = np.zeros(regions + 1, np.int64)
    krepost_judge.describe_regions(board, info, neighbours, flags, air, sources, touch)
    own = {r for r in range(1, regions + 1) if sources[r] and touch[r] & (1 << side) and not touch[r] & (1 << (1 - side))}
    return [square for square in range(krepost_core.CELLS) if air[square] in own]


def test_no_turn_of_the_enemy_enters_a_way_out_of_ones_own() -> None:
    """The premise of the careful judgement (and why two careful players never take a prisoner)."""
    rng = random.Random(7)
    checked = 0
    for _ in range(3):
        state = get_game("krepost").new_state()
        assert isinstance(state, KrepostState)
        for ply in range(240):
            if state.outcome() is not None:
                break
            mover = 0 if state.to_play == "white" else 1
            own = own_ways_out(state, 1 - mover)
            if own:
                checked += 1
                for move in rng.sample(state.legal_moves(), min(25, len(state.legal_moves()))):
                    after = state.play(move)
                    assert not any(after.stones[mover] >> square & 1 for square in own), (ply, move)
            state = state.play(rng.choice(state.legal_moves()))
    assert checked > 50


def test_one_sided_knowledge_sees_the_enemy_ways_out_and_not_its_own() -> None:
    def gain(player: str, knowledge: tuple[bool, bool]) -> float:
        return judge(armies(True), player, *knowledge) - judge(armies(False), player, *knowledge)

    full, one_sided, plain = (True, False), (True, True), (False, False)
    assert gain("white", full) > 20 and abs(gain("white", one_sided) - gain("white", plain)) < 1
    assert gain("black", full) < -20 and abs(gain("black", one_sided) - gain("black", full)) < 1
