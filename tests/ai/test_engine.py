"""The built-in opponent: legal moves always, the same move for the same seed, levels that differ."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import ai
from rules import get_game
from tests.rules.test_conformance import random_game

GAMES = [("kamisado", {"match": "standard"}), ("ashtarashki", {}), ("krepost", {})]


def sample_positions(key: str, options: dict[str, Any], count: int) -> list[Any]:
    positions = []
    seed = 0
    while len(positions) < count:
        states, _ = random_game(get_game(key), options, seed, limit=300)
        positions += [s for s in states if s.outcome() is None][:: 7]
        seed += 1
    return positions[:count]


@pytest.mark.parametrize(("key", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_every_chosen_move_is_legal(key: str, options: dict[str, Any]) -> None:
    count = {"kamisado": 400, "ashtarashki": 400, "krepost": 60}[key]
    for number, state in enumerate(sample_positions(key, options, count)):
        level = ("beginner", "easy", "normal")[number % 3]
        move = ai.choose(state, level=level, seed=number, depth=1 if level == "normal" and key == "krepost" else None)
        assert move in state.legal_moves()
        state.play(move)


@pytest.mark.parametrize(("key", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_the_same_seed_and_depth_give_the_same_move(key: str, options: dict[str, Any]) -> None:
    for state in sample_positions(key, options, 5):
        first = ai.choose(state, level="master", depth=2, seed=7)
        assert ai.choose(state, level="master", depth=2, seed=7) == first


def test_a_win_in_one_is_always_taken() -> None:
    game = get_game("kamisado")
    for state in sample_positions("kamisado", {"match": "single"}, 200):
        wins = [m for m in state.legal_moves() if state.play(m).outcome() is not None]
        if wins:
            assert ai.choose(state, level="easy", seed=1) in wins, game.format_move(state, wins[0])


def test_the_capture_chain_is_found() -> None:
    state = get_game("ashtarashki").new_state(position="White: M3 d4; M1 a1. Black: M2 – c5, b6, a5; M1 h8. White to move.")
    assert ai.choose(state, level="normal", seed=1).path == ("d4", "c5", "b6", "a5")


def test_a_cancelled_search_still_answers_with_a_legal_move() -> None:
    state = get_game("kamisado").new_state(match="marathon")
    cancel = threading.Event()
    cancel.set()
    move = ai.choose(state, level="master", time_budget=30, cancel=cancel, seed=1)
    assert move in state.legal_moves()


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(get_game("kamisado").new_state(), level="grandmaster")


def play(key: str, levels: dict[str, str], seed: int, options: dict[str, Any]) -> str | None:
    game = get_game(key)
    state = game.new_state(**options)
    ply = 0
    while state.outcome() is None and ply < 400:
        state = state.play(ai.choose(state, level=levels[state.to_play], seed=seed * 1000 + ply, time_budget=0.2))
        ply += 1
    outcome = state.outcome()
    return None if outcome is None or outcome.winner is None else levels[outcome.winner]


@pytest.mark.parametrize(("key", "options"), [("kamisado", {"match": "single"}), ("ashtarashki", {})])
def test_normal_beats_the_random_beginner(key: str, options: dict[str, Any]) -> None:
    players = get_game(key).players
    wins = 0
    for seed in range(6):
        levels = {players[seed % 2]: "normal", players[1 - seed % 2]: "beginner"}
        wins += play(key, levels, seed, options) == "normal"
    assert wins >= 5


def test_levels_are_ordered_in_the_plans() -> None:
    for plans in ai.plans().values():
        depths = [plans[level].depth for level in ai.LEVELS[1:]]
        assert depths == sorted(depths) and len(set(depths)) >= 3
        blur = [plans[level].noise for level in ai.LEVELS[1:]]
        assert blur == sorted(blur, reverse=True) and plans["master"].noise == 0
        knowing = [plans[level].careful for level in ai.LEVELS[1:]]
        assert knowing == sorted(knowing) and plans["master"].careful and not plans["master"].one_sided


def test_a_warm_cache_is_loaded_at_once_without_a_compiling_process(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    from ai import warming

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    started: list[object] = []
    loaded: list[bool] = []
    monkeypatch.setattr(warming.subprocess, "run", lambda command, **_: started.append(command))
    monkeypatch.setattr(ai, "warm_up", lambda: loaded.append(True))
    first = threading.Event()
    warming._prepare(first)  # a new cache: compiled in a process of its own, then loaded here
    assert first.is_set() and len(started) == 1 and loaded == [True] and warming.stamp().exists()
    started.clear()
    second = threading.Event()
    warming._prepare(second)  # the cache is warm: loaded here at once
    assert second.is_set() and started == [] and loaded == [True, True]
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))  # another cache is not known to be warm
    assert not warming.stamp().exists()
