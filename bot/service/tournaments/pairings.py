"""Pairing the rounds of a tournament: round robin by the circle method, Swiss by score groups.

Players are named by ints (their user ids); a pair is ``(white, black)``, and ``(player, None)`` is a bye.
Points are counted in halves (a win 2, a draw 1), so nothing here is a float.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

Pair = tuple[int, int | None]
BYE = -1  # the node standing for the bye in a Swiss matching


def round_robin(players: Sequence[int], cycles: int = 1) -> list[list[Pair]]:
    """Every round of a round robin among ``players`` (in seed order), by the circle method: each pair meets once
    per cycle (a second cycle swaps the colours), and everyone's whites and blacks differ by at most one per
    cycle. With an odd count, one player a round sits out (the bye).

    >>> round_robin([1, 2, 3, 4])
    [[(1, 4), (2, 3)], [(4, 2), (3, 1)], [(3, 4), (1, 2)]]
    >>> round_robin([1, 2, 3])
    [[(1, None), (2, 3)], [(2, None), (3, 1)], [(3, None), (1, 2)]]
    """
    circle = list(players)
    fixed: int | None = circle.pop() if len(circle) % 2 == 0 else None
    size = len(circle)  # odd
    rounds: list[list[Pair]] = []
    for turn in range(size):
        here = circle[turn]
        pairs: list[Pair] = [(here, None) if fixed is None else ((here, fixed) if turn % 2 == 0 else (fixed, here))]
        for step in range(1, size // 2 + 1):
            ahead, behind = circle[(turn + step) % size], circle[(turn - step) % size]
            pairs.append((ahead, behind) if step % 2 else (behind, ahead))
        rounds.append(pairs)
    swapped: list[list[Pair]] = [[(white, None) if black is None else (black, white) for white, black in pairs]
                                 for pairs in rounds]
    return [pairs for cycle in range(cycles) for pairs in (rounds if cycle % 2 == 0 else swapped)]


def colour_allowed(colours: str, colour: str) -> bool:
    """Whether a player who had ``colours`` (``w``/``b``, oldest first, byes left out) may have ``colour`` next:
    never the same colour three times running, and whites and blacks never more than two apart.

    >>> colour_allowed("ww", "w"), colour_allowed("wbw", "w"), colour_allowed("wbwbw", "w"), colour_allowed("wwb", "w")
    (False, True, True, True)
    >>> colour_allowed("wwbw", "w")
    False
    """
    after = colours + colour
    return abs(after.count("w") - after.count("b")) <= 2 and not after.endswith(colour * 3)


@dataclass(frozen=True)
class Record:
    """A player as a Swiss round is paired: points in halves, colours had (``w``/``b``, byes left out), the
    opponents met, and whether they had the bye."""

    player: int
    points: int
    colours: str = ""
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False


def preference(colours: str) -> tuple[str | None, int]:
    """The colour a player should have next and how strongly: 3 when the other is not allowed, 2 to even out
    their whites and blacks, 1 to alternate, 0 (and ``None``) before their first game.

    >>> preference("ww"), preference("wbw"), preference("wb"), preference("")
    (('b', 3), ('b', 2), ('w', 1), (None, 0))
    """
    allowed = [c for c in "wb" if colour_allowed(colours, c)]
    if len(allowed) == 1:
        return allowed[0], 3
    difference = colours.count("w") - colours.count("b")
    if difference:
        return ("b" if difference > 0 else "w"), 2
    if colours:
        return ("b" if colours[-1] == "w" else "w"), 1
    return None, 0


def _orientations(first: Record, second: Record) -> list[tuple[Record, Record]]:
    """The ways (white, black) the two may play each other within the colour rules."""
    return [(white, black) for white, black in ((first, second), (second, first))
            if colour_allowed(white.colours, "w") and colour_allowed(black.colours, "b")]


def _orient(higher: Record, lower: Record, board: int) -> Pair:
    """White and black of a pair (``higher`` ranks above ``lower``) on ``board`` (0 first): within the colour
    rules, each player's due colour, the stronger wish first, then the higher ranked; before anyone has played,
    the higher ranked has white on the first board, black on the second, and so on."""
    ways = _orientations(higher, lower) or [(higher, lower), (lower, higher)]
    if len(ways) == 1:
        return ways[0][0].player, ways[0][1].player
    (want_h, strength_h), (want_l, strength_l) = preference(higher.colours), preference(lower.colours)
    if want_h is None and want_l is None:
        higher_white = board % 2 == 0
    elif want_h is None or (want_l is not None and want_h == want_l and strength_l > strength_h):
        higher_white = want_l == "b"
    else:
        higher_white = want_h == "w"
    return (higher.player, lower.player) if higher_white else (lower.player, higher.player)


def _satisfied(first: Record, second: Record) -> int:
    """How many of the two get their due colour in the best way they can play each other (0 to 2)."""
    best = 0
    for white, black in _orientations(first, second):
        best = max(best, (preference(white.colours)[0] in ("w", None)) + (preference(black.colours)[0] in ("b", None)))
    return best


def _lexicographic(levels: list[list[int]], pairs: int) -> list[int]:
    """One weight per edge from its levels (most important first), so that any gain at a level outweighs
    every possible change in all the levels below it across a matching of ``pairs`` edges."""
    weights = [0] * len(levels)
    below_most = 0
    scale = 1
    for level in reversed(range(len(levels[0]) if levels else 0)):
        for edge, values in enumerate(levels):
            weights[edge] += values[level] * scale
        below_most = max(weights) if weights else 0
        scale = pairs * below_most + 1
    return weights


def swiss(records: Sequence[Record]) -> list[Pair]:
    """The pairs of the next Swiss round among ``records`` (in ranking order: points, then seed), best board
    first. In order of importance: everyone plays (one bye, a point, for an odd count, to someone who has not
    had one); the colour rules hold; nobody meets the same opponent twice; the bye goes to the lowest score
    possible (the lowest ranked of them); opponents' points are as close as
    possible (score groups, floating as little as can be); colours as due; and within a score group the top
    half meets the bottom half.

    >>> swiss([Record(1, 0), Record(2, 0), Record(3, 0), Record(4, 0)])
    [(1, 3), (4, 2)]
    >>> swiss([Record(1, 2, "w", frozenset({3})), Record(2, 2, "b", frozenset({4})),
    ...        Record(3, 0, "b", frozenset({1})), Record(4, 0, "w", frozenset({2}))])
    [(2, 1), (3, 4)]
    """
    if len(records) < 2:
        return [(records[0].player, None)] if records else []
    rank = {r.player: i for i, r in enumerate(records)}
    group_size: dict[int, int] = {}
    place: dict[int, int] = {}
    for r in records:
        place[r.player] = group_size.get(r.points, 0)
        group_size[r.points] = place[r.player] + 1
    widest = 2 * max(group_size.values())
    spread = max(r.points for r in records) - min(r.points for r in records) + 1
    lowest = min(r.points for r in records)
    edges: list[tuple[int, int]] = []
    levels: list[list[int]] = []
    for i, first in enumerate(records):
        for second in records[i + 1:]:
            gap = abs(first.points - second.points)
            half = (abs(2 * abs(place[first.player] - place[second.player]) - group_size[first.points])
                    if gap == 0 else widest)
            edges.append((first.player, second.player))
            levels.append([bool(_orientations(first, second)), second.player not in first.opponents, spread,
                           spread * spread - gap * gap, _satisfied(first, second), widest - half])
    if len(records) % 2:
        may_sit_out = [r for r in records if not r.had_bye] or list(records)
        for r in may_sit_out:
            edges.append((r.player, BYE))
            levels.append([1, 1, spread - (r.points - lowest), spread * spread, 2, rank[r.player]])
    import networkx as nx  # here, not at the top: importing it takes 0.4 s of every start, and few rounds are Swiss

    graph: nx.Graph[int] = nx.Graph()
    for (a, b), weight in zip(edges, _lexicographic(levels, len(records) // 2 + 1), strict=True):
        graph.add_edge(a, b, weight=weight)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    by_player = {r.player: r for r in records}
    couples = sorted((sorted(pair, key=lambda p: rank.get(p, len(records))) for pair in matched),
                     key=lambda pair: (-max(by_player[p].points for p in pair if p != BYE), rank[pair[0]]))
    pairs: list[Pair] = []
    for board, (higher, lower) in enumerate(couples):
        pairs.append((higher, None) if lower == BYE else _orient(by_player[higher], by_player[lower], board))
    return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]
