"""Single Kamisado rounds: the shipped book is a proof, the master never loses a round it starts."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import ai
from ai.kamisado import book as kamisado_book
from ai.kamisado.rounds import advise
from ai.kamisado.solver import Solver, moves, start_position, strike, successor
from rules import get_game
from rules.kamisado import KamisadoState
from rules.kamisado.board import SQUARE_INDEX, SQUARE_NAMES


def single_round(starter: str = "black", match: str = "single") -> KamisadoState:
    state = get_game("kamisado").new_state(match=match)
    assert isinstance(state, KamisadoState)
    if starter == "white":
        state = dataclasses.replace(state, starter="white", to_play="white", _legal=None)
    return state


def test_the_solver_agrees_with_the_rules_core_on_random_rounds() -> None:
    rng = random.Random(5)
    for _ in range(60):
        state = single_round()
        position = start_position()
        while state.outcome() is None:
            legal = sorted((m.start, m.end) for m in state.legal_moves())
            mine = sorted((SQUARE_NAMES[position[tower]], SQUARE_NAMES[end]) for tower, end in moves(position))
            assert mine == legal
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            tower = next(t for t, _ in moves(position) if SQUARE_NAMES[position[t]] == move.start)
            after, result = successor(position, tower, SQUARE_INDEX[move.end])
            if after is None:
                outcome = state.outcome()
                assert outcome is not None
                mover = "black" if position[16] == 0 else "white"
                assert (outcome.winner == mover) == (result > 0)
                break
            assert kamisado_book.position_of(state) == after
            position = after


@pytest.mark.parametrize("starter", ["black", "white"])
def test_the_book_wins_against_every_reply(starter: str) -> None:
    assert kamisado_book.verify(starter) > 1000


@pytest.mark.slow(12)
def test_the_shipped_book_is_what_the_solver_computes() -> None:
    assert kamisado_book.generate() == kamisado_book.shipped()["positions"]


@pytest.mark.slow(8)
@pytest.mark.parametrize("starter", ["black", "white"])
def test_the_replies_win_against_every_move_after_every_losing_departure_they_cover(starter: str) -> None:
    covered, seen = kamisado_book.verify_replies(starter)
    assert covered >= 2900 and seen > covered


@pytest.mark.slow(12)
def test_every_first_move_the_solver_quickly_proves_lost_is_answered_from_the_book() -> None:
    start = start_position()
    state = single_round()
    quick = 0
    for tower, end in moves(start):
        child, _ = successor(start, tower, end)
        assert child is not None
        if Solver(attacker=1, limit=300).prove(child) is True:
            quick += 1
            after = state.play(next(m for m in state.legal_moves()
                                    if (m.start, m.end) == (SQUARE_NAMES[start[tower]], SQUARE_NAMES[end])))
            assert kamisado_book.book_move(after) is not None, (SQUARE_NAMES[start[tower]], SQUARE_NAMES[end])
    assert quick >= 8


@pytest.mark.slow(25)
def test_every_departure_the_solver_quickly_proves_lost_is_answered_from_the_book() -> None:
    replies = kamisado_book.shipped()["replies"]
    departures = kamisado_book.departures(kamisado_book.shipped()["positions"])
    quick = [child for child in departures if child[16] == 1 and strike(child) is None
             and Solver(attacker=1, limit=100).prove(child) is True]  # (after a pass the starter moves again)
    assert len(quick) > 500
    assert all(kamisado_book.position_key(child) in replies for child in quick)
    first_moves = {successor(start_position(), *move)[0] for move in moves(start_position())}
    assert len(first_moves - set(departures)) == 1  # the book's own first move


@pytest.mark.slow(22)
def test_replies_recomputed_for_the_first_departures_agree_with_the_shipped_ones() -> None:
    part = kamisado_book.generate_replies(count=12)
    shipped = kamisado_book.shipped()["replies"]
    assert part and all(shipped[key] == move for key, move in part.items())


def lost_for_black(state: KamisadoState) -> bool:
    """A round going on that White wins against every defence, but not with the next move."""
    position = kamisado_book.position_of(state)
    return position is not None and strike(position) is None and Solver(attacker=1, limit=2_000).prove(position) is True


@pytest.mark.slow(11)
def test_the_master_as_second_player_wins_after_the_starter_leaves_its_book_late() -> None:
    rng = random.Random(3)
    played = 0
    while played < 8:
        state, record = single_round(), []
        while True:  # the starter follows its book until a move of its own loses; the other side plays anything
            if state.to_play == "black":
                chosen = kamisado_book.book_move(state)
                leave = len(record) >= 4 and rng.random() < 0.5
                losing = [m for m in state.legal_moves() if leave and m != chosen and lost_for_black(state.play(m))]
                if losing:
                    record.append(rng.choice(losing))
                    state = state.play(record[-1])
                    break
                assert chosen is not None
                record.append(chosen)
            else:
                record.append(rng.choice(state.legal_moves()))
            state = state.play(record[-1])
            if state.outcome() is not None:
                break
        if state.outcome() is not None:
            continue
        played += 1
        while not state.rounds:
            level = "master" if state.to_play == "white" else "hard"
            record.append(ai.choose(state, level=level, seed=played, time_budget=0.05))
            state = state.play(record[-1])
        assert state.rounds[0].winner == "white", [f"{m.start}-{m.end}" for m in record]


@pytest.mark.parametrize("first", [("d8", "d7"), ("b8", "b4")])
def test_the_master_as_second_player_wins_the_rounds_a_weak_first_move_lost(first: tuple[str, str]) -> None:
    for budget in (0.05, 0.5):
        for seed in range(3):
            state = single_round()
            state = state.play(next(m for m in state.legal_moves() if (m.start, m.end) == first))
            rng = random.Random(seed)
            while not state.rounds:
                if state.to_play == "white":
                    move = ai.choose(state, level="master", seed=seed, time_budget=budget)
                else:
                    move = ai.choose(state, level="hard", seed=rng.randrange(1000), time_budget=budget)
                state = state.play(move)
            assert state.rounds[0].winner == "white", (first, budget, seed)


@pytest.mark.slow(16)
def test_the_solver_finds_no_win_for_the_second_player_from_the_start() -> None:
    solver = Solver(attacker=1, limit=200_000)
    assert solver.prove(start_position()) is False


def test_a_strike_is_a_move_to_the_goal_row() -> None:
    position = start_position()
    assert strike(position) is None
    state = single_round().play(next(m for m in single_round().legal_moves() if m.end == "b2"))
    after = kamisado_book.position_of(state)
    assert after is not None
    hit = strike(after)
    if hit is not None:
        assert hit[1] // 8 == 7


def opponent(kind: str, seed: int) -> Any:
    rng = random.Random(seed)

    def move(state: Any) -> Any:
        if kind == "random":
            return ai.random_move(state, rng)
        if kind == "greedy":
            return ai.greedy_move(state, rng)
        return ai.choose(state, level=kind, seed=rng.randrange(1000), depth=3 if kind in ("hard", "master") else None,
                         time_budget=0.2)

    return move


@pytest.mark.slow(10)
@pytest.mark.parametrize("kind", ["random", "greedy", "beginner", "easy", "normal", "hard", "master"])
@pytest.mark.parametrize("starter", ["black", "white"])
def test_the_master_never_loses_a_round_it_starts(kind: str, starter: str) -> None:
    games = 12 if kind in ("random", "greedy", "beginner") else 3
    for seed in range(games):
        for match in ("single", "standard"):
            state = single_round(starter, match)
            other = opponent(kind, seed)
            while not state.rounds:
                move = ai.choose(state, level="master", seed=seed, time_budget=0.2) if state.to_play == starter else other(state)
                state = state.play(move)
            assert state.rounds[0].winner == starter, (kind, seed, match)


def test_the_master_resists_longer_than_a_random_defender() -> None:
    def length(defender: Any) -> int:
        state = single_round()
        plies = 0
        while state.outcome() is None:
            move = kamisado_book.book_move(state) if state.to_play == "black" else defender(state)
            state = state.play(move)
            plies += 1
        assert state.rounds[0].winner == "black"
        return plies

    master = length(lambda s: ai.choose(s, level="master", seed=0, time_budget=0.5))
    randoms = [length(opponent("random", seed)) for seed in range(10)]
    assert master >= max(randoms)


def test_advice_wins_at_once_when_it_can_and_skips_rounds_with_teeth() -> None:
    state = single_round()
    with_teeth = dataclasses.replace(state, teeth=(1,) + (0,) * 15, _legal=None)
    assert advise(with_teeth) is None
    advice = advise(state)
    assert advice is not None and advice.proven == "win" and advice.move in state.legal_moves()
