"""Every message the bot says, in English, Russian, Persian and Hungarian.

:func:`text` fills a message's placeholders; Persian messages are marked right-to-left.
"""

from __future__ import annotations

import re
import string
from typing import Any

from bot.i18n import (
    correspondence_en,
    correspondence_fa,
    correspondence_hu,
    correspondence_ru,
    en,
    errors_fa,
    errors_hu,
    errors_ru,
    fa,
    hu,
    lessons_en,
    lessons_fa,
    lessons_hu,
    lessons_ru,
    lines_en,
    lines_fa,
    lines_hu,
    lines_ru,
    pages_en,
    pages_fa,
    pages_hu,
    pages_ru,
    ru,
    settings_en,
    settings_fa,
    settings_hu,
    settings_ru,
)

# English move errors are the rules' own words; the other languages translate each error code. The lessons' words
# are catalogues of their own.
CATALOGUES: dict[str, dict[str, str]] = {
    "en": {**en.MESSAGES, **lessons_en.LESSONS, **pages_en.PAGES, **correspondence_en.CORRESPONDENCE,
           **lines_en.LINES, **settings_en.SETTINGS},
    "ru": {**ru.MESSAGES, **errors_ru.ERRORS, **lessons_ru.LESSONS, **pages_ru.PAGES, **correspondence_ru.CORRESPONDENCE,
           **lines_ru.LINES, **settings_ru.SETTINGS},
    "fa": {**fa.MESSAGES, **errors_fa.ERRORS, **lessons_fa.LESSONS, **pages_fa.PAGES, **correspondence_fa.CORRESPONDENCE,
           **lines_fa.LINES, **settings_fa.SETTINGS},
    "hu": {**hu.MESSAGES, **errors_hu.ERRORS, **lessons_hu.LESSONS, **pages_hu.PAGES, **correspondence_hu.CORRESPONDENCE,
           **lines_hu.LINES, **settings_hu.SETTINGS},
}
LANGUAGES: tuple[str, ...] = tuple(CATALOGUES)
RIGHT_TO_LEFT = frozenset({"fa"})
RLM = "\u200f"


def supported(language: str | None) -> str | None:
    """``language`` reduced to a supported code (``"ru-RU"`` → ``"ru"``), or ``None``."""
    if not language:
        return None
    code = language.lower().replace("_", "-").split("-")[0]
    return code if code in CATALOGUES else None


def text(language: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``language`` (English when missing) with ``params`` filled in.

    A number's field may choose a word by the number: ``{n:day|days}`` in English, ``{n:день|дня|дней}``
    in Russian (one, a few, many). Hungarian's ``a(z)`` becomes the article the next word takes.

    >>> text("ru", "duration.days", n=21), text("ru", "duration.days", n=3), text("ru", "duration.days", n=11)
    ('21 день', '3 дня', '11 дней')
    >>> text("hu", "kamisado.tower", player="Ann", colour="zöld", square="e4")
    'Ann a zöld tornyával lép (az e4 mezőn).'
    """
    language = language if language in CATALOGUES else "en"
    filled = _Plurals(language).format(template(language, key), **params)
    return hungarian_articles(filled) if language == "hu" else filled


PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


class _Plurals(string.Formatter):
    """Fills ``{n:one|few|many}`` with the word for the number ``n`` in the language."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" not in format_spec:
            shown = super().format_field(value, format_spec)
            if self.language == "fa" and isinstance(value, int | float) and not isinstance(value, bool):
                return shown.translate(PERSIAN_DIGITS)  # a number in Persian is written in Persian digits
            return shown
        forms = format_spec.split("|")
        return forms[min(_plural_form(self.language, int(value)), len(forms) - 1)]


def _plural_form(language: str, n: int) -> int:
    """Which form a number takes: 0 the singular; Russian 1 for 2–4 (not 12–14), 2 for the rest."""
    n = abs(n)
    if language == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1


_ARTICLE = re.compile(r"\b([Aa])\(z\) (\S+)")
_VOWELS = "aáeéiíoóöőuúüű"
_VOWEL_LETTER_NAMES = "aefilmnorsuxy"  # a, e, ef, i, el, em, en, o, er, es, u, iksz, ipszilon


def hungarian_articles(message: str) -> str:
    """Hungarian ``a(z)`` before a word made ``a`` or ``az`` as the word is spoken: ``az e4``, ``a b1``,
    ``az 5.``, ``a 12.``, ``az Ann``, ``a Bob``.

    >>> hungarian_articles("A(z) #15 játszma: a(z) f2 mezőn, a(z) 1. sorban, a(z) 12. játszmában")
    'A #15 játszma: az f2 mezőn, az 1. sorban, a 12. játszmában'
    """

    def article(match: re.Match[str]) -> str:
        word = match.group(2).lstrip("#'\"«(")
        digits = re.match(r"\d+", word)
        if digits:
            number = digits.group()
            vowel = number[0] == "5" or (number[0] == "1" and len(number) in (1, 4, 7))  # öt…, egy, ezer, egymillió
        elif re.match(r"[a-lA-L]\d", word):
            vowel = word[0].lower() in _VOWEL_LETTER_NAMES  # a square, read by its letter's name
        else:
            vowel = word[:1].lower() in _VOWELS
        return f"{match.group(1)}{'z' if vowel else ''} {match.group(2)}"

    return _ARTICLE.sub(article, message)


def template(language: str, key: str) -> str:
    """The unfilled message ``key`` in ``language`` (English when missing)."""
    return CATALOGUES.get(language, CATALOGUES["en"]).get(key) or CATALOGUES["en"][key]


def has(language: str, key: str) -> bool:
    """Whether ``language``'s catalogue has its own ``key``."""
    return key in CATALOGUES.get(language, {})


def mark_direction(language: str, message: str) -> str:
    """Start every line with a right-to-left mark for right-to-left languages."""
    if language not in RIGHT_TO_LEFT:
        return message
    return "\n".join(RLM + line if line and not line.startswith(RLM) else line for line in message.split("\n"))
