"""The review's verdicts against other ways of knowing: the round solver with the other player attacking (no
book), the endgame prover with a table of its own, and a plain exhaustive search by the rules."""

from __future__ import annotations

import itertools
import random
import sys

import pytest

import ai
from ai.ashtarashki.solver import EndgameSolver, active_stones
from ai.kamisado.book import position_of
from ai.kamisado.solver import STOP_EVERY, Solver, start_position
from ai.review import Cancelled, MoveReview, review
from rules import get_game
from rules.ashtarashki.notation import position_text
from rules.core import State, other
from tests.ai.test_ashtarashki_solver import plain_winner

SINGLE = {"match": "single"}


def round_winner_by_solver(solver: Solver, state: State) -> str:
    """Who wins a Kamisado round without teeth, by a proof-number search in which the second player attacks."""
    position = position_of(state)  # type: ignore[arg-type]
    assert position is not None
    solver.limit = solver.nodes + 3_000_000
    second_wins = solver.prove(position)
    assert second_wins is not None
    starter = state.starter  # type: ignore[attr-defined]
    return other(starter) if second_wins else starter


def check(move: MoveReview, won_before: bool, won_after: bool) -> None:
    """A proven verdict: a blunder exactly when a won position is thrown away, best whenever a win is kept."""
    assert move.exact, move
    if won_before and not won_after:
        assert move.verdict == "blunder" and (move.before, move.after) == (1.0, 0.0), move
    elif won_before:
        assert move.verdict == "best" and (move.before, move.after) == (1.0, 1.0), move
    else:
        assert not won_after, move  # a lost position has no winning move
        assert move.verdict in ("best", "good") and (move.before, move.after) == (0.0, 0.0), move


@pytest.mark.parametrize("first", ["f8-f2", "e8-e3", "d8-d3", "b8-b2", "a8-a4", "e8-e4"])
def test_a_first_move_that_keeps_the_proven_win_is_best(first: str) -> None:
    [move] = review("kamisado", SINGLE, [first]).moves
    assert (move.verdict, move.before, move.after, move.exact) == ("best", 1.0, 1.0, True), move


def test_the_move_that_threw_the_round_away_is_a_proven_blunder() -> None:
    line = ["f8-f2", "e1-e7", "b8-b4", "c1-c3", "h8-e5", "a1-a2", "c8-h3", "b1-d3", "h3-g2", "h1-h8"]
    made = review("kamisado", SINGLE, line)
    verdicts = {m.move: m.verdict for m in made.moves if m.mover == "black"}
    assert [verdicts[m] for m in ("f8-f2", "b8-b4", "h8-e5")] == ["best", "best", "blunder"]
    assert {verdicts["c8-h3"], verdicts["h3-g2"]} <= {"best", "good"}  # the round is lost: nothing left to lose
    thrown = made.moves[4]
    assert thrown.exact and thrown.better is not None
    # the better move keeps the win: the solver, attacking for White, cannot prove the round White's after it
    game = get_game("kamisado")
    state = game.replay(line[:4], **SINGLE)
    after = state.play(game.parse_move(state, thrown.better))
    assert round_winner_by_solver(Solver(attacker=1, limit=0), after) == "black"
    assert made.white[5:] == [1.0] * 6  # from the blunder on, White's win is proven
    assert made.white[:5] == [0.0] * 5  # before it, Black's


def played(key: str, start: State, levels: tuple[str, str], seed: int, plies: int = 200) -> list[str]:
    """A game between two levels from ``start`` (White plays ``levels[0]``), at fixed depths: the same each run."""
    game = get_game(key)
    state, moves = start, []
    rng = random.Random(seed)
    while state.outcome() is None and len(moves) < plies:
        level = levels[0] if state.to_play == "white" else levels[1]
        move = ai.choose(state, level=level, depth=2 if level == "normal" else None, seed=rng.randrange(1000),
                         time_budget=0.05)
        moves.append(game.format_move(state, move))
        state = state.play(move)
    return moves


@pytest.mark.slow(10)
def test_kamisado_round_verdicts_agree_with_the_round_solver() -> None:
    game = get_game("kamisado")
    solver = Solver(attacker=1, limit=0)  # one memory for every game: the start is proven once
    for levels, seed in [(("easy", "beginner"), 1), (("beginner", "normal"), 2), (("normal", "easy"), 3),
                         (("beginner", "beginner"), 4)]:
        moves = played("kamisado", game.new_state(**SINGLE), levels, seed)
        made = review("kamisado", SINGLE, moves)
        state = game.new_state(**SINGLE)
        for move, text in zip(made.moves, moves, strict=True):
            after = state.play(game.parse_move(state, text))
            mover = state.to_play
            won_before = round_winner_by_solver(solver, state) == mover
            outcome = after.outcome()
            won_after = outcome.winner == mover if outcome is not None else round_winner_by_solver(solver, after) == mover
            check(move, won_before, won_after)
            state = after


def endgames(count: int, stones: int, seed: int) -> list[State]:
    """Positions of random Ashtarashki games once at most ``stones`` unfinished stones are left."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = get_game("ashtarashki").new_state()
        while state.outcome() is None and active_stones(state) > stones:  # type: ignore[arg-type]
            state = state.play(rng.choice(list(state.legal_moves())))
        if state.outcome() is None:
            found.append(state)
    return found


def test_small_ashtarashki_endgame_verdicts_agree_with_a_plain_search() -> None:
    game = get_game("ashtarashki")
    checked = blunders = 0
    memo: dict[object, str] = {}
    for number, start in enumerate(endgames(10, 3, seed=2)):
        options = {"position": position_text(start)}  # type: ignore[arg-type]
        moves = played("ashtarashki", game.new_state(**options), ("beginner", "beginner"), number)
        state = game.new_state(**options)
        for move, text in zip(review("ashtarashki", options, moves).moves, moves, strict=True):
            after = state.play(game.parse_move(state, text))
            mover = state.to_play
            check(move, plain_winner(state, memo) == mover, plain_winner(after, memo) == mover)  # type: ignore[arg-type]
            state, checked = after, checked + 1
            blunders += move.verdict == "blunder"
    assert checked >= 50 and blunders >= 4


@pytest.mark.parametrize("seed", [11, 12])
def test_ashtarashki_endgame_verdicts_agree_with_the_endgame_prover(seed: int) -> None:
    game = get_game("ashtarashki")
    [start] = endgames(1, 8, seed=seed)
    options = {"position": position_text(start)}  # type: ignore[arg-type]
    moves = played("ashtarashki", game.new_state(**options), ("normal", "beginner"), seed)
    prover = EndgameSolver(10**9)
    state = game.new_state(**options)
    for move, text in zip(review("ashtarashki", options, moves).moves, moves, strict=True):
        after = state.play(game.parse_move(state, text))
        mover = state.to_play
        outcome = after.outcome()
        won_after = outcome.winner == mover if outcome is not None else prover.won(after) == (after.to_play == mover)
        check(move, prover.won(state), won_after)  # type: ignore[arg-type]
        state = after


def test_a_krepost_review_is_judged_by_one_measure_and_its_graph_has_no_comb() -> None:
    game = get_game("krepost")
    moves = played("krepost", game.new_state(), ("easy", "normal"), 5, plies=40)
    made = review("krepost", {}, moves)
    for move in made.moves:  # "best" only when nothing is lost against the master's move at the same horizon
        assert (move.verdict == "best") == (move.after >= move.before), move
        assert move.verdict == "best" or move.better is not None or move.verdict == "good", move
    steps = [b - a for a, b in itertools.pairwise(made.white)]
    flips = sum(1 for s, t in itertools.pairwise(steps) if s * t < 0 and min(abs(s), abs(t)) > 0.04)
    assert flips <= len(steps) // 10, made.white  # the side that moved last is not favoured ply by ply


class _Asked:
    """A review's ``cancel`` that notes who asks it (the round solver, or the review's loop over the moves) and says
    "stop" from the first question the solver asks on, when ``stop`` is set."""

    def __init__(self, stop: bool = False) -> None:
        self.askers: list[str] = []
        self.stop = stop

    def is_set(self) -> bool:
        self.askers.append("solver" if sys._getframe(1).f_code.co_filename.endswith("solver.py") else "review")
        return self.stop and "solver" in self.askers


SLOW_TO_PROVE = ["e8-b5", "f1-e2", "g8-g7", "a1-a6", "g7-d4", "a6-b7"]  # positions the book does not cover


@pytest.mark.slow(10)
def test_a_review_called_off_during_a_proof_stops_the_proof() -> None:
    asked = _Asked()
    review("kamisado", SINGLE, SLOW_TO_PROVE, cancel=asked)  # type: ignore[arg-type]
    assert asked.askers.count("solver") > 1  # the round solver asks while it proves, not only the loop over the moves
    stopping = _Asked(stop=True)
    with pytest.raises(Cancelled):
        review("kamisado", SINGLE, SLOW_TO_PROVE, cancel=stopping)  # type: ignore[arg-type]
    first = stopping.askers.index("solver")
    assert stopping.askers[first:] == ["solver", "review"]  # the proof gave up at once, then the review stopped
    solver = Solver(attacker=1, limit=200_000, stop=lambda: True)
    assert solver.prove(start_position()) is None and solver.nodes == STOP_EVERY  # settled (False) without a stop


def _can_take(state: State) -> bool:
    """Whether the player to move in a Krepost position can take a prisoner this turn (by the rules' own moves)."""
    return any(move.prisoner is not None for move in state.legal_moves())


def test_a_krepost_turn_that_gives_a_prisoner_away_for_nothing_is_never_good() -> None:
    """Found by the rules alone (a second reading of the review's claim): a random game's first turn that lets the
    opponent take a prisoner at once, taking none itself, where another turn would not have. The review says so
    and calls it no better than an inaccuracy, with a turn that keeps the stone as the better one."""
    game = get_game("krepost")
    state, rng, texts = game.new_state(), random.Random(1), []
    while True:
        legal = list(state.legal_moves())
        move = rng.choice(legal)
        after = state.play(move)
        texts.append(game.format_move(state, move))
        hangs = move.prisoner is None and after.to_play != state.to_play and _can_take(after)
        safe = [o for o in legal if o != move and (o.prisoner is not None or not _can_take(state.play(o)))]
        if hangs and safe:
            break
        state = after
    made = review("krepost", {}, texts)
    last = made.moves[-1]
    assert last.note == "prisoner_given" and last.verdict not in ("best", "good"), last
    better = game.parse_move(state, last.better or "")
    assert better in safe  # the better turn keeps the stone
    assert all(m.note is None for m in made.moves[:-1])  # no earlier turn gave one away with a safe turn beside it
    assert type(made).from_dict(made.to_dict()).moves[-1] == last  # kept and read back with its note
    from bot.service.review_replies import verdict_line
    from bot.service.texts import Words

    assert verdict_line(last, Words("en")).endswith("(it gives a prisoner away)")
    assert verdict_line(last, Words("ru")).endswith("(отдаёт пленника даром)")


def test_the_krepost_engine_sees_every_prisoner_given_away_the_rules_see() -> None:
    """The engine's claim against the rules' own moves, turn by turn through random games."""
    from ai.engine import engine_for

    game, engine, checked = get_game("krepost"), engine_for("krepost"), 0
    for seed in range(6):
        state, rng = game.new_state(), random.Random(seed)
        for _ in range(80):
            if state.outcome() is not None:
                break
            legal = list(state.legal_moves())
            move = rng.choice(legal)
            after = state.play(move)
            hangs = move.prisoner is None and after.outcome() is None and after.to_play != state.to_play \
                and _can_take(after)
            safe = any(o != move and (o.prisoner is not None or not _can_take(state.play(o))) for o in legal)
            found = engine.hazard(state, move, after)
            assert (found is not None) == (hangs and safe), (seed, game.format_move(state, move))
            checked += found is not None
            state = after
    assert checked >= 3  # the games gave some away
