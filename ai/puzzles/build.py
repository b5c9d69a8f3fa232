"""Turning a position into a puzzle (:func:`make`) and proving a stored puzzle again (:func:`verify`).

A position makes a puzzle when the player to move forces the goal (see :func:`ai.puzzles.proof.goal`)
within a few turns, exactly one first move does it in that many turns, and along the line each turn of
the attacker has one move that keeps the win in time (on the last turn, any move that reaches the goal
is right). The defender plays the reply that holds out longest.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ai.puzzles import Puzzle
from ai.puzzles.proof import FAILED, GOES_ON, REACHED, Prover, Unsettled, goal
from rules import get_game
from rules.core import State

#: Every theme a puzzle may have (see :func:`theme_of`).
THEMES = ("race", "deadlock", "sumo", "clean", "blockade", "combination", "endgame", "prisoner", "fortress", "garrison")
#: The goals of the puzzles, by game: how "to play and …" ends.
GOALS = {"kamisado": ("round",), "ashtarashki": ("win", "clean"), "krepost": ("prisoner", "win")}
BASE_RATING, PER_TURN, PER_TEMPTING, MOST_TEMPTING = 800, 250, 40, 10
TEMPTING_UNIT = {"krepost": 10}


def move_key(move: Any) -> Hashable:
    """What makes two first moves the same answer: in Krepost the stone's way, whichever prisoner it takes."""
    squares = getattr(move, "squares", None)
    if squares is not None:
        way: Hashable = (squares[0], squares[-1])
        return way
    found: Hashable = move
    return found


class NotAPuzzle(Exception):
    """The position has no unique forced win of the kind puzzles show."""


def make(state: State, most: int, source: str = "levels", limit: int = 400_000, clean: bool = False) -> Puzzle:
    """The puzzle of ``state`` (number 0; a set numbers its puzzles) winning within ``most`` turns; with ``clean``
    (Ashtarashki), winning cleanly: its theme is then ``clean``.

    Raises :class:`NotAPuzzle` when ``state`` is none, :class:`~ai.puzzles.proof.Unsettled` when proving it
    needs more than ``limit`` positions.
    """
    attacker = state.to_play
    if attacker is None or state.phase != "play":
        raise NotAPuzzle("the game is over or waits for something else than a move")
    prover = Prover(attacker, limit, clean)
    turns = prover.distance(state, most)
    if turns is None:
        raise NotAPuzzle(f"no forced win within {most} turns")
    game = get_game(state.game_key)
    line: list[str] = []
    refutations: list[dict[str, str]] = []
    current, left = state, turns
    while True:
        winners = prover.winning_moves(current, left)
        keys = {move_key(move) for move in winners}
        if (left > 1 and len(winners) != 1) or (not line and len(keys) != 1):
            raise NotAPuzzle("more than one move keeps the win")
        move = winners[0]
        if left > 1:
            refutations.append(_refutations(prover, game, current, move, left))
        line.append(game.format_move(current, move))
        after = current.play(move)
        if prover.reaches_at_once(current, move):
            break
        left -= 1
        if after.to_play == attacker:
            current = after
            continue
        reply, needed = prover.longest_reply(after, left)
        line.append(game.format_move(after, reply))
        if needed == 0:
            break
        current, left = after.play(reply), needed
    tempting = _tempting(prover, state, line[0], turns) if turns > 1 else 0
    rating = rating_of(state.game_key, turns, tempting)
    return Puzzle(state.game_key, 0, state.to_dict(), attacker, turns, tuple(line), tuple(refutations),
                  theme_of(state, line, clean), rating, tempting, source)


def rating_of(game: str, turns: int, tempting: int) -> int:
    """A puzzle's starting rating: longer lines and more tempting wrong first moves make it harder. A Krepost turn
    has about a hundred choices where the other games have about ten, so its tempting moves count in tens."""
    unit = TEMPTING_UNIT.get(game, 1)
    return BASE_RATING + PER_TURN * (turns - 1) + round(PER_TEMPTING * min(tempting / unit, MOST_TEMPTING))


def _refutations(prover: Prover, game: Any, state: State, right: Any, left: int) -> dict[str, str]:
    """Every other move of the attacker's turn, with the defender's reply that refutes it."""
    found: dict[str, str] = {}
    for move in state.legal_moves():
        if move == right:
            continue
        after, result = prover.play(state, move)
        reply = None
        if result == GOES_ON and after.to_play != prover.attacker:
            reply = prover.refutation(after, left - 1)
        found[game.format_move(state, move)] = "" if reply is None else game.format_move(after, reply)
    return found


def _tempting(prover: Prover, state: State, first: str, turns: int) -> int:
    """The losing first moves that work against some reply: the defender has to find the answer."""
    game = get_game(state.game_key)
    count = 0
    for move in state.legal_moves():
        if game.format_move(state, move) == first:
            continue
        after, result = prover.play(state, move)
        if result != GOES_ON or after.to_play == prover.attacker:
            continue
        for reply in after.legal_moves():
            later, outcome = prover.play(after, reply)
            if outcome == REACHED or (outcome == GOES_ON and later.to_play == prover.attacker
                                      and prover.wins(later, turns - 1)):
                count += 1
                break
    return count


def theme_of(state: State, line: list[str], clean: bool = False) -> str:
    """The puzzle's theme, from how its line ends (see the ``puzzle.theme.*`` texts); ``clean`` for a puzzle whose
    goal is the clean win (a line to win that happens to take every stone is themed by how it wins)."""
    game = get_game(state.game_key)
    states = [state]
    for text in line:
        states.append(states[-1].play(game.parse_move(states[-1], text)))
    last = states[-1]
    if state.game_key == "kamisado":
        reason = last.rounds[-1].reason  # type: ignore[attr-defined]
        pushes = any(getattr(game.parse_move(before, text), "push", False) for before, text in zip(states, line, strict=False))
        return "sumo" if pushes else ("deadlock" if reason == "deadlock" else "race")
    if state.game_key == "ashtarashki":
        outcome = last.outcome()
        assert outcome is not None
        if clean:
            return "clean"
        if outcome.reason == "blocked":
            return "blockade"
        captures = [game.parse_move(before, text) for before, text in zip(states, line, strict=False)]
        mine = captures[0::2]
        if any(move.kind == "capture" and len(move.path) > 2 for move in mine) or (
                len(captures) > 1 and captures[1].kind == "capture"):
            return "combination"
        return "endgame"
    outcome = last.outcome()
    if outcome is not None and outcome.reason in ("fortress", "garrison"):
        return str(outcome.reason)
    return "prisoner"


def verify(puzzle: Puzzle, limit: int = 2_000_000) -> list[str]:
    """What is wrong with ``puzzle``, proven again from its position with the rules core (empty: sound)."""
    try:
        return _problems(puzzle, limit)
    except Unsettled:
        return [f"{puzzle.key}: not settled within {limit} positions"]
    except (ValueError, KeyError, TypeError) as error:  # a move or position that does not read
        return [f"{puzzle.key}: {error}"]


def _problems(puzzle: Puzzle, limit: int) -> list[str]:
    game = get_game(puzzle.game)
    state = puzzle.start()
    name = puzzle.key
    if state.to_play != puzzle.attacker:
        return [f"{name}: {puzzle.attacker} is not to move"]
    prover = Prover(puzzle.attacker, limit, puzzle.clean)
    if not prover.wins(state, puzzle.turns):
        return [f"{name}: no forced win in {puzzle.turns}"]
    if puzzle.turns > 1 and prover.wins(state, puzzle.turns - 1):
        return [f"{name}: a win in {puzzle.turns - 1} exists"]
    first = game.parse_move(state, puzzle.line[0])
    if not prover.move_wins(state, first, puzzle.turns):
        return [f"{name}: {puzzle.line[0]} does not win in {puzzle.turns}"]
    others = [m for m in prover.winning_moves(state, puzzle.turns) if move_key(m) != move_key(first)]
    if others:
        return [f"{name}: {game.format_move(state, others[0])} also wins"]
    problems: list[str] = []
    current, left, turn, result = state, puzzle.turns, 0, GOES_ON
    for index, text in enumerate(puzzle.line):
        move = game.parse_move(current, text)
        after = current.play(move)
        if current.to_play == puzzle.attacker:
            if left > 1:
                problems += _check_refutations(prover, game, current, move, left, puzzle.refutations[turn], name)
            if not prover.move_wins(current, move, left):
                problems.append(f"{name}: {text} does not win in {left}")
            left, turn = left - 1, turn + 1
        elif not prover.holds(current, left):
            problems.append(f"{name}: the defender escapes at {text}")
        result = goal(current, after, puzzle.attacker, puzzle.clean)
        if result == REACHED and index != len(puzzle.line) - 1:
            problems.append(f"{name}: the goal is reached before the line ends")
        if result == FAILED:
            problems.append(f"{name}: {text} loses the goal")
        current = after
        if problems:
            return problems
    if result != REACHED:
        problems.append(f"{name}: the line does not reach the goal")
    return problems


def _check_refutations(prover: Prover, game: Any, state: State, right: Any, left: int,
                       stored: Any, name: str) -> list[str]:
    texts = {game.format_move(state, m): m for m in state.legal_moves() if m != right}
    if set(texts) != set(stored):
        return [f"{name}: the refutations do not list every other move"]
    for text, move in texts.items():
        after, result = prover.play(state, move)
        reply_text = stored[text]
        if result == REACHED:
            return [f"{name}: {text} wins at once"]
        if not reply_text:
            if result == GOES_ON and prover._continues(after, left - 1):
                return [f"{name}: {text} also wins"]
            continue
        reply = game.parse_move(after, reply_text)
        later, outcome = prover.play(after, reply)
        if outcome == REACHED or (outcome == GOES_ON and prover._continues(later, left - 1)):
            return [f"{name}: {reply_text} does not refute {text}"]
    return []
