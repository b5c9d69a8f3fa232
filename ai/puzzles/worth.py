"""Which puzzles of a set are given out: those whose answer the board does not already show.

A one-mover teaches something only when several moves are plausible: not a forced Kamisado tower's open
line home, not an Ashtarashki choice of three moves or fewer, not a Krepost stone filling the one free
neighbour of the one enemy detachment that has a single one. The others stay in the set, under their
numbers, for the sessions and ratings that name them.
"""

from __future__ import annotations

import random
from functools import cache

from ai.puzzles import Puzzle, piece_of, shipped
from rules import get_game
from rules.krepost import KrepostState


def teaches(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is worth giving out (every puzzle of more than one turn is)."""
    if puzzle.turns > 1:
        return True
    state = puzzle.start()
    moves = state.legal_moves()
    if len(moves) <= 3 or len({piece_of(move) for move in moves}) <= 1:
        return False
    if isinstance(state, KrepostState):
        landing = get_game(puzzle.game).parse_move(state, puzzle.line[0]).squares[-1]
        return state.lone_liberties() != [landing]
    return True


def motif(puzzle: Puzzle) -> tuple[str, ...]:
    """What a puzzle's solution does, for counting how often a set repeats itself: its theme and the square the
    attacker's last move ends on (Krepost: a corner attack ending on k3 is one motif however it began), or the
    attacker's moves themselves in the other games."""
    game, state, attacker = get_game(puzzle.game), puzzle.start(), []
    for text in puzzle.line:
        if state.to_play == puzzle.attacker:
            attacker.append(text.split(" x")[0])
        state = state.play(game.parse_move(state, text))
    if puzzle.game == "krepost":
        return puzzle.theme, attacker[-1].split("-")[-1].lstrip("@")
    return (puzzle.theme, *attacker)


@cache
def served(game: str) -> tuple[Puzzle, ...]:
    """The puzzles of the set of ``game`` that are given out."""
    return tuple(p for p in shipped(game) if teaches(p))


def pick(game: str, difficulty: str | None, rng: random.Random, avoid: frozenset[int] = frozenset(),
         theme: str | None = None) -> Puzzle | None:
    """A puzzle of ``game`` given out at ``difficulty`` and of ``theme`` (any when None), not one of ``avoid`` while
    others are left."""
    puzzles = [p for p in served(game) if (difficulty is None or p.difficulty == difficulty)
               and (theme is None or p.theme == theme)]
    fresh = [p for p in puzzles if p.number not in avoid] or puzzles
    return rng.choice(fresh) if fresh else None
