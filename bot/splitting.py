"""Long texts cut into pieces a platform accepts, at line ends where possible."""

from __future__ import annotations


def pieces(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut after a line where one fits, else hard.

    >>> pieces("one\\ntwo\\nthree", 8)
    ['one\\ntwo', 'three']
    >>> pieces("abcdefghij", 4)
    ['abcd', 'efgh', 'ij']
    >>> pieces("", 10)
    ['']
    """
    found: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        if cut <= 0:
            found.append(text[:limit])
            text = text[limit:]
        else:
            found.append(text[:cut])
            text = text[cut + 1 :]
    found.append(text)
    return found
