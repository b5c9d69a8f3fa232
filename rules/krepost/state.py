"""Krepost positions and turns: placing, stepping, jumping, prisoners and the ways to win."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import State, check_player, listed, other
from rules.errors import IllegalMoveError, Reason
from rules.krepost import messages as _messages  # noqa: F401  (declares the error codes)
from rules.krepost.geometry import (
    COUNT_AFTER,
    FULL,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STONES_IN_HAND,
    Geometry,
    bit,
    geometry,
    squares_of,
)
from rules.krepost.move import KrepostMove, KrepostOutcome, _plain_move
from rules.krepost.paths import Analysis, analyse, base_paths, check_path, cuts_simply, has_move, prisoners_after
from rules.krepost.stored import state_from_dict, state_to_dict


@dataclass(frozen=True, slots=True)
class KrepostState(State):
    """A position: each player's stones as a bitboard, stones in hand and prisoners taken.

    ``quiet`` counts the turns in a row without a prisoner, and ``count_after`` of them end the game
    in a count; ``extra_turn`` is true when the player to move is taking the extra turn won by taking
    the last stone of a detachment.
    """

    fortress_size: str
    half_stone: bool
    first: str
    stones: tuple[int, int]
    in_hand: tuple[int, int]
    prisoners: tuple[int, int]
    to_play: str | None
    quiet: int = 0
    extra_turn: bool = False
    result: KrepostOutcome | None = None
    start_position: str | None = None
    count_after: int = COUNT_AFTER
    _legal: tuple[KrepostMove, ...] | None = field(default=None, compare=False, repr=False)
    _analysis: Analysis | None = field(default=None, compare=False, repr=False)

    game_key = "krepost"

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "over" if self.result is not None else "play"

    @classmethod
    def start(cls, fortress: str = "3x2", half_stone: bool = False, first: str = "white",
              count_after: int = COUNT_AFTER) -> KrepostState:
        """The empty board with 48 stones in each hand."""
        geometry(fortress)
        check_player(first)
        return cls(fortress, bool(half_stone), first, (0, 0), (STONES_IN_HAND, STONES_IN_HAND), (0, 0), first,
                   count_after=count_after)

    @property
    def geometry(self) -> Geometry:
        return geometry(self.fortress_size)

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"fortress": self.fortress_size, "half_stone": self.half_stone}
        if self.first != "white":
            options["first"] = self.first
        if self.start_position is not None:
            options["position"] = self.start_position
        if self.count_after != COUNT_AFTER:
            options["count_after"] = self.count_after
        return options

    # -- reading the position -----------------------------------------------------------------

    def stone_at(self, square: str) -> str | None:
        """``"white"``, ``"black"`` or ``None`` for the stone on ``square``."""
        index = SQUARE_INDEX[square]
        for player in (0, 1):
            if self.stones[player] >> index & 1:
                return PLAYER_NAMES[player]
        return None

    def hand(self, player: str) -> int:
        """How many stones ``player`` still has in hand."""
        return self.in_hand[PLAYER_INDEX[player]]

    def prisoners_of(self, player: str) -> int:
        """How many enemy stones ``player`` has taken prisoner."""
        return self.prisoners[PLAYER_INDEX[player]]

    def surrounded(self, player: str) -> list[str]:
        """The squares of ``player``'s stones that stand in surrounded detachments now."""
        geo = self.geometry
        empty = FULL & ~(self.stones[0] | self.stones[1])
        air = geo.air(empty)
        found = 0
        for group in geo.components(self.stones[PLAYER_INDEX[player]]):
            if not geo.spread(group) & air:
                found |= group
        return [SQUARE_NAMES[s] for s in squares_of(found)]

    def lone_liberties(self) -> list[str]:
        """The empty squares that are the only free neighbour of some detachment of the opponent of the player to
        move: a stone of the player's landing there surrounds it."""
        return [SQUARE_NAMES[square] for square in sorted(self._analyse().single)]

    # -- moves -----------------------------------------------------------------------------------

    def _analyse(self) -> Analysis:
        analysis = self._analysis
        if analysis is None:
            analysis = analyse(self.geometry, self.stones, PLAYER_INDEX[self.to_play or "white"])
            object.__setattr__(self, "_analysis", analysis)
        return analysis

    def _enters_empty_fortress(self, player: int, target: int) -> bool:
        """True when ``player`` (the player to move) lands in the enemy fortress with no enemy in it."""
        return bool(self._analyse().open_fortress >> target & 1)

    def base_moves(self) -> list[tuple[int, ...]]:
        """Every placement, step and jump of the player to move, as square paths (no prisoners)."""
        if self.result is not None or self.to_play is None:
            return []
        return base_paths(self.geometry, PLAYER_INDEX[self.to_play], self.stones, self.in_hand)

    def legal_moves(self) -> tuple[KrepostMove, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _generate(self) -> tuple[KrepostMove, ...]:
        if self.result is not None or self.to_play is None:
            return ()
        analysis = self._analyse()
        geo = self.geometry
        open_fortress = analysis.open_fortress
        air = analysis.air
        quiet_surrounded = analysis.surrounded
        has_surrounded = bool(analysis.surrounded_groups)
        single = analysis.single
        no_enemy = not analysis.enemy_groups
        moves: list[KrepostMove] = []
        known: dict[int, bool] = {}

        def simple(target: int) -> bool:
            # Many turns land on the same square; the answer depends on the square alone here.
            answer = known.get(target)
            if answer is None:
                answer = known[target] = cuts_simply(geo, air, target)
            return answer

        for path in self.base_moves():
            target = path[-1]
            plain = _plain_move(path)
            if open_fortress >> target & 1:
                moves.append(plain)
                continue
            # The cheap cases: nothing can become surrounded, or nothing changes for the enemy.
            if no_enemy:
                taken = 0
            elif not air >> target & 1 and (len(path) == 1 or not has_surrounded):
                taken = quiet_surrounded
            elif not has_surrounded and target not in single and (not air >> target & 1 or simple(target)):
                taken = 0
            else:
                taken = prisoners_after(self.geometry, analysis, path[0] if len(path) > 1 else -1, target)
            if taken:
                moves.extend(KrepostMove(plain.squares, SQUARE_NAMES[x]) for x in squares_of(taken))
            else:
                moves.append(plain)
        return tuple(moves)

    def prisoner_choices(self, squares: tuple[str, ...]) -> list[str]:
        """The prisoners the player must choose from after moving along ``squares`` (empty if none)."""
        player = PLAYER_INDEX[self.to_play or "white"]
        path = tuple(SQUARE_INDEX[s] for s in squares)
        if self._enters_empty_fortress(player, path[-1]):
            return []
        taken = prisoners_after(self.geometry, self._analyse(), path[0] if len(path) > 1 else -1, path[-1])
        return [SQUARE_NAMES[x] for x in squares_of(taken)]

    def play(self, move: Any) -> KrepostState:
        legal = self._legal
        if legal is None or not listed(move, legal):
            why = self.why_illegal(move)
            if why is not None:
                raise IllegalMoveError.because(why)
        return self._apply(move)

    def why_illegal(self, move: Any) -> Reason | None:
        """Why ``move`` is not legal here, or ``None`` when it is; checks only this one move."""
        if self.result is not None or self.to_play is None:
            return Reason.of("krepost.over")
        if not isinstance(move, KrepostMove) or not move.squares or any(s not in SQUARE_INDEX for s in move.squares):
            return Reason.of("krepost.not_a_move")
        geo = self.geometry
        player = PLAYER_INDEX[self.to_play]
        path = [SQUARE_INDEX[s] for s in move.squares]
        empty = FULL & ~(self.stones[0] | self.stones[1])
        if len(path) == 1:
            target = path[0]
            if not self.in_hand[player]:
                return Reason.of("krepost.no_hand", player=self.to_play)
            if not empty >> target & 1:
                return Reason.of("krepost.occupied", square=move.squares[0])
            if not geo.zone[player] >> target & 1:
                return Reason.of("krepost.zone", player=self.to_play, ranks="1–4" if player == 0 else "9–12")
        else:
            start = path[0]
            if not self.stones[player] >> start & 1:
                return Reason.of("krepost.no_own_stone", player=self.to_play, square=move.squares[0])
            why = check_path(geo, path, self.stones[player] & ~bit(start), empty | bit(start))
            if why is not None:
                return why
        start, target = (path[0] if len(path) > 1 else -1), path[-1]
        if self._enters_empty_fortress(player, target):
            return None if move.prisoner is None else Reason.of("krepost.won_no_prisoner")
        taken = prisoners_after(self.geometry, self._analyse(), start, target)
        if move.prisoner is None:
            if not taken:
                return None
            return Reason.of("krepost.prisoner_required", options=[SQUARE_NAMES[x] for x in squares_of(taken)])
        if move.prisoner not in SQUARE_INDEX or not taken >> SQUARE_INDEX[move.prisoner] & 1:
            code = "krepost.not_in_detachment" if taken else "krepost.nothing_surrounded"
            return Reason.of(code, prisoner=move.prisoner)
        return None

    def _apply(self, move: KrepostMove) -> KrepostState:
        geo = self.geometry
        player = PLAYER_INDEX[self.to_play or "white"]
        enemy = 1 - player
        path = [SQUARE_INDEX[s] for s in move.squares]
        stones = list(self.stones)
        in_hand = list(self.in_hand)
        prisoners = list(self.prisoners)
        if len(path) == 1:
            in_hand[player] -= 1
        else:
            stones[player] &= ~bit(path[0])
        stones[player] |= bit(path[-1])
        result: KrepostOutcome | None = None
        extra = False
        quiet = self.quiet + 1
        if self._enters_empty_fortress(player, path[-1]):
            result = self._won(player, "fortress")
        elif move.prisoner is not None:
            taken = SQUARE_INDEX[move.prisoner]
            group = next(g for g in self._analyse().enemy_groups if g >> taken & 1)
            extra = group == bit(taken)
            stones[enemy] &= ~bit(taken)
            prisoners[player] += 1
            quiet = 0
            if geo.fortress[enemy] >> taken & 1 and not stones[enemy] & geo.fortress[enemy]:
                result = self._won(player, "garrison")
        mover = player if extra else enemy
        after = KrepostState(
            self.fortress_size, self.half_stone, self.first, (stones[0], stones[1]), (in_hand[0], in_hand[1]),
            (prisoners[0], prisoners[1]), PLAYER_NAMES[mover], quiet, extra, None, self.start_position,
            count_after=self.count_after,
        )
        if result is None and quiet >= self.count_after:
            result = after.count_result("count")
        if result is None and not has_move(geo, mover, after.stones, after.in_hand):
            result = self._won(1 - mover, "no_move")
        if result is not None:
            return replace(after, to_play=None, extra_turn=False, result=result)
        return after

    def _won(self, player: int, reason: str) -> KrepostOutcome:
        return KrepostOutcome(PLAYER_NAMES[player], reason, None, self._holder())

    def _holder(self) -> str | None:
        return other(self.first) if self.half_stone else None

    def count_result(self, reason: str) -> KrepostOutcome:
        """The outcome of counting now: prisoners plus the opponent's stones in hand, more wins."""
        count = {
            "white": self.prisoners[0] + self.in_hand[1],
            "black": self.prisoners[1] + self.in_hand[0],
        }
        winner: str | None = None
        if count["white"] != count["black"]:
            winner = "white" if count["white"] > count["black"] else "black"
        elif self.half_stone:
            winner = self._holder()
        return KrepostOutcome(winner, reason, count, self._holder())

    # -- the end -------------------------------------------------------------------------------

    def outcome(self) -> KrepostOutcome | None:
        return self.result

    def resign(self, player: str, reason: str = "resignation") -> KrepostState:
        check_player(player)
        if self.result is not None:
            raise IllegalMoveError.because(Reason.of("krepost.over"))
        outcome = KrepostOutcome(other(player), reason, None, self._holder())
        return replace(self, to_play=None, extra_turn=False, result=outcome, _legal=None, _analysis=None)

    def agree_to_count(self) -> KrepostState:
        """The players agreed to stop: the finished state, counted."""
        if self.result is not None:
            raise IllegalMoveError.because(Reason.of("krepost.over"))
        return replace(self, to_play=None, extra_turn=False, result=self.count_result("agreed"), _legal=None, _analysis=None)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KrepostState:
        """Rebuild a state from :meth:`to_dict`; raise :class:`ValueError` when it is malformed."""
        return state_from_dict(cls, data)



