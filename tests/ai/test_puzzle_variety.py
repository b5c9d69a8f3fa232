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
