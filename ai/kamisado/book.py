"""The opening book of single Kamisado rounds: proven winning moves for both players.

The book is made of proofs. :func:`generate` runs the project's solver (:mod:`ai.kamisado.solver`)
on a round's start position and keeps, for every position of the proof where the starter is to
move and cannot win at once, the move that keeps the win. It then does the same for the second
player wherever the starter leaves its book with a move the solver proves lost: any first move but
the book's, and any later move but the book's or a win at once (the "replies"). So a second player
facing a starter who gives the round away, on the first move or later, never loses it, whatever the
time budget.
Everywhere else in a proof the winner wins at once (a "strike": a tower with an open path to
the goal row). :func:`verify` and :func:`verify_replies` check the book with the rules core
alone, against every move of the losing player.

Positions are stored from the point of view of a round started by Black; a round White starts is
the same round turned half a circle (the board's colours are symmetric that way).

    python -m ai.kamisado.book verify       # check the shipped book against the rules
    python -m ai.kamisado.book generate     # recompute it with the solver and write it (minutes)

>>> from rules import get_game
>>> state = get_game("kamisado").new_state(match="single")
>>> book_move(state) in state.legal_moves()
True
>>> weak = next(m for m in state.legal_moves() if (m.start, m.end) == ("d8", "d7"))
>>> reply = book_move(state.play(weak))
>>> reply in state.play(weak).legal_moves()
True
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

from ai.kamisado.solver import FREE, WIN, Position, Solver, moves, start_position, strike, successor
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import COLOUR_INDEX, COLOURS, PLAYER_INDEX, SQUARE_INDEX, SQUARE_NAMES
from rules.kamisado.moves import START_SQUARES

BOOK_PATH = Path(__file__).parents[1] / "data" / "kamisado_book.json"
REPLY_LIMIT = 2_000_000  # solver positions per departure from the book; the hardest needs about 330,000


def generate() -> dict[str, str]:
    """Solve the round's start for the starter and return the book: position key → move ``a1-b2``."""
    solver = Solver(attacker=0)
    if solver.prove(start_position()) is not True:
        raise RuntimeError("the solver did not prove the start position")
    book: dict[str, str] = {}
    _extract(solver, start_position(), book)
    return dict(sorted(book.items()))


def generate_replies(limit: int = REPLY_LIMIT, workers: int = 1, book: dict[str, str] | None = None,
                     count: int | None = None) -> dict[str, str]:
    """The second player's book: a proven win after every departure from the starter's book that loses.

    ``book`` is the starter's (default: the shipped one); :func:`departures` lists where the starter
    can leave it, and the first ``count`` of them (default all) are solved. A departure the solver
    proves still winning for the starter has no replies; one it cannot settle within ``limit``
    positions raises :class:`RuntimeError`. ``workers`` processes share the work; the result does not
    depend on how many.
    """
    roots = departures(shipped()["positions"] if book is None else book)[:count]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_replies_after, roots, [limit] * len(roots), chunksize=16))
    else:
        parts = [_replies_after(root, limit) for root in roots]
    replies: dict[str, str] = {}
    for part in parts:  # where two proofs meet, the earlier departure's choice stands
        for key, move in part.items():
            replies.setdefault(key, move)
    return dict(sorted(replies.items()))


def departures(book: dict[str, str]) -> list[Position]:
    """Every position, round not over, that a move other than the starter's choice leads to, in key order.

    The starter's choice is its book move, or a win at once where it has one; the positions are
    those the book reaches against every reply of the other player.
    """
    found: set[Position] = set()
    for position, chosen in _starter_positions(book):
        for tower, end in moves(position):
            if (tower, end) != chosen:
                child, _ = successor(position, tower, end)
                if child is not None:
                    found.add(child)
    return sorted(found, key=position_key)


def _starter_positions(book: dict[str, str]) -> list[tuple[Position, tuple[int, int]]]:
    """The starter's positions the book reaches against every reply, each with the starter's choice."""
    chosen: dict[Position, tuple[int, int]] = {}
    seen: set[Position] = set()
    pending = [start_position()]
    while pending:
        position = pending.pop()
        if position in seen:
            continue
        seen.add(position)
        if position[16] == 0:
            choice = strike(position)
            if choice is None:
                start, end = (SQUARE_INDEX[name] for name in book[position_key(position)].split("-"))
                choice = (position[:16].index(start), end)
                child, _ = successor(position, *choice)
                assert child is not None, "a book move neither reaches the goal (no strike here) nor loses"
                pending.append(child)
            chosen[position] = choice
        else:
            pending.extend(child for child, _ in (successor(position, *move) for move in moves(position)) if child is not None)
    return list(chosen.items())


def _replies_after(root: Position, limit: int) -> dict[str, str]:
    solver = Solver(attacker=1, limit=limit)
    proved = solver.prove(root)
    if proved is None:
        raise RuntimeError(f"the solver did not settle {position_key(root)} within {limit} positions")
    book: dict[str, str] = {}
    if proved:
        _extract(solver, root, book)
    return book


def _extract(solver: Solver, root: Position, book: dict[str, str]) -> None:
    """Add to ``book`` the attacker's proven move in every position of the proof of ``root``."""
    seen: set[Position] = set()
    pending = [root]
    while pending:
        position = pending.pop()
        if position in seen:
            continue
        seen.add(position)
        if position[16] == solver.attacker:
            if strike(position) is not None:
                continue
            for (tower, end), child, result in solver.children(position):
                if result == WIN or (child is not None and solver.numbers(child)[0] == 0):
                    book.setdefault(position_key(position), f"{SQUARE_NAMES[position[tower]]}-{SQUARE_NAMES[end]}")
                    if child is not None:
                        pending.append(child)
                    break
            else:
                raise RuntimeError(f"the proof has a gap at {position_key(position)}")
        else:
            pending.extend(child for _, child, _ in solver.children(position) if child is not None)


@cache
def shipped() -> dict[str, dict[str, str]]:
    """The shipped book's two parts: ``positions`` (the starter's) and ``replies`` (the second player's)."""
    data = json.loads(BOOK_PATH.read_text(encoding="utf-8"))
    return {"positions": data["positions"], "replies": data["replies"]}


@cache
def load() -> dict[str, str]:
    """Every position of the shipped book with its winning move."""
    parts = shipped()
    return {**parts["positions"], **parts["replies"]}


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
    """The move that keeps the win of the player to move in a position of the book, or None off the book."""
    position = position_of(state)
    if position is None:
        return None
    hit = strike(position)
    if hit is not None:
        start, end = position[hit[0]], hit[1]
    else:
        text = load().get(position_key(position))
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
    """Play the starter's book against every reply of the other player; return how many positions were seen.

    Raises :class:`AssertionError` naming the position where the book fails to win.
    """
    return _play_out(_first_state(starter), starter)


def verify_replies(starter: str = "black") -> tuple[int, int]:
    """Play the second player's book after every departure from the starter's book it covers, against every move.

    Walks the starter's book against every reply; wherever the starter could play another move
    than the book's and the second player's book has the position, plays that book against every
    move of the starter. Returns how many departures are covered and how many positions were seen;
    raises :class:`AssertionError` naming the position where the book fails to win.
    """
    second = "white" if starter == "black" else "black"
    covered: dict[Any, KamisadoState] = {}
    walked: set[Any] = set()
    pending = [_first_state(starter)]
    while pending:
        state = pending.pop()
        if _state_key(state) in walked or state.outcome() is not None:
            continue
        walked.add(_state_key(state))
        if state.to_play == second:
            pending.extend(state.play(move) for move in state.legal_moves())
            continue
        chosen = book_move(state)
        assert chosen is not None, f"the book has no move at {_state_key(state)}"
        for move in state.legal_moves():
            after = state.play(move)
            if move == chosen:
                pending.append(after)
            elif after.outcome() is None and after.to_play == second and book_move(after) is not None:
                covered.setdefault(_state_key(after), after)
    return len(covered), sum(_play_out(after, second) for after in covered.values())


def _first_state(starter: str) -> KamisadoState:
    from rules import get_game

    first = get_game("kamisado").new_state(match="single")
    assert isinstance(first, KamisadoState)
    if starter == "white":  # as in a series' second round
        first = dataclasses.replace(first, starter="white", to_play="white", _legal=None)
    return first


def _play_out(first: KamisadoState, winner: str) -> int:
    seen: set[Any] = set()
    pending = [first]
    while pending:
        state = pending.pop()
        key = _state_key(state)
        if key in seen:
            continue
        seen.add(key)
        outcome = state.outcome()
        if outcome is not None:
            assert outcome.winner == winner, f"the book lost a round: {state.rounds[-1]} at {key}"
            continue
        if state.to_play == winner:
            move = book_move(state)
            assert move is not None, f"the book has no move at {key}"
            pending.append(state.play(move))
        else:
            pending.extend(state.play(move) for move in state.legal_moves())
    return len(seen)


def _state_key(state: KamisadoState) -> tuple[Any, ...]:
    return state.squares, state.to_play, state.forced


def position_key(position: Position) -> str:
    """The book's key of a position: the towers' squares, Black's then White's, the player to move, the forced colour."""
    return " ".join(SQUARE_NAMES[square] for square in position[:16]) + f" {'bw'[position[16]]} " + (
        "free" if position[17] == FREE else COLOURS[position[17]]
    )


def _write(book: dict[str, str], replies: dict[str, str]) -> None:
    BOOK_PATH.parent.mkdir(exist_ok=True)
    data = {
        "about": "Kamisado single round: in 'positions' the starter's winning move in every position of the "
                 "proof where no tower can reach the goal row at once; in 'replies' the same for the second "
                 "player wherever the starter leaves its book with a move that loses. Keys: the squares of Black's towers "
                 "then White's, in the colour order " + ", ".join(COLOURS) + "; the player to move; "
                 "the forced colour. Regenerate with: python -m ai.kamisado.book generate",
        "start": position_key((*START_SQUARES, 0, FREE)),
        "positions": book,
        "replies": replies,
    }
    BOOK_PATH.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.kamisado.book", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("generate", "verify"))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the replies")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if args.command == "generate":
        book = generate()
        replies = generate_replies(workers=args.workers, book=book)
        _write(book, replies)
        shipped.cache_clear()
        load.cache_clear()
        print(f"wrote {len(book)} + {len(replies)} positions to {BOOK_PATH} in {time.perf_counter() - began:.1f} s")
    for starter in ("black", "white"):
        count = verify(starter)
        print(f"verified: {starter} starting wins against every reply ({count} positions)")
        covered, seen = verify_replies(starter)
        print(f"verified: {'white' if starter == 'black' else 'black'} answers {covered} losing departures from "
              f"that book with a win against every move ({seen} positions)")
    print(f"done in {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
