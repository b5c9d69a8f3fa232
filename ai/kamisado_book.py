"""The opening book that wins every single Kamisado round for the player who starts it.

The book is a proof: :func:`generate` runs the project's solver (:mod:`ai.kamisado_solver`) on a
round's start position and keeps, for every position of the proof where the starter is to move and
cannot win at once, the move that keeps the win. Everywhere else the starter wins at once (a
"strike": a tower with an open path to the goal row). :func:`verify` checks the book with the
rules core alone, against every reply of the second player.

Positions are stored from the point of view of a round started by Black; a round White starts is
the same round turned half a circle (the board's colours are symmetric that way).

    python -m ai.kamisado_book verify       # check the shipped book against the rules
    python -m ai.kamisado_book generate     # recompute it with the solver and write it

>>> from rules import get_game
>>> state = get_game("kamisado").new_state(match="single")
>>> book_move(state) in state.legal_moves()
True
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

from ai.kamisado_solver import FREE, WIN, Position, Solver, start_position, strike
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import COLOUR_INDEX, COLOURS, PLAYER_INDEX, SQUARE_INDEX, SQUARE_NAMES
from rules.kamisado.moves import START_SQUARES

BOOK_PATH = Path(__file__).with_name("data") / "kamisado_book.json"


def generate() -> dict[str, str]:
    """Solve the round's start for the starter and return the book: position key → move ``a1-b2``."""
    solver = Solver(attacker=0)
    if solver.prove(start_position()) is not True:
        raise RuntimeError("the solver did not prove the start position")
    book: dict[str, str] = {}
    seen: set[Position] = set()
    pending = [start_position()]
    while pending:
        position = pending.pop()
        if position in seen:
            continue
        seen.add(position)
        if position[16] == 0:
            if strike(position) is not None:
                continue
            for (tower, end), child, result in solver.children(position):
                if result == WIN or (child is not None and solver.numbers(child)[0] == 0):
                    book[_key(position)] = f"{SQUARE_NAMES[position[tower]]}-{SQUARE_NAMES[end]}"
                    if child is not None:
                        pending.append(child)
                    break
            else:
                raise RuntimeError(f"the proof has a gap at {_key(position)}")
        else:
            pending.extend(child for _, child, _ in solver.children(position) if child is not None)
    return dict(sorted(book.items()))


@cache
def load() -> dict[str, str]:
    """The shipped book."""
    data: dict[str, str] = json.loads(BOOK_PATH.read_text(encoding="utf-8"))["positions"]
    return data


def position_of(state: KamisadoState) -> Position | None:
    """The solver's position for a round without teeth, seen as a round started by Black, or None."""
    if state.phase != "play" or state.to_play is None or any(state.teeth):
        return None
    squares = state.squares
    player = PLAYER_INDEX[state.to_play]
    if state.starter == "white":
        squares = tuple(63 - square for square in squares[8:] + squares[:8])
        player = 1 - player
    forced = FREE if state.forced is None else COLOUR_INDEX[state.forced]
    return (*squares, player, forced)


def book_move(state: KamisadoState) -> KamisadoMove | None:
    """The move that keeps the starter's win in a round played from the book, or None off the book."""
    position = position_of(state)
    if position is None or position[16] != 0:
        return None
    hit = strike(position)
    if hit is not None:
        start, end = position[hit[0]], hit[1]
    else:
        text = load().get(_key(position))
        if text is None:
            return None
        start, end = (SQUARE_INDEX[name] for name in text.split("-"))
    if state.starter == "white":
        start, end = 63 - start, 63 - end
    wanted = (SQUARE_NAMES[start], SQUARE_NAMES[end])
    for move in state.legal_moves():
        if isinstance(move, KamisadoMove) and not move.push and (move.start, move.end) == wanted:
            return move
    return None


def verify(starter: str = "black") -> int:
    """Play the book against every reply of the other player; return how many positions were seen.

    Raises :class:`AssertionError` naming the position where the book fails to win.
    """
    from rules import get_game

    first = get_game("kamisado").new_state(match="single")
    assert isinstance(first, KamisadoState)
    if starter == "white":  # as in a series' second round
        first = dataclasses.replace(first, starter="white", to_play="white", _legal=None)
    seen: set[Any] = set()
    pending = [first]
    while pending:
        state = pending.pop()
        key = (state.squares, state.to_play, state.forced)
        if key in seen:
            continue
        seen.add(key)
        outcome = state.outcome()
        if outcome is not None:
            assert outcome.winner == starter, f"the book lost a round: {state.rounds[-1]} at {key}"
            continue
        if state.to_play == starter:
            move = book_move(state)
            assert move is not None, f"the book has no move at {key}"
            pending.append(state.play(move))
        else:
            pending.extend(state.play(move) for move in state.legal_moves())
    return len(seen)


def _key(position: Position) -> str:
    return " ".join(SQUARE_NAMES[square] for square in position[:16]) + f" {'bw'[position[16]]} " + (
        "free" if position[17] == FREE else COLOURS[position[17]]
    )


def _write(book: dict[str, str]) -> None:
    BOOK_PATH.parent.mkdir(exist_ok=True)
    data = {
        "about": "Kamisado single round: the starter's winning move in every position of the proof "
                 "where no tower can reach the goal row at once. Keys: the squares of Black's towers "
                 "then White's, in the colour order " + ", ".join(COLOURS) + "; the player to move; "
                 "the forced colour. Regenerate with: python -m ai.kamisado_book generate",
        "start": _key((*START_SQUARES, 0, FREE)),
        "positions": book,
    }
    BOOK_PATH.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.kamisado_book", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("generate", "verify"))
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if args.command == "generate":
        book = generate()
        _write(book)
        load.cache_clear()
        print(f"wrote {len(book)} positions to {BOOK_PATH} in {time.perf_counter() - began:.1f} s")
    for starter in ("black", "white"):
        count = verify(starter)
        print(f"verified: {starter} starting wins against every reply ({count} positions)")
    print(f"done in {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
