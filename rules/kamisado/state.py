"""Kamisado positions and moves: one round, matches with sumo towers, and the refill phase."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import State, check_player, listed
from rules.errors import IllegalMoveError, Reason
from rules.kamisado import messages as _messages  # noqa: F401  (declares the error codes)
from rules.kamisado.board import (
    BLACK,
    COLOUR_INDEX,
    COLOURS,
    GOAL_RANK,
    PLAYER_INDEX,
    PLAYER_NAMES,
    RAYS,
    SQUARE_COLOUR,
    SQUARE_INDEX,
    SQUARE_NAMES,
    WHITE,
    tower_id,
)
from rules.kamisado.moves import (
    MATCH_TARGETS,
    REFILL_CHOICES,
    START_BOARD,
    START_SQUARES,
    SUMO_MATCHES,
    KamisadoMove,
    KamisadoOutcome,
    Pass,
    RefillMove,
    RoundResult,
    own_coordinates,
    own_square,
    push_line,
    tower_moves,
)
from rules.kamisado.stored import state_from_dict, state_to_dict


@dataclass(frozen=True, slots=True)
class KamisadoState(State):
    """A moment of a Kamisado match.

    ``board`` holds, for each square index (``rank * 8 + file``), the tower standing there
    (``player * 8 + colour``, Black = 0) or -1; ``squares`` and ``teeth`` are indexed by tower.
    ``forced`` names the colour of the tower that must move, ``None`` on a round's free first
    move. ``passes`` lists the automatic passes that followed the last move.
    """

    match: str
    target: int
    round: int
    phase: str
    to_play: str | None
    forced: str | None
    starter: str
    board: tuple[int, ...]
    squares: tuple[int, ...]
    teeth: tuple[int, ...]
    score_pair: tuple[int, int]
    rounds: tuple[RoundResult, ...] = ()
    passes: tuple[Pass, ...] = ()
    resigned: str | None = None
    resign_reason: str = "resignation"
    _legal: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)

    game_key = "kamisado"

    @classmethod
    def start(cls, match: str = "standard", target: int | None = None) -> KamisadoState:
        """The first position of a match (``single``, ``series``, ``standard``, ``long``, ``marathon``)."""
        if match not in MATCH_TARGETS:
            raise ValueError(f"unknown match {match!r}: expected one of {', '.join(MATCH_TARGETS)}")
        if target is None:
            target = MATCH_TARGETS[match]
        elif match != "series" and target != MATCH_TARGETS[match]:
            raise ValueError(f"the {match} match is played to {MATCH_TARGETS[match]}; only a series takes a target")
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 99:
            raise ValueError(f"a series target must be a whole number from 1 to 99, not {target!r}")
        return cls(match, target, 1, "play", "black", None, "black", START_BOARD, START_SQUARES, (0,) * 16, (0, 0))

    # -- reading the position -------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"match": self.match}
        if self.match == "series" and self.target != MATCH_TARGETS["series"]:
            options["target"] = self.target
        return options

    @property
    def score(self) -> dict[str, int]:
        """The match score, ``{"black": int, "white": int}``."""
        return {"black": self.score_pair[BLACK], "white": self.score_pair[WHITE]}

    def tower_at(self, square: str) -> tuple[str, str, int] | None:
        """``(player, colour, teeth)`` of the tower on ``square``, or ``None`` when it is empty."""
        tower = self.board[SQUARE_INDEX[square]]
        if tower < 0:
            return None
        return PLAYER_NAMES[tower // 8], COLOURS[tower % 8], self.teeth[tower]

    def square_of(self, player: str, colour: str) -> str:
        """The square of ``player``'s tower of ``colour``."""
        return SQUARE_NAMES[self.squares[tower_id(PLAYER_INDEX[player], COLOUR_INDEX[colour])]]

    def teeth_of(self, player: str, colour: str) -> int:
        """How many dragon teeth ``player``'s tower of ``colour`` carries."""
        return self.teeth[tower_id(PLAYER_INDEX[player], COLOUR_INDEX[colour])]

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Any, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _generate(self) -> tuple[Any, ...]:
        if self.phase == "refill":
            return REFILL_CHOICES
        if self.phase != "play" or self.to_play is None:
            return ()
        player = PLAYER_INDEX[self.to_play]
        if self.forced is not None:
            tower = tower_id(player, COLOUR_INDEX[self.forced])
            return tuple(tower_moves(self.board, self.teeth, player, self.squares[tower], True))
        moves: list[KamisadoMove] = []
        for colour in range(8):
            moves += tower_moves(self.board, self.teeth, player, self.squares[tower_id(player, colour)], False)
        return tuple(moves)

    def play(self, move: Any) -> KamisadoState:
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMoveError.because(why)
        if isinstance(move, RefillMove):
            return self._refill(move.side)
        return self._advance(move)

    def why_illegal(self, move: Any) -> Reason | None:
        """Why ``move`` is not legal here, or ``None`` when it is."""
        if listed(move, self.legal_moves()):
            return None
        if self.phase == "over":
            return Reason.of("kamisado.over")
        if self.phase == "refill":
            return Reason.of("kamisado.refill_now", player=self.to_play)
        if not isinstance(move, KamisadoMove):
            return Reason.of("kamisado.move_a_tower")
        if self.forced is not None and move.colour != self.forced:
            return Reason.of("kamisado.must_move", player=self.to_play, colour=self.forced)
        if self.to_play is not None and move.start != self.square_of(self.to_play, move.colour):
            return Reason.of("kamisado.not_on", player=self.to_play, colour=move.colour, square=move.start)
        if move.push:
            return Reason.of("kamisado.cannot_push_from", colour=move.colour, square=move.start)
        return Reason.of("kamisado.cannot_go", colour=move.colour, square=move.start, target=move.end)

    def _advance(self, move: KamisadoMove) -> KamisadoState:
        player = PLAYER_INDEX[self.to_play or "black"]
        start, end = SQUARE_INDEX[move.start], SQUARE_INDEX[move.end]
        board = list(self.board)
        squares = list(self.squares)
        tower = board[start]
        if move.push:
            ray = RAYS[player][start][0]
            line = push_line(self.board, self.teeth, player, start)
            for i in range(line - 1, -1, -1):
                pushed = board[ray[i]]
                board[ray[i + 1]] = pushed
                squares[pushed] = ray[i + 1]
            next_player, next_colour = player, SQUARE_COLOUR[ray[line]]
        else:
            next_player, next_colour = 1 - player, SQUARE_COLOUR[end]
        board[start] = -1
        board[end] = tower
        squares[tower] = end
        if end // 8 == GOAL_RANK[player]:
            return self._finish_round(board, squares, player, "home_row", tower % 8, ())
        passes: list[Pass] = []
        seen: set[int] = set()
        while True:
            square = squares[tower_id(next_player, next_colour)]
            moves = tower_moves(board, self.teeth, next_player, square, True)
            if moves:
                break
            key = next_player * 8 + next_colour
            if key in seen:
                return self._finish_round(board, squares, 1 - player, "deadlock", SQUARE_COLOUR[end], tuple(passes))
            seen.add(key)
            passes.append(Pass(PLAYER_NAMES[next_player], COLOURS[next_colour], SQUARE_NAMES[square]))
            next_player, next_colour = 1 - next_player, SQUARE_COLOUR[square]
        return KamisadoState(
            self.match, self.target, self.round, "play", PLAYER_NAMES[next_player], COLOURS[next_colour],
            self.starter, tuple(board), tuple(squares), self.teeth, self.score_pair, self.rounds,
            tuple(passes), _legal=tuple(moves),
        )

    def _finish_round(
        self, board: list[int], squares: list[int], winner: int, reason: str, colour: int, passes: tuple[Pass, ...]
    ) -> KamisadoState:
        teeth = list(self.teeth)
        if self.match in SUMO_MATCHES:
            tower = tower_id(winner, colour)
            points = 1 << teeth[tower]
            teeth[tower] += 1
            result = RoundResult(self.round, self.starter, PLAYER_NAMES[winner], reason, COLOURS[colour], teeth[tower], points)
        else:
            result = RoundResult(self.round, self.starter, PLAYER_NAMES[winner], reason, None, 0, 1)
        score = list(self.score_pair)
        score[winner] += result.points
        rounds = self.rounds + (result,)
        common = dict(match=self.match, target=self.target, score_pair=(score[0], score[1]), rounds=rounds, passes=passes)
        if score[winner] >= self.target:
            return KamisadoState(
                round=self.round, phase="over", to_play=None, forced=None, starter=self.starter,
                board=tuple(board), squares=tuple(squares), teeth=tuple(teeth), **common,  # type: ignore[arg-type]
            )
        if self.match == "series":
            starter = PLAYER_NAMES[self.round % 2]
            return KamisadoState(
                round=self.round + 1, phase="play", to_play=starter, forced=None, starter=starter,
                board=START_BOARD, squares=START_SQUARES, teeth=tuple(teeth), **common,  # type: ignore[arg-type]
            )
        return KamisadoState(
            round=self.round, phase="refill", to_play=PLAYER_NAMES[winner], forced=None, starter=self.starter,
            board=tuple(board), squares=tuple(squares), teeth=tuple(teeth), **common,  # type: ignore[arg-type]
        )

    def _refill(self, side: str) -> KamisadoState:
        board = [-1] * 64
        squares = [0] * 16
        for player in (BLACK, WHITE):
            for file, tower in enumerate(self.refill_order(player, side)):
                own_file = file if side == "left" else 7 - file
                square = own_square(player, 0, own_file)
                board[square] = tower
                squares[tower] = square
        loser = "white" if self.to_play == "black" else "black"
        rounds = self.rounds[:-1] + (replace(self.rounds[-1], refill=side),)
        return KamisadoState(
            self.match, self.target, self.round + 1, "play", loser, None, loser,
            tuple(board), tuple(squares), self.teeth, self.score_pair, rounds,
        )

    def refill_order(self, player: int, side: str) -> list[int]:
        """``player``'s towers in the order the refill rule takes them (nearest row first)."""
        placed = []
        for square in range(64):
            tower = self.board[square]
            if tower >= 0 and tower // 8 == player:
                own_rank, own_file = own_coordinates(player, square)
                placed.append((own_rank, own_file if side == "left" else -own_file, tower))
        return [tower for *_, tower in sorted(placed)]

    # -- the end --------------------------------------------------------------------------

    def outcome(self) -> KamisadoOutcome | None:
        if self.phase != "over":
            return None
        if self.resigned is not None:
            winner = "white" if self.resigned == "black" else "black"
            return KamisadoOutcome(winner, self.resign_reason, self.score)
        winner = "black" if self.score_pair[BLACK] >= self.target else "white"
        reason = self.rounds[-1].reason if self.match == "single" else "points"
        return KamisadoOutcome(winner, reason, self.score)

    def resign(self, player: str, reason: str = "resignation") -> KamisadoState:
        check_player(player)
        if self.phase == "over":
            raise IllegalMoveError.because(Reason.of("kamisado.over"))
        return replace(self, phase="over", to_play=None, forced=None, passes=(), resigned=player, resign_reason=reason,
                       _legal=None)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KamisadoState:
        """Rebuild a state from :meth:`to_dict`; raise :class:`ValueError` when it is malformed."""
        return state_from_dict(cls, data)



