"""Reading the ids players type (``#12``) and buttons carry: ASCII digits only, never a crash."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"^[0-9]{1,19}$")
BIGGEST = 2**63 - 1  # no database integer is larger
SQUARE = re.compile(r"^[a-l](?:[1-9]|1[0-2])$")  # a square of the largest board (a1 to l12), as written
_NATIVE_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")  # "#۱۲" typed in Persian is #12


def read_id(text: str) -> int | None:
    """The id written in ``text`` (``12`` or ``#12``), or ``None`` when it is not one.

    >>> read_id("#12"), read_id("²"), read_id("12a"), read_id("9" * 30), read_id("#۱۲")
    (12, None, None, None, 12)
    """
    text = text.removeprefix("#").translate(_NATIVE_DIGITS)
    if not _NUMBER.match(text) or int(text) > BIGGEST:
        return None
    return int(text)
