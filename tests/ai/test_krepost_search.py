"""The compiled Krepost search: its turns and their effects are the rules core's, and it finds what wins."""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import numpy as np
import pytest

import ai
from ai.krepost.core import DRAW, HAND, NO_RESULT, PRISONERS, QUIET, RESULT, TO_MOVE, arrays, encode, play, tables
from ai.krepost.search import legal_codes, search
from rules import get_game
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import SQUARE_INDEX


def code_of(move: KrepostMove) -> int:
    start = -1 if move.start is None else SQUARE_INDEX[move.start]
    prisoner = -1 if move.prisoner is None else SQUARE_INDEX[move.prisoner]
    return encode(start, SQUARE_INDEX[move.end], prisoner)


GAME_COUNT = 10


@cache
def game_line(number: int) -> list[KrepostState]:
    """A seeded game (played when a test first asks for it, not at collection), fortresses of both sizes in turn,
    short count windows now and then, prisoners taken whenever there are."""
    rng = random.Random(number)
    state = KrepostState.start(fortress=("3x2", "3x3")[number % 2], half_stone=number % 3 == 0,
                               count_after=rng.choice([30, 200]))
    line = [state]
    while state.outcome() is None and len(line) < 250:
        legal = state.legal_moves()
        takes = [move for move in legal if move.prisoner]
        if takes and rng.random() < 0.8:
            move = rng.choice(takes)
        elif rng.random() < 0.5:
            move = rng.choice(legal)
        else:
            move = ai.choose(state, level="easy", seed=number * 1000 + len(line))
        state = state.play(move)
        line.append(state)
    return line


def all_games() -> list[list[KrepostState]]:
    return [game_line(number) for number in range(GAME_COUNT)]


def test_the_games_reach_every_ending_and_take_prisoners() -> None:
    reasons = {line[-1].outcome().reason for line in all_games() if line[-1].outcome() is not None}  # type: ignore[union-attr]
    assert {"count", "garrison"} <= reasons
    assert any(sum(line[-1].prisoners) >= 3 for line in all_games())


@pytest.mark.parametrize("number", range(GAME_COUNT))
def test_the_compiled_turns_are_the_rules_cores(number: int) -> None:
    for state in game_line(number)[:-1]:
        assert sorted(legal_codes(state)) == sorted({code_of(move) for move in state.legal_moves()})


@pytest.mark.parametrize("number", range(GAME_COUNT))
def test_a_compiled_turn_leaves_the_position_the_rules_core_does(number: int) -> None:
    line = game_line(number)
    for before, after in itertools.pairwise(line):
        move = next(m for m in before.legal_moves() if before.play(m) == after)
        neighbours, flags, _ = tables(before.fortress_size)
        board, info, params = arrays(before)
        play(board, info, params, neighbours, flags, code_of(move))
        expected_board, expected_info, _ = arrays(after)
        assert np.array_equal(board, expected_board)
        outcome = after.outcome()
        if outcome is None:
            assert info[RESULT] == NO_RESULT
            for field in (TO_MOVE, HAND, HAND + 1, PRISONERS, PRISONERS + 1, QUIET):
                assert info[field] == expected_info[field]
        else:
            winner = DRAW if outcome.winner is None else ("white", "black").index(outcome.winner)
            assert info[RESULT] == winner


def test_no_turns_when_the_game_is_over() -> None:
    over = next(line[-1] for line in all_games() if line[-1].outcome() is not None)
    assert legal_codes(over) == []
    with pytest.raises(ValueError):
        search(over, max_depth=1, time_budget=None)


# White's fortress is empty and Black stands next to its opening: Black wins by stepping in, and
# must not let White in first.
OPEN_FORTRESS = """
12 B B B . . . . . . . . .
11 B . B . . . . . . . . .
10 . . . . . . . . . . . .
 9 . . . . . . . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . . . .
 4 . . . . . . . . . W . .
 3 . . . . . . . . . . B .
 2 . . . . . . . . . . . .
 1 . . . . . . . . . . . .
   a b c d e f g h i j k l
Black to move.
"""


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "master"])
def test_every_level_steps_into_an_empty_fortress(level: str) -> None:
    state = get_game("krepost").new_state(position=OPEN_FORTRESS)
    move = ai.choose(state, level=level, seed=3, time_budget=0.2)
    assert state.play(move).outcome().reason == "fortress"  # type: ignore[union-attr]


def test_the_same_seed_and_depth_give_the_same_turn() -> None:
    state = game_line(0)[60]
    first = search(state, max_depth=3, time_budget=None, seed=5, beam=8, noise=6.0)
    again = search(state, max_depth=3, time_budget=None, seed=5, beam=8, noise=6.0)
    assert first.move == again.move and first.value == again.value and first.depth == 3


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "master"])
def test_every_level_shuts_a_stone_in_and_takes_it(level: str) -> None:
    """Black's stone on a1 has one free neighbour, b1: a White stone there surrounds it and takes it."""
    position = """
12 B B B . . . . . . . . .
11 B B B . . . . . . . . .
10 . B . . . . . . . . . .
 9 . . . . . . . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . . . .
 4 . . . . . . . . . . W .
 3 . . . . . . . . . . W .
 2 W . . . . . . . . W W W
 1 B . W . . . . . . W W W
   a b c d e f g h i j k l
White to move.
"""
    state = get_game("krepost").new_state(position=position)
    move = ai.choose(state, level=level, seed=1, time_budget=0.2)
    assert (move.end, move.prisoner) == ("b1", "a1")


def test_other_threads_run_while_the_search_thinks() -> None:
    """The bot's event loop keeps answering while the opponent thinks in its thread: the compiled search
    releases the interpreter lock (with it held, the loop below would not run until the move is found)."""
    import threading
    import time

    ai.warm_up()
    state = get_game("krepost").new_state()
    for number in range(2):  # a position where the search thinks (out of the opening book)
        state = state.play(ai.random_move(state, random.Random(number)))
    thinking = threading.Thread(target=ai.choose, args=(state,), kwargs={"level": "master", "time_budget": 1.0, "seed": 1})
    ticks = 0
    began = time.perf_counter()
    thinking.start()
    while thinking.is_alive():
        time.sleep(0.005)
        ticks += 1
    spent = time.perf_counter() - began
    assert spent > 0.3  # it did think
    assert ticks >= spent / 0.005 / 4


def test_the_search_stops_when_its_alarm_rings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deadline's alarm stops the compiled search mid-depth whatever the work limit still allows: here it
    rings as soon as the second depth begins, with a budget that would allow six."""
    class RingsAtOnce:
        def __init__(self, interval: float, function: Any, args: tuple[Any, ...]) -> None:
            self.function, self.args, self.daemon = function, args, False

        def start(self) -> None:
            self.function(*self.args)

        def cancel(self) -> None:
            pass

    state = game_line(0)[60]
    assert search(state, max_depth=3, time_budget=100.0, seed=5).depth == 3
    monkeypatch.setattr("threading.Timer", RingsAtOnce)
    result = search(state, max_depth=6, time_budget=100.0, seed=5)
    assert result.depth == 1 and result.move in state.legal_moves()
