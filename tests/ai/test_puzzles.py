"""The puzzle sets: made by proof, proven again by verify, and a wrong stored line is caught."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import ai.puzzles
from ai.puzzles import Puzzle, shipped, write
from ai.puzzles.__main__ import main
from ai.puzzles.build import NotAPuzzle, make, verify
from ai.puzzles.making import arranged, collect, from_records
from ai.puzzles.proof import FAILED, Prover
from rules import get_game

GAMES = ("kamisado", "ashtarashki", "krepost")


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_of_each_shipped_set_is_proven_again(game: str) -> None:
    sample = random.Random(29).sample(list(shipped(game)), 6)
    assert [problem for puzzle in sample for problem in verify(puzzle)] == []


def longer(game: str) -> Puzzle:
    return next(p for p in shipped(game) if p.turns >= 2 and p.refutations and len(p.refutations[0]) >= 2)


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_first_move_fails_verify(game: str) -> None:
    puzzle = longer(game)
    wrong = next(iter(puzzle.refutations[0]))
    problems = verify(replace(puzzle, line=(wrong, *puzzle.line[1:])))
    assert problems == [f"{puzzle.key}: {wrong} does not win in {puzzle.turns}"]


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_defence_or_refutation_fails_verify(game: str) -> None:
    puzzle = longer(game)
    state = puzzle.start()
    after = state.play(get_game(game).parse_move(state, puzzle.line[0]))
    others = [get_game(game).format_move(after, m) for m in after.legal_moves()]
    illegal_defence = replace(puzzle, line=(puzzle.line[0], "zz99", *puzzle.line[2:]))
    assert verify(illegal_defence)
    refuted, reply = next((m, r) for m, r in puzzle.refutations[0].items() if r)
    # a reply that does not refute: the attacker's own winning line works against it
    not_a_refutation = next((o for o in others if o != reply and not _refutes(puzzle, refuted, o)), None)
    if not_a_refutation is not None:
        bad = dict(puzzle.refutations[0], **{refuted: not_a_refutation})
        assert verify(replace(puzzle, refutations=(bad, *puzzle.refutations[1:])))
    missing = dict(puzzle.refutations[0])
    del missing[refuted]
    assert verify(replace(puzzle, refutations=(missing, *puzzle.refutations[1:])))


def _refutes(puzzle: Puzzle, move_text: str, reply_text: str) -> bool:
    game = get_game(puzzle.game)
    state = puzzle.start()
    after = state.play(game.parse_move(state, move_text))
    try:
        later = after.play(game.parse_move(after, reply_text))
    except Exception:
        return True
    prover = Prover(puzzle.attacker)
    return later.is_over or later.to_play != puzzle.attacker or not prover.wins(later, puzzle.turns - 1)


def test_verify_command_fails_on_a_tampered_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = list(shipped("krepost")[:3])
    monkeypatch.setattr(ai.puzzles, "DATA", tmp_path)
    write("krepost", puzzles, 1)
    assert main(["verify", "krepost"]) == 0
    assert "all sound" in capsys.readouterr().out
    broken = replace(puzzles[1], turns=puzzles[1].turns + 1)
    write("krepost", [puzzles[0], broken, puzzles[2]], 1)
    assert main(["verify", "krepost"]) == 1
    assert "krepost-2" in capsys.readouterr().out
    ai.puzzles.shipped.cache_clear()


def test_positions_that_are_no_puzzles() -> None:
    game = get_game("ashtarashki")
    trap = game.new_state(position="White: M1 a3; M2 a5; M3 f6; M1 c1. Black: M1 g1; M2 b4; M3 e1; M3 h8. White to move.")
    assert Prover("white").distance(trap, 5) is not None  # the rulebook's trap is won for White...
    with pytest.raises(NotAPuzzle, match="more than one move"):  # ...in more than one way
        make(trap, 5)
    with pytest.raises(NotAPuzzle, match="no forced win"):  # Black finishes next whatever White does
        make(game.new_state(position="White: M1 a3. Black: M1 b2. White to move."), 3)


@pytest.mark.slow(35)
def test_sets_from_players_games_are_the_same_for_the_same_games() -> None:
    rng = random.Random(12)  # a short game with two puzzles in it
    game = get_game("kamisado")
    state, moves = game.new_state(match="single"), []
    while not state.is_over:
        move = rng.choice(list(state.legal_moves()))
        moves.append(game.format_move(state, move))
        state = state.play(move)
    lines = [json.dumps({"game": "kamisado", "options": {"match": "single"}, "moves": moves})]
    made = collect("kamisado", from_records(lines, "kamisado"), 2, "games")
    assert len(made) == 2 and made == collect("kamisado", from_records(lines, "kamisado"), 2, "games")
    assert all(p.source == "games" and verify(p) == [] for p in made)


@pytest.mark.parametrize("game", ["kamisado", "ashtarashki", "krepost"])
def test_no_shipped_position_is_a_puzzle_twice_and_verify_would_say_so(game: str) -> None:
    import json

    from ai.puzzles import duplicates, shipped

    puzzles = shipped(game)
    starts = [json.dumps([p.start().to_dict(), p.attacker], sort_keys=True) for p in puzzles]  # the rules' own view
    assert len(set(starts)) == len(starts)
    assert [p.number for p in puzzles] == list(range(1, len(puzzles) + 1))
    assert duplicates([*puzzles[:3], replace(puzzles[1], number=4)]) == [(2, 4)]  # what verify reports


def test_one_movers_are_given_out_only_when_the_board_does_not_show_the_answer() -> None:
    from ai.puzzles.worth import served, teaches

    for game in GAMES:
        given = served(game)
        assert len(given) >= 240 and all(teaches(p) for p in given)
        for puzzle in given:
            if puzzle.turns == 1:
                moves = puzzle.start().legal_moves()
                assert len(moves) > 3 and len({ai.puzzles.piece_of(m) for m in moves}) > 1, puzzle.key
    assert not [p for p in served("kamisado") if p.turns == 1]  # a forced tower with an open line home
    kept_back = [p for p in shipped("krepost") if not teaches(p)]
    assert 40 <= len(kept_back) <= 60 and all(p.turns == 1 for p in kept_back)  # the one lone liberty filled


def test_adding_by_theme_keeps_only_those_themes_and_no_known_position(capsys: pytest.CaptureFixture[str]) -> None:
    sumo = [p for p in shipped("kamisado") if p.theme == "sumo"][:2]
    race = [p for p in shipped("kamisado") if p.theme == "race" and p.turns == 2][:2]
    positions = [p.start() for p in (*sumo, *race)]
    found = collect("kamisado", iter(positions), 10, themes=frozenset({"sumo"}))
    assert [p.theme for p in found] == ["sumo", "sumo"] and [p.line for p in found] == [p.line for p in sumo]
    assert collect("kamisado", iter(positions), 10, themes=frozenset({"sumo"}), known=sumo) == []
    assert main(["add", "kamisado", "--themes", "sumo,fortres"]) == 2
    assert "unknown theme fortres" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "kind"), [("kamisado", ""), ("ashtarashki", ""), ("krepost", ""),
                                           ("krepost", "skirmish")])
def test_arranged_positions_are_the_rules_own_and_the_same_for_a_seed(game: str, kind: str) -> None:
    first = list(itertools.islice(arranged(game, 5, kind), 40))
    again = list(itertools.islice(arranged(game, 5, kind), 40))
    assert [s.to_dict() for s in first] == [s.to_dict() for s in again]
    rules = get_game(game)
    for state in first:
        read_back = rules.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert read_back.to_dict() == state.to_dict() and not state.is_over and list(state.legal_moves())


def test_an_arranged_deadlock_puzzle_is_a_deadlock_the_rules_reach() -> None:
    """Each shipped deadlock puzzle, played out along its line: the rules themselves end the round in deadlock,
    caused by the defender's last real move."""
    deadlocks = [puzzle for puzzle in shipped("kamisado") if puzzle.theme == "deadlock"]
    assert deadlocks
    game = get_game("kamisado")
    for puzzle in deadlocks:
        state = puzzle.start()
        for text in puzzle.line:
            state = state.play(game.parse_move(state, text))
        last_round = state.rounds[-1]  # type: ignore[attr-defined]
        assert last_round.reason == "deadlock" and last_round.winner == puzzle.attacker
        assert not verify(puzzle)


def test_an_arranged_fortress_puzzle_breaks_in_against_every_defence() -> None:
    """Each shipped empty-fortress puzzle, checked by the rules alone: after its first move, whatever the defender
    plays, the attacker has a move that wins the game by entering the enemy's fortress; and its line ends so."""
    breaks = [puzzle for puzzle in shipped("krepost") if puzzle.theme == "fortress"]
    assert breaks
    game = get_game("krepost")
    for puzzle in breaks:
        state = puzzle.start()
        after = state.play(game.parse_move(state, puzzle.line[0]))
        assert after.outcome() is None and after.to_play != puzzle.attacker
        for reply in after.legal_moves():
            answered = after.play(reply)
            wins = [move for move in answered.legal_moves() if _won_by_fortress(answered.play(move), puzzle.attacker)]
            assert wins, (puzzle.number, game.format_move(after, reply))
        end = state
        for text in puzzle.line:
            end = end.play(game.parse_move(end, text))
        assert _won_by_fortress(end, puzzle.attacker) and not verify(puzzle)


def _won_by_fortress(state: Any, attacker: str) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.winner == attacker and outcome.reason == "fortress"


@pytest.mark.slow(10)
def test_a_clean_win_puzzle_is_a_clean_win_the_endgame_prover_forces() -> None:
    """Each shipped clean-win puzzle: the compiled endgame prover (not the puzzles' own search) says the attacker
    forces a clean win from the start and still does after the line's first move; the line, played by the rules,
    takes every enemy stone; and verify proves it."""
    from ai.ashtarashki.solver import EndgameSolver

    cleans = [puzzle for puzzle in shipped("ashtarashki") if puzzle.theme == "clean"]
    assert len(cleans) >= 20
    game = get_game("ashtarashki")
    solver = EndgameSolver(node_limit=20_000_000)
    for puzzle in cleans:
        assert puzzle.goal == "clean" and puzzle.clean
        state = puzzle.start()
        assert solver.wins_cleanly(state), puzzle.key  # type: ignore[arg-type]
        after = state.play(game.parse_move(state, puzzle.line[0]))
        if not after.is_over:  # the defender, to move, cannot stop it: its every reply leaves a clean win
            for reply in after.legal_moves():
                answered = after.play(reply)
                assert not answered.is_over and solver.wins_cleanly(answered), (puzzle.key, reply)  # type: ignore[arg-type]
        end = state
        for text in puzzle.line:
            end = end.play(game.parse_move(end, text))
        outcome = end.outcome()
        assert outcome is not None and outcome.winner == puzzle.attacker and outcome.reason == "no_stones"
        assert not verify(puzzle)


def test_a_win_that_leaves_a_stone_does_not_solve_a_clean_win_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("ashtarashki")
    # White's one stone finishes on h8 at once (a win: all its stones home), leaving Black's stone on the board
    state = game.new_state(position="White: M1 g7. Black: M1 a7. White to move.")
    assert Prover("white").distance(state, 3) == 1
    clean = Prover("white", clean=True)
    finishing = next(m for m in state.legal_moves() if m.path[-1] == "h8")  # type: ignore[attr-defined]
    assert clean.play(state, finishing)[1] == FAILED  # the game is over, and not cleanly
    assert clean.distance(state, 3) is None
    assert main(["add", "kamisado", "--themes", "clean"]) == 2
    assert main(["add", "ashtarashki", "--themes", "clean,endgame"]) == 2
    assert "clean wins are looked for on their own" in capsys.readouterr().err
