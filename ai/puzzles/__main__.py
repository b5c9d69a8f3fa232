"""The puzzle sets' command line.

    python -m ai.puzzles generate GAME [--count 320] [--seed 1] [--records FILE]
    python -m ai.puzzles add GAME --themes sumo,deadlock [--minutes 20] [--seed 2] [--arranged]
    python -m ai.puzzles verify [GAME ...] [--sample N]
    python -m ai.puzzles report [GAME ...]

``generate`` makes a game's set from games between the built-in levels (or, with ``--records``, from the
players' finished games: one exported JSON record a line) and writes it where the bot reads it.
``add`` looks in more games for puzzles of the given themes only (the sets' rarest) and appends them to the
shipped set, after its last number; with ``--arranged``, in positions set up on purpose instead
(:func:`ai.puzzles.making.arranged`: for the themes games seldom reach). ``verify`` proves every shipped
puzzle again with the rules core and exits 1 if any is wrong. ``report`` counts the puzzles given out
(:mod:`ai.puzzles.worth`) by theme, length and level.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import replace

from ai.puzzles import Puzzle, duplicates, path_of, shipped, write
from ai.puzzles.build import THEMES, verify
from ai.puzzles.making import ARRANGEMENTS, RECIPES, collect, from_records, made_by_levels, self_play
from ai.puzzles.making import arranged as arranged_positions
from ai.puzzles.worth import motif, served


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.puzzles", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("generate", help="make a game's set and write it")
    making.add_argument("game", choices=sorted(RECIPES))
    making.add_argument("--count", type=int, default=320)
    making.add_argument("--seed", type=int, default=1)
    making.add_argument("--records", help="a file of finished games (JSON records, one a line) to look in instead")
    adding = commands.add_parser("add", help="look for puzzles of some themes and append them to a game's set")
    adding.add_argument("game", choices=sorted(RECIPES))
    adding.add_argument("--themes", required=True, help="comma-separated themes, as in the sets")
    adding.add_argument("--minutes", type=float, default=20.0)
    adding.add_argument("--seed", type=int, default=2)
    adding.add_argument("--count", type=int, default=50, help="the most to add")
    adding.add_argument("--arranged", nargs="?", const="", default=None, metavar="KIND",
                        help="look in positions set up on purpose (a game's kind of arrangement: "
                             + "; ".join(f"{game} {', '.join(kinds)}" for game, kinds in sorted(ARRANGEMENTS.items()))
                             + ")")
    adding.add_argument("--turns", type=int, default=1, help="only puzzles of at least this many turns")
    adding.add_argument("--tempting", action="store_true", help="only puzzles with a tempting wrong first move")
    adding.add_argument("--motifs-at-most", type=int, default=None,
                        help="only puzzles whose motif the puzzles given out, and those added, have fewer times")
    proving = commands.add_parser("verify", help="prove the shipped puzzles again")
    proving.add_argument("games", nargs="*", choices=[[], *sorted(RECIPES)], default=[])
    proving.add_argument("--sample", type=int, help="prove only this many puzzles of each set, drawn at random")
    reporting = commands.add_parser("report", help="count the puzzles given out by theme, length and level")
    reporting.add_argument("games", nargs="*", choices=[[], *sorted(RECIPES)], default=[])
    args = parser.parse_args(argv)
    if args.command == "add":
        return _add(args.game, frozenset(args.themes.split(",")), args.minutes, args.seed, args.count, args.arranged,
                    args.turns, args.motifs_at_most, args.tempting)
    if args.command == "report":
        return _report(args.games or sorted(RECIPES))
    if args.command == "generate":
        return _generate(args.game, args.count, args.seed, args.records)
    return _verify(args.games or sorted(RECIPES), args.sample)


def _generate(game: str, count: int, seed: int, records: str | None) -> int:
    began = time.perf_counter()

    def progress(looked: int, found: int) -> None:
        print(f"{game}: {looked} positions looked at, {found} puzzles, {time.perf_counter() - began:.0f} s",
              file=sys.stderr, flush=True)

    if records:
        with open(records, encoding="utf-8") as file:
            puzzles = collect(game, from_records(file, game), count, "games", progress)
    else:
        puzzles = made_by_levels(game, count, seed, report=True)
    path = write(game, puzzles, seed)
    print(f"{len(puzzles)} {game} puzzles written to {path}")
    return 0 if len(puzzles) >= count else 1


def _add(game: str, themes: frozenset[str], minutes: float, seed: int, count: int, arranged: str | None = None,
         turns: int = 1, motifs_at_most: int | None = None, tempting: bool = False) -> int:
    unknown = themes - set(THEMES)
    if unknown:
        print(f"unknown theme {', '.join(sorted(unknown))}: expected some of {', '.join(THEMES)}", file=sys.stderr)
        return 2
    if "clean" in themes and (len(themes) > 1 or RECIPES[game].clean_look is None):
        print("clean wins are looked for on their own, in ashtarashki (their goal is another)", file=sys.stderr)
        return 2
    began = time.perf_counter()

    def progress(looked: int, found: int) -> None:
        print(f"{game}: {looked} positions looked at, {found} puzzles, {time.perf_counter() - began:.0f} s",
              file=sys.stderr, flush=True)

    if arranged and arranged not in ARRANGEMENTS[game]:
        print(f"no arrangement {arranged!r} for {game}: expected one of {', '.join(ARRANGEMENTS[game])}", file=sys.stderr)
        return 2
    known = list(shipped(game))
    positions, source = ((arranged_positions(game, seed, arranged), "arranged") if arranged is not None
                         else (self_play(game, seed), "levels"))
    choosy = turns > 1 or motifs_at_most is not None or tempting
    looking = 100 * count if choosy else count  # more, to keep the ones asked for
    found = collect(game, positions, looking, source, progress, themes, known, time.monotonic() + minutes * 60)
    found = kept([p for p in found if p.tempting or not tempting], served(game), turns, motifs_at_most)[:count]
    added = [replace(puzzle, number=len(known) + number) for number, puzzle in enumerate(found, 1)]
    made_with = json.loads(path_of(game).read_text(encoding="utf-8"))["seed"]  # the set's own seed stays
    path = write(game, known + added, made_with)
    print(f"{len(added)} {game} puzzles ({', '.join(sorted(themes))}) added to {path}")
    return 0


def kept(found: list[Puzzle], given: tuple[Puzzle, ...], turns: int, motifs_at_most: int | None) -> list[Puzzle]:
    """Those of ``found`` of at least ``turns`` turns whose motif ``given`` and the ones kept before them have fewer
    than ``motifs_at_most`` times (any number, when None), in order."""
    seen = Counter(motif(p) for p in given)
    chosen = []
    for puzzle in found:
        if puzzle.turns < turns or (motifs_at_most is not None and seen[motif(puzzle)] >= motifs_at_most):
            continue
        seen[motif(puzzle)] += 1
        chosen.append(puzzle)
    return chosen


def _verify(games: list[str], sample: int | None) -> int:
    wrong = 0
    for game in games:
        puzzles = list(shipped(game))
        if sample is not None:
            puzzles = random.Random(0).sample(puzzles, min(sample, len(puzzles)))
        for earlier, again in duplicates(shipped(game)):
            print(f"{game} #{again}: the same position as #{earlier}")
            wrong += 1
        began = time.perf_counter()
        for puzzle in puzzles:
            for problem in verify(puzzle):
                print(problem)
                wrong += 1
        print(f"{game}: {len(puzzles)} puzzles proven again in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    print("all sound" if not wrong else f"{wrong} problems")
    return 1 if wrong else 0


def _report(games: list[str]) -> int:
    for game in games:
        given = served(game)
        print(f"{game}: {len(given)} of {len(shipped(game))} given out")
        for name, counts in (("theme", Counter(p.theme for p in given)), ("turns", Counter(str(p.turns) for p in given)),
                             ("level", Counter(p.difficulty for p in given))):
            print(f"  by {name}: " + ", ".join(f"{key} {counts[key]}" for key in sorted(counts)))
        motifs = Counter(motif(p) for p in given)
        one_turn, tempting = sum(p.turns == 1 for p in given), sum(p.tempting > 0 for p in given)
        print(f"  variety: {len(motifs)} motifs, the most common {motifs.most_common(1)[0][1] if motifs else 0} times; "
              f"one-turn {one_turn} ({one_turn / max(1, len(given)):.0%}); a tempting wrong move in {tempting} "
              f"({tempting / max(1, len(given)):.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
