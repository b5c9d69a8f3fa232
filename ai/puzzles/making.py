"""Making a game's puzzle set: positions from games the built-in levels play against each other (and,
when an operator asks, from the players' finished games), kept when :func:`ai.puzzles.build.make` proves
them puzzles.

Each game has a quick test that throws out most positions before the exhaustive proof, using the
game's own solver where it has one: the Kamisado round solver (a round without teeth must be a proven
win for the player to move), the Ashtarashki endgame prover (an endgame of few stones must be won, and
no other first move may win at all). Everything is seeded: the same seed makes the same set.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import ai
from ai.puzzles import Puzzle, position_key
from ai.puzzles.build import NotAPuzzle, make, move_key
from ai.puzzles.proof import Prover, Unsettled
from ai.puzzles.worth import teaches
from rules import get_game
from rules.core import State

if TYPE_CHECKING:
    from ai.ashtarashki.solver import EndgameSolver
    from ai.kamisado.solver import Solver as RoundSolver


class Tables:
    """The solvers the quick tests of one set share: what one position settled serves the next (a set's positions
    come in the order of the games they come from). Each set starts with tables of its own, so the same positions
    always give the same set, whatever was made before in the process."""

    ENTRIES = 2_000_000  # positions a table may hold before the next look starts a fresh one (memory)

    def __init__(self) -> None:
        self._endgames: EndgameSolver | None = None
        self._rounds: dict[int, RoundSolver] = {}

    def endgame_solver(self) -> EndgameSolver:
        """The Ashtarashki endgame solver, with 50,000 more positions to search."""
        from ai.ashtarashki.solver import EndgameSolver

        if self._endgames is None or self._endgames.positions > 2 * self.ENTRIES:
            self._endgames = EndgameSolver()
        self._endgames.node_limit = self._endgames.positions + 50_000
        return self._endgames

    def round_solver(self, attacker: int, nodes: int) -> RoundSolver:
        """The Kamisado round solver proving wins for ``attacker``, with ``nodes`` more positions to search."""
        from ai.kamisado.solver import Solver

        solver = self._rounds.get(attacker)
        if solver is None or len(solver.table) > self.ENTRIES:
            solver = self._rounds[attacker] = Solver(attacker=attacker)
        solver.limit = solver.nodes + nodes
        return solver


Look = Callable[[State, Tables], bool]


@dataclass(frozen=True)
class Recipe:
    """How one game's set is made: the levels that play, the longest win, the quick test, the quota per length."""

    options: dict[str, object]
    levels: tuple[tuple[str, int], ...]  # (level, fixed depth) of the players, drawn in turn
    most: int  # the attacker's most turns
    share: dict[int, float]  # the most of the set one length may take
    worth_a_look: Look
    first_ply: int = 0  # positions before this ply are not looked at
    limit: int = 300_000
    clean_look: Look | None = None  # the quick test for clean-win puzzles, in a game that has them


def _kamisado_look(state: State, tables: Tables) -> bool:
    from ai.kamisado.book import position_of

    position = position_of(state)  # type: ignore[arg-type]
    if position is None:  # a sumo position: a quick exhaustive look for a short win is the test
        return Prover(state.to_play or "", limit=20_000).distance(state, SUMO_MOST) is not None
    return tables.round_solver(position[16], 30_000).prove(position) is True


SUMO_MOST = 3  # the longest wins looked for in positions where towers have teeth


def _ashtarashki_look(state: State, tables: Tables) -> bool:
    from ai.ashtarashki.solver import Unsolved, active_stones

    if active_stones(state) > 9:  # type: ignore[arg-type]
        return False
    solver = tables.endgame_solver()
    try:
        if not solver.won(state):  # type: ignore[arg-type]
            return False
        winners = [m for m in state.legal_moves() if _wins_after(solver, state.play(m), state.to_play)]
    except Unsolved:
        return False
    return len(winners) == 1


def _ashtarashki_clean_look(state: State, tables: Tables) -> bool:
    """An endgame of few stones where the player to move forces a clean win (how fast is for the proof)."""
    from ai.ashtarashki.solver import Unsolved, active_stones

    if active_stones(state) > 9:  # type: ignore[arg-type]
        return False
    solver = tables.endgame_solver()
    try:
        return solver.wins_cleanly(state)  # type: ignore[arg-type]
    except Unsolved:
        return False


def _wins_after(solver: object, after: State, mover: str | None) -> bool:
    outcome = after.outcome()
    if outcome is not None:
        return outcome.winner == mover
    return not solver.won(after)  # type: ignore[attr-defined]


def _krepost_look(state: State, _tables: Tables) -> bool:
    """A prisoner (or the game) now, a turn after which the attacker would have one if it moved again, or a stone
    that can reach the square in front of the enemy's empty fortress: only then can a forced prisoner or a
    break into the fortress within two turns exist. Looked at on the compiled board."""
    import numpy as np

    from ai.krepost.core import MAX_MOVES, RESULT, TO_MOVE, arrays, generate, play, tables

    if _before_empty_fortress(state):
        return True

    neighbours, flags, _ = tables(state.fortress_size)  # type: ignore[attr-defined]
    board, info, params = arrays(state)  # type: ignore[arg-type]
    out, again = np.zeros(MAX_MOVES, np.int64), np.zeros(MAX_MOVES, np.int64)
    mover = info[TO_MOVE]
    for code in out[: generate(board, info, neighbours, flags, out)].tolist():
        if code >> 16:
            return True
        after, after_info = board.copy(), info.copy()
        play(after, after_info, params, neighbours, flags, code)
        if after_info[RESULT] == mover:
            return True
        after_info[TO_MOVE] = mover
        if any(c >> 16 for c in again[: generate(after, after_info, neighbours, flags, again)].tolist()):
            return True
    return False


def _before_empty_fortress(state: State) -> bool:
    """Whether the enemy's fortress is empty and a move of the player to play ends in front of its opening."""
    from rules.krepost.geometry import SQUARE_INDEX, geometry

    enemy = 1 if state.to_play == "white" else 0
    shape = geometry(state.fortress_size)  # type: ignore[attr-defined]
    if state.stones[enemy] & shape.fortress[enemy]:  # type: ignore[attr-defined]
        return False
    return any(SQUARE_INDEX[move.squares[-1]] == shape.front[enemy] for move in state.legal_moves())


RECIPES: dict[str, Recipe] = {
    "kamisado": Recipe({"match": "standard"}, (("easy", 1), ("normal", 2), ("beginner", 0)), 7,
                       {1: 0.2, 2: 0.35, 3: 0.35}, _kamisado_look, first_ply=2, limit=80_000),
    "ashtarashki": Recipe({}, (("easy", 1), ("normal", 2), ("normal", 1)), 5,
                          {1: 0.3, 2: 0.35}, _ashtarashki_look, first_ply=20, clean_look=_ashtarashki_clean_look),
    "krepost": Recipe({}, (("easy", 1), ("normal", 1), ("beginner", 0)), 2,
                      {1: 0.5}, _krepost_look, first_ply=8, limit=150_000),
}


def self_play(game_key: str, seed: int) -> Iterator[State]:
    """The positions of an endless series of games between the recipe's levels, in order (the same for a seed)."""
    recipe = RECIPES[game_key]
    game = get_game(game_key)
    rng = random.Random(seed)
    while True:
        white, black = rng.choice(recipe.levels), rng.choice(recipe.levels)
        state = game.new_state(**recipe.options)
        ply = 0
        while not state.is_over and ply < 400:
            if state.phase == "play" and ply >= recipe.first_ply:
                yield state
            level, depth = white if state.to_play == "white" else black
            if level == "beginner" or rng.random() < 0.1:
                move = rng.choice(list(state.legal_moves()))
            else:
                move = ai.choose(state, level=level, depth=depth, seed=rng.randrange(2**31))
            state = state.play(move)
            ply += 1


def arranged(game_key: str, seed: int, kind: str = "") -> Iterator[State]:
    """Positions set up on purpose rather than reached in play, for the themes the levels' games seldom give:
    Kamisado towers crowded in the middle ranks, where a round can end in deadlock, Ashtarashki endgames of a few
    stones, where a side can be taken off the board or White must take stones before it can finish (combinations),
    and Krepost attackers near a fortress left empty, or (``kind`` ``skirmish``) small detachments of both sides met
    anywhere on the board, where prisoners are taken away from the corners the levels' games keep to (the same for a
    seed; every position the rules accept, with a move to make)."""
    kinds = _ARRANGERS[game_key]
    make_one = kinds[kind] if kind else next(iter(kinds.values()))
    game = get_game(game_key)
    rng = random.Random(seed)
    while True:
        try:
            state = game.state_from_dict(make_one(game, rng))
        except (ValueError, KeyError):
            continue
        if not state.is_over and state.legal_moves():
            yield state


def _kamisado_crowd(game: Any, rng: random.Random) -> dict[str, Any]:
    from rules.kamisado.board import COLOURS, SQUARE_COLOUR, SQUARE_NAMES

    squares = rng.sample([square for square in range(64) if 1 <= square // 8 <= 6], 16)
    towers = {player: {colour: SQUARE_NAMES[squares[8 * side + n]] for n, colour in enumerate(COLOURS)}
              for side, player in enumerate(("black", "white"))}
    to_play = rng.choice(("black", "white"))
    last_moved = rng.randrange(8)  # the other player's tower that moved last: its square's colour is forced
    forced = COLOURS[SQUARE_COLOUR[squares[(8 if to_play == "black" else 0) + last_moved]]]
    position: dict[str, Any] = game.new_state(match="single").to_dict()
    position.update(towers=towers, to_play=to_play, forced=forced)
    return position


def _ashtarashki_ending(game: Any, rng: random.Random) -> dict[str, Any]:
    from rules.ashtarashki.board import SQUARE_NAMES

    def dark(low: int, high: int) -> list[int]:
        return [square for square in range(64) if (square % 8 + square // 8) % 2 == 0 and low <= square // 8 <= high]

    if rng.random() < 0.5:  # White, to play, with three or four stones short of its finish; Black's one or two far
        white = rng.sample(dark(1, 4), rng.randint(3, 4))
        black = rng.sample([square for square in dark(3, 6) if square not in white], rng.randint(1, 2))
        states = "MMMV"
    else:  # a melee: White's three full stones among Black's four, so White must take stones before it can finish
        white = rng.sample(dark(3, 6), 3)
        black = rng.sample([square for square in dark(3, 7) if square not in white], 4)
        states = "M"
    stones = [{"square": SQUARE_NAMES[square], "player": player, "state": rng.choice(states), "number": rng.randint(1, 3)}
              for player, squares in (("white", white), ("black", black)) for square in squares]
    position: dict[str, Any] = game.new_state().to_dict()
    position.update(stones=stones, to_play="white")
    return position


def _krepost_breach(game: Any, rng: random.Random) -> dict[str, Any]:
    from rules.krepost.geometry import SIZE, SQUARE_NAMES, geometry, squares_of

    shape = geometry("3x2")
    squares = range(SIZE * SIZE)
    near_fortress = [s for s in squares if 5 <= s // SIZE <= 9 and s % SIZE <= 5 and s != shape.front[1]]
    far_side = [s for s in squares if s // SIZE >= 6 and not shape.fortress[1] >> s & 1 and s != shape.front[1]]
    # White, to play, with a garrison at home and stones on the way to Black's fortress, which Black (every
    # stone placed) left empty.
    garrison = rng.sample(squares_of(shape.fortress[0]), rng.randint(2, 4))
    attackers = rng.sample(near_fortress, rng.randint(5, 11))
    defenders = rng.sample([s for s in far_side if s not in attackers], rng.randint(8, 16))
    position: dict[str, Any] = game.new_state().to_dict()
    position.update(white=[SQUARE_NAMES[s] for s in garrison + attackers], black=[SQUARE_NAMES[s] for s in defenders],
                    in_hand={"white": rng.randint(0, 4), "black": 0}, prisoners={"white": rng.randint(0, 3),
                                                                                   "black": rng.randint(0, 3)},
                    to_play="white", quiet=0)
    return position


def _krepost_skirmish(game: Any, rng: random.Random) -> dict[str, Any]:
    from rules.krepost.geometry import SIZE, SQUARE_NAMES, geometry, squares_of

    shape = geometry("3x2")
    walled = shape.fortress[0] | shape.fortress[1]
    # Ten to eighteen stones, split between the sides, within three squares of some middle square; each garrison two.
    across, up = rng.randint(2, 9), rng.randint(3, 8)
    near = [s for s in range(SIZE * SIZE) if abs(s % SIZE - across) <= 3 and abs(s // SIZE - up) <= 3 and not walled >> s & 1]
    stones = rng.sample(near, rng.randint(10, 18))
    cut = rng.randint(4, len(stones) - 4)
    white, black = stones[:cut] + squares_of(shape.fortress[0])[:2], stones[cut:] + squares_of(shape.fortress[1])[:2]
    position: dict[str, Any] = game.new_state().to_dict()
    position.update(white=[SQUARE_NAMES[s] for s in white], black=[SQUARE_NAMES[s] for s in black], to_play="white",
                    in_hand={"white": rng.randint(0, 6), "black": rng.randint(0, 6)}, quiet=0)
    return position


#: Each game's ways of setting positions up (the first is its default), by name.
_ARRANGERS: dict[str, dict[str, Callable[[Any, random.Random], dict[str, Any]]]] = {
    "kamisado": {"crowd": _kamisado_crowd}, "ashtarashki": {"ending": _ashtarashki_ending},
    "krepost": {"breach": _krepost_breach, "skirmish": _krepost_skirmish}}
ARRANGEMENTS = {game: tuple(kinds) for game, kinds in _ARRANGERS.items()}


PARTS = 2  # a set is made in this many parts, each from its own seeded games, side by side


def made_by_levels(game_key: str, count: int, seed: int, report: bool = False) -> list[Puzzle]:
    """``count`` puzzles of ``game_key`` from the levels' games: :data:`PARTS` parts, each from its own series of
    games seeded from ``seed``, made side by side and put together in order (the same set for a seed). With
    ``report`` the parts say how far they are on standard error."""
    share = -(-count // PARTS)
    with ProcessPoolExecutor(PARTS) as pool:
        parts = list(pool.map(_part, [game_key] * PARTS, [share] * PARTS, [seed * 1000 + k for k in range(PARTS)],
                              [report] * PARTS))
    merged = [puzzle for part in parts for puzzle in part][:count]
    return [replace(puzzle, number=number) for number, puzzle in enumerate(merged, 1)]


def _part(game_key: str, count: int, seed: int, report: bool) -> list[Puzzle]:
    began = time.perf_counter()

    def progress(looked: int, found: int) -> None:
        print(f"{game_key} ({seed}): {looked} positions looked at, {found} puzzles, {time.perf_counter() - began:.0f} s",
              file=sys.stderr, flush=True)

    return collect(game_key, self_play(game_key, seed), count, "levels", progress if report else None)


def from_records(lines: Iterable[str], game_key: str) -> Iterator[State]:
    """The positions of finished games given as records (one JSON record a line, as the bot exports them)."""
    game = get_game(game_key)
    for line in lines:
        if not line.strip():
            continue
        record = json.loads(line)
        if record.get("game") != game_key:
            continue
        state = game.new_state(**record.get("options", {}))
        for text in record["moves"]:
            if text.startswith("!"):
                break
            if state.phase == "play":
                yield state
            state = state.play(game.parse_move(state, text))


def collect(game_key: str, positions: Iterable[State], count: int, source: str = "levels",
            progress: Callable[[int, int], None] | None = None, themes: frozenset[str] | None = None,
            known: Iterable[Puzzle] = (), deadline: float | None = None) -> list[Puzzle]:
    """The first ``count`` puzzles found among ``positions``, numbered from 1, no position twice (nor one of
    ``known``) and no length over its share of the set; with ``themes``, only puzzles of those themes, and only
    one-movers worth giving out (``clean`` alone: puzzles whose goal is the clean win); with ``deadline`` (a
    ``time.monotonic()`` value), what was found by then."""
    recipe = RECIPES[game_key]
    clean = themes == frozenset({"clean"})
    look = recipe.clean_look if clean else recipe.worth_a_look
    if look is None:
        raise ValueError(f"{game_key} has no clean-win puzzles")
    tables = Tables()
    found: list[Puzzle] = []
    seen: set[str] = {position_key(puzzle) for puzzle in known}
    per_length: dict[int, int] = {}
    recent: deque[tuple[str, object]] = deque(maxlen=4)
    looked = 0
    for state in positions:
        if deadline is not None and time.monotonic() > deadline:
            break
        looked += 1
        if progress is not None and looked % 200 == 0:
            progress(looked, len(found))
        key = json.dumps(state.to_dict(), sort_keys=True)
        if key in seen or not _only_one_first_move_worth_it(state):
            continue
        seen.add(key)
        try:
            if not look(state, tables):
                continue
            puzzle = make(state, recipe.most, source, recipe.limit, clean)
        except (NotAPuzzle, Unsettled):
            continue
        if themes is not None and (puzzle.theme not in themes or not teaches(puzzle)):
            continue
        first = move_key(get_game(game_key).parse_move(state, puzzle.line[0]))
        if (puzzle.attacker, first) in recent or position_key(puzzle) in seen:
            continue  # the same blow, one move later in the same game; or the same position reached another way
        seen.add(position_key(puzzle))
        cap = recipe.share.get(puzzle.turns)
        if themes is None and cap is not None and per_length.get(puzzle.turns, 0) >= cap * count:
            continue
        recent.append((puzzle.attacker, first))
        per_length[puzzle.turns] = per_length.get(puzzle.turns, 0) + 1
        found.append(replace(puzzle, number=len(found) + 1))
        if len(found) >= count:
            break
    return found


def _only_one_first_move_worth_it(state: State) -> bool:
    """False when the position has a single move (a puzzle needs a choice)."""
    moves = state.legal_moves()
    return len({move_key(move) for move in moves}) > 1
