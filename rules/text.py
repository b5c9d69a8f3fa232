"""Reading players' text: normalisation and word lists shared by the games' parsers.

Players type in English, Russian, Persian or Hungarian, with or without accents, in any case,
with Persian or Arabic digits. :func:`normalize` folds all of that into one plain form, and a
:class:`Lexicon` maps the folded words and phrases of every language to meanings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import InvalidMoveError, Reason

MAX_MOVE_TEXT = 300

_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_LETTERS = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک", "ة": "ه", "ـ": None, "\u200c": "", "\u200d": ""})
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-", "×": "x"})


_SQUARE_LOOKALIKES = {"а": "a", "в": "b", "с": "c", "е": "e", "к": "k"}
_CYRILLIC_SQUARE = re.compile(r"(?<![^\W\d_])([авсек])(?=\d)")


def normalize(text: str) -> str:
    """Fold ``text`` for matching: lower case, no accents, ASCII digits and dashes.

    A Cyrillic letter that looks like a file letter and stands before a number is read as the
    Latin one, so ``е2-е4`` typed on a Russian keyboard is ``e2-e4``.

    >>> normalize("Зелёная  ЖЁЛТАЯ")
    'зеленая  желтая'
    >>> normalize("Rózsaszín ۵")
    'rozsaszin 5'
    >>> normalize("Е2-Е4")
    'e2-e4'
    """
    text = text.translate(_DIGITS).translate(_LETTERS).translate(_DASHES).lower()
    text = _CYRILLIC_SQUARE.sub(lambda m: _SQUARE_LOOKALIKES[m.group(1)], text)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")


_SQUARE_LIKE = re.compile(r"(?<![a-z])([a-z])(\d{1,2})(?![\da-z])")


def check_on_board(text: str, files: int, ranks: int) -> None:
    """Raise :class:`~rules.errors.InvalidMoveError` ``move.off_board`` when ``text`` names a square beyond a board
    of ``files`` × ``ranks``: a parser calls it before saying it cannot read a text, so that ``e9`` on an 8 × 8 board
    is told it is off the board rather than an unknown word.

    >>> check_on_board("e4-e5", 8, 8)
    >>> check_on_board("@e13", 12, 12)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMoveError: '@e13': e13 is off the board (files a–l, ranks 1–12)
    """
    for file, rank in _SQUARE_LIKE.findall(normalize(text)):
        if ord(file) - ord("a") >= files or not 1 <= int(rank) <= ranks:
            raise InvalidMoveError.because(Reason.of("move.off_board", text=text, square=f"{file}{rank}",
                                                     last_file=chr(ord("a") + files - 1), ranks=ranks))


def check_move_text(text: object, examples: str) -> str:
    """``text`` if it can be a move: text, not too long, no control characters.

    Otherwise :class:`~rules.errors.InvalidMoveError` with the codes ``move.not_text``,
    ``move.too_long`` or ``move.control``.
    """
    if not isinstance(text, str):
        raise InvalidMoveError.because(Reason.of("move.not_text"))
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError.because(Reason.of("move.too_long", length=len(text), examples=examples))
    if not printable(text):
        raise InvalidMoveError.because(Reason.of("move.control", text=text))
    return text


def printable(text: str) -> bool:
    """True when ``text`` has no control characters other than tabs and line breaks.

    Format characters such as the Persian zero-width non-joiner are allowed.
    """
    return not any(unicodedata.category(ch) == "Cc" and ch not in "\t\r\n" for ch in text)


@dataclass(frozen=True)
class Word:
    """One meaning of a word: ``kind`` (such as ``"colour"``) and ``value`` (such as ``"red"``)."""

    kind: str
    value: str


class Lexicon:
    """Words and phrases of every language mapped to meanings.

    Phrases of several words (Persian ``قهوه ای``) are matched before single words. A word may
    also be given as a stem with inflection endings (Russian adjectives).
    """

    def __init__(self) -> None:
        self._words: dict[str, Word] = {}
        self._stems: list[tuple[str, tuple[str, ...], Word]] = []
        self._longest = 1

    def add(self, kind: str, value: str, forms: Iterable[str]) -> None:
        """Let every text in ``forms`` mean ``(kind, value)``."""
        for form in forms:
            key = " ".join(normalize(form).split())
            self._words[key] = Word(kind, value)
            self._longest = max(self._longest, key.count(" ") + 1)

    def add_stem(self, kind: str, value: str, stem: str, endings: Iterable[str]) -> None:
        """Let ``stem`` followed by any of ``endings`` mean ``(kind, value)``."""
        self._stems.append((normalize(stem), tuple(normalize(e) for e in endings), Word(kind, value)))

    def lookup(self, word: str) -> Word | None:
        """The meaning of one folded word or phrase, or ``None``."""
        found = self._words.get(word)
        if found is not None:
            return found
        for stem, endings, meaning in self._stems:
            if word.startswith(stem) and word[len(stem):] in endings:
                return meaning
        return None

    def match(self, tokens: list[Token], start: int) -> tuple[Word, int] | None:
        """The longest phrase of word tokens at ``tokens[start]``: its meaning and its length."""
        words: list[str] = []
        for token in tokens[start : start + self._longest]:
            if token.kind != "word":
                break
            words.append(token.text)
        for length in range(len(words), 0, -1):
            found = self.lookup(" ".join(words[:length]))
            if found is not None:
                return found, length
        return None


_TOKEN = re.compile(
    r"(?P<square>[a-z](?:1[0-2]|[1-9])(?![0-9]))"
    r"|(?P<number>[0-9]+)"
    r"|(?P<word>[^\W\d_]+)"
    r"|(?P<symbol>[^\s\w])"
    r"|(?P<space>\s+)"
)


@dataclass(frozen=True)
class Token:
    """A piece of a player's text: ``kind`` is square, number, word or symbol."""

    kind: str
    text: str


def tokenize(text: str, *, files: str = "abcdefgh", ranks: int = 8) -> list[Token]:
    """Split folded text into squares, numbers, words and symbols.

    A letter followed by a number is a square only when it fits the board
    (``files`` and ``ranks``); otherwise it is a word and a number.

    >>> [t.text for t in tokenize("c1-e3 purple5")]
    ['c1', '-', 'e3', 'purple', '5']
    """
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "symbol"
        value = match.group()
        if kind == "space":
            continue
        if kind == "square" and (value[0] not in files or int(value[1:]) > ranks):
            tokens.append(Token("word", value[0]))
            tokens.append(Token("number", value[1:]))
            continue
        tokens.append(Token(kind, value))
    return tokens
