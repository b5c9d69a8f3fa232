"""How long a review takes: a 60-turn game of each game and a 300-turn Krepost game (games between the
built-in levels), reviewed as the ``review`` command reviews them. Prints the seconds and the verdicts;
asserts nothing.

Usage: ``.venv/bin/python bench/review_speed.py``. The targets: a 60-turn game within 20 s, a 300-turn
Krepost game within 90 s.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.review import review
from bench.replay_speed import played


def main() -> None:
    cases = [
        ("kamisado", {"match": "marathon"}, 60), ("ashtarashki", {}, 60), ("krepost", {}, 60), ("krepost", {}, 300),
    ]
    for key, options, turns in cases:
        moves, _ = played(key, options, lambda state, plies, turns=turns: plies >= turns)
        began = time.perf_counter()
        made = review(key, options, moves)
        seconds = time.perf_counter() - began
        verdicts = Counter(move.verdict for move in made.moves)
        print(f"{key}, {len(moves)} turns: reviewed in {seconds:.1f} s; {dict(verdicts)}")


if __name__ == "__main__":
    main()
