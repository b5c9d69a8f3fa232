"""The Krepost master never leaves a detachment to be taken while a quiet turn keeps every stone safe,
however near the count."""

from __future__ import annotations

import random

import pytest

import ai
from ai.krepost import core as krepost_core
from ai.krepost import search as krepost_search
from ai.krepost.judge import judge as compiled_judge
from ai.krepost.judge import knowledge_of
from rules import get_game
from rules.krepost import KrepostMove, KrepostState

# White is ahead 3:0 with no stones in hand, 14 turns before the count. Its garrison (j1, k1, l1, k2)
# breathes through k3, which its own stones k4, i3, i4, j5 border: k3-l3 (or k2-j2, k2-l2) leaves k3,
# j3, j4 an empty pocket closed by White's own stones, and the whole garrison is surrounded.
POCKET = """
12 . . . . . . . . . . . .
11 . . . . . . . . . . . .
10 . . . . . . . . . . . .
 9 . . . . . B B . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . W . .
 4 . . . . . . . . W . W .
 3 . . . . . . . . W . W .
 2 W . . . . . . . . . W .
 1 . . . . . . . . . W W W
White: 0 in hand, 3 prisoners. Black: 0 in hand, 0 prisoners.
White to move. 186 turns since the last prisoner.
"""


def _state(text: str) -> KrepostState:
    state = get_game("krepost").new_state(position=text)
    assert isinstance(state, KrepostState)
    return state


def _gives_prisoner(state: KrepostState, move: object) -> bool:
    """By the rules core: whether after ``move`` some turn of the enemy takes a prisoner."""
    after = state.play(move)
    if after.outcome() is not None or after.to_play == state.to_play:
        return False
    return any(reply.prisoner for reply in after.legal_moves())


def test_the_unsafe_turns_are_the_ones_the_rules_let_the_enemy_punish() -> None:
    state = _state(POCKET)
    game = get_game("krepost")
    codes = krepost_search.legal_codes(state)
    unsafe = krepost_search.unsafe_codes(state, codes)
    assert sorted(game.format_move(state, krepost_search.to_move(state, c)) for c in unsafe) == [
        "k2-j2", "k2-l2", "k3-l3"]
    for code in codes:
        assert (code in unsafe) == _gives_prisoner(state, krepost_search.to_move(state, code))


def test_the_master_keeps_its_garrison_breathing_near_the_count() -> None:
    state = _state(POCKET)
    for seed in range(3):
        move = ai.choose(state, level="master", time_budget=0.3, seed=seed)
        assert not _gives_prisoner(state, move), move


# White's stone e5 has one way out left (e4), and Black's d4 can step onto it.
IN_DANGER = """
12 . . . . . . . . . . . .
11 . B . . . . . . . . . .
10 . . . . . . . . . . . .
 9 . . . . . . . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . B . . . . . . .
 5 . . . B W B . . . . . .
 4 . . . B . . . . . . . .
 3 . . . . . . . . . . . .
 2 . . . . . . . . . . W .
 1 . . . . . . . . . . . .
White: 0 in hand, 3 prisoners. Black: 0 in hand, 0 prisoners.
Black to move. 100 turns since the last prisoner.
"""
SAFE = IN_DANGER.replace(" 5 . . . B W B", " 5 . . . B . B").replace(" 3 . . . . . . . .", " 3 . . . . . . . W")


def test_safety_does_not_fade_before_the_count() -> None:
    """The danger to a stone weighs as much 2 turns before the count as 100 turns before it."""
    neighbours, flags, fronts = krepost_core.tables("3x2")

    def judged(text: str) -> float:
        board, info, params = krepost_core.arrays(_state(text))
        return float(compiled_judge(board, info, params, neighbours, flags, fronts, 0, knowledge_of(True)))

    dangers = []
    for quiet in ("100", "186", "198"):
        at = f"{quiet} turns since"
        dangers.append(judged(IN_DANGER.replace("100 turns since", at)) - judged(SAFE.replace("100 turns since", at)))
    assert dangers[0] < -10 and dangers == [dangers[0]] * 3, dangers


@pytest.mark.slow(12)
def test_master_turns_from_played_games_never_give_a_prisoner_away() -> None:
    game = get_game("krepost")
    rng = random.Random(5)
    checked = 0
    for _ in range(2):
        state = game.new_state()
        for ply in range(220):
            if state.outcome() is not None:
                break
            if ply >= 40 and ply % 6 == 0:
                codes = krepost_search.legal_codes(state)
                unsafe = krepost_search.unsafe_codes(state, codes)
                if len(unsafe) < len(codes):
                    chosen = ai.choose(state, level="master", depth=2, seed=ply)
                    assert chosen.prisoner or not _gives_prisoner(state, chosen), (ply, chosen)
                    checked += 1
            state = state.play(ai.choose(state, level="normal", seed=rng.randrange(1000), time_budget=0.05))
    assert checked >= 20


CALM = """
12 B B B B B B B B B B B B
11 B B B B B B B B B B B B
10 B B . B . B B B B B B B
 9 B B B B B B B . B B B B
 8 . . B . B . . B . . . .
 7 . . . . . . . . . . . .
 6 . . . . . W . . . . . .
 5 . . . W . W . . W . . W
 4 W W W W W W W W W W W W
 3 W W W W W W W W W W . .
 2 W W W W W W W W W . . .
 1 W W W W W W W W W W W W
White: 0 in hand, 0 prisoners. Black: 0 in hand, 0 prisoners.
White to move. 106 turns since the last prisoner.
"""


def test_the_master_prefers_progress_to_undoing_its_last_turn() -> None:
    state = _state(CALM)
    game = get_game("krepost")
    plain = ai.choose(state, level="master", depth=2, seed=1)
    assert game.format_move(state, plain) == "a4-a5"  # nothing better to do than this step
    came_back = KrepostMove(("a5", "a4"))  # had White just stepped a5-a4, a4-a5 would undo it
    onward = ai.choose(state, level="master", depth=2, seed=1, recent=[came_back])
    assert onward.squares != ("a4", "a5")
