"""What a line means: the one reading of a typed line for this person in this chat, by the rules of
``docs/playing.md`` ("What a line means"), which every front end's text reaches through.

:func:`resolve` is pure: it sees a :class:`Situation` (the person's games here, the lesson shown to them, the chat's
puzzle, the buttons shown to them) and answers with one meaning; ``commands/dispatch.py`` acts on it. The rules, in
order, the first that applies winning:

1. ``/k`` presses button [/k] of the last answer shown; ``#N /k`` button k of game N's board. Never a move.
2. A line whose first word is a command (any of the four languages; ``#N cmd`` is ``cmd #N``) runs it; ``#N`` alone
   is ``board #N``.
3. ``#N <text>``, or a reply to game N's board, is for game N alone.
4. While a lesson step is shown to the person in their private chat, the line is the lesson's.
5. Otherwise a move: played in the one target it fits (their games here where it is their turn, the chat's puzzle);
   where it fits several, nothing is played and each reading is offered; where it fits none, the answer says why.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.ids import read_id
from rules import AmbiguousMoveError, IllegalMoveError, MoveError, get_game
from rules.core import State

GAME, LESSON, PUZZLE = "game", "lesson", "puzzle"
BUTTON = re.compile(r"^/([0-9]{1,3})$")
GAME_BUTTON = re.compile(r"^#([0-9]{1,19})\s+/([0-9]{1,3})$")
MOST_OPTIONS = 8  # readings offered as buttons at most


@dataclass(frozen=True)
class Target:
    """Somewhere a typed move can be played: one of the person's games (``number`` is its #N), the lesson step shown
    to them, or the chat's open puzzle; ``to_move`` says whether the person is to move there (always, in a lesson or a
    puzzle). ``press`` makes the payload of a button that plays the legal move of that index there."""

    kind: str
    game: str
    state: State = field(compare=False)
    number: int = 0
    to_move: bool = True
    press: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    def read(self, text: str) -> Any:
        """``text`` as a move here: the legal move, or the :class:`MoveError` that refuses it."""
        try:
            return get_game(self.game).parse_move(self.state, text)
        except MoveError as exc:
            return exc


@dataclass(frozen=True)
class Shown:
    """A button shown to the person: the ``line`` that presses it (``/3``, ``#7 /1``), its ``label`` and ``payload``."""

    line: str
    label: str
    payload: str


@dataclass(frozen=True)
class Situation:
    """What a line can mean for this person in this chat."""

    private: bool
    games: tuple[Target, ...] = ()  # the person's games going on in this chat
    lesson: Target | None = None  # the lesson step shown to them (their private chat only)
    puzzle: Target | None = None  # the chat's open puzzle
    shown: tuple[Shown, ...] = ()  # the buttons of the last answer, as the front end numbered them
    replied: int | None = None  # the game whose board the line answers
    others: tuple[Target, ...] = ()  # the chat's other games going on, none of them the person's


class Commands:
    """The commands a line may name: ``names`` maps every name and alias (folded) to the command; ``about_game`` those
    that take a game as ``#N``; ``fold`` folds a typed word as the names are."""

    def __init__(self, names: dict[str, str], about_game: set[str], fold: Callable[[str], str] = str.lower) -> None:
        self.names, self.about_game, self.fold = names, about_game, fold

    def named(self, word: str) -> str | None:
        """The command ``word`` names (with or without ``/`` and ``@bot``), or ``None``."""
        return self.names.get(self.fold(word.lstrip("/").split("@")[0]))


# -- the meanings ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Press:
    """A button: the one with this payload."""

    payload: str


@dataclass(frozen=True)
class BoardButton:
    """``#N /k``: button ``number`` (from 1) of game ``game``'s board as it stands now."""

    game: int
    number: int


@dataclass(frozen=True)
class NoButton:
    """``/k`` with no button [/k] in the last answer; ``count`` buttons were shown."""

    number: int
    count: int


@dataclass(frozen=True)
class RunCommand:
    """The command ``name`` with the rest of the line (``#N`` first where the line named a game)."""

    name: str
    rest: str


@dataclass(frozen=True)
class UnknownCommand:
    """``/word`` where no command is called ``word``."""

    word: str


@dataclass(frozen=True)
class InGame:
    """``text`` for game ``number`` alone (``#N text``, or a reply to its board); ``number`` is ``None`` where ``#word``
    names no game's number."""

    number: int | None
    text: str
    word: str = ""


@dataclass(frozen=True)
class Play:
    """``text`` played in ``target``: ``read`` is the legal move, or the :class:`MoveError` that refuses it there."""

    target: Target
    text: str
    read: Any


@dataclass(frozen=True)
class Option:
    """One reading offered: the legal ``move`` in ``target``, or (``target`` None) the shown button ``shown``."""

    target: Target | None
    move: Any = None
    shown: Shown | None = None


@dataclass(frozen=True)
class Choose:
    """A line that fits several readings: nothing is played, each is offered as a button."""

    text: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Refused:
    """A move that reads in several targets and is legal in none: each target's reason."""

    text: str
    reasons: tuple[tuple[Target, MoveError], ...]


@dataclass(frozen=True)
class NotYourTurn:
    """A move that reads only in the person's games where it is not their turn."""

    numbers: tuple[int, ...]


@dataclass(frozen=True)
class NotYours:
    """A move legal in someone else's game in this chat (``number``), and nowhere of the person's."""

    number: int


@dataclass(frozen=True)
class Unknown:
    """A line that fits nothing: what it could have meant (the ``near`` command, the person's games ``numbers``)."""

    text: str
    near: str | None
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Silence:
    """Chatter in a group: not for the bot."""


Meaning = (Press | BoardButton | NoButton | RunCommand | UnknownCommand | InGame | Play | Choose | Refused | NotYourTurn
           | NotYours | Unknown | Silence)


# -- the rules ---------------------------------------------------------------------------------------------------------

def resolve(line: str, situation: Situation, commands: Commands, *, explicit: bool = False,
            near: Callable[[str], str | None] = lambda word: None) -> Meaning:
    """What ``line`` (cleaned, not empty) means in ``situation``. ``explicit``: the person said it is a move (``move
    …``: no command). ``near`` is the command a mistyped word most looks like."""
    text = " ".join(line.split())
    pressed = _button(text, situation)
    if pressed is not None:
        return pressed
    command = None if explicit else _command(text, commands)
    if command is not None:
        return command
    if text.startswith("#"):
        word, _, rest = text.partition(" ")
        return InGame(read_id(word), rest, word[1:21])
    if situation.replied is not None:
        return InGame(situation.replied, text)
    if situation.lesson is not None:
        return Play(situation.lesson, text, situation.lesson.read(text))
    return _move(text, situation, explicit, near)


def _button(text: str, situation: Situation) -> Meaning | None:
    """Rule 1: a button number."""
    found = GAME_BUTTON.match(text)
    if found is not None:
        shown = next((s for s in situation.shown if s.line == text), None)
        return Press(shown.payload) if shown is not None else BoardButton(int(found[1]), int(found[2]))
    found = BUTTON.match(text)
    if found is None:
        return None
    shown = next((s for s in situation.shown if s.line == text), None)
    if shown is not None:
        return Press(shown.payload)
    boards = [s for s in situation.shown if s.line.endswith(" " + text)]  # '#7 /1', '#8 /1': one answer's boards
    if len(boards) == 1:
        return Press(boards[0].payload)
    if boards:
        return Choose(text, tuple(Option(None, shown=s) for s in boards))
    return NoButton(int(found[1]), len(situation.shown))


def _command(text: str, commands: Commands) -> Meaning | None:
    """Rule 2: a command (``#N cmd`` is ``cmd #N``; ``#N`` alone is ``board #N``)."""
    first, _, rest = text.partition(" ")
    if first.startswith("#") and len(first) > 1:
        second, _, after = rest.partition(" ")
        name = commands.named(second) if second else "board"
        if name is not None and name in commands.about_game:
            return RunCommand(name, f"{first} {after}".strip())
        return None
    name = commands.named(first)
    if name is not None:
        return RunCommand(name, rest)
    if first.startswith("/") and len(first) > 1:
        return UnknownCommand(first.lstrip("/").split("@")[0].lower())
    return None


def fits(read: Any) -> bool:
    """Whether a reading is a legal move, or fits several legal moves."""
    return isinstance(read, AmbiguousMoveError) or not isinstance(read, MoveError)


def _move(text: str, situation: Situation, explicit: bool, near: Callable[[str], str | None]) -> Meaning:
    """Rule 5: a move, where it fits."""
    targets = [g for g in situation.games if g.to_move] + ([situation.puzzle] if situation.puzzle else [])
    read = {id(t): t.read(text) for t in targets}
    fitting = [t for t in targets if fits(read[id(t)])]
    if len(fitting) == 1:
        return Play(fitting[0], text, read[id(fitting[0])])
    if fitting:
        return Choose(text, _options(fitting, [read[id(t)] for t in fitting]))
    illegal = [t for t in targets if isinstance(read[id(t)], IllegalMoveError)]
    if len(illegal) == 1:
        return Play(illegal[0], text, read[id(illegal[0])])
    if illegal:
        return Refused(text, tuple((t, read[id(t)]) for t in illegal))
    waiting = [g.number for g in situation.games if not g.to_move and not _invalid(g.read(text))]
    if waiting:
        return NotYourTurn(tuple(waiting))
    theirs = [g for g in situation.others if fits(g.read(text))]
    if len(theirs) == 1:
        return NotYours(theirs[0].number)
    speak = explicit or situation.private
    if speak and len(targets) == 1:
        return Play(targets[0], text, read[id(targets[0])])  # its own words, where a move was surely meant
    word = text.split()[0]
    suggested = near(word) if (speak or " " not in text) else None
    if speak or suggested:
        return Unknown(text, suggested, tuple(g.number for g in situation.games))
    return Silence()


def _invalid(read: Any) -> bool:
    return isinstance(read, MoveError) and not isinstance(read, IllegalMoveError) and not fits(read)


def _options(targets: Sequence[Target], reads: Sequence[Any]) -> tuple[Option, ...]:
    """Each legal move a fitting reading stands for, in each target (at most :data:`MOST_OPTIONS`, taken from the
    targets in turn: every target that fits is offered, however many moves the first one has)."""
    each = [[Option(target, move) for move in (read.candidates if isinstance(read, AmbiguousMoveError) else [read])]
            for target, read in zip(targets, reads, strict=True)]
    options = [option for turn in itertools.zip_longest(*each) for option in turn if option is not None]
    return tuple(options[:MOST_OPTIONS])
