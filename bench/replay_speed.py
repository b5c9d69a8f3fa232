"""How long a replay takes to draw, and how large it is: a 4-round Kamisado match, a 120-turn Ashtarashki
game and a 400-turn Krepost game (games between the built-in levels), each drawn as the ``replay``
command draws it. Prints time, bytes and frames; asserts nothing.

Usage: ``.venv/bin/python bench/replay_speed.py``. The targets: each within 3 s and 4 MB.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from bot.service.commands.replay import REPLAY_SIZE, replay_frames
from bot.service.texts import Words
from render.replay import replay_gif
from rules import get_game
from rules.core import State


def played(key: str, options: dict[str, Any], enough: Any) -> tuple[list[str], State]:
    """A game between two normal levels that lasts until ``enough(state, plies)`` (the first seed whose game does)."""
    game = get_game(key)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_state(**options)
        moves: list[str] = []
        while state.outcome() is None and not enough(state, len(moves)):
            move = ai.choose(state, level="normal", time_budget=0.02, seed=rng.randrange(10**6))
            moves.append(game.format_move(state, move))
            state = state.play(move)
        if enough(state, len(moves)):
            return moves, state
    raise RuntimeError(f"no {key} game lasted long enough")


def main() -> None:
    names = {"white": "Ann", "black": "Bob"}
    cases = [
        ("kamisado", {"match": "marathon"}, lambda state, plies: state.round > 4, "a Kamisado match of 4 rounds"),
        ("ashtarashki", {}, lambda state, plies: plies >= 120, "an Ashtarashki game of 120 turns"),
        ("krepost", {}, lambda state, plies: plies >= 400, "a Krepost game of 400 turns"),
    ]
    for key, options, enough, label in cases:
        moves, final = played(key, options, enough)
        began = time.perf_counter()
        frames = replay_frames(key, options, moves, final, names, Words("en"))
        gif = replay_gif(frames, size=REPLAY_SIZE)
        seconds = time.perf_counter() - began
        print(f"{label}: {len(moves)} turns, {len(frames)} frames before the cap -> {seconds:.2f} s, "
              f"{len(gif) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
