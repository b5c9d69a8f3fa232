"""Exhaustive proofs of short forced wins, on the rules core's own states.

A puzzle's *goal* depends on its game (:func:`goal`): in Kamisado winning the round, in Ashtarashki
winning the game (or, for a clean-win puzzle, winning it cleanly: no enemy stone left), in Krepost taking a
prisoner or winning. :class:`Prover` answers "does the attacker,
to move, reach the goal within ``n`` of its own turns whatever the defender does?" by searching every
move of both sides (the attacker's until one works, the defender's until one holds), remembering what
it settled. It knows nothing of the engines: it plays the rules core's moves, so it also checks what
the faster solvers of :mod:`ai.puzzles.making` found.

>>> from rules import get_game
>>> state = get_game("ashtarashki").new_state(position="White: M1 g7. Black: M1 a7. White to move.")
>>> prover = Prover(state.to_play)
>>> prover.distance(state, 3)
1
"""

from __future__ import annotations

from typing import Any

from rules.core import State
from rules.krepost.geometry import SQUARE_INDEX, geometry

REACHED, FAILED, GOES_ON = 1, -1, 0
NODE_LIMIT = 400_000  # positions one question may visit before it is given up


class Unsettled(Exception):
    """The question needs more positions than the prover's limit."""


def goal(before: State, after: State, attacker: str, clean: bool = False) -> int:
    """Whether the move from ``before`` to ``after`` reached the attacker's goal (:data:`REACHED`), ended its
    hopes (:data:`FAILED`: the defender scored or won; with ``clean``, also a win that left an enemy stone) or
    neither (:data:`GOES_ON`)."""
    outcome = after.outcome()
    if outcome is not None:
        won = outcome.winner == attacker and (not clean or outcome.reason == "no_stones")
        return REACHED if won else FAILED
    if before.game_key == "kamisado":
        rounds_before, rounds_after = before.rounds, after.rounds  # type: ignore[attr-defined]
        if len(rounds_after) > len(rounds_before):
            return REACHED if rounds_after[-1].winner == attacker else FAILED
    elif before.game_key == "krepost":
        mine = 0 if attacker == "white" else 1
        taken_before, taken_after = before.prisoners, after.prisoners  # type: ignore[attr-defined]
        if taken_after[1 - mine] > taken_before[1 - mine]:
            return FAILED
        if taken_after[mine] > taken_before[mine]:
            return REACHED
    return GOES_ON


def may_reach_at_once(state: State, move: Any) -> bool:
    """False for a move that surely does not reach the goal by itself (in Krepost: no prisoner taken and no
    stone into the enemy's fortress); True when it may."""
    if state.game_key != "krepost" or getattr(move, "prisoner", None) is not None:
        return True
    enemy = 1 if state.to_play == "white" else 0
    fortress = geometry(state.fortress_size).fortress[enemy]  # type: ignore[attr-defined]
    return bool(fortress >> SQUARE_INDEX[move.squares[-1]] & 1)


class Prover:
    """Bounded AND/OR search for one attacker (with ``clean``, for a clean win); it remembers every answer, so one
    puzzle's questions are quick."""

    def __init__(self, attacker: str, limit: int = NODE_LIMIT, clean: bool = False) -> None:
        self.attacker = attacker
        self.limit = limit
        self.clean = clean
        self.nodes = 0
        self._wins: dict[tuple[State, int], bool] = {}
        self._holds: dict[tuple[State, int], bool] = {}

    def play(self, state: State, move: Any) -> tuple[State, int]:
        """The state after ``move`` and what it did for the goal (each call counts against the limit)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise Unsettled
        after = state.play(move)
        return after, goal(state, after, self.attacker, self.clean)

    def wins(self, state: State, turns: int) -> bool:
        """Whether the attacker, to move in ``state``, reaches the goal within ``turns`` of its turns."""
        key = (state, turns)
        known = self._wins.get(key)
        if known is None:
            moves = state.legal_moves()
            if turns == 1:
                moves = [move for move in moves if may_reach_at_once(state, move)]
            known = any(self.move_wins(state, move, turns) for move in moves)
            self._wins[key] = known
        return known

    def move_wins(self, state: State, move: Any, turns: int) -> bool:
        """Whether the attacker's ``move`` reaches the goal within ``turns`` turns (this one included)."""
        after, result = self.play(state, move)
        if result != GOES_ON:
            return result == REACHED
        return self._continues(after, turns - 1)

    def _continues(self, state: State, turns: int) -> bool:
        """Whether the attacker still gets there from ``state`` (anyone to move) with ``turns`` turns left."""
        if state.to_play == self.attacker:
            return turns > 0 and self.wins(state, turns)
        return self.holds(state, turns)

    def holds(self, state: State, turns: int) -> bool:
        """Whether every reply of the defender, to move in ``state``, leaves the attacker its goal in ``turns``."""
        key = (state, turns)
        known = self._holds.get(key)
        if known is None:
            known = self.refutation(state, turns) is None
            self._holds[key] = known
        return known

    def refutation(self, state: State, turns: int) -> Any | None:
        """A reply of the defender, to move in ``state``, after which the attacker cannot reach the goal in
        ``turns`` turns, or None when every reply fails."""
        for reply in state.legal_moves():
            after, result = self.play(state, reply)
            if result == FAILED or (result == GOES_ON and not self._continues(after, turns)):
                return reply
        return None

    def distance(self, state: State, most: int) -> int | None:
        """The fewest turns in which the attacker, to move, forces the goal; None when more than ``most``."""
        for turns in range(1, most + 1):
            if self.wins(state, turns):
                return turns
        return None

    def winning_moves(self, state: State, turns: int) -> list[Any]:
        """The attacker's moves that force the goal within ``turns`` turns."""
        return [move for move in state.legal_moves() if self.move_wins(state, move, turns)]

    def reaches_at_once(self, state: State, move: Any) -> bool:
        """Whether the attacker's ``move`` reaches the goal by itself."""
        return self.play(state, move)[1] == REACHED

    def longest_reply(self, state: State, turns: int) -> tuple[Any, int]:
        """The defender's reply (to move in ``state``) that holds out longest against a win within ``turns``
        turns, with the turns the attacker then still needs (0 when the reply itself gives the goal away)."""
        best: tuple[Any, int] | None = None
        for reply in state.legal_moves():
            after, result = self.play(state, reply)
            if result == REACHED:
                needed = 0
            elif result == FAILED:
                raise AssertionError("the defender has a reply that holds: this is no forced win")
            elif after.to_play == self.attacker:
                found = self.distance(after, turns)
                if found is None:
                    raise AssertionError("the defender has a reply that holds: this is no forced win")
                needed = found
            else:
                raise Unsettled  # the defender moves twice: not a line a puzzle shows
            if best is None or needed > best[1]:
                best = (reply, needed)
        if best is None:
            raise Unsettled
        return best

