"""The Ashtarashki board: squares, stone codes, the start, moves and how they are generated, the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.ashtarashki import messages as _messages  # noqa: F401  (declares the error codes)
from rules.core import Move, Outcome

FILES = "abcdefgh"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % 8]}{s // 8 + 1}" for s in range(64))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
DARK: frozenset[int] = frozenset(s for s in range(64) if (s // 8 + s % 8) % 2 == 0)

WHITE, BLACK = 0, 1
PLAYER_NAMES = ("white", "black")
PLAYER_INDEX = {"white": WHITE, "black": BLACK}
FORWARD = (1, -1)
FINISH_RANK = (7, 0)

M, V, W = 0, 1, 2
STATE_LETTERS = "MVW"
BALLS = (3, 2, 1)
# 1 beats 3, 3 beats 2, 2 beats 1.
BEATS = frozenset({(1, 3), (3, 2), (2, 1)})


def stone(owner: int, state: int, number: int) -> int:
    """The code of a stone on a board tuple (never 0; a W stone's number is covered: 0)."""
    return (owner << 4) | (state << 2) | (0 if state == W else number)


def owner_of(code: int) -> int:
    return code >> 4


def state_of(code: int) -> int:
    return (code >> 2) & 3


def number_of(code: int) -> int:
    return code & 3


def label(code: int) -> str:
    """The author's name of a stone: ``M1`` … ``V3``, or ``W`` (its number is covered)."""
    kind = state_of(code)
    return "W" if kind == W else f"{STATE_LETTERS[kind]}{number_of(code)}"


def _diagonals(square: int) -> tuple[int, ...]:
    rank, file = divmod(square, 8)
    return tuple(
        (rank + dr) * 8 + file + df
        for dr in (1, -1)
        for df in (-1, 1)
        if 0 <= rank + dr < 8 and 0 <= file + df < 8
    )


DIAGONALS: tuple[tuple[int, ...], ...] = tuple(_diagonals(s) for s in range(64))
# STEPS[player][square] = the diagonal squares forward and backward for that player.
FORWARD_STEPS = tuple(tuple(tuple(t for t in DIAGONALS[s] if t // 8 - s // 8 == FORWARD[p]) for s in range(64)) for p in (0, 1))
BACKWARD_STEPS = tuple(tuple(tuple(t for t in DIAGONALS[s] if t // 8 - s // 8 == -FORWARD[p]) for s in range(64)) for p in (0, 1))

WHITE_START = {1: "b2 c1 e1 h2", 2: "a3 d2 f2 g3", 3: "a1 c3 e3 g1"}
BLACK_START = {1: "a7 d8 f8 g7", 2: "b6 c7 e7 h6", 3: "b8 d6 f6 h8"}


def _start_board() -> tuple[int, ...]:
    board = [0] * 64
    for owner, layout in ((WHITE, WHITE_START), (BLACK, BLACK_START)):
        for number, squares in layout.items():
            for name in squares.split():
                board[SQUARE_INDEX[name]] = stone(owner, M, number)
    return tuple(board)


START_BOARD = _start_board()


@dataclass(frozen=True, slots=True)
class AshtarashkiMove(Move):
    """One whole turn: the squares the stone stands on in order, and what kind of move it is.

    ``kind`` is ``"step"`` (forward), ``"retreat"`` (backward; the stone turns over, a W stone is
    liquidated) or ``"capture"``; a capture takes the stone on every square after the first.
    """

    path: tuple[str, ...]
    kind: str

    @property
    def start(self) -> str:
        return self.path[0]

    @property
    def end(self) -> str:
        return self.path[-1]

    @property
    def captured(self) -> tuple[str, ...]:
        """The squares whose stones this move takes (empty unless a capture)."""
        return self.path[1:] if self.kind == "capture" else ()

    @property
    def squares(self) -> tuple[str, ...]:
        return self.path


@dataclass(frozen=True)
class AshtarashkiOutcome(Outcome):
    """The end: ``reason`` is ``no_stones``, ``home``, ``liquidation``, ``blocked``, ``resignation`` or ``time``.

    ``points`` are 2 for a clean win (no enemy stone left), 1 for any other win; ``balls`` count
    each player's finished stones (M 3, V 2, W 1); ``by_count`` is true when the count rule
    (more stones on the board) decided the winner.
    """

    points: Mapping[str, int] = field(default_factory=dict)
    balls: Mapping[str, int] = field(default_factory=dict)
    by_count: bool = False


def _can_take(number: int, target: int) -> bool:
    return state_of(target) == W or (number, number_of(target)) in BEATS


def is_finished(square: int, code: int) -> bool:
    return square // 8 == FINISH_RANK[owner_of(code)]


def _chains(board: list[int], player: int, start: int) -> list[tuple[int, ...]]:
    """Every maximal capture chain of the M stone on ``start``, as square paths."""
    code = board[start]
    number = number_of(code)
    finish = FINISH_RANK[player]
    found: list[tuple[int, ...]] = []

    def extend(square: int, path: tuple[int, ...]) -> None:
        if len(path) > 1 and square // 8 == finish:
            found.append(path)
            return
        extended = False
        for target in DIAGONALS[square]:
            taken = board[target]
            if taken and owner_of(taken) != player and not is_finished(target, taken) and _can_take(number, taken):
                board[square], board[target] = 0, code
                extend(target, path + (target,))
                board[square], board[target] = code, taken
                extended = True
        if not extended and len(path) > 1:
            found.append(path)

    extend(start, (start,))
    return found


def generate_moves(board: tuple[int, ...], player: int) -> tuple[AshtarashkiMove, ...]:
    """All legal moves of ``player``: capture chains if any capture exists, else steps and retreats."""
    work = list(board)
    captures: list[AshtarashkiMove] = []
    quiet: list[AshtarashkiMove] = []
    finish = FINISH_RANK[player]
    for square in range(64):
        code = board[square]
        if not code or owner_of(code) != player or square // 8 == finish:
            continue
        if state_of(code) == M:
            for path in _chains(work, player, square):
                captures.append(AshtarashkiMove(tuple(SQUARE_NAMES[s] for s in path), "capture"))
        if captures:
            continue
        for target in FORWARD_STEPS[player][square]:
            if not board[target]:
                quiet.append(AshtarashkiMove((SQUARE_NAMES[square], SQUARE_NAMES[target]), "step"))
        for target in BACKWARD_STEPS[player][square]:
            if not board[target]:
                quiet.append(AshtarashkiMove((SQUARE_NAMES[square], SQUARE_NAMES[target]), "retreat"))
    return tuple(captures) if captures else tuple(quiet)


def balls(board: tuple[int, ...], player: int) -> int:
    """The secondary score of ``player``: 3, 2 or 1 for each finished M, V or W stone."""
    finish = FINISH_RANK[player]
    return sum(BALLS[state_of(c)] for s, c in enumerate(board) if c and owner_of(c) == player and s // 8 == finish)


def make_outcome(
    board: tuple[int, ...], winner: int, reason: str, *, points: int = 1, by_count: bool = False,
) -> AshtarashkiOutcome:
    """The end of a game won by ``winner`` for ``reason``, with both sides' balls."""
    return AshtarashkiOutcome(
        PLAYER_NAMES[winner],
        reason,
        {PLAYER_NAMES[winner]: points, PLAYER_NAMES[1 - winner]: 0},
        {"white": balls(board, WHITE), "black": balls(board, BLACK)},
        by_count,
    )
