"""Which puzzles of a set are given out: those whose answer the board does not already show.

A one-mover teaches something only when several moves are plausible: not a forced Kamisado tower's open
line home, not an Ashtarashki choice of three moves or fewer, not a Krepost stone filling the one free
neighbour of the one enemy detachment that has a single one. The others stay in the set, under their
numbers, for the sessions and ratings that name them.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from ai.puzzles import Puzzle, piece_of, shipped
from rules import get_game
from rules.krepost import KrepostState

MOTIF_AT_MOST = 3  # puzzles given out that do the same thing
ONE_TURN_SHARE = 6  # one-turn puzzles are at most one in this many of those given out


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
    """The puzzles of the set of ``game`` that are given out: those that teach, no motif more than
    :data:`MOTIF_AT_MOST` times (the first ones of the set kept), one-turn puzzles at most a sixth of them (those with
    a tempting wrong move first), and fewer without a tempting wrong first move than with one (those of the rarer themes
    kept first)."""
    seen: Counter[tuple[str, ...]] = Counter()
    varied = []
    for puzzle in shipped(game):
        if teaches(puzzle) and seen[motif(puzzle)] < MOTIF_AT_MOST:
            seen[motif(puzzle)] += 1
            varied.append(puzzle)
    longer = [p for p in varied if p.turns > 1]
    one_turn = sorted((p for p in varied if p.turns == 1), key=lambda p: (p.tempting == 0, p.number))
    allowed = {p.number for p in one_turn[:len(longer) // (ONE_TURN_SHARE - 1)]}  # one in six of all, at most
    chosen = [p for p in varied if p.turns > 1 or p.number in allowed]
    tempting = sum(p.tempting > 0 for p in chosen)
    themes = Counter(p.theme for p in chosen)
    plain = sorted((p for p in chosen if not p.tempting), key=lambda p: (themes[p.theme], p.number))  # rare themes first
    kept = {p.number for p in plain[:max(0, tempting - 1)]}  # most have a tempting wrong move
    return tuple(p for p in chosen if p.tempting or p.number in kept)


def pick(game: str, difficulty: str | None, rng: random.Random, avoid: frozenset[int] = frozenset(),
         theme: str | None = None) -> Puzzle | None:
    """A puzzle of ``game`` given out at ``difficulty`` and of ``theme`` (any when None), not one of ``avoid`` while
    others are left."""
    puzzles = [p for p in served(game) if (difficulty is None or p.difficulty == difficulty)
               and (theme is None or p.theme == theme)]
    fresh = [p for p in puzzles if p.number not in avoid] or puzzles
    return rng.choice(fresh) if fresh else None
