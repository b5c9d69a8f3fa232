"""The interface every game of the rules core follows.

A :class:`Game` describes one game: it makes states, reads and writes moves, and reads and
writes whole records. A :class:`State` is one immutable position, including whose turn it is and
which phase the game is in. A turn by one player is one move object; follow-up decisions that
belong to a player at another moment (such as Kamisado's refill choice) are phases with their own
moves, and forced passes are applied by :meth:`State.play` itself.
"""

from __future__ import annotations

import json
import operator
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from rules.errors import IllegalMoveError, MoveError, Reason, quote

PLAYERS: tuple[str, str] = ("white", "black")


def other(player: str) -> str:
    """Return the opponent of ``player`` (``"white"`` ↔ ``"black"``)."""
    return "black" if player == "white" else "white"


def listed(move: object, moves: Sequence[object]) -> bool:
    """Whether ``move`` is one of ``moves``: first by identity (a move the state itself gave out, the usual case,
    found without comparing field by field), then by equality.

    >>> listed(("a", 1), [("a", 1)])
    True
    """
    return any(map(operator.is_, moves, repeat(move))) or move in moves


def check_player(player: str) -> str:
    """Return ``player`` if it names a player, else raise :class:`ValueError`."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}: expected 'white' or 'black'")
    return player


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winner`` is ``"white"``, ``"black"`` or ``None`` for a draw.

    ``reason`` is a short stable code such as ``"home_row"`` or ``"resignation"``, one of its
    game's :attr:`Game.outcome_reasons`.
    """

    winner: str | None
    reason: str


class Move:
    """Base class of the move types of all games."""

    __slots__ = ()


class State(ABC):
    """One position of a game. States are immutable; :meth:`play` returns a new one."""

    __slots__ = ()

    game_key: str
    #: The player who decides next, or ``None`` when the game is over.
    to_play: str | None
    #: The phase of the game, such as ``"play"``, ``"refill"`` or ``"over"``.
    phase: str

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The options the game was created with (``game.new_state(**state.options)``)."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Any]:
        """Every legal move of the player to move, in a stable order (empty when over)."""

    @abstractmethod
    def play(self, move: Any) -> State:
        """Return the state after ``move``; raise :class:`IllegalMoveError` if it is not legal."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def resign(self, player: str, reason: str = "resignation") -> State:
        """Return the finished state in which ``player`` gave up; ``reason`` may be ``"time"`` for a loss on time."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict from which ``game.state_from_dict`` rebuilds an equal state."""

    @abstractmethod
    def why_illegal(self, move: Any) -> Reason | None:
        """Why ``move`` is not legal here (a :class:`~rules.errors.Reason`), or ``None`` when it is."""

    def agree_to_count(self) -> State:
        """The finished state when the players agree to stop and count (games whose ``count_by_agreement``
        is true); raise :class:`IllegalMoveError` elsewhere."""
        raise IllegalMoveError.because(Reason.of("move.no_agreement"))

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.outcome() is not None


def apply_event(state: State, text: str) -> State:
    """Apply a game event of a move list (``!resign white``, ``!time white``, ``!agree``)."""
    words = text[1:].split()
    if len(words) == 2 and words[0] in ("resign", "time") and words[1] in PLAYERS:
        return state.resign(words[1], "resignation" if words[0] == "resign" else "time")
    if words == ["agree"]:
        return state.agree_to_count()
    raise IllegalMoveError.because(Reason.of("move.event", text=text))


def event_text(kind: str, player: str | None = None) -> str:
    """The move-list entry of a game event: ``event_text("resign", "white")`` is ``!resign white``."""
    return f"!{kind} {player}" if player else f"!{kind}"


class ReplayError(IllegalMoveError):
    """A move of a record could not be replayed; ``number`` is its 1-based index in the list."""

    code = "replay"

    def __init__(self, number: int, text: str, reason: MoveError) -> None:
        detail = str(reason)
        if not detail.startswith(quote(text)):
            detail = f"{quote(text)}: {detail}"
        super().__init__(f"move {number}: {detail}", number=number, text=text, reason=str(reason))
        self.number = number
        self.text = text
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the game's key, its options and its moves in canonical text."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    result: str | None = None

    def to_json(self) -> str:
        """The record as JSON: ``{"game", "options", "moves", "result"}``."""
        data: dict[str, Any] = {"game": self.game, "options": dict(self.options)}
        data["moves"] = list(self.moves)
        if self.result is not None:
            data["result"] = self.result
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_json`; raise :class:`ValueError` if malformed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a JSON record: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise ValueError("a JSON record needs a 'game' name")
        moves = data.get("moves", [])
        options = data.get("options", {})
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError("'moves' must be a list of move texts")
        if not isinstance(options, dict):
            raise ValueError("'options' must be an object")
        result = data.get("result")
        return cls(data["game"], options, tuple(moves), result if isinstance(result, str) else None)


#: The reasons every game can end for, besides its own.
COMMON_REASONS: tuple[str, ...] = ("resignation", "time")


@dataclass(frozen=True)
class Option:
    """One option of ``new_state`` as players name it in a chat: ``name`` is the keyword argument.

    ``words`` maps the words a player may type to the option's value (``"3x3"``, ``"half"``);
    ``keys`` are the ``key=value`` spellings of a whole-number option from ``low`` to ``high``.

    >>> Option("target", keys=("target", "to"), low=1, high=99).read("to=5")
    5
    >>> Option("half_stone", words={"half": True}).read("3x3") is None
    True
    """

    name: str
    words: Mapping[str, Any] = field(default_factory=dict)
    keys: tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    def read(self, word: str) -> Any:
        """The value ``word`` gives this option, or ``None`` when ``word`` is not about it."""
        word = word.lower()
        if word in self.words:
            return self.words[word]
        key, _, value = word.partition("=")
        if key in self.keys and value.isdigit() and self.low <= int(value) <= self.high:
            return int(value)
        return None

    def describe(self, value: Any) -> str:
        """How a chosen value is shown: the value itself, or the option's first word for a switch."""
        if value is True:
            return next((w for w, v in self.words.items() if v is True), self.name)
        return str(value)


class Game(ABC):
    """One game of the rules core: its names, states, notation and records.

    A game names the modules that do its work: ``notation`` (``parse_move``, ``format_move``),
    ``records`` (``export_record``, ``import_record``, ``summary``) and its ``state_class``
    (``from_dict``).
    """

    key: str
    name: str
    aliases: tuple[str, ...] = ()
    players: tuple[str, str] = PLAYERS
    notation: Any
    records: Any
    state_class: Any
    #: The options players may give in a chat (``new_state`` may take more, such as a position).
    option_spec: tuple[Option, ...] = ()
    #: Every ``Outcome.reason`` the game's states give.
    outcome_reasons: tuple[str, ...] = COMMON_REASONS
    #: Whether the players may agree to stop and count (:meth:`State.agree_to_count`).
    count_by_agreement: bool = False

    @abstractmethod
    def new_state(self, **options: Any) -> State:
        """The starting state; unknown or invalid options raise :class:`ValueError`."""

    def parse_move(self, state: Any, text: str) -> Any:
        """Read a player's text as one legal move of ``state``.

        Raises :class:`~rules.errors.InvalidMoveError`, :class:`~rules.errors.IllegalMoveError`
        or :class:`~rules.errors.AmbiguousMoveError`; never anything else.
        """
        return self.notation.parse_move(state, text)

    def format_move(self, state: Any, move: Any) -> str:
        """The canonical text of ``move`` in ``state``; ``parse_move`` reads it back."""
        text: str = self.notation.format_move(state, move)
        return text

    def taps(self, state: Any, move: Any) -> tuple[str, ...]:
        """What a player taps, in order, to make ``move`` in ``state`` on a board they touch: the squares of the piece
        and of each place it goes (and of anything the player chooses to take), or the word of a choice that is not
        on the board (Kamisado's ``left``). The taps of two legal moves of one position always differ, so the taps
        name the move; one legal move's taps may begin another's (a chain that may go on).
        """
        raise NotImplementedError(f"{self.key} has no taps")

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict`; raise :class:`ValueError` if malformed."""
        state: State = self.state_class.from_dict(data)
        return state

    def export_record(self, record: GameRecord) -> str:
        """The record in the game's own notation."""
        text: str = self.records.export_record(record, self.new_state(**dict(record.options)))
        return text

    def move_labels(self, record: GameRecord) -> list[str]:
        """How :meth:`export_record` numbers each of ``record``'s moves (``3.``, ``3…``, ``round 2, 3…``), so a
        comment on a move names it as the record does."""
        labels: list[str] = self.records.move_labels(record, self.new_state(**dict(record.options)))
        return labels

    def import_record(self, text: str) -> GameRecord:
        """Read the game's own notation; raise :class:`ValueError` when it cannot be read."""
        record: GameRecord = self.records.import_record(text)
        return record

    def summary(self, state: Any) -> list[str]:
        """Lines that describe how far the game is and how it ended, in English."""
        lines: list[str] = self.records.summary(state)
        return lines

    def replay(self, moves: Iterable[str], **options: Any) -> State:
        """Play the move texts from the start; raise :class:`ReplayError` at the first bad one.

        Besides moves, a list may hold the events that end a game without a move:
        ``!resign white``, ``!time black`` (lost on time) and ``!agree`` (Krepost's agreed count).
        """
        state = self.new_state(**options)
        for number, text in enumerate(moves, 1):
            try:
                state = apply_event(state, text) if text.startswith("!") else state.play(self.parse_move(state, text))
            except MoveError as exc:
                raise ReplayError(number, text, exc) from None
        return state

    def history(self, moves: Iterable[str], **options: Any) -> list[tuple[str | None, Any]]:
        """Each move text of a list (no events) read in its position, with the player who made it.

        Raises a :class:`~rules.errors.MoveError` at the first text that is not a legal move there.
        """
        state = self.new_state(**options)
        played: list[tuple[str | None, Any]] = []
        for text in moves:
            move = self.parse_move(state, text)
            played.append((state.to_play, move))
            state = state.play(move)
        return played

    def record_of(self, state: Any, moves: Iterable[Any]) -> GameRecord:
        """Build a record from the starting ``state`` and the move objects played from it."""
        texts = []
        for move in moves:
            texts.append(self.format_move(state, move))
            state = state.play(move)
        return GameRecord(self.key, state.options, tuple(texts))

    def read_record(self, text: str) -> GameRecord:
        """Read a record in JSON or in the game's own notation."""
        if text.lstrip().startswith("{"):
            record = GameRecord.from_json(text)
            if record.game != self.key:
                raise ValueError(f"this is a record of {record.game!r}, not {self.key!r}")
            return record
        return self.import_record(text)
