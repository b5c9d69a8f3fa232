"""Prepared answers (conditional moves): in a game between two people, a player leaves answers in advance, "if they
play X, I play Y", several moves deep and in several branches. When the opponent plays a move that has an answer it
is played at once (under the same lock, in the same handling); any other move clears what was prepared for that
position, and the player is told. What is prepared is never shown to anyone but its player before it is played.

The lines are kept from the position where the opponent is to move (``ply``, the number of moves then): a tree of the
opponent's moves, each with the answer and the lines after it, every move in the game's own notation as stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.service.app import App
from bot.service.events import Reply
from bot.service.notices import private_notice
from rules import MoveError, get_game
from rules.core import State, other
from storage import GameRow

Lines = dict[str, Any]  # the opponent's move → {"reply": the answer, "next": the lines after it}
MOST = 200  # answers all the lines of one game may hold


class LineError(ValueError):
    """A line that cannot be prepared: ``key`` says why (a message of the catalogues), ``params`` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def read_line(state: State, side: str, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The line ``pairs`` of (the opponent's move, the answer) as typed, read from ``state`` (the opponent to move) and
    checked as legal move by move: each move in the game's notation, as it would be stored. :class:`LineError` when a
    move does not read or is not legal there, or when after the opponent's move it is not ``side``'s turn.

    >>> from rules import get_game
    >>> state = get_game("ashtarashki").new_state().play(get_game("ashtarashki").parse_move(
    ...     get_game("ashtarashki").new_state(), "a3-b4"))
    >>> read_line(state, "white", [("b6-a5", "b4-c5")])
    [('M2b6—a5', 'M2b4—c5')]
    """
    game = get_game(state.game_key)
    read: list[tuple[str, str]] = []
    for step, (theirs, mine) in enumerate(pairs, 1):
        if state.outcome() is not None:
            raise LineError("prepared.over", step=step)
        if state.to_play == side:
            raise LineError("prepared.not_theirs", step=step)
        written: list[str] = []
        for text, mover in ((theirs, other(side)), (mine, side)):
            if state.to_play != mover:
                raise LineError("prepared.not_yours", step=step, move=written[-1] if written else text)
            try:
                move = game.parse_move(state, text)
            except MoveError as exc:
                raise LineError("prepared.illegal", step=step, move=text, error=exc) from exc
            written.append(game.format_move(state, move))
            state = state.play(move)
        read.append((written[0], written[1]))
    return read


def merged(lines: Lines, line: list[tuple[str, str]]) -> Lines:
    """``lines`` with ``line`` added as a branch; where it meets a prepared answer to the same move with another, the
    new answer (and what follows it) replaces it."""
    if not line:
        return lines
    (theirs, mine), rest = line[0], line[1:]
    found = lines.get(theirs)
    after = found["next"] if found is not None and found["reply"] == mine else {}
    return {**lines, theirs: {"reply": mine, "next": merged(after, rest)}}


def count(lines: Lines) -> int:
    """How many answers ``lines`` hold."""
    return sum(1 + count(node["next"]) for node in lines.values())


def shown(lines: Lines, text_of: Callable[[str], str], indent: str = "") -> list[str]:
    """The lines as their player reads them (each move as ``text_of`` writes it): one row per answer, "their move →
    the answer", the answers after it indented under it."""
    rows = []
    for theirs, node in lines.items():
        rows.append(f"{indent}{text_of(theirs)} → {text_of(node['reply'])}")
        rows += shown(node["next"], text_of, indent + "    ")
    return rows


def summary(lines: Lines, text_of: Callable[[str], str], counted: Callable[[int], str]) -> list[str]:
    """The lines too many to list in one message: one row per answer to the opponent's next move, with the answers
    after it counted (``counted(n)`` says so)."""
    return [f"{text_of(theirs)} → {text_of(node['reply'])}" + (f" {counted(count(node['next']))}" if node["next"] else "")
            for theirs, node in lines.items()]


async def answer(app: App, row: GameRow, state: State) -> tuple[Any, str] | list[Reply]:
    """After the opponent's move that made ``row`` (at ``state``), what the player to move prepared for it: their
    answer (a move of ``state``, and its text), with what they prepared after it kept for the position it reaches; or,
    when they prepared answers for this position but none for this move (or it is no longer legal), those answers
    dropped and the private notice that tells them so (an outbox item). Nothing prepared here: no replies."""
    side = state.to_play
    if row.status != "active" or side not in ("white", "black") or not row.moves:
        return []
    player = await app.people.by_id(row.player_of(side))
    kept = await app.correspondence.prepared(row.id, player.id)
    if kept is None or kept.ply != len(row.moves) - 1:
        return []
    node = kept.lines.get(row.moves[-1])
    try:
        move = get_game(row.game).parse_move(state, node["reply"]) if node is not None else None
    except MoveError:
        move = None
    if move is not None and node is not None:
        await app.correspondence.keep_prepared(row.id, player.id, len(row.moves) + 1, node["next"])
        return move, node["reply"]
    await app.correspondence.drop_prepared(row.id, player.id)
    return await private_notice(app, player, lambda words: words("prepared.cleared", id=row.id, move=row.moves[-1]),
                                row.id)


async def drop_for_takeback(app: App, row: GameRow) -> list[int]:
    """Forget every answer prepared in ``row`` (a take-back is coming: the positions they were written for are gone,
    and one reached again by other moves is not the one they were written for); the ids of the players who had some."""
    had = []
    for user_id in (row.white_id, row.black_id):
        if await app.correspondence.prepared(row.id, user_id) is not None:
            await app.correspondence.drop_prepared(row.id, user_id)
            had.append(user_id)
    return had


async def tell_taken_back(app: App, row: GameRow, user_ids: list[int]) -> list[Reply]:
    """Tell each of ``user_ids``, privately, that their prepared answers in ``row`` went with a take-back."""
    replies: list[Reply] = []
    for user_id in user_ids:
        player = await app.people.by_id(user_id)
        replies += await private_notice(app, player, lambda words: words("prepared.cleared_takeback", id=row.id), row.id)
    return replies

