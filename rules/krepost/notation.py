"""Reading and writing Krepost turns and positions.

Turns: ``@e4`` (or ``e4``) places a stone, ``e4-e5`` steps, ``e4-e6-g6`` jumps, and a prisoner
taken in the same turn follows as ``xf7`` (``e4-e5 xf7``). Words work too, in every supported
language: ``place e4``, ``move e4 e5``, ``take f7``.
"""

from __future__ import annotations

import re
from typing import Any

from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Reason
from rules.krepost import messages as _messages  # noqa: F401  (declares the error codes)
from rules.krepost.geometry import (
    PLAYER_INDEX,
    PLAYER_NAMES,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STONES_IN_HAND,
    bit,
    squares_of,
)
from rules.krepost.move import KrepostMove
from rules.krepost.state import KrepostState
from rules.text import Lexicon, check_move_text, check_on_board, normalize, tokenize

EXAMPLES = "'@e4' to place, 'e4-e5' to step, 'e4-e6-g6' to jump, and 'xf7' for a prisoner"

WORDS = Lexicon()
WORDS.add("place", "", [
    "place", "put", "drop", "поставить", "ставлю", "поставь", "ставить", "установить",
    "بگذار", "گذاشتن", "قرار", "بذار", "lerak", "letesz", "tesz", "lerakom", "rak",
])
WORDS.add("move", "", [
    "move", "step", "jump", "go", "ход", "ходить", "хожу", "шаг", "прыжок", "двинуть", "иду",
    "حرکت", "برو", "پرش", "lep", "lepes", "ugras", "ugrik", "mozgat",
])
WORDS.add("take", "", [
    "take", "x", "capture", "prisoner", "взять", "беру", "бери", "пленный", "пленник", "забрать",
    "بگیر", "گرفتن", "اسیر", "ut", "elfog", "fogoly", "leut", "elvesz",
])
WORDS.add("filler", "", ["to", "from", "and", "then", "на", "и", "с", "به", "و", "از", "es", "majd", "a", "az"])
_TAKE_PREFIX = re.compile(r"(?<![a-z\u0400-\u04ff])x(?=[a-l](?:1[0-2]|[1-9])(?![0-9]))")


def format_move(state: KrepostState, move: Any) -> str:
    """The canonical text: ``@e4``, ``e4-e5``, ``e4-e6-g6``, with `` xf7`` when a prisoner is taken."""
    if not isinstance(move, KrepostMove):
        raise TypeError(f"not a Krepost move: {move!r}")
    text = "@" + move.squares[0] if len(move.squares) == 1 else "-".join(move.squares)
    return f"{text} x{move.prisoner}" if move.prisoner else text


def parse_move(state: KrepostState, text: str) -> KrepostMove:
    """Read a player's text as one legal turn of ``state``.

    When the turn must take a prisoner and the text names none, :class:`AmbiguousMoveError`
    offers the possible prisoners (a single possible prisoner is taken without asking).

    >>> from rules import get_game
    >>> game = get_game("krepost")
    >>> state = game.new_state()
    >>> game.format_move(state, game.parse_move(state, "place e4"))
    '@e4'
    """
    path, prisoner = _read(check_move_text(text, EXAMPLES))
    if state.result is not None or state.to_play is None:
        raise IllegalMoveError.because(Reason.of("krepost.over"))
    exact = KrepostMove(tuple(path), prisoner)
    if state.why_illegal(exact) is None:
        return exact  # checked on its own, without listing every legal turn
    legal = state.legal_moves()
    found = [m for m in legal if list(m.squares) == path] or [m for m in legal if _shorthand(m, path)]
    if not found:
        why = state.why_illegal(KrepostMove(tuple(path), prisoner)) or Reason.of("krepost.not_legal")
        raise IllegalMoveError.because(why, text=text)
    if prisoner is not None:
        chosen = [m for m in found if m.prisoner == prisoner]
        if not chosen:
            options = sorted({m.prisoner for m in found if m.prisoner}, key=SQUARE_INDEX.__getitem__)
            if options:
                why = Reason.of("krepost.not_surrounded_take", prisoner=prisoner, options=options)
            else:
                why = Reason.of("krepost.nothing_surrounded_after", prisoner=prisoner)
            raise IllegalMoveError.because(why, text=text)
        found = chosen
    if len(found) == 1:
        return found[0]
    routes = {m.squares for m in found}
    if len(routes) == 1:
        names = [m.prisoner or "" for m in found]
        raise AmbiguousMoveError.because(Reason.of("krepost.which_prisoner", text=text, options=names), found)
    shown = [format_move(state, m) for m in found[:8]] + (["…"] if len(found) > 8 else [])
    raise AmbiguousMoveError.because(Reason.of("krepost.ambiguous", text=text, count=len(found), moves=shown), found)


def _read(text: str) -> tuple[list[str], str | None]:
    folded = _TAKE_PREFIX.sub(" x ", normalize(text))
    tokens = tokenize(folded, files="abcdefghijkl", ranks=SIZE)
    path: list[str] = []
    prisoner: str | None = None
    taking = False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token.kind == "square":
            if taking:
                if prisoner is not None:
                    raise InvalidMoveError.because(Reason.of("krepost.two_prisoners", text=text))
                prisoner = token.text
                taking = False
            else:
                if prisoner is not None:
                    raise InvalidMoveError.because(Reason.of("krepost.order", text=text, examples=EXAMPLES))
                path.append(token.text)
        elif token.kind == "symbol" and token.text in "@-,:;.()→>":
            continue
        elif token.kind == "word":
            found = WORDS.match(tokens, i - 1)
            if found is None:
                check_on_board(text, 12, 12)
                raise InvalidMoveError.because(Reason.of("krepost.unknown_word", text=text, word=token.text,
                                                         examples=EXAMPLES))
            word, length = found
            i += length - 1
            if word.kind == "take":
                taking = True
        else:
            raise InvalidMoveError.because(Reason.of("krepost.unexpected", text=text, word=token.text, examples=EXAMPLES))
    if not path:
        raise InvalidMoveError.because(Reason.of("krepost.no_squares", text=text, examples=EXAMPLES))
    return path, prisoner


def _shorthand(move: KrepostMove, path: list[str]) -> bool:
    """``e4-g6``: a jump chain written by its first and last squares only."""
    squares = move.squares
    return len(path) == 2 and len(squares) > 2 and squares[0] == path[0] and squares[-1] == path[1]


# -- positions ----------------------------------------------------------------------------------

_MARKS = {"W": 0, "B": 1, "O": 0, "X": 1, "○": 0, "●": 1}


def position_text(state: KrepostState) -> str:
    """A 12-line diagram (rank 12 on top; ``W``, ``B``, ``.``) followed by hands, prisoners and the turn."""
    lines = []
    for rank in range(SIZE - 1, -1, -1):
        cells = []
        for file in range(SIZE):
            square = rank * SIZE + file
            cells.append("W" if state.stones[0] >> square & 1 else "B" if state.stones[1] >> square & 1 else ".")
        lines.append(f"{rank + 1:>2} " + " ".join(cells))
    lines.append("   " + " ".join("abcdefghijkl"))
    lines.append(
        f"White: {state.in_hand[0]} in hand, {state.prisoners[0]} prisoners. "
        f"Black: {state.in_hand[1]} in hand, {state.prisoners[1]} prisoners."
    )
    turn = "Game over." if state.to_play is None else f"{state.to_play.capitalize()} to move"
    if state.extra_turn:
        turn += " (extra turn)"
    lines.append(f"{turn}{'.' if state.to_play else ''} {state.quiet} turns since the last prisoner.")
    return "\n".join(lines)


def read_position(text: str) -> dict[str, Any]:
    """Read :func:`position_text`'s format; return the fields of a state. Raise :class:`ValueError`."""
    rows = []
    for line in text.splitlines():
        found = re.match(r"^\s*(\d{1,2})\s+(.*)$", line)
        if found:
            cells = found.group(2).replace(" ", "")
            rows.append((int(found.group(1)), cells))
    if len(rows) != SIZE or sorted(r for r, _ in rows) != list(range(1, SIZE + 1)):
        raise ValueError("a position has 12 board lines, numbered 12 down to 1")
    stones = [0, 0]
    for rank, cells in rows:
        if len(cells) != SIZE:
            raise ValueError(f"rank {rank} has {len(cells)} squares instead of 12")
        for file, mark in enumerate(cells):
            if mark in ".·-_":
                continue
            if mark.upper() not in _MARKS:
                raise ValueError(f"unknown mark {mark!r} on {SQUARE_NAMES[(rank - 1) * SIZE + file]}")
            stones[_MARKS[mark.upper()]] |= bit((rank - 1) * SIZE + file)
    hands: list[int | None] = [None, None]
    prisoners = [0, 0]
    for name, hand, taken in re.findall(r"(white|black)\s*:\s*(\d+)\s+in hand\s*,\s*(\d+)\s+prisoners?", text, re.IGNORECASE):
        player = PLAYER_INDEX[name.lower()]
        hands[player], prisoners[player] = int(hand), int(taken)
    in_hand = []
    for player in (0, 1):
        on_board = len(squares_of(stones[player]))
        hand = hands[player]
        if hand is None:
            hand = STONES_IN_HAND - on_board - prisoners[1 - player]
        if hand < 0 or hand + on_board > STONES_IN_HAND:
            raise ValueError(f"{PLAYER_NAMES[player]} has more than 48 stones")
        in_hand.append(hand)
    mover = re.search(r"(white|black)\s+to\s+move", text, re.IGNORECASE)
    quiet = re.search(r"(\d+)\s+turns?\s+since", text, re.IGNORECASE)
    return {
        "stones": (stones[0], stones[1]),
        "in_hand": (in_hand[0], in_hand[1]),
        "prisoners": (prisoners[0], prisoners[1]),
        "to_play": mover.group(1).lower() if mover else "white",
        "quiet": int(quiet.group(1)) if quiet else 0,
        "extra_turn": bool(re.search(r"extra turn", text, re.IGNORECASE)),
    }
