"""Ashtarashki positions and moves: numbered stones, retreats, capture chains and the end rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.ashtarashki import messages as _messages  # noqa: F401  (declares the error codes)
from rules.core import Move, Outcome, State, check_player, other
from rules.errors import IllegalMoveError, Reason

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


def _is_finished(square: int, code: int) -> bool:
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
            if taken and owner_of(taken) != player and not _is_finished(target, taken) and _can_take(number, taken):
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


@dataclass(frozen=True, slots=True)
class AshtarashkiState(State):
    """A position: ``board`` holds a stone code per square index (``rank * 8 + file``) or 0."""

    board: tuple[int, ...]
    to_play: str | None
    result: AshtarashkiOutcome | None = None
    start_position: str | None = None
    _legal: tuple[AshtarashkiMove, ...] | None = field(default=None, compare=False, repr=False)

    game_key = "ashtarashki"

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "over" if self.result is not None else "play"

    @classmethod
    def start(cls, board: tuple[int, ...] | None = None, to_play: str = "white",
              start_position: str | None = None) -> AshtarashkiState:
        """The usual start, or ``board`` with ``to_play`` to move; a side with no stones, or blocked, has already lost."""
        board = START_BOARD if board is None else board
        player = PLAYER_INDEX[to_play]
        if not any(c and owner_of(c) == player for c in board):
            return cls(board, None, _outcome(board, 1 - player, "no_stones", points=2), start_position, ())
        legal = generate_moves(board, player)
        if not legal:
            return cls(board, None, _outcome(board, 1 - player, "blocked"), start_position, ())
        return cls(board, to_play, None, start_position, legal)

    @property
    def options(self) -> dict[str, Any]:
        return {} if self.start_position is None else {"position": self.start_position}

    def stone_at(self, square: str) -> tuple[str, str, int, bool] | None:
        """``(player, state letter, number, finished)`` of the stone on ``square``; number 0 for W."""
        index = SQUARE_INDEX[square]
        code = self.board[index]
        if not code:
            return None
        return PLAYER_NAMES[owner_of(code)], STATE_LETTERS[state_of(code)], number_of(code), _is_finished(index, code)

    def stones(self, player: str) -> int:
        """How many stones ``player`` has on the board, finished ones included."""
        owner = PLAYER_INDEX[player]
        return sum(1 for c in self.board if c and owner_of(c) == owner)

    def legal_moves(self) -> tuple[AshtarashkiMove, ...]:
        legal = self._legal
        if legal is None:
            over = self.result is not None or self.to_play is None
            legal = () if over else generate_moves(self.board, PLAYER_INDEX[self.to_play or "white"])
            object.__setattr__(self, "_legal", legal)
        return legal

    def play(self, move: Any) -> AshtarashkiState:
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMoveError.because(why)
        player = PLAYER_INDEX[self.to_play or "white"]
        board = list(self.board)
        path = [SQUARE_INDEX[s] for s in move.path]
        code = board[path[0]]
        board[path[0]] = 0
        liquidated = False
        if move.kind == "retreat":
            kind = state_of(code)
            if kind == W:
                liquidated = True
            else:
                board[path[1]] = stone(player, kind + 1, number_of(code))
        else:
            for square in path[1:]:
                board[square] = 0
            board[path[-1]] = code
        return self._after(tuple(board), player, liquidated)

    def _after(self, board: tuple[int, ...], mover: int, liquidated: bool) -> AshtarashkiState:
        opponent = 1 - mover
        counts = [0, 0]
        finished = [0, 0]
        for square, code in enumerate(board):
            if code:
                owner = owner_of(code)
                counts[owner] += 1
                if square // 8 == FINISH_RANK[owner]:
                    finished[owner] += 1
        result: AshtarashkiOutcome | None = None
        if counts[opponent] == 0 or counts[mover] == 0:
            winner = mover if counts[opponent] == 0 else opponent
            result = _outcome(board, winner, "no_stones", points=2)
        else:
            home = [counts[p] > 0 and finished[p] >= min(4, counts[p]) for p in (0, 1)]
            if home[mover] or home[opponent]:
                completer = mover if home[mover] else opponent
                winner = completer
                by_count = False
                if counts[0] != counts[1] and min(counts) < 4:
                    winner = 0 if counts[0] > counts[1] else 1
                    by_count = winner != completer
                reason = "liquidation" if liquidated and completer == mover else "home"
                result = _outcome(board, winner, reason, by_count=by_count)
        if result is not None:
            return AshtarashkiState(board, None, result, self.start_position, ())
        legal = generate_moves(board, opponent)
        if not legal:
            return AshtarashkiState(board, None, _outcome(board, mover, "blocked"), self.start_position, ())
        return AshtarashkiState(board, PLAYER_NAMES[opponent], None, self.start_position, legal)

    def why_illegal(self, move: Any) -> Reason | None:
        """Why ``move`` is not legal here, or ``None`` when it is."""
        if move in self.legal_moves():
            return None
        if self.result is not None:
            return Reason.of("ashtarashki.over")
        if not isinstance(move, AshtarashkiMove) or not move.path or any(s not in SQUARE_INDEX for s in move.path):
            return Reason.of("ashtarashki.not_a_move")
        found = self.stone_at(move.start)
        if found is None or found[0] != self.to_play:
            return Reason.of("ashtarashki.no_stone", player=self.to_play, square=move.start)
        if found[3]:
            return Reason.of("ashtarashki.finished", square=move.start)
        legal = self.legal_moves()
        if legal and legal[0].kind == "capture":
            if move.kind != "capture" or not any(m.start == move.start for m in legal):
                return Reason.of("ashtarashki.must_capture", starts=sorted({m.start for m in legal}))
            return Reason.of("ashtarashki.chain_goes_on")
        return Reason.of("ashtarashki.cannot_go", square=move.start, target=move.end)

    def outcome(self) -> AshtarashkiOutcome | None:
        return self.result

    def resign(self, player: str, reason: str = "resignation") -> AshtarashkiState:
        check_player(player)
        if self.result is not None:
            raise IllegalMoveError.because(Reason.of("ashtarashki.over"))
        winner = PLAYER_INDEX[other(player)]
        return AshtarashkiState(self.board, None, _outcome(self.board, winner, reason), self.start_position, ())

    def to_dict(self) -> dict[str, Any]:
        stones = [
            {"square": SQUARE_NAMES[s], "player": PLAYER_NAMES[owner_of(c)], "state": STATE_LETTERS[state_of(c)],
             "number": number_of(c)}
            for s, c in enumerate(self.board) if c
        ]
        result = None
        if self.result is not None:
            r = self.result
            result = {"winner": r.winner, "reason": r.reason, "points": dict(r.points), "balls": dict(r.balls),
                      "by_count": r.by_count}
        return {"game": "ashtarashki", "stones": stones, "to_play": self.to_play, "result": result,
                "start_position": self.start_position}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AshtarashkiState:
        """Rebuild a state from :meth:`to_dict`; raise :class:`ValueError` when it is malformed."""
        try:
            board = [0] * 64
            for item in data["stones"]:
                square = SQUARE_INDEX[item["square"]]
                kind = STATE_LETTERS.index(item["state"])
                number = int(item["number"])
                if square not in DARK or board[square] or not (kind == W or 1 <= number <= 3):
                    raise ValueError(f"bad stone {item!r}")
                board[square] = stone(PLAYER_INDEX[item["player"]], kind, number)
            raw = data.get("result")
            result = None
            if raw is not None:
                result = AshtarashkiOutcome(raw["winner"], raw["reason"], dict(raw["points"]), dict(raw["balls"]),
                                            bool(raw["by_count"]))
            to_play = data["to_play"]
            if (to_play is None) != (result is not None) or to_play not in (None, "white", "black"):
                raise ValueError(f"bad player to move {to_play!r}")
            start = data.get("start_position")
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an Ashtarashki state: missing or bad {exc}") from None
        return cls(tuple(board), to_play, result, start if isinstance(start, str) else None)


def _outcome(board: tuple[int, ...], winner: int, reason: str, *, points: int = 1, by_count: bool = False) -> AshtarashkiOutcome:
    return AshtarashkiOutcome(
        PLAYER_NAMES[winner],
        reason,
        {PLAYER_NAMES[winner]: points, PLAYER_NAMES[1 - winner]: 0},
        {"white": balls(board, WHITE), "black": balls(board, BLACK)},
        by_count,
    )
