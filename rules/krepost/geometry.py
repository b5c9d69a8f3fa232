"""The Krepost board: 12×12 squares, territories, fortresses with walls, and bitboard helpers.

Square index = rank * 12 + file (rank 0 is rank "1", White's side). Sets of squares are Python
ints used as 144-bit bitboards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SIZE = 12
FILES = "abcdefghijkl"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % SIZE]}{s // SIZE + 1}" for s in range(SIZE * SIZE))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
FULL = (1 << (SIZE * SIZE)) - 1

WHITE, BLACK = 0, 1
PLAYER_NAMES = ("white", "black")
PLAYER_INDEX = {"white": WHITE, "black": BLACK}
STONES_IN_HAND = 48
COUNT_AFTER = 200  # turns in all (100 of each player) in a row without a prisoner, then the game is counted
OLD_COUNT_AFTER = 100  # the rule before the rules page's revision (100 in all): games stored under it keep it
FORTRESS_SIZES = ("3x2", "3x3")


def bit(square: int) -> int:
    return 1 << square


def squares_of(board: int) -> list[int]:
    """The square indexes of the set bits, lowest first."""
    found = []
    while board:
        low = board & -board
        found.append(low.bit_length() - 1)
        board ^= low
    return found


def _mask(squares: list[int]) -> int:
    value = 0
    for square in squares:
        value |= 1 << square
    return value


@dataclass(frozen=True)
class Geometry:
    """Everything about the board that depends on the fortress size."""

    fortress_size: str
    fortress: tuple[int, int]  # per player, a bitboard of the fortress squares
    opening: tuple[int, int]  # per player, the opening square
    front: tuple[int, int]  # per player, the square in front of the opening
    zone: tuple[int, int]  # per player, where stones may be placed
    territory: tuple[int, int]
    sources: int  # board-edge squares outside both fortresses: where a free way ends
    neighbours: tuple[tuple[int, ...], ...]  # orthogonal neighbours not across a wall
    near: tuple[int, ...]  # the same neighbours as a bitboard per square
    step: tuple[tuple[tuple[int, int], ...], ...]  # per square: (direction, neighbour) pairs
    go: tuple[int, int, int, int]  # per direction: squares that may move that way (east, west, north, south)

    def spread(self, board: int) -> int:
        """The squares next to ``board`` (not across walls or off the board), ``board`` excluded."""
        east, west, north, south = self.go
        return (((board & east) << 1) | ((board & west) >> 1) | ((board & north) << SIZE) | ((board & south) >> SIZE)) & ~board

    def flood(self, seed: int, within: int) -> int:
        """Every square of ``within`` connected to ``seed`` through ``within`` (``seed`` included)."""
        east, west, north, south = self.go
        region = seed
        while True:
            grown = region | (
                (((region & east) << 1) | ((region & west) >> 1) | ((region & north) << SIZE) | ((region & south) >> SIZE))
                & within
            )
            if grown == region:
                return region
            region = grown

    def air(self, empty: int) -> int:
        """The empty squares with a free way to the edge: connected through empty squares to a source."""
        return self.flood(empty & self.sources, empty)

    def components(self, stones: int) -> list[int]:
        """The detachments of a set of stones, each as a bitboard."""
        found = []
        while stones:
            group = self.flood(stones & -stones, stones)
            found.append(group)
            stones &= ~group
        return found


_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))  # east, west, north, south as (rank step, file step)


@cache
def geometry(fortress_size: str = "3x2") -> Geometry:
    """The geometry for a ``"3x2"`` or ``"3x3"`` fortress."""
    if fortress_size not in FORTRESS_SIZES:
        raise ValueError(f"unknown fortress size {fortress_size!r}: expected 3x2 or 3x3")
    depth = 2 if fortress_size == "3x2" else 3
    white_fort = [r * SIZE + f for r in range(depth) for f in (9, 10, 11)]
    black_fort = [r * SIZE + f for r in range(SIZE - depth, SIZE) for f in (0, 1, 2)]
    white_open = (depth - 1) * SIZE + 10
    black_open = (SIZE - depth) * SIZE + 1
    forts = (set(white_fort), set(black_fort))
    openings = {(white_open, white_open + SIZE), (black_open, black_open - SIZE)}

    def joined(a: int, b: int) -> bool:
        inside_a = [a in fort for fort in forts]
        inside_b = [b in fort for fort in forts]
        if inside_a == inside_b:
            return True
        return (a, b) in openings or (b, a) in openings

    step_lists = []
    go = [0, 0, 0, 0]
    for square in range(SIZE * SIZE):
        rank, file = divmod(square, SIZE)
        pairs = []
        for direction, (dr, df) in enumerate(_DIRECTIONS):
            r, f = rank + dr, file + df
            if 0 <= r < SIZE and 0 <= f < SIZE and joined(square, r * SIZE + f):
                pairs.append((direction, r * SIZE + f))
                go[direction] |= 1 << square
        step_lists.append(tuple(pairs))
    edge = [s for s in range(SIZE * SIZE) if s // SIZE in (0, SIZE - 1) or s % SIZE in (0, SIZE - 1)]
    fortress = (_mask(white_fort), _mask(black_fort))
    return Geometry(
        fortress_size=fortress_size,
        fortress=fortress,
        opening=(white_open, black_open),
        front=(white_open + SIZE, black_open - SIZE),
        zone=(_mask(list(range(4 * SIZE))), _mask(list(range(8 * SIZE, SIZE * SIZE)))),
        territory=(_mask(list(range(6 * SIZE))), _mask(list(range(6 * SIZE, SIZE * SIZE)))),
        sources=_mask(edge) & ~(fortress[0] | fortress[1]),
        neighbours=tuple(tuple(n for _, n in pairs) for pairs in step_lists),
        near=tuple(_mask([n for _, n in pairs]) for pairs in step_lists),
        step=tuple(step_lists),
        go=(go[0], go[1], go[2], go[3]),
    )
