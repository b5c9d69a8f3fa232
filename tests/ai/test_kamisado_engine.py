"""The Kamisado engine's own board agrees with the rules core: moves, pushes, passes, deadlocks, undo."""

from __future__ import annotations

import random
import time

import pytest

import ai
from ai.kamisado import alphabeta as kamisado_engine
from ai.kamisado import rounds
from ai.kamisado.alphabeta import Board, code_of, to_move
from ai.kamisado.engine import ENGINE, loses_at_once
from ai.kamisado.solver import Solver
from rules import get_game
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import PLAYER_NAMES


def random_states(match: str, count: int, seed: int) -> list[KamisadoState]:
    rng = random.Random(seed)
    states: list[KamisadoState] = []
    state = get_game("kamisado").new_state(match=match)
    while len(states) < count:
        assert isinstance(state, KamisadoState)
        if state.outcome() is not None:
            state = get_game("kamisado").new_state(match=match)
            continue
        if state.phase == "play":
            states.append(state)
        moves = list(state.legal_moves())
        pushes = [m for m in moves if isinstance(m, KamisadoMove) and m.push]
        state = state.play(rng.choice(pushes) if pushes and rng.random() < 0.7 else rng.choice(moves))
    return states


@pytest.mark.parametrize("match", ["single", "standard", "marathon"])
def test_moves_and_their_results_match_the_rules_core(match: str) -> None:
    pushes = ends = 0
    for state in random_states(match, 300, seed=len(match)):
        engine = Board(state)
        before = [array.copy() for array in engine.arrays]
        codes = engine.moves()
        assert sorted(map(str, (to_move(state, c) for c in codes))) == sorted(map(str, state.legal_moves()))
        assert len(codes) == len(state.legal_moves())
        for code in codes:
            move = to_move(state, code)
            assert code_of(state, move) == code
            after = state.play(move)
            undo, result = engine.play(code)
            pushes += move.push
            if after.round != state.round or after.phase != "play":
                ends += 1
                winner = after.rounds[-1].winner
                assert result != 0 and (result > 0) == (winner == state.to_play)
            else:
                assert result == 0
                assert list(engine.board) == list(after.board) and list(engine.squares) == list(after.squares)
                assert PLAYER_NAMES[engine.turn[0]] == after.to_play
                assert engine.turn[1] == kamisado_engine.COLOUR_INDEX[after.forced or "brown"]
                assert engine.hashes[0] == Board(after).hashes[0]  # the hash is kept up to date move by move
            engine.undo(undo)
            assert all((a == b).all() for a, b in zip(engine.arrays, before, strict=True))
    assert ends > 0
    if match != "single":
        assert pushes > 0


def test_the_strike_is_found_and_played_at_once() -> None:
    for state in random_states("standard", 200, seed=3):
        engine = Board(state)
        hit = engine.strike()
        winning = [m for m in state.legal_moves() if state.play(m).rounds[len(state.rounds):]
                   and state.play(m).rounds[-1].winner == state.to_play and state.play(m).rounds[-1].reason == "home_row"]
        assert (hit is not None) == bool(winning)
        if hit is not None:
            result = kamisado_engine.search(state, max_depth=4, time_budget=None)
            assert result.move in winning


def test_a_fixed_depth_search_is_repeatable_and_legal() -> None:
    for state in random_states("marathon", 20, seed=9):
        first = kamisado_engine.search(state, max_depth=3, time_budget=None, seed=4)
        second = kamisado_engine.search(state, max_depth=3, time_budget=None, seed=4)
        assert first.move == second.move and first.move in state.legal_moves()


def test_the_refill_choice_is_searched() -> None:
    state = next(s for s in _refill_states())
    result = kamisado_engine.search(state, max_depth=3, time_budget=None)
    assert result.move in state.legal_moves() and result.nodes > 0


def _refill_states() -> list[KamisadoState]:
    rng = random.Random(1)
    found = []
    while not found:
        state = get_game("kamisado").new_state(match="standard")
        while state.outcome() is None and state.phase != "refill":
            state = state.play(rng.choice(list(state.legal_moves())))
        if state.phase == "refill":
            assert isinstance(state, KamisadoState)
            found.append(state)
    return found


def _mixed_positions(count: int) -> list[KamisadoState]:
    """Positions of random games where some moves lose the round at once and others do not."""
    found = []
    for state in random_states("standard", 400, seed=41):
        if state.phase != "play" or len(state.legal_moves()) < 2:
            continue
        losing = [m for m in state.legal_moves() if loses_at_once(state, m)]
        if 0 < len(losing) < len(state.legal_moves()):
            found.append(state)
        if len(found) == count:
            break
    return found


def test_loses_at_once_agrees_with_the_rules() -> None:
    for state in _mixed_positions(10):
        opponent = "white" if state.to_play == "black" else "black"
        for move in state.legal_moves():
            after = state.play(move)
            replies = after.legal_moves() if after.to_play == opponent else []
            gives = after.score[opponent] > state.score[opponent] or any(
                after.play(r).score[opponent] > after.score[opponent] for r in replies)
            assert loses_at_once(state, move) == gives


@pytest.mark.parametrize("level", ["hard", "master"])
def test_a_move_that_loses_at_once_is_never_chosen_over_one_that_holds(level: str) -> None:
    positions = _mixed_positions(12)
    assert len(positions) >= 6
    for state in positions:
        # A budget so small that proofs and searches are cut short, as on a loaded machine.
        move = ai.choose(state, level=level, time_budget=0.005, seed=3)
        assert not loses_at_once(state, move), (state, move)


def test_a_search_left_with_only_losing_moves_is_overruled() -> None:
    for state in _mixed_positions(6):
        holding = frozenset(m for m in state.legal_moves() if not loses_at_once(state, m))
        # As after a proof that marked the holding moves lost and then ran out of time before the rest.
        cut_short = kamisado_engine.search(state, max_depth=3, time_budget=None, exclude=holding)
        assert loses_at_once(state, cut_short.move)
        kept = ENGINE.holding(state, cut_short, depth=3, time_budget=None, seed=1)
        assert kept.move in holding


def test_a_lost_round_resists_with_a_proven_loss_before_a_loss_at_once() -> None:
    first, second = KamisadoMove("brown", "a1", "a2"), KamisadoMove("green", "b1", "b2")
    solver = Solver(attacker=0, limit=10)
    # The time is up: no proof is measured, but a proven loss still resists longer than a loss at once.
    lost = {first: (None, None), second: (solver, (0,) * 17)}
    assert rounds._longest(lost, deadline=time.perf_counter() - 1) == second
