"""What a button carries: typed payloads, written to and read from the short strings platforms keep.

The strings are the only ones the front ends ever see (at most 64 bytes, Telegram's limit), and
they stay readable after a restart, so buttons posted days ago still work.

>>> decode(encode(PlayMove(12, 3, 40)))
PlayMove(game=12, ply=3, index=40, sure=False)
>>> decode("z:1") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.ids import BIGGEST, SQUARE, read_id

LIMIT = 64  # bytes of a payload (Telegram's callback data; Discord allows 100 with the front end's prefix)


@dataclass(frozen=True)
class AcceptChallenge:
    """Accept the open challenge ``challenge``."""

    challenge: int


@dataclass(frozen=True)
class DeclineChallenge:
    """Decline the challenge ``challenge``."""

    challenge: int


@dataclass(frozen=True)
class PlayMove:
    """Play legal move number ``index`` of game ``game`` when it has ``ply`` moves (a stale button never plays);
    ``sure`` when the player already confirmed a move that loses at once."""

    game: int
    ply: int
    index: int
    sure: bool = False


@dataclass(frozen=True)
class Confirm:
    """Confirm (or with ``action`` ``keep``, call off) ``resign``, ``abort`` or ``count`` in game ``game`` at ``ply``."""

    game: int
    ply: int
    action: str


@dataclass(frozen=True)
class Withdraw:
    """Confirm (``yes``) or call off withdrawing from the running tournament ``tournament``."""

    tournament: int
    yes: bool


@dataclass(frozen=True)
class PickStone:
    """Show the moves of the stone on ``square`` in game ``game`` at ``ply``."""

    game: int
    ply: int
    square: str


OFFER_COLUMNS = {"takeback": "takeback_by", "draw": "draw_by"}  # each offer's kind → the game's column of who made it


@dataclass(frozen=True)
class AnswerOffer:
    """Agree to (``yes``) or refuse the opponent's ``offer`` (``takeback`` or ``draw``) in game ``game``."""

    game: int
    offer: str
    yes: bool


@dataclass(frozen=True)
class PuzzleMove:
    """Answer the chat's puzzle ``number`` of game ``game`` (its place among the games) with legal move ``index``,
    while ``step`` moves of its line are played (a stale button never plays)."""

    game: int
    number: int
    step: int
    index: int


@dataclass(frozen=True)
class PuzzleStone:
    """Show the moves of the piece on ``square`` in the chat's puzzle (as :class:`PuzzleMove`)."""

    game: int
    number: int
    step: int
    square: str


@dataclass(frozen=True)
class LessonMove:
    """Play legal move number ``index`` in the presser's lesson of game ``game`` (its place among the games) at its
    step ``step`` after ``ply`` moves of the step (a stale button never plays)."""

    game: int
    step: int
    ply: int
    index: int


@dataclass(frozen=True)
class LessonStone:
    """Show the moves of the piece on ``square`` in the presser's lesson (as :class:`LessonMove`)."""

    game: int
    step: int
    ply: int
    square: str


LESSON_ACTIONS = {"hint": "h", "open": "o", "restart": "r", "bot": "b", "puzzle": "z"}


@dataclass(frozen=True)
class LessonAction:
    """In the presser's lesson of game ``game``: a ``hint``; ``open`` it (or go on where it was); ``restart`` it; after
    it, play the ``bot`` or a first ``puzzle``."""

    game: int
    action: str


@dataclass(frozen=True)
class GameCommand:
    """Run ``command`` (a command about one game, by its English name) for game ``game``, as ``#game command`` typed
    by the presser: the answer to "which game?"."""

    game: int
    command: str


Payload = (AcceptChallenge | DeclineChallenge | PlayMove | PickStone | AnswerOffer | Confirm | Withdraw | PuzzleMove
           | PuzzleStone | LessonMove | LessonStone | LessonAction | GameCommand)
ACTIONS = {"resign": "r", "abort": "x", "keep": "k", "count": "n"}
OFFERS = {"takeback": "t", "draw": "g"}


def encode(payload: Payload) -> str:
    """The payload as a button string; raise :class:`ValueError` if it would exceed :data:`LIMIT` bytes
    or carry a number no database id can be."""
    match payload:
        case AcceptChallenge(challenge):
            text = f"a:{challenge}"
        case DeclineChallenge(challenge):
            text = f"d:{challenge}"
        case PlayMove(game, ply, index, sure):
            text = f"{'M' if sure else 'm'}:{game}:{ply}:{index}"
        case Confirm(game, ply, action):
            text = f"c:{game}:{ply}:{ACTIONS[action]}"
        case Withdraw(tournament, yes):
            text = f"w:{tournament}:{'y' if yes else 'n'}"
        case PickStone(game, ply, square):
            text = f"s:{game}:{ply}:{square}"
        case AnswerOffer(game, offer, yes):
            text = f"{OFFERS[offer]}:{game}:{'y' if yes else 'n'}"
        case PuzzleMove(game, number, step, index):
            text = f"p:{game}:{number}:{step}:{index}"
        case PuzzleStone(game, number, step, square):
            text = f"q:{game}:{number}:{step}:{square}"
        case LessonMove(game, step, ply, index):
            text = f"l:{game}:{step}:{ply}:{index}"
        case LessonStone(game, step, ply, square):
            text = f"L:{game}:{step}:{ply}:{square}"
        case LessonAction(game, action):
            text = f"e:{game}:{LESSON_ACTIONS[action]}"
        case GameCommand(game, command):
            if not command.isascii() or not command.isalpha():
                raise ValueError(f"not a command's name: {command!r}")
            text = f"K:{game}:{command}"
    if len(text.encode()) > LIMIT or any(isinstance(v, int) and not 0 <= v <= BIGGEST for v in vars(payload).values()):
        raise ValueError(f"payload {text!r} is longer than {LIMIT} bytes or carries an impossible id")
    return text


def decode(text: str) -> Payload | None:
    """The payload a button string carries, or ``None`` for anything this module did not write."""
    kind, _, rest = text.partition(":")
    parts = rest.split(":")
    numbers = [n for n in map(read_id, parts) if n is not None]
    if kind in ("a", "d") and len(parts) == 1 and len(numbers) == 1:
        return AcceptChallenge(numbers[0]) if kind == "a" else DeclineChallenge(numbers[0])
    if kind in ("m", "M") and len(parts) == 3 and len(numbers) == 3:
        return PlayMove(numbers[0], numbers[1], numbers[2], sure=kind == "M")
    action = next((name for name, letter in ACTIONS.items() if len(parts) == 3 and letter == parts[2]), None)
    if kind == "c" and action is not None and len(numbers) == 2:
        return Confirm(numbers[0], numbers[1], action)
    if kind == "w" and len(parts) == 2 and len(numbers) == 1 and parts[1] in ("y", "n"):
        return Withdraw(numbers[0], parts[1] == "y")
    if kind == "s" and len(parts) == 3 and len(numbers) == 2 and SQUARE.match(parts[2]):
        return PickStone(numbers[0], numbers[1], parts[2])
    if kind == "p" and len(parts) == 4 and len(numbers) == 4:
        return PuzzleMove(*numbers)
    if kind == "q" and len(parts) == 4 and len(numbers) == 3 and SQUARE.match(parts[3]):
        return PuzzleStone(numbers[0], numbers[1], numbers[2], parts[3])
    if kind == "l" and len(parts) == 4 and len(numbers) == 4:
        return LessonMove(*numbers)
    if kind == "L" and len(parts) == 4 and len(numbers) == 3 and SQUARE.match(parts[3]):
        return LessonStone(numbers[0], numbers[1], numbers[2], parts[3])
    lesson_action = next((name for name, letter in LESSON_ACTIONS.items() if len(parts) == 2 and letter == parts[1]), None)
    if kind == "e" and lesson_action is not None and len(numbers) == 1:
        return LessonAction(numbers[0], lesson_action)
    if kind == "K" and len(parts) == 2 and len(numbers) == 1 and parts[1].isascii() and parts[1].isalpha():
        return GameCommand(numbers[0], parts[1])
    offer = next((name for name, letter in OFFERS.items() if letter == kind), None)
    if offer is not None and len(parts) == 2 and len(numbers) == 1 and parts[1] in ("y", "n"):
        return AnswerOffer(numbers[0], offer, parts[1] == "y")
    return None
