"""A tournament's standings: points, tie-breaks and ranks from the boards played so far.

Points are in halves (a win 2, a draw 1, a loss 0). Round robin breaks ties by Sonneborn–Berger (the points of
the opponents beaten, and half those of the opponents drawn); Swiss by Buchholz cut-1 (the opponents' points,
the lowest left out), then the direct encounter (the points scored in the games among the players still tied).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Board:
    """One board of a round: ``black`` ``None`` is ``white``'s bye; the points (halves) are ``None`` while the game
    is played (both 0 for a game called off, or two withdrawn players' forfeit)."""

    round: int
    white: int
    black: int | None
    white_points: int | None
    black_points: int | None = None
    game_id: int | None = None


@dataclass(frozen=True)
class Standing:
    """One line of the table: ``points`` and ``tiebreak`` in whole points (fractions), ``games`` finished."""

    rank: int
    player: int
    points: Fraction
    tiebreak: Fraction
    games: int


def scores(players: Sequence[int], boards: Sequence[Board]) -> dict[int, int]:
    """Each player's points so far, in halves (byes included).

    >>> scores([1, 2, 3], [Board(1, 1, 2, 2, 0), Board(1, 3, None, 2), Board(2, 2, 3, 1, 1)])
    {1: 2, 2: 1, 3: 3}
    """
    points = dict.fromkeys(players, 0)
    for board in boards:
        if board.white_points is not None:
            points[board.white] = points.get(board.white, 0) + board.white_points
        if board.black is not None and board.black_points is not None:
            points[board.black] = points.get(board.black, 0) + board.black_points
    return points


def _encounters(boards: Sequence[Board]) -> list[tuple[int, int, int]]:
    """Every finished game (forfeits too) as (player, opponent, player's points) from both sides."""
    found = []
    for board in boards:
        if board.black is not None and board.white_points is not None and board.black_points is not None:
            found.append((board.white, board.black, board.white_points))
            found.append((board.black, board.white, board.black_points))
    return found


def sonneborn_berger(players: Sequence[int], boards: Sequence[Board]) -> dict[int, Fraction]:
    """The sum over each player's games of their result times the opponent's points.

    >>> sb = sonneborn_berger([1, 2, 3], [Board(1, 1, 2, 2, 0), Board(2, 2, 3, 1, 1), Board(3, 3, 1, 1, 1)])
    >>> {p: str(v) for p, v in sb.items()}
    {1: '1', 2: '1/2', 3: '1'}
    """
    points = scores(players, boards)
    found = dict.fromkeys(players, 0)
    for player, opponent, got in _encounters(boards):
        found[player] += got * points[opponent]
    return {player: Fraction(value, 4) for player, value in found.items()}


def buchholz_cut1(players: Sequence[int], boards: Sequence[Board]) -> dict[int, Fraction]:
    """The sum of each player's opponents' points, the lowest left out (a bye adds no opponent).

    >>> bh = buchholz_cut1([1, 2, 3, 4], [Board(1, 1, 2, 2, 0), Board(1, 3, 4, 1, 1), Board(2, 1, 3, 2, 0),
    ...                           Board(2, 4, 2, 2, 0)])
    >>> {p: str(v) for p, v in bh.items()}
    {1: '1/2', 2: '2', 3: '2', 4: '1/2'}
    """
    points = scores(players, boards)
    met: dict[int, list[int]] = {p: [] for p in players}
    for player, opponent, _ in _encounters(boards):
        met[player].append(points[opponent])
    return {p: Fraction(sum(v) - (min(v) if len(v) > 1 else 0), 2) for p, v in met.items()}


def _direct(group: Sequence[int], boards: Sequence[Board]) -> dict[int, int]:
    """The points each of ``group`` scored in games against the others of ``group``."""
    members = set(group)
    found = dict.fromkeys(group, 0)
    for player, opponent, got in _encounters(boards):
        if player in members and opponent in members:
            found[player] += got
    return found


def standings(players: Sequence[int], boards: Sequence[Board], system: str) -> list[Standing]:
    """The table, best first: ``players`` in seed order, ``system`` ``swiss`` or ``roundrobin``. Players equal in
    points and every tie-break share a rank (listed in seed order).

    >>> table = standings([1, 2, 3], [Board(1, 1, 2, 2, 0), Board(2, 2, 3, 1, 1), Board(3, 3, 1, 1, 1)], "roundrobin")
    >>> [(s.rank, s.player, str(s.points), str(s.tiebreak), s.games) for s in table]
    [(1, 1, '3/2', '1', 2), (2, 3, '1', '1', 2), (3, 2, '1/2', '1/2', 2)]
    """
    points = scores(players, boards)
    tiebreak = sonneborn_berger(players, boards) if system == "roundrobin" else buchholz_cut1(players, boards)
    seed = {p: i for i, p in enumerate(players)}
    games = dict.fromkeys(players, 0)
    for player, _, _ in _encounters(boards):
        games[player] += 1
    direct = dict.fromkeys(players, 0)
    if system != "roundrobin":
        tied: dict[tuple[int, Fraction], list[int]] = {}
        for p in players:
            tied.setdefault((points[p], tiebreak[p]), []).append(p)
        for group in tied.values():
            if len(group) > 1:
                direct.update(_direct(group, boards))
    order = sorted(players, key=lambda p: (-points[p], -tiebreak[p], -direct[p], seed[p]))
    table: list[Standing] = []
    for place, p in enumerate(order, 1):
        previous = table[-1] if table else None
        same = previous is not None and (points[previous.player], tiebreak[previous.player], direct[previous.player]) == (
            points[p], tiebreak[p], direct[p])
        rank = previous.rank if same and previous is not None else place
        table.append(Standing(rank, p, Fraction(points[p], 2), tiebreak[p], games[p]))
    return table


def points_text(value: Fraction) -> str:
    """Points as players write them.

    >>> points_text(Fraction(7, 2)), points_text(Fraction(1, 2)), points_text(Fraction(4)), points_text(Fraction(49, 4))
    ('3½', '½', '4', '12¼')
    """
    whole, part = divmod(value, 1)
    mark = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(part, "")
    if part and not mark:
        return f"{float(value):g}"
    return f"{whole if whole or not mark else ''}{mark}"


def points_text_halves(halves: int) -> str:
    """Points given in halves, as players write them.

    >>> points_text_halves(1), points_text_halves(2), points_text_halves(0)
    ('½', '1', '0')
    """
    return points_text(Fraction(halves, 2))


def score_text(white: int, black: int) -> str:
    """A board's result from points given in halves: ``1–0``, ``½–½``."""
    return f"{points_text_halves(white)}–{points_text_halves(black)}"
