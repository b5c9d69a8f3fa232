"""Reading and writing Kamisado moves.

The canonical form is the publisher's notation followed by the squares, e.g.
``purple ↖5 green (f1–a6)``: the tower's colour, the arrow as the mover sees the board, the
distance, the colour of the landing square. A sumo push adds ``push``; the refill choice is
``left`` or ``right``. Players may type much less: see :func:`parse_move`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Reason
from rules.kamisado import messages as _messages  # noqa: F401  (declares the error codes)
from rules.kamisado.board import (
    COLOURS,
    DIAGONAL_LEFT,
    DIAGONAL_RIGHT,
    PLAYER_INDEX,
    SQUARE_COLOUR,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STRAIGHT,
    WORDS,
    direction_of,
)
from rules.kamisado.moves import KamisadoMove, Pass, RefillMove
from rules.kamisado.state import KamisadoState
from rules.text import check_move_text, check_on_board, normalize, tokenize

_ARROW_SYMBOLS = {
    "↑": STRAIGHT, "⬆": STRAIGHT, "^": STRAIGHT, "|": STRAIGHT,
    "↖": DIAGONAL_LEFT, "⬉": DIAGONAL_LEFT, "\\": DIAGONAL_LEFT,
    "↗": DIAGONAL_RIGHT, "⬈": DIAGONAL_RIGHT, "/": DIAGONAL_RIGHT,
}
_SEPARATORS = set("-:(),.;!?'\"[]`")
EXAMPLES = "'purple ↖5', 'purple left 5', 'l5', '4', a target square like 'e5', or 'c1-e3'"


def format_move(state: KamisadoState, move: Any) -> str:
    """The canonical text of ``move``: ``purple ↖5 green (f1–a6)``, ``… push (e4–e5)``, ``left``."""
    if isinstance(move, RefillMove):
        return move.side
    if not isinstance(move, KamisadoMove):
        raise TypeError(f"not a Kamisado move: {move!r}")
    player = PLAYER_INDEX[state.to_play or "black"]
    start, end = SQUARE_INDEX[move.start], SQUARE_INDEX[move.end]
    arrow = direction_of(player, start, end)
    distance = abs(end // 8 - start // 8)
    push = " push" if move.push else ""
    return f"{move.colour} {arrow}{distance} {COLOURS[SQUARE_COLOUR[end]]}{push} ({move.start}–{move.end})"


def publisher_text(state: KamisadoState, move: KamisadoMove) -> str:
    """The move in the publisher's four symbols alone (``purple ↖5 green``, pushes add ``push``)."""
    return format_move(state, move).split(" (")[0]


def format_pass(passed: Pass) -> str:
    """A blocked tower's pass in the publisher's notation: distance 0 (``red ↑0 green``)."""
    return f"{passed.colour} {STRAIGHT}0 {COLOURS[SQUARE_COLOUR[SQUARE_INDEX[passed.square]]]}"


@dataclass
class _Query:
    colours: list[str] = field(default_factory=list)
    direction: str | None = None
    distance: int | None = None
    squares: list[int] = field(default_factory=list)
    push: bool = False
    side: str | None = None
    passing: bool = False

    def fits(self, player: int, move: KamisadoMove, tower: str | None, landing: str | None) -> bool:
        start, end = SQUARE_INDEX[move.start], SQUARE_INDEX[move.end]
        if tower is not None and move.colour != tower:
            return False
        if landing is not None and COLOURS[SQUARE_COLOUR[end]] != landing:
            return False
        if self.direction is not None and direction_of(player, start, end) != self.direction:
            return False
        if self.distance is not None and abs(end // 8 - start // 8) != self.distance:
            return False
        if self.push and not move.push:
            return False
        if len(self.squares) == 1 and end != self.squares[0]:
            return False
        return not (len(self.squares) == 2 and (start, end) != (self.squares[0], self.squares[1]))


def _read(text: str) -> _Query:
    query = _Query()
    tokens = tokenize(normalize(text))
    if not tokens:
        raise InvalidMoveError.because(Reason.of("kamisado.empty", text=text, examples=EXAMPLES))
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token.kind == "square":
            query.squares.append(SQUARE_INDEX[token.text])
        elif token.kind == "number":
            distance = int(token.text) if len(token.text) < 4 else 99
            if query.distance is not None and query.distance != distance:
                raise InvalidMoveError.because(Reason.of("kamisado.two_distances", text=text))
            query.distance = distance
        elif token.kind == "symbol":
            if token.text in _ARROW_SYMBOLS:
                query.direction = _ARROW_SYMBOLS[token.text]
            elif token.text not in _SEPARATORS:
                raise InvalidMoveError.because(Reason.of("kamisado.unexpected", text=text, word=token.text,
                                                         examples=EXAMPLES))
        else:
            found = WORDS.match(tokens, i - 1)
            if found is None:
                check_on_board(text, 8, 8)
                raise InvalidMoveError.because(Reason.of("kamisado.unknown_word", text=text, word=token.text,
                                                         examples=EXAMPLES))
            word, length = found
            i += length - 1
            if word.kind == "colour":
                query.colours.append(word.value)
            elif word.kind == "direction":
                query.direction = word.value
            elif word.kind == "push":
                query.push = True
            elif word.kind == "side":
                query.side = word.value
            elif word.kind == "pass":
                query.passing = True
    if query.distance is not None and query.direction is None and not query.squares:
        query.direction = STRAIGHT  # a bare distance ("4", "purple 4") is a straight move
    if len(query.squares) > 2 or len(query.colours) > 2:
        raise InvalidMoveError.because(Reason.of("kamisado.too_much", text=text, examples=EXAMPLES))
    return query


def parse_move(state: KamisadoState, text: str) -> Any:
    """Read a player's text as a legal move of ``state``.

    Accepted: ``purple ↖5 green (f1–a6)`` and any part of it that picks one legal move —
    ``purple ↖5``, ``purple left 5``, ``purple l5``, ``l5``, ``↑4``, ``up 4``, ``4``,
    ``purple 4``, a target ``e5``, a pair ``c1-e3`` or ``c1e3``, ``push`` — with colour and
    direction words in English, Russian, Persian or Hungarian; ``left``/``right`` in the refill
    phase. The first colour named is always the tower's: naming a tower other than the one that
    must move is refused with the forced tower named, never read as the landing square's colour.

    >>> from rules import get_game
    >>> game = get_game("kamisado")
    >>> state = game.new_state(match="single")
    >>> game.format_move(state, game.parse_move(state, "orange l2"))
    'orange ↖2 orange (a8–c6)'
    """
    query = _read(check_move_text(text, EXAMPLES))
    if state.phase == "over":
        raise IllegalMoveError.because(Reason.of("kamisado.over"))
    if state.phase == "refill":
        return _read_refill(state, text, query)
    if query.passing:
        raise IllegalMoveError.because(Reason.of("kamisado.pass"))
    return _pick(state, text, query)


def _read_refill(state: KamisadoState, text: str, query: _Query) -> RefillMove:
    side = query.side or {DIAGONAL_LEFT: "left", DIAGONAL_RIGHT: "right"}.get(query.direction or "")
    if side is None or query.colours or query.squares or query.distance is not None or query.push:
        raise IllegalMoveError.because(Reason.of("kamisado.refill_expected", text=text, player=state.to_play))
    return RefillMove(side)


def _pick(state: KamisadoState, text: str, query: _Query) -> KamisadoMove:
    player = PLAYER_INDEX[state.to_play or "black"]
    legal: list[KamisadoMove] = [m for m in state.legal_moves() if isinstance(m, KamisadoMove)]
    tower = query.colours[0] if query.colours else None
    landing = query.colours[1] if len(query.colours) > 1 else None
    found = [m for m in legal if query.fits(player, m, tower, landing)]
    if len(found) == 1:
        return found[0]
    if found:
        shown = [format_move(state, m) for m in found[:8]] + (["…"] if len(found) > 8 else [])
        reason = Reason.of("kamisado.ambiguous", text=text, count=len(found), moves=shown)
        raise AmbiguousMoveError.because(reason, found)
    raise IllegalMoveError.because(_explain(state, text, query, tower, legal))


def _explain(state: KamisadoState, text: str, query: _Query, tower: str | None, legal: list[KamisadoMove]) -> Reason:
    who = state.to_play or "black"
    if state.forced is not None:
        square = state.square_of(who, state.forced)
        targets = sorted({m.end + (" ⇑" if m.push else "") for m in legal})
        wrong_start = len(query.squares) == 2 and SQUARE_NAMES[query.squares[0]] != square
        if (tower is not None and tower != state.forced) or wrong_start:
            return Reason.of("kamisado.forced_tower", text=text, player=who, colour=state.forced, square=square,
                             targets=targets)
        code = "kamisado.forced_no_push" if query.push else "kamisado.tower_cannot"
        return Reason.of(code, text=text, colour=state.forced, square=square, targets=targets)
    if tower is not None:
        own = sorted({m.end for m in legal if m.colour == tower})
        return Reason.of("kamisado.tower_cannot", text=text, colour=tower, square=state.square_of(who, tower), targets=own)
    if query.push:
        return Reason.of("kamisado.no_push_first", text=text)
    return Reason.of("kamisado.none_can", text=text, player=who)
