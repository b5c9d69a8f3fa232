"""Reading the ids players type (``#12``) and buttons carry: ASCII digits only, never a crash."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"^[0-9]{1,19}$")
BIGGEST = 2**63 - 1  # no database integer is larger


def read_id(text: str) -> int | None:
    """The id written in ``text`` (``12`` or ``#12``), or ``None`` when it is not one.

    >>> read_id("#12"), read_id("²"), read_id("12a"), read_id("9" * 30)
    (12, None, None, None)
    """
    text = text.removeprefix("#")
    if not _NUMBER.match(text) or int(text) > BIGGEST:
        return None
    return int(text)
