"""Reading and writing Ashtarashki moves and positions in the author's notation.

Moves: ``M1a3—b4`` (short ``M1b4``), captures ``M2c5:b6`` (short ``M2:b6``), chains
``M2c5:b6:c7:b8``, retreats with the new state ``M1c5—b4V``, ``V1b4—a3W``, ``Wa3—b2Z``. Players
may also type ``a3-b4``, ``a3b4``, ``c5:b6``, ``c5xb6``, the first captures of a chain, or only
the target square when one stone can go there.

Positions: ``White: M1 – a3, c1; M2 a5; M3 f6. Black: M1 g1; M2 c5; M3 – e1, h8. Black to move.``
"""

from __future__ import annotations

import re
from typing import Any

from rules.ashtarashki import messages as _messages  # noqa: F401  (declares the error codes)
from rules.ashtarashki.board import (
    DARK,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STATE_LETTERS,
    AshtarashkiMove,
    W,
    label,
    owner_of,
    state_of,
    stone,
)
from rules.ashtarashki.state import AshtarashkiState
from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Reason
from rules.text import check_move_text, check_on_board, normalize

EXAMPLES = "'M1a3—b4', 'M1b4', 'a3-b4', 'c5:b6', 'c5:b6:a5' or just 'b4'"
# Cyrillic letters that look like the Latin ones of the notation.
_LOOKALIKES = str.maketrans({"м": "m", "а": "a", "в": "v", "с": "c", "е": "e", "х": "x", "з": "z", "ш": "w"})
_MOVE = re.compile(
    r"^(?P<label>[mvw][1-3]?)?\s*(?P<lead>[:x])?\s*"
    r"(?P<squares>[a-h][1-8](?:\s*[-:x]?\s*[a-h][1-8])*)?"
    r"\s*(?P<suffix>[vwz])?\s*[#!?+]*$"
)
_SQUARE = re.compile(r"[a-h][1-8]")


def format_move(state: AshtarashkiState, move: Any) -> str:
    """The author's long form: ``M1a3—b4``, ``M2c5:b6:c7``, ``M1c5—b4V``, ``Wa3—b2Z``."""
    if not isinstance(move, AshtarashkiMove):
        raise TypeError(f"not an Ashtarashki move: {move!r}")
    code = state.board[SQUARE_INDEX[move.start]]
    name = label(code) if code else "M"
    if move.kind == "capture":
        return name + ":".join(move.path)
    suffix = ""
    if move.kind == "retreat":
        suffix = "VWZ"[state_of(code)] if code else "V"
    return f"{name}{move.start}—{move.end}{suffix}"


def short_form(state: AshtarashkiState, move: AshtarashkiMove) -> str:
    """The author's short form: ``M1b4``, ``M2:b6:c7``, ``M1b4V``."""
    long = format_move(state, move)
    name = long[: len(long) - len(long.lstrip("MVW123"))]
    if move.kind == "capture":
        return name + ":" + ":".join(move.path[1:])
    return name + long.split("—")[1]


def parse_move(state: AshtarashkiState, text: str) -> AshtarashkiMove:
    """Read a player's text as one legal move of ``state``.

    >>> from rules import get_game
    >>> game = get_game("ashtarashki")
    >>> state = game.new_state()
    >>> game.format_move(state, game.parse_move(state, "c3-d4"))
    'M3c3—d4'
    """
    check_move_text(text, EXAMPLES)
    folded = normalize(text).translate(_LOOKALIKES).strip()
    found = _MOVE.match(folded)
    if not folded or found is None or not (found["squares"] or found["label"]):
        check_on_board(text, 8, 8)
        raise InvalidMoveError.because(Reason.of("ashtarashki.syntax", text=text, examples=EXAMPLES))
    if state.result is not None:
        raise IllegalMoveError.because(Reason.of("ashtarashki.over"))
    squares = _SQUARE.findall(found["squares"] or "")
    for name in squares:
        if SQUARE_INDEX[name] not in DARK:
            raise IllegalMoveError.because(Reason.of("ashtarashki.light_square", text=text, square=name))
    capture = bool(found["lead"]) or ":" in (found["squares"] or "") or "x" in (found["squares"] or "")
    legal = state.legal_moves()
    lead = found["lead"] is not None
    candidates = [m for m in legal if _fits(state, m, found["label"], squares, lead, capture, found["suffix"])]
    exact = [m for m in candidates if list(m.path) == squares]
    if len(exact) == 1:
        return exact[0]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        shown = [format_move(state, m) for m in candidates[:8]] + (["…"] if len(candidates) > 8 else [])
        reason = Reason.of("ashtarashki.ambiguous", text=text, count=len(candidates), moves=shown)
        raise AmbiguousMoveError.because(reason, candidates)
    raise IllegalMoveError.because(_explain(state, text, squares, capture), text=text)


def _fits(
    state: AshtarashkiState, move: AshtarashkiMove, name: str | None, squares: list[str], lead: bool, capture: bool,
    suffix: str | None,
) -> bool:
    if capture and move.kind != "capture":
        return False
    code = state.board[SQUARE_INDEX[move.start]]
    if name is not None and not _label_fits(code, name):
        return False
    if suffix is not None and (move.kind != "retreat" or "vwz"[state_of(code)] != suffix):
        return False
    path = list(move.path)
    if not squares:
        return True
    if lead:  # short capture form: the squares are the landings
        return squares == path[1 : 1 + len(squares)]
    if len(squares) >= 2 and squares == path[: len(squares)]:
        return True
    if len(squares) == 2 and squares[0] == path[0] and squares[1] == path[-1]:
        return True
    if squares == path[1 : 1 + len(squares)]:
        return True
    return len(squares) == 1 and squares[0] == path[-1]


def _label_fits(code: int, name: str) -> bool:
    kind = state_of(code)
    if name[0] != "mvw"[kind]:
        return False
    return len(name) == 1 or kind == W or int(name[1]) == (code & 3)


def _explain(state: AshtarashkiState, text: str, squares: list[str], capture: bool) -> Reason:
    legal = state.legal_moves()
    if legal and legal[0].kind == "capture":
        return Reason.of("ashtarashki.capture_compulsory", text=text, starts=sorted({m.start for m in legal}))
    if squares:
        first = SQUARE_INDEX[squares[0]]
        code = state.board[first]
        if len(squares) >= 2 and (not code or PLAYER_NAMES[owner_of(code)] != state.to_play):
            return Reason.of("ashtarashki.no_stone", player=state.to_play, square=squares[0])
        if len(squares) >= 2 and code:
            stone_moves = [m for m in legal if m.start == squares[0]]
            if not stone_moves:
                return Reason.of("ashtarashki.stuck", text=text, square=squares[0])
            return Reason.of("ashtarashki.only_to", text=text, square=squares[0], targets=[m.end for m in stone_moves])
    if capture:
        return Reason.of("ashtarashki.no_capture", text=text)
    return Reason.of("ashtarashki.none_can", text=text, player=state.to_play)


# -- positions ----------------------------------------------------------------------------------

_GROUP_ORDER = ("M1", "M2", "M3", "V1", "V2", "V3", "W")
_SIDE = re.compile(r"(white|black)\s*:\s*(.*?)(?=(?:white|black)\s*:|(?:white|black)\s+to\s+move|$)", re.IGNORECASE | re.DOTALL)
_GROUP = re.compile(r"^(?P<label>[MVW][1-3]?)\s*[-–—]?\s*(?P<squares>.*)$", re.IGNORECASE | re.DOTALL)


def position_text(state: AshtarashkiState) -> str:
    """The position in the author's format, e.g. ``White: M1 – a3, c1; M2 a5. Black: W g7. White to move.``"""
    return board_text(state.board, state.to_play)


def board_text(board: tuple[int, ...], to_play: str | None) -> str:
    """The author's format of ``board`` with ``to_play`` to move (no mover sentence when ``None``)."""
    parts = []
    for owner in (0, 1):
        groups: dict[str, list[str]] = {}
        for square, code in enumerate(board):
            if code and owner_of(code) == owner:
                groups.setdefault(label(code), []).append(SQUARE_NAMES[square])
        items = []
        for name in _GROUP_ORDER:
            squares = sorted(groups.get(name, []))
            if squares:
                items.append(f"{name} – {', '.join(squares)}" if len(squares) > 1 else f"{name} {squares[0]}")
        parts.append(f"{PLAYER_NAMES[owner].capitalize()}: {'; '.join(items) or 'none'}.")
    if to_play is None:
        return f"{parts[0]} {parts[1]}"
    return f"{parts[0]} {parts[1]} {to_play.capitalize()} to move."


def read_position(text: str) -> tuple[tuple[int, ...], str]:
    """Read a position in the author's format; return (board, player to move).

    Raises :class:`ValueError` naming what could not be read.
    """
    board = [0] * 64
    seen: set[str] = set()
    for side, body in _SIDE.findall(text):
        owner = PLAYER_INDEX[side.lower()]
        if side.lower() in seen:
            raise ValueError(f"{side} is listed twice")
        seen.add(side.lower())
        body = body.strip().rstrip(".").strip()
        if body.lower() in ("", "none", "-", "—"):
            continue
        for group in body.split(";"):
            found = _GROUP.match(group.strip())
            if found is None:
                raise ValueError(f"cannot read {group.strip()!r}: expected a stone like M1, V2 or W and its squares")
            name = found["label"].upper()
            if name not in _GROUP_ORDER:
                raise ValueError(f"unknown stone {name!r}: expected one of {', '.join(_GROUP_ORDER)}")
            squares = re.split(r"[\s,]+", found["squares"].strip().rstrip("."))
            for square in filter(None, squares):
                square = square.lower()
                if square not in SQUARE_INDEX or SQUARE_INDEX[square] not in DARK:
                    raise ValueError(f"{square!r} is not a dark square of the board")
                index = SQUARE_INDEX[square]
                if board[index]:
                    raise ValueError(f"two stones on {square}")
                board[index] = stone(owner, STATE_LETTERS.index(name[0]), int(name[1]) if len(name) > 1 else 0)
    if seen != {"white", "black"}:
        raise ValueError("a position lists 'White: …' and 'Black: …'")
    mover = re.search(r"(white|black)\s+to\s+move", text, re.IGNORECASE)
    to_play = mover.group(1).lower() if mover else "white"
    for owner in (0, 1):
        if sum(1 for c in board if c and owner_of(c) == owner) > 12:
            raise ValueError(f"{PLAYER_NAMES[owner]} has more than 12 stones")
    return tuple(board), to_play
