"""Reading the words of ``play`` and ``settings``: game options, time limits, AI levels, colours."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, timedelta, timezone, tzinfo
from typing import Any

from ai import LEVELS
from bot.i18n import has
from bot.service.texts import Words
from rules import Game, get_game

_DURATION = re.compile(r"^(\d{1,4})\s*(d|h|m|min|day|days|hour|hours|д|ч|м|روز|ساعت|nap|ora|óra|perc)$")
_UNITS = {"d": 86400, "day": 86400, "days": 86400, "д": 86400, "روز": 86400, "nap": 86400,
          "h": 3600, "hour": 3600, "hours": 3600, "ч": 3600, "ساعت": 3600, "ora": 3600, "óra": 3600,
          "m": 60, "min": 60, "м": 60, "perc": 60}
NO_LIMIT = ("none", "no", "off", "0", "нет", "هیچ", "nincs")


class OptionError(ValueError):
    """A word of ``play`` that means nothing; ``word`` is the word."""

    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


def parse_duration(text: str) -> int | None:
    """Seconds in ``12h``, ``2d``, ``30m``; ``None`` for ``none``. Raises :class:`OptionError` otherwise.

    >>> parse_duration("2d"), parse_duration("none")
    (172800, None)
    """
    word = text.strip().lower()
    if word in NO_LIMIT:
        return None
    found = _DURATION.match(word)
    if found is None:
        raise OptionError(text)
    seconds = int(found.group(1)) * _UNITS[found.group(2)]
    if not 60 <= seconds <= 30 * 86400:
        raise OptionError(text)
    return seconds


class Contradiction(OptionError):
    """Two words of ``play`` that cannot both hold (``3x2 3x3``, ``white black``, ``bot @anna``)."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(second)
        self.first = first


@dataclass
class PlayRequest:
    """What ``play`` asked for."""

    game: str
    opponent: str | None = None  # a name or id after '@'
    against_bot: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    level: str = "normal"
    colour: str = "random"
    time_per_move: int | None = None
    time_given: bool = False
    rated: bool = True


def parse_play(game: Game, words: list[str]) -> PlayRequest:
    """Read the words after ``play <game>``; raise :class:`OptionError` naming the first unknown word.

    The game's own options are those its :attr:`~rules.Game.option_spec` declares.
    """
    request = PlayRequest(game.key)
    setters: dict[str, str] = {}  # which word decided what, to name both words of a contradiction
    for raw in words:
        before = _decisions(request)
        _read_word(game, request, raw)
        for name, value in _decisions(request).items():
            if name in before and before[name] != value:
                raise Contradiction(setters[name], raw)
            setters.setdefault(name, raw)
    if request.against_bot and request.opponent:
        raise Contradiction(setters.get("bot", "bot"), f"@{request.opponent}")
    return request


def _decisions(request: PlayRequest) -> dict[str, object]:
    """What the words read so far decided, by name."""
    decided: dict[str, object] = {f"option {k}": v for k, v in request.options.items()}
    if request.time_given:
        decided["time"] = request.time_per_move
    if request.colour != "random":
        decided["colour"] = request.colour
    if request.level != "normal":
        decided["level"] = request.level
    if request.opponent:
        decided["opponent"] = request.opponent
    if request.against_bot:
        decided["bot"] = True
    if not request.rated:
        decided["unrated"] = True
    return decided


def _read_word(game: Game, request: PlayRequest, raw: str) -> None:
    """Apply one word of ``play`` to ``request``; raise :class:`OptionError` for a word that means nothing."""
    word = raw.lower()
    key, _, value = word.partition("=")
    if word.startswith("@") and len(word) > 1:
        request.opponent = raw[1:]
    elif word in ("bot", "ai", "computer", "бот", "ربات", "gep", "gép"):
        request.against_bot = True
    elif word in LEVELS or (key == "level" and value in LEVELS):
        request.level = value or word
        request.against_bot = True
    elif word in ("white", "black", "random"):
        request.colour = word
    elif word in ("unrated", "casual", "нерейтинговая", "بی‌رتبه", "barátságos"):
        request.rated = False
    elif key in ("time", "t") and value:
        request.time_per_move = parse_duration(value)
        request.time_given = True
    elif not _read_option(game, word, request.options):
        try:
            request.time_per_move = parse_duration(word)
            request.time_given = True
        except OptionError:
            raise OptionError(raw) from None


def _read_option(game: Game, word: str, options: dict[str, Any]) -> bool:
    """Set the game option ``word`` names, if any; say whether it named one."""
    for option in game.option_spec:
        value = option.read(word)
        if value is not None:
            options[option.name] = value
            return True
    return False


def describe(w: Words, key: str, options: dict[str, Any], time_per_move: int | None, rated: bool = True) -> str:
    """A challenge's or game's terms in ``w``'s words: its options, its time per move, whether it is rated."""
    return w.join([*describe_options(get_game(key), options, w), w.time_limit(time_per_move),
                   *([] if rated else [w("unrated")])])


def describe_options(game: Game, options: dict[str, Any], words: Words | None = None) -> list[str]:
    """The chosen options as players name them (``standard``, ``3x3``, ``half``); with ``words``, in the reader's
    language where it has its own word (``option.<word>``), the word to type beside it."""
    spec = {option.name: option for option in game.option_spec}
    named = [spec[name].describe(value) if name in spec else str(value) for name, value in options.items() if value]
    return named if words is None else [_in_words(typed, words) for typed in named]


def _in_words(typed: str, words: Words) -> str:
    """An option word in the reader's language with the word to type beside it (``один раунд (single)``), or as typed
    where the language has no word of its own for it."""
    key = f"option.{typed}"
    if not has(words.language, key) or words(key) == typed:
        return typed
    return words("option.shown", word=words(key), typed=typed)


def parse_switch(word: str) -> bool:
    """``on``/``off`` and their friends; raise :class:`OptionError` for anything else."""
    lowered = word.lower()
    if lowered in ("on", "yes", "true", "1", "вкл", "да", "روشن", "be", "igen"):
        return True
    if lowered in ("off", "no", "false", "0", "выкл", "нет", "خاموش", "ki", "nem"):
        return False
    raise OptionError(word)


def zone_of(text: str | None) -> tzinfo:
    """The time zone a setting names (a chat's, a player's): ``UTC``, an offset (``+3``, ``-05:30``) or a zone name
    (``Europe/Budapest``); :class:`OptionError` when it names none."""
    if not text or text.upper() in ("UTC", "GMT", "Z"):
        return UTC
    sign = {"+": 1, "-": -1}.get(text[0])
    if sign is not None:
        hours, _, minutes = text[1:].partition(":")
        if hours.isdigit() and (not minutes or minutes.isdigit()) and int(hours) <= 14 and int(minutes or 0) < 60:
            return timezone(sign * timedelta(hours=int(hours), minutes=int(minutes or 0)))
        raise OptionError(text)
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise OptionError(text) from error


def daily_time(text: str) -> str:
    """``HH:MM`` of an hour a setting names (a daily puzzle's, a digest's, quiet hours' ends): ``9``, ``09:00``,
    ``21:30``; :class:`OptionError` otherwise."""
    hours, _, minutes = text.partition(":")
    if hours.isdigit() and int(hours) < 24 and (not minutes or (minutes.isdigit() and int(minutes) < 60)):
        return f"{int(hours):02d}:{int(minutes or 0):02d}"
    raise OptionError(text)
