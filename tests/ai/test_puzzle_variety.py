"""How varied the puzzles given out are, as ``python -m ai.puzzles report`` says it: motifs counted by what a solution
does (a Krepost corner attack ending on k3 is one motif however it began), checked on lines written out by hand."""

from __future__ import annotations

from ai.puzzles import shipped
from ai.puzzles.__main__ import main
from ai.puzzles.worth import motif, served


def test_a_krepost_motif_is_where_the_attack_ends() -> None:
    corner = [p for p in served("krepost") if p.line[-1].split(" x")[0].endswith("-k3")]
    assert corner and len({motif(p) for p in corner if p.theme == "prisoner"}) == 1
    fortress = [p for p in shipped("krepost") if p.theme == "fortress"]
    assert {motif(p) for p in fortress} == {("fortress", "b11")}  # every one walks a stone into b11


def test_the_report_says_how_varied_each_set_is(capsys: object) -> None:
    assert main(["report", "krepost"]) == 0
    said = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "krepost: " in said and "  variety: " in said and "one-turn " in said and "tempting wrong move in " in said


def test_the_puzzles_given_out_are_varied() -> None:
    from collections import Counter

    from ai.puzzles.worth import MOTIF_AT_MOST

    for game in ("kamisado", "ashtarashki", "krepost"):
        given = served(game)
        assert len(given) >= 240, game
        assert max(Counter(motif(p) for p in given).values()) <= MOTIF_AT_MOST, game  # no motif more than a few times
        assert 6 * sum(p.turns == 1 for p in given) <= len(given), game  # one-turn puzzles: a sixth at most
        assert 2 * sum(p.tempting > 0 for p in given) > len(given), game  # a tempting wrong move in most


def test_add_keeps_only_the_turns_motifs_and_temptations_asked_for() -> None:
    from ai.puzzles.__main__ import kept

    skirmishes = [p for p in shipped("krepost") if p.source == "arranged" and p.theme == "prisoner"]
    again = kept(skirmishes, served("krepost"), 2, 3)
    assert again == [] or all(p.turns >= 2 for p in again)  # already given out: each motif is full at three
    one_turn = [p for p in shipped("krepost") if p.turns == 1]
    assert kept(one_turn, (), 2, None) == [] and len(kept(one_turn, (), 1, 1)) == len({motif(p) for p in one_turn})
