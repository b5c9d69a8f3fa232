"""The Ashtarashki endgame solver: its wins hold against every defence, and it is quick on small positions."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

import ai
from ai.ashtarashki import prover as prover
from ai.ashtarashki.engine import FIXED_DEPTH_POSITIONS, KEPT
from ai.ashtarashki.solver import EndgameSolver, Unsolved, active_stones, move_of, solve
from rules import get_game
from rules.ashtarashki import AshtarashkiState

TRAP = "White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move."

PROOF_BUDGET = 15.0  # seconds of the wall for each of the master's two searches (see below)


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


def test_the_compiled_provers_moves_and_endings_are_the_rules_own_in_random_games() -> None:
    rng = random.Random(12)
    out = np.zeros((prover.MAX_MOVES, prover.PATH), np.int64)
    child = np.zeros(64, np.int64)
    compared = 0
    for _ in range(40):
        state = get_game("ashtarashki").new_state()
        while state.outcome() is None:
            board = np.array(state.board, np.int64)
            player = ("white", "black").index(state.to_play or "")
            count = prover.generate(board, player, out)
            found = {move_of((tuple(int(x) for x in out[k, 2:2 + out[k, 1]]), int(out[k, 0]))): k for k in range(count)}
            assert set(found) == set(state.legal_moves()) and len(found) == count, state
            move = rng.choice(state.legal_moves())
            after = state.play(move)
            winner = prover.apply(board, child, player, out[found[move]])
            outcome = after.outcome()
            if outcome is None or outcome.reason == "blocked":
                assert winner == prover.NO_WINNER and tuple(child) == after.board
            else:
                assert winner == ("white", "black").index(outcome.winner or ""), (state, move, outcome)
            compared += 1
            state = after
    assert compared > 1000


def test_small_endgames_are_solved_and_the_wins_hold() -> None:
    for state in small_positions(6, 4, seed=2):
        solution = solve(state)
        assert proven_against_every_reply(state, solution.winner) >= 1


def test_small_endgames_agree_with_a_plain_search_by_the_rules() -> None:
    for state in small_positions(10, 3, seed=3):
        assert solve(state).winner == plain_winner(state, {})


def plain_winner(state: AshtarashkiState, memo: dict[object, str]) -> str:
    """The winner by a plain exhaustive search over the rules' own states (slow, small positions only)."""
    key = (state.board, state.to_play)
    if key not in memo:
        outcome = state.outcome()
        if outcome is not None:
            memo[key] = outcome.winner or ""
        else:
            mover = state.to_play or ""
            results = [plain_winner(state.play(move), memo) for move in state.legal_moves()]
            memo[key] = mover if mover in results else results[0]
    return memo[key]


def test_the_node_limit_is_respected() -> None:
    with pytest.raises(Unsolved):
        solve(get_game("ashtarashki").new_state(), node_limit=50)


def test_the_master_uses_the_solver_when_few_stones_are_left() -> None:
    after = position(TRAP).play(next(m for m in position(TRAP).legal_moves() if m.end == "b4" and m.start == "c5"))
    move = ai.choose(after, level="master", time_budget=2.0, seed=1)
    assert move == solve(after).move


def test_the_master_plays_a_proven_win_with_eight_unfinished_stones() -> None:
    checked = 0
    for state in small_positions(12, 8, seed=21):
        try:
            solution = solve(state, node_limit=20_000)
        except Unsolved:
            continue
        if solution.winner != state.to_play:
            continue
        move = ai.choose(state, level="master", depth=2, seed=0)
        after = state.play(move)
        assert after.outcome() is not None or solve(after).winner == state.to_play
        checked += 1
    assert checked >= 3


def test_moves_an_unfinished_proof_settled_as_lost_really_lose() -> None:
    found = 0
    for state in small_positions(30, 7, seed=8):
        solver = EndgameSolver(node_limit=30_000)
        try:
            solver.solve(state)
            continue
        except Unsolved:
            pass
        for move in solver.losing_moves(state):
            after = state.play(move)
            outcome = after.outcome()
            winner = outcome.winner if outcome is not None else solve(after, node_limit=2_000_000).winner
            assert winner != state.to_play
            found += 1
    assert found >= 1


def _played_out(state: AshtarashkiState) -> AshtarashkiState:
    """Both sides play the solver's moves to the end."""
    solver = EndgameSolver(node_limit=5_000_000)
    while state.outcome() is None:
        state = state.play(solver.solve(state).move)
    return state


def test_a_clean_win_is_taken_when_one_can_be_forced() -> None:
    state = position("White: M2 d8; V1 e3; V3 b2. Black: V2 d4. White to move.")
    game = get_game("ashtarashki")
    first_win = EndgameSolver()._winning_turn(state.board, 0)  # what a search for any win plays first
    assert game.format_move(state, move_of(first_win)) == "V3b2—a3"
    solution = EndgameSolver().solve(state)
    assert (solution.winner, solution.points, solution.exact) == ("white", 2, True)
    assert game.format_move(state, solution.move) == "V3b2—c3"
    ended = _played_out(state).outcome()
    assert ended is not None and ended.points == {"white": 2, "black": 0}
    after_first = _played_out(state.play(move_of(first_win))).outcome()
    assert after_first is not None and after_first.points["white"] == 1  # the first win found gives a point less


def test_a_lost_endgame_avoids_the_clean_loss_when_it_can() -> None:
    state = position("White: W – e5, f2. Black: M1 f8; M3 g7; V1 g5. White to move.")
    solution = EndgameSolver().solve(state)
    assert (solution.winner, solution.points, solution.exact) == ("black", 1, True)
    ended = _played_out(state).outcome()
    assert ended is not None and ended.points == {"white": 0, "black": 1}


ETUDE_2 = "White: M1 c1, f6; M2 c7; M3 h6. Black: M1 a1, g1; M2 e1, f8; M3 a7, h8. White to move."


def test_the_authors_etude_no_2_is_proven_within_what_the_master_searches_in_a_second() -> None:
    solver = EndgameSolver(FIXED_DEPTH_POSITIONS)
    assert solver.won(position(ETUDE_2))  # White wins, as the author says
    # 3.8 million positions before the moves were tried in two orders by turns: more than 2 s on a slow machine
    assert solver.positions < FIXED_DEPTH_POSITIONS, solver.positions


def test_the_master_wins_the_etude_no_2_against_the_master() -> None:
    state = position(ETUDE_2)
    while state.outcome() is None:
        state = state.play(ai.choose(state, level="master", depth=4, seed=0))  # fixed: the solver's fixed positions
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == "white", outcome


@pytest.mark.slow(30)
def test_a_proof_found_on_one_move_serves_the_next() -> None:
    state = position(ETUDE_2)
    # The win is proven in some 60,000 positions (a hundredth of a quiet machine's 4 s); the rest of the budget goes on
    # trying to prove a clean win, which this test does not ask about. The budget is the wall's: with the suite's
    # workers on two processors the proof gets a sixth of it, so it is given what a loaded machine needs (what is
    # checked is that the proof serves the next move, not how soon it comes).
    first = ai.analyse(state, level="master", time_budget=PROOF_BUDGET)
    assert first is not None and first.value > 0 and first.nodes > 1000
    after = state.play(first.move)
    reply = after.play(after.legal_moves()[0])
    fresh = EndgameSolver(10**9)
    assert fresh.won(reply)
    with KEPT.lent(time.perf_counter() + 60) as kept:  # the solver the master keeps between moves
        before = kept.positions
        assert kept.won(reply)
        assert kept.positions - before < fresh.positions / 10, (kept.positions - before, fresh.positions)
    second = ai.analyse(reply, level="master", time_budget=PROOF_BUDGET)
    assert second is not None and second.value > 0


def test_the_winning_move_is_found_by_turns_when_the_table_no_longer_knows_it() -> None:
    """A kept solver may know that a position is won but no longer which move keeps the win (its table written over
    by later proofs): the moves are then proven by turns. One after the other, étude No. 2's first move took 6.5
    million positions (all of a loaded machine's budget, and the master played a losing move); by turns it is found
    within 2 million, and a fresh solver confirms it wins."""
    from ai.ashtarashki.prover import successors
    from ai.ashtarashki.solver import move_of

    state = position(ETUDE_2)
    turn, after, _ = EndgameSolver(2_000_000)._winning(successors(state.board, 0), 0)
    move = move_of(turn)
    assert move in state.legal_moves() and after == state.play(move).board
    assert not EndgameSolver(10**9).won(state.play(move))  # the opponent, to move after it, loses
