"""Every game keeps the common contract over random games: notation, storage and replay agree."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Game, MoveError, all_games

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "kamisado": [{"match": "single"}, {"match": "series"}, {"match": "standard"}, {"match": "long"}, {"match": "marathon"}],
    "ashtarashki": [{}],
    "krepost": [{}, {"fortress": "3x3", "half_stone": True}],
}
CASES = [(game, options) for game in all_games() for options in OPTIONS[game.key]]
IDS = [f"{game.key}-{'-'.join(map(str, options.values())) or 'default'}" for game, options in CASES]


def random_game(game: Game, options: dict[str, Any], seed: int, limit: int = 3000) -> tuple[list[Any], list[Any]]:
    """Play random legal moves to the end; return the states visited and the moves."""
    rng = random.Random(seed)
    state = game.new_state(**options)
    states, moves = [state], []
    while state.outcome() is None and len(moves) < limit:
        move = rng.choice(list(state.legal_moves()))
        moves.append(move)
        state = state.play(move)
        states.append(state)
    return states, moves


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_random_games_keep_the_contract(game: Game, options: dict[str, Any]) -> None:
    for seed in range(12):
        states, moves = random_game(game, options, seed)
        texts = []
        for state, move in zip(states, moves, strict=False):
            text = game.format_move(state, move)
            assert game.parse_move(state, text) == move, text
            texts.append(text)
        for state in states[:: max(1, len(states) // 20)] + [states[-1]]:
            data = json.loads(json.dumps(state.to_dict()))
            assert game.state_from_dict(data) == state
            assert game.state_from_dict(data).legal_moves() == state.legal_moves()
        final = states[-1]
        assert game.replay(texts, **final.options) == final
        outcome = final.outcome()
        if outcome is not None:
            assert final.legal_moves() == () or list(final.legal_moves()) == []
            assert final.to_play is None
            assert outcome.winner in (None, *game.players)
            assert outcome.reason in game.outcome_reasons, outcome.reason
        else:
            assert final.legal_moves()


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_records_round_trip_through_the_games_own_notation(game: Game, options: dict[str, Any]) -> None:
    states, moves = random_game(game, options, seed=99)
    record = game.record_of(states[0], moves)
    text = game.export_record(record)
    again = game.import_record(text)
    assert game.replay(again.moves, **dict(again.options)) == states[-1]
    assert game.read_record(record.to_json()) == record


_STATES: dict[str, list[Any]] = {}


def sample_states(game: Game) -> list[Any]:
    if game.key not in _STATES:
        states, _ = random_game(game, OPTIONS[game.key][-1], seed=7)
        _STATES[game.key] = states[:: max(1, len(states) // 12)] + [states[-1]]
    return _STATES[game.key]


@pytest.mark.parametrize("game", all_games(), ids=[g.key for g in all_games()])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=60) | st.from_regex(r"[a-l@x:\-–—0-9 ↑↖↗MVWZmvwz]{0,20}", fullmatch=True), index=st.integers(0, 100))
def test_any_text_gives_a_move_or_a_move_error(game: Game, text: str, index: int) -> None:
    states = sample_states(game)
    state = states[index % len(states)]
    try:
        move = game.parse_move(state, text)
    except MoveError as exc:
        assert str(exc)
    else:
        assert move in state.legal_moves()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.key)
def test_every_game_declares_its_endings_options_and_errors(game: Game) -> None:
    state = game.new_state()
    for player in game.players:
        assert state.resign(player, "time").outcome().reason in game.outcome_reasons  # type: ignore[union-attr]
        assert state.resign(player).outcome().reason in game.outcome_reasons  # type: ignore[union-attr]
    for option in game.option_spec:
        for word, value in option.words.items():
            assert option.read(word) == value
            game.new_state(**{option.name: value})  # every value a player can name is accepted
        for key in option.keys:
            assert option.read(f"{key}={option.low}") == option.low and option.read(f"{key}={option.high + 1}") is None
    if game.count_by_agreement:
        assert state.agree_to_count().outcome() is not None
    else:
        with pytest.raises(MoveError) as refused:
            state.agree_to_count()
        assert refused.value.code == "move.no_agreement"


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_why_illegal_agrees_with_the_legal_moves(game: Game, options: dict[str, Any]) -> None:
    """Every refusal names a declared code whose English words fill in, and legal moves have no reason."""
    from rules.errors import MESSAGES

    states, moves = random_game(game, options, seed=5, limit=60)
    for state, move in zip(states, moves, strict=False):
        assert state.why_illegal(move) is None
        for other_state in states[-3:]:
            if other_state is state or other_state.outcome() is not None:
                continue
            reason = other_state.why_illegal(move)
            if move in other_state.legal_moves():
                assert reason is None
            else:
                assert reason is not None and reason.code in MESSAGES and str(reason)


@pytest.mark.parametrize(("key", "text", "square"), [
    ("kamisado", "e9", "e9"), ("krepost", "@e13", "e13"), ("krepost", "@m4", "m4"), ("ashtarashki", "M1a9", "a9"),
    ("ashtarashki", "i3", "i3"),
])
def test_a_square_off_the_board_is_named_as_such(key: str, text: str, square: str) -> None:
    from rules import InvalidMoveError, get_game

    game = get_game(key)
    with pytest.raises(InvalidMoveError) as refused:
        game.parse_move(game.new_state(), text)
    assert refused.value.code == "move.off_board" and refused.value.params["square"] == square


def typed_from_taps(game: Game, taps: tuple[str, ...], takes: bool) -> str:
    """What a player would type for the move that ``taps`` make (``takes``: its last tap is a prisoner), in the
    game's own notation: a second way to name the move, where the notation's reader decides which move it is."""
    if game.key == "kamisado":
        return taps[0] if len(taps) == 1 else f"{taps[0]}-{taps[1]}"  # 'left' / 'right' between rounds
    if game.key == "ashtarashki":
        return ":".join(taps) if len(taps) > 2 else "-".join(taps)
    squares, prisoner = (taps[:-1], taps[-1]) if takes else (taps, None)
    text = f"@{squares[0]}" if len(squares) == 1 else "-".join(squares)
    return f"{text} x{prisoner}" if prisoner else text


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_taps_name_each_legal_move_as_its_notation_does(game: Game, options: dict[str, Any]) -> None:
    for seed in range(4):
        states, _ = random_game(game, options, seed, limit=400)
        for state in states[:: max(1, len(states) // 40)]:
            legal = list(state.legal_moves())
            taps = [game.taps(state, move) for move in legal]
            assert len(set(taps)) == len(taps)
            for move, tapped in zip(legal, taps, strict=True):
                typed = typed_from_taps(game, tapped, getattr(move, "prisoner", None) is not None)
                assert game.parse_move(state, typed) == move, (tapped, typed)
