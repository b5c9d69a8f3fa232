"""The Ashtarashki endgame solver: its wins hold against every defence, and it is quick on small positions."""

from __future__ import annotations

import random
import time

import pytest

import ai
from ai.ashtarashki_solver import EndgameSolver, Unsolved, active_stones, solve
from rules import get_game
from rules.ashtarashki import AshtarashkiState

TRAP = "White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move."


def position(text: str) -> AshtarashkiState:
    state = get_game("ashtarashki").new_state(position=text)
    assert isinstance(state, AshtarashkiState)
    return state


def proven_against_every_reply(state: AshtarashkiState, winner: str) -> int:
    """Play the solver's move for ``winner`` and every move for the other side; count the positions seen."""
    solver = EndgameSolver()
    seen: set[tuple[object, ...]] = set()
    pending = [state]
    while pending:
        position = pending.pop()
        key = (position.board, position.to_play)
        if key in seen:
            continue
        seen.add(key)
        outcome = position.outcome()
        if outcome is not None:
            assert outcome.winner == winner, position
        elif position.to_play == winner:
            solution = solver.solve(position)
            assert solution.winner == winner
            pending.append(position.play(solution.move))
        else:
            pending.extend(position.play(move) for move in position.legal_moves())
    return len(seen)


def test_the_rulebook_trap_is_a_win_for_white_against_any_defence() -> None:
    after = position(TRAP).play(next(m for m in position(TRAP).legal_moves() if m.end == "b4" and m.start == "c5"))
    solver = EndgameSolver()
    solution = solver.solve(after)
    assert solution.winner == "white" and solver.proof_length(after) > 0
    assert proven_against_every_reply(after, "white") >= 8


def small_positions(count: int, stones: int, seed: int) -> list[AshtarashkiState]:
    """Positions from random games once few active stones are left."""
    rng = random.Random(seed)
    found: list[AshtarashkiState] = []
    while len(found) < count:
        state = get_game("ashtarashki").new_state()
        while state.outcome() is None and active_stones(state) > stones:
            state = state.play(rng.choice(list(state.legal_moves())))
        if state.outcome() is None:
            found.append(state)
    return found


def test_small_endgames_are_solved_in_seconds_and_the_wins_hold() -> None:
    for state in small_positions(6, 4, seed=2):
        began = time.perf_counter()
        solution = solve(state)
        assert time.perf_counter() - began < 30  # generous; bench figures are printed by the benchmark
        assert proven_against_every_reply(state, solution.winner) >= 1


def test_the_node_limit_is_respected() -> None:
    with pytest.raises(Unsolved):
        solve(get_game("ashtarashki").new_state(), node_limit=50)


def test_the_master_uses_the_solver_when_few_stones_are_left() -> None:
    after = position(TRAP).play(next(m for m in position(TRAP).legal_moves() if m.end == "b4" and m.start == "c5"))
    move = ai.choose(after, level="master", time_budget=2.0, seed=1)
    assert move == solve(after).move
