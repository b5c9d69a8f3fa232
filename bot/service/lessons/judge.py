"""Judging a learner's move in a step: which moves meet the goal (computed with the rules alone, by a small exhaustive
search where the goal looks ahead), what the bot answers, and, for a move that does not, what it did instead.

A step is played as a line of moves from its position (the learner's and the bot's); everything here is a function
of the step and that line, so a page that keeps the line itself (a guest) is judged exactly as a stored lesson.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.lessons.steps import Goal, Step
from rules import get_game
from rules.core import State, other

Said = tuple[str, dict[str, Any]]  # a message's key and its parameters


def walk(step: Step, line: Sequence[str]) -> tuple[State, list[Any]]:
    """The step's state after ``line`` (canonical move texts), and those moves; :class:`ValueError` (a
    :class:`~rules.MoveError`) when the line is not legal there."""
    game = get_game(step.start.game_key)
    state, moves = step.start, []
    for text in line:
        moves.append(game.parse_move(state, text))
        state = state.play(moves[-1])
    return state, moves


def learner_turns(step: Step, line: Sequence[str]) -> int:
    """How many of the learner's moves ``line`` holds."""
    state, count = step.start, 0
    game = get_game(state.game_key)
    for text in line:
        count += state.to_play == step.side
        state = state.play(game.parse_move(state, text))
    return count


def _won(state: State, side: str, clean: bool) -> bool | None:
    """True: ``side`` won (cleanly, when asked); False: the game (or the round) ended otherwise; None: it goes on."""
    outcome = state.outcome()
    rounds = getattr(state, "rounds", None)
    if outcome is None and rounds:  # a Kamisado match goes on after its round: the round's winner counts
        return bool(rounds[-1].winner == side)
    if outcome is None:
        return None
    return outcome.winner == side and (not clean or outcome.reason == "no_stones")


def forces_win(state: State, side: str, turns: int, clean: bool = False) -> bool:
    """Whether ``side`` wins within ``turns`` of their own moves from ``state`` whatever the other side plays."""
    result = _won(state, side, clean)
    if result is not None:
        return result
    if state.to_play == side:
        return turns > 0 and any(forces_win(state.play(m), side, turns - 1, clean) for m in state.legal_moves())
    return turns > 0 and all(forces_win(state.play(m), side, turns, clean) for m in state.legal_moves())


def _captures_next(state: State) -> list[Any]:
    """The captures the side to move has (Ashtarashki)."""
    return [m for m in state.legal_moves() if getattr(m, "kind", "") == "capture"]


def _kamisado_gain(after: State, side: str) -> bool:
    """Whether the bot gains at once in Kamisado: the round is lost (a deadlock) or the bot's next move wins it."""
    result = _won(after, side, False)
    if result is not None:
        return not result
    return after.to_play != side and any(_won(after.play(m), side, False) is False for m in after.legal_moves())


def meets(goal: Goal, step: Step, state: State, move: Any, turns_left: int) -> bool:
    """Whether the learner's ``move`` in ``state`` meets ``goal`` with ``turns_left`` of their moves left (this one
    included)."""
    after = state.play(move)
    side = step.side
    match goal.kind:
        case "win":
            return forces_win(after, side, turns_left - 1, goal.clean)
        case "safe":
            if state.game_key == "kamisado":
                return not _kamisado_gain(after, side)
            return _won(after, side, False) is not False and not (after.to_play != side and _captures_next(after))
        case "block":
            return _won(after, side, False) is None and after.to_play == side and state.game_key == "kamisado"
        case "push":
            return bool(getattr(move, "push", False))
        case "kind":
            start = getattr(move, "start", None)
            return move.kind == goal.name and (not goal.square or start == goal.square)
        case "reach":
            return move.squares[-1] == goal.square and (not goal.name or move.kind == goal.name)
        case "most":
            best = max(len(getattr(m, "captured", ())) for m in state.legal_moves())
            return bool(getattr(move, "captured", ())) and len(move.captured) == best
        case "prisoner":
            return getattr(move, "prisoner", None) is not None
    raise ValueError(f"unknown goal {goal.kind!r}")


def accepted(step: Step, line: Sequence[str]) -> list[Any]:
    """The learner's legal moves after ``line`` that meet the step's goal (empty when it is not the learner's turn)."""
    state, _ = walk(step, line)
    if state.to_play != step.side or state.is_over:
        return []
    left = step.goal.turns - learner_turns(step, line)
    return [m for m in state.legal_moves() if meets(step.goal, step, state, m, left)]


def reply(step: Step, state: State) -> Any:
    """The bot's answer in ``state`` (its turn within a step): the move that holds out longest against the goal (for
    a win, the one after which the learner needs the most moves), else its first legal move."""
    moves = list(state.legal_moves())
    if step.goal.kind != "win":
        return moves[0]
    for turns in range(1, step.goal.turns + 1):
        holding = [m for m in moves if not forces_win(state.play(m), step.side, turns, step.goal.clean)]
        if holding:
            moves = holding
        else:
            break
    return moves[0]


def done(step: Step, line: Sequence[str]) -> bool:
    """Whether the learner's moves in ``line`` have met the step: its turns made, or the game (or the round) won."""
    state, _ = walk(step, line)
    return learner_turns(step, line) >= step.goal.turns or _won(state, step.side, step.goal.clean) is not None


@dataclass(frozen=True)
class Played:
    """A learner's move judged: ``right`` when it meets the goal; ``line`` the step's line after it (and after the
    bot's answer, if one was due); ``said`` what it did (a wrong move) or what the bot answered."""

    right: bool
    line: tuple[str, ...]
    said: tuple[Said, ...]
    replied: str | None = None


def judge(step: Step, line: Sequence[str], move: Any) -> Played:
    """The learner's legal ``move`` after ``line``: kept with the bot's answer when it meets the goal; when it does
    not, the line stays as it was and ``said`` tells what the move would have done."""
    state, _ = walk(step, line)
    game = get_game(state.game_key)
    if move not in accepted(step, line):
        return Played(False, tuple(line), why_not(step, state, move, step.goal.turns - learner_turns(step, line)))
    line = (*line, game.format_move(state, move))
    after = state.play(move)
    if done(step, line) or after.is_over or after.to_play == step.side:
        return Played(True, line, ())
    answer = reply(step, after)
    text = game.format_move(after, answer)
    return Played(True, (*line, text), (("learn.replied", {"move": text}),), text)


def why_not(step: Step, state: State, move: Any, turns_left: int = 1) -> tuple[Said, ...]:
    """What a legal move that misses the goal does instead, in the rules' terms: for a win, that it does not win (in
    the ``turns_left`` of the learner's moves the step still has), then the most telling fact of what it does."""
    after = state.play(move)
    goal, opponent = step.goal, other(step.side)
    said: list[Said] = [("learn.why.no_win", {"turns": turns_left})] if goal.kind == "win" else []
    if state.game_key == "kamisado":
        said += _kamisado_why(step, state, move, after)
    elif goal.kind == "most":
        best = max(len(getattr(m, "captured", ())) for m in state.legal_moves())
        said.append(("learn.why.chain", {"taken": len(move.captured), "best": best}))
    elif goal.kind in ("kind", "reach") and move.kind != (goal.name or move.kind):
        said.append((f"learn.why.not_{goal.name}", {}))
    elif goal.kind == "reach":
        said.append(("learn.why.not_there", {"square": goal.square}))
    elif goal.kind == "prisoner" and getattr(move, "prisoner", None) is None:
        said.append(("learn.why.no_prisoner", {}))
    elif state.game_key == "ashtarashki" and after.to_play == opponent and _captures_next(after):
        capture = _captures_next(after)[0]
        said.append(("learn.why.captured", {"move": get_game(state.game_key).format_move(after, capture)}))
    elif goal.clean and _won(after, step.side, False):
        said.append(("learn.why.not_clean", {}))
    elif state.game_key == "ashtarashki" and after.to_play == opponent and after.legal_moves():
        said.append(("learn.why.answer", {"move": get_game(state.game_key).format_move(after, after.legal_moves()[0])}))
    return tuple(said) or (("learn.why.goal", {}),)


def _kamisado_why(step: Step, state: State, move: Any, after: State) -> list[Said]:
    side, opponent = step.side, other(step.side)
    game = get_game("kamisado")
    outcome = after.outcome()
    if (outcome is not None and outcome.reason == "deadlock") or (getattr(after, "rounds", None) and
                                                                after.rounds[-1].reason == "deadlock"):  # type: ignore[attr-defined]
        return [("learn.why.deadlock", {})]
    colour = _square_colour(move.end)
    if step.goal.kind == "push":
        return [("learn.why.no_push", {})]
    if after.to_play == side:  # the bot passed: its tower was blocked
        return [("learn.why.blocked_not_enough", {"colour": colour})]
    winning = [m for m in after.legal_moves() if _won(after.play(m), side, False) is False]
    if winning:
        return [("learn.why.names_winner", {"colour": colour, "side": opponent,
                                            "move": game.format_move(after, winning[0])})]
    targets = sorted({m.end for m in after.legal_moves()})
    return [("learn.why.names_free", {"colour": colour, "side": opponent, "targets": ", ".join(targets[:6])})]


def _square_colour(square: str) -> str:
    from rules.kamisado.board import COLOURS, SQUARE_COLOUR, SQUARE_INDEX

    return COLOURS[SQUARE_COLOUR[SQUARE_INDEX[square]]]


def answer_of(step: Step, line: Sequence[str]) -> str:
    """A move that meets the step's goal now, in the game's notation (what the learner is shown after four tries)."""
    state, _ = walk(step, line)
    return get_game(state.game_key).format_move(state, accepted(step, line)[0])
