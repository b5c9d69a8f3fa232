"""Median time to draw each game's board at 640 px, and the PNG size. Prints figures; asserts nothing.

Usage: ``.venv/bin/python bench/render_speed.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import board_png
from render.__main__ import samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    by_game: dict[str, list[tuple[float, int]]] = {}
    for _name, state, last, options in samples():
        board_png(state, last_move=last, **options)  # warm up fonts and caches
        times = []
        size = 0
        for _ in range(args.repeats):
            began = time.perf_counter()
            size = len(board_png(state, last_move=last, **options))
            times.append(time.perf_counter() - began)
        by_game.setdefault(state.game_key, []).append((statistics.median(times), size))
    for game, figures in by_game.items():
        median = statistics.median(t for t, _ in figures) * 1000
        worst = max(t for t, _ in figures) * 1000
        biggest = max(s for _, s in figures) / 1024
        print(f"{game:12} median {median:5.1f} ms (slowest sample {worst:5.1f} ms), largest PNG {biggest:5.1f} KB"
              f"  (targets: ≤ 20 ms, ≤ 80 KB)")


if __name__ == "__main__":
    main()
