"""A Kamisado match in the terminal: two local players, or one player against a random mover."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TextIO

from ai import random_move
from render.text import kamisado_diagram
from rules import MoveError, get_game
from rules.kamisado import KamisadoState

HELP = """Type a move, for example: 'purple ↖5', 'purple left 5', 'l5', '4', 'e5' or 'c1-e3'.
After a won round the winner types 'left' or 'right' to refill the home rows.
Other commands: moves (list the legal moves), resign, help, quit."""


def play_match(
    read: Callable[[str], str],
    out: TextIO,
    *,
    match: str = "standard",
    opponent: str = "random",
    human: str = "black",
    seed: int | None = None,
) -> KamisadoState:
    """Play a match, reading each line with ``read(prompt)`` and writing to ``out``; return the last state.

    ``opponent`` is ``"random"`` (the computer plays the side that is not ``human``) or
    ``"human"`` (both sides type their moves). End of input ends the game.
    """
    game = get_game("kamisado")
    state = game.new_state(match=match)
    assert isinstance(state, KamisadoState)
    rng = random.Random(seed)
    print(f"Kamisado, {match} match. {HELP}", file=out)
    while state.outcome() is None:
        print("\n" + kamisado_diagram(state, perspective=human), file=out)
        print(_status(state), file=out)
        if opponent == "random" and state.to_play != human:
            move = random_move(state, rng)
            print(f"The computer plays {game.format_move(state, move)}", file=out)
            state = _play(state, move, out)
            continue
        try:
            text = read(f"{state.to_play}> ")
        except EOFError:
            print("\nGoodbye.", file=out)
            return state
        command = text.strip().lower()
        if command in ("quit", "exit"):
            print("Goodbye.", file=out)
            return state
        if command == "help":
            print(HELP, file=out)
        elif command == "moves":
            print(", ".join(game.format_move(state, m) for m in state.legal_moves()), file=out)
        elif command == "resign":
            state = state.resign(state.to_play or "black")
        else:
            try:
                move = game.parse_move(state, text)
            except MoveError as exc:
                print(f"✗ {exc}", file=out)
                continue
            state = _play(state, move, out)
    print("\n" + kamisado_diagram(state, perspective=human), file=out)
    for line in game.summary(state):
        print(line, file=out)
    return state


def _play(state: KamisadoState, move: Any, out: TextIO) -> KamisadoState:
    after = state.play(move)
    for passed in after.passes:
        print(f"{passed.player}'s {passed.colour} tower on {passed.square} is blocked: {passed.player} passes", file=out)
    if after.round != state.round or after.phase != state.phase:
        for result in after.rounds[len(state.rounds):]:
            print(f"Round {result.number} won by {result.winner} ({result.reason.replace('_', ' ')}).", file=out)
    return after


def _status(state: KamisadoState) -> str:
    score = state.score
    head = f"Round {state.round} · black {score['black']} : {score['white']} white · first to {state.target}"
    if state.phase == "refill":
        return f"{head}\n{state.to_play} won the round: refill from the 'left' or the 'right'?"
    if state.forced is None:
        return f"{head}\n{state.to_play} to move: any tower (first move of the round)"
    return f"{head}\n{state.to_play} to move the {state.forced} tower ({state.square_of(state.to_play or 'black', state.forced)})"
