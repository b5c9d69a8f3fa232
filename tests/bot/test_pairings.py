"""Tournament pairings over random results: Swiss (no avoidable repeat, the colour rules, one bye at most each)
and round robin (each pair once per cycle, colours within one)."""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments.pairings import Record, colour_allowed, round_robin, swiss
from bot.service.tournaments.standings import Board, standings


def _records(players: list[int], boards: list[Board]) -> list[Record]:
    """Each player's record before the next round, in ranking order (points, then seed)."""
    points = dict.fromkeys(players, 0)
    colours = dict.fromkeys(players, "")
    met: dict[int, set[int]] = {p: set() for p in players}
    byes: set[int] = set()
    for b in boards:
        assert b.white_points is not None
        points[b.white] += b.white_points
        if b.black is None:
            byes.add(b.white)
            continue
        assert b.black_points is not None
        points[b.black] += b.black_points
        colours[b.white] += "w"
        colours[b.black] += "b"
        met[b.white].add(b.black)
        met[b.black].add(b.white)
    order = sorted(players, key=lambda p: (-points[p], players.index(p)))
    return [Record(p, points[p], colours[p], frozenset(met[p]), p in byes) for p in order]


def _repeat_free_pairing_exists(records: list[Record]) -> bool:
    """Whether the round could be paired with nobody meeting an old opponent, within the colour rules, the bye
    (for an odd count) to someone who has not had one."""
    by_player = {r.player: r for r in records}
    may_sit_out = {r.player for r in records if not r.had_bye} or set(by_player)

    def may_meet(a: int, b: int) -> bool:
        x, y = by_player[a], by_player[b]
        if b in x.opponents:
            return False
        return any(colour_allowed(w.colours, "w") and colour_allowed(k.colours, "b") for w, k in ((x, y), (y, x)))

    @functools.cache
    def solvable(left: frozenset[int], bye_due: bool) -> bool:
        if not left:
            return not bye_due
        first = min(left)
        rest = left - {first}
        if bye_due and first in may_sit_out and solvable(rest, False):
            return True
        return any(may_meet(first, other) and solvable(rest - {other}, bye_due) for other in rest)

    return solvable(frozenset(by_player), len(records) % 2 == 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 20), st.data())
def test_swiss_rounds_keep_the_rules_whatever_the_results(count: int, data: st.DataObject) -> None:
    players = list(range(100, 100 + count))
    rounds = data.draw(st.integers(1, min(count - 1, 9)), label="rounds")
    boards: list[Board] = []
    for number in range(1, rounds + 1):
        records = _records(players, boards)
        pairs = swiss(records)
        seated = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seated) == sorted(players), "everyone is paired once"
        assert sum(black is None for _, black in pairs) == count % 2
        by_player = {r.player: r for r in records}
        repeats = [(w, b) for w, b in pairs if b is not None and b in by_player[w].opponents]
        if repeats:
            assert not _repeat_free_pairing_exists(records), f"round {number}: avoidable repeat {repeats}"
        for white, black in pairs:
            if black is None:
                assert not by_player[white].had_bye, f"round {number}: a second bye for {white}"
                boards.append(Board(number, white, None, 2))
                continue
            assert colour_allowed(by_player[white].colours, "w"), (number, white, by_player[white].colours)
            assert colour_allowed(by_player[black].colours, "b"), (number, black, by_player[black].colours)
            result = data.draw(st.sampled_from([0, 1, 2]), label="result")
            boards.append(Board(number, white, black, result, 2 - result, game_id=number * 100 + white))
    byes = Counter(b.white for b in boards if b.black is None)
    assert all(n == 1 for n in byes.values())
    table = standings(players, boards, "swiss")
    assert sorted(s.player for s in table) == sorted(players)
    assert sum(s.points for s in table) == len(boards)  # a point a game, and a point a bye


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 20), st.sampled_from([1, 2]))
def test_round_robin_meets_each_pair_once_a_cycle_with_colours_within_one(count: int, cycles: int) -> None:
    players = list(range(7, 7 + count))
    schedule = round_robin(players, cycles)
    per_cycle = count if count % 2 else count - 1
    assert len(schedule) == per_cycle * cycles
    met = Counter(frozenset(pair) for pairs in schedule for pair in pairs if pair[1] is not None)
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {cycles}
    for cycle in range(cycles):
        rounds = schedule[cycle * per_cycle:(cycle + 1) * per_cycle]
        seated = [sorted(p for pair in pairs for p in pair if p is not None) for pairs in rounds]
        assert all(s == sorted(players) for s in seated), "everyone plays or sits out each round"
        whites = Counter(w for pairs in rounds for w, b in pairs if b is not None)
        blacks = Counter(b for pairs in rounds for _, b in pairs if b is not None)
        assert all(abs(whites[p] - blacks[p]) <= 1 for p in players)
        sat_out = Counter(w for pairs in rounds for w, b in pairs if b is None)
        assert all(n == 1 for n in sat_out.values()) and len(sat_out) == count % 2 * count
    if cycles == 2:
        whites = Counter(w for pairs in schedule for w, b in pairs if b is not None)
        blacks = Counter(b for pairs in schedule for _, b in pairs if b is not None)
        assert all(whites[p] == blacks[p] for p in players)


def test_a_swiss_round_pairs_within_score_groups_top_half_against_bottom_half() -> None:
    first = swiss([Record(p, 0) for p in range(1, 9)])
    assert {frozenset(p) for p in first} == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    assert [w for w, _ in first] == [1, 6, 3, 8]  # the higher ranked has white on odd boards
    winners = [Record(p, 2, "w" if p in (1, 3) else "b", frozenset({p + 4})) for p in (1, 6, 3, 8)]
    losers = [Record(p, 0, "b" if p in (5, 7) else "w", frozenset({p - 4})) for p in (5, 2, 7, 4)]
    second = swiss(winners + losers)
    assert {frozenset(p) for p in second[:2]} <= {frozenset(p) for p in combinations((1, 6, 3, 8), 2)}


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    records = [Record(1, 4), Record(2, 2), Record(3, 2), Record(4, 0, had_bye=True), Record(5, 0)]
    assert swiss(records)[-1] == (5, None)
