"""Kamisado moves, passes, rounds and results, the start, and how towers move and push."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.core import Move, Outcome
from rules.kamisado import messages as _messages  # noqa: F401  (declares the error codes)
from rules.kamisado.board import (
    BLACK,
    COLOURS,
    HOME_RANK,
    RANGE_BY_TEETH,
    RAYS,
    SQUARE_COLOUR,
    SQUARE_NAMES,
    WHITE,
    tower_id,
)

MATCH_TARGETS: dict[str, int] = {"single": 1, "series": 3, "standard": 3, "long": 7, "marathon": 15}
SUMO_MATCHES = frozenset({"standard", "long", "marathon"})


@dataclass(frozen=True, slots=True)
class KamisadoMove(Move):
    """A tower's move: its colour, start and end squares, and whether it is a sumo push.

    For a push, ``end`` is the square the pushing tower moves onto (one square forward).
    """

    colour: str
    start: str
    end: str
    push: bool = False


@dataclass(frozen=True, slots=True)
class RefillMove(Move):
    """The round winner's choice between rounds: fill the home rows from the ``"left"`` or ``"right"``."""

    side: str


REFILL_CHOICES = (RefillMove("left"), RefillMove("right"))


@dataclass(frozen=True, slots=True)
class Pass:
    """An automatic pass: ``player``'s tower of ``colour`` on ``square`` could not move."""

    player: str
    colour: str
    square: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended.

    ``reason`` is ``"home_row"`` or ``"deadlock"``; ``tower`` is the colour of the winner's tower
    that got a dragon tooth (``None`` in single rounds and series), ``teeth`` its teeth after it,
    ``points`` what the round added to the winner's score, ``refill`` the winner's choice after it.
    """

    number: int
    starter: str
    winner: str
    reason: str
    tower: str | None
    teeth: int
    points: int
    refill: str | None = None


@dataclass(frozen=True)
class KamisadoOutcome(Outcome):
    """The end of a match; ``reason`` is ``home_row``, ``deadlock``, ``points``, ``resignation`` or ``time``."""

    score: Mapping[str, int] = field(default_factory=dict)


_MOVES: list[KamisadoMove | None] = [None] * (8 * 64 * 64 * 2)


def make_move(colour: int, start: int, end: int, push: bool) -> KamisadoMove:
    key = ((colour * 64 + start) * 64 + end) * 2 + push
    move = _MOVES[key]
    if move is None:
        move = _MOVES[key] = KamisadoMove(COLOURS[colour], SQUARE_NAMES[start], SQUARE_NAMES[end], push)
    return move


def start_board() -> tuple[tuple[int, ...], tuple[int, ...]]:
    board = [-1] * 64
    squares = [0] * 16
    for player in (BLACK, WHITE):
        rank = HOME_RANK[player]
        for file in range(8):
            square = rank * 8 + file
            tower = tower_id(player, SQUARE_COLOUR[square])
            board[square] = tower
            squares[tower] = square
    return tuple(board), tuple(squares)


START_BOARD, START_SQUARES = start_board()


def push_line(board: tuple[int, ...] | list[int], teeth: tuple[int, ...], player: int, square: int) -> int:
    """How many enemy towers the sumo on ``square`` can push (0 when no push is possible)."""
    own_teeth = teeth[board[square]]
    if own_teeth == 0:
        return 0
    line = 0
    for ahead in RAYS[player][square][0]:
        tower = board[ahead]
        if tower < 0:
            return line
        if tower // 8 == player or teeth[tower] >= own_teeth:
            return 0
        line += 1
        if line > own_teeth:
            return 0
    return 0


def tower_moves(
    board: tuple[int, ...] | list[int], teeth: tuple[int, ...], player: int, square: int, may_push: bool
) -> list[KamisadoMove]:
    tower = board[square]
    colour = tower % 8
    reach = RANGE_BY_TEETH[teeth[tower]]
    moves = []
    for ray in RAYS[player][square]:
        for target in ray[:reach]:
            if board[target] >= 0:
                break
            moves.append(make_move(colour, square, target, False))
    if may_push and push_line(board, teeth, player, square):
        moves.append(make_move(colour, square, RAYS[player][square][0][0], True))
    return moves


def own_coordinates(player: int, square: int) -> tuple[int, int]:
    """(row counted from the player's home row, file counted from the player's left)."""
    rank, file = square // 8, square % 8
    return (rank, file) if player == WHITE else (7 - rank, 7 - file)


def own_square(player: int, own_rank: int, own_file: int) -> int:
    if player == WHITE:
        return own_rank * 8 + own_file
    return (7 - own_rank) * 8 + (7 - own_file)
