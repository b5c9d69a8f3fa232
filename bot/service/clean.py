"""What people type, cleaned before the bot repeats it anywhere: no control characters, no terminal
escapes, no invisible direction overrides or zero-width characters that disguise names."""

from __future__ import annotations

import re
import unicodedata

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# Direction overrides and isolates, zero-width space/joiner, word joiner, BOM; the zero-width
# non-joiner (U+200C) stays: Persian spelling needs it.
_INVISIBLE = frozenset("\u200b\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff")


def clean(text: str, *, lines: bool = True) -> str:
    """``text`` without terminal escapes, control characters (line breaks and tabs stay when ``lines``)
    and invisible formatting characters.

    >>> clean("Ann\\u202eeve\\x00\\x1b[31m!")
    'Anneve!'
    >>> clean("a\\nb", lines=False)
    'a b'
    """
    text = _ANSI.sub("", text)
    kept = []
    for ch in text:
        if ch in "\n\t\r" and lines:
            kept.append(ch)
        elif ch in "\n\t\r":
            kept.append(" ")
        elif ch in _INVISIBLE or unicodedata.category(ch) == "Cc":
            continue
        else:
            kept.append(ch)
    return "".join(kept)


def clean_name(name: str, limit: int = 64) -> str:
    """A display name: cleaned, on one line, trimmed, at most ``limit`` characters (``?`` if nothing is left)."""
    return " ".join(clean(name, lines=False).split())[:limit] or "?"
