"""Ashtarashki positions and moves: numbered stones, retreats, capture chains and the end rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.ashtarashki import messages as _messages  # noqa: F401  (declares the error codes)
from rules.ashtarashki.board import (
    DARK,
    FINISH_RANK,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    START_BOARD,
    STATE_LETTERS,
    AshtarashkiMove,
    AshtarashkiOutcome,
    W,
    generate_moves,
    is_finished,
    make_outcome,
    number_of,
    owner_of,
    state_of,
    stone,
)
from rules.core import State, check_player, listed, other
from rules.errors import IllegalMoveError, Reason


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
            return cls(board, None, make_outcome(board, 1 - player, "no_stones", points=2), start_position, ())
        legal = generate_moves(board, player)
        if not legal:
            return cls(board, None, make_outcome(board, 1 - player, "blocked"), start_position, ())
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
        return PLAYER_NAMES[owner_of(code)], STATE_LETTERS[state_of(code)], number_of(code), is_finished(index, code)

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
            result = make_outcome(board, winner, "no_stones", points=2)
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
                result = make_outcome(board, winner, reason, by_count=by_count)
        if result is not None:
            return AshtarashkiState(board, None, result, self.start_position, ())
        legal = generate_moves(board, opponent)
        if not legal:
            return AshtarashkiState(board, None, make_outcome(board, mover, "blocked"), self.start_position, ())
        return AshtarashkiState(board, PLAYER_NAMES[opponent], None, self.start_position, legal)

    def why_illegal(self, move: Any) -> Reason | None:
        """Why ``move`` is not legal here, or ``None`` when it is."""
        if listed(move, self.legal_moves()):
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
        return AshtarashkiState(self.board, None, make_outcome(self.board, winner, reason), self.start_position, ())

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
