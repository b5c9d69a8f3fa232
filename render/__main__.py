"""``python -m render gallery OUT_DIR``: sample pictures of every game and phase, for a look at a glance."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from render import board_png
from rules import get_game
from rules.core import State


def play_random(state: State, plies: int, seed: int, until: Any = None) -> tuple[State, Any]:
    """Play up to ``plies`` random moves (stopping early when ``until(state)``); return the state and the last move."""
    rng = random.Random(seed)
    last = None
    for _ in range(plies):
        if state.outcome() is not None or (until is not None and until(state)):
            break
        last = rng.choice(list(state.legal_moves()))
        state = state.play(last)
    return state, last


def samples() -> list[tuple[str, State, Any, dict[str, Any]]]:
    """(file name, state, last move, picture options) for every sample picture."""
    kamisado = get_game("kamisado")
    ashtarashki = get_game("ashtarashki")
    krepost = get_game("krepost")
    found: list[tuple[str, State, Any, dict[str, Any]]] = []
    start = kamisado.new_state(match="standard")
    found.append(("kamisado-start", start, None, {}))
    middle, last = play_random(start, 7, 3)
    found.append(("kamisado-middle", middle, last, {"hints": sorted({m.end for m in middle.legal_moves()})}))
    found.append(("kamisado-colourblind", middle, last, {"colorblind": True}))
    found.append(("kamisado-black-view", middle, last, {"perspective": "black"}))
    refill, last = play_random(start, 500, 8, until=lambda s: s.phase == "refill")
    found.append(("kamisado-refill", refill, last, {}))
    data = kamisado.new_state(match="marathon").to_dict()
    data.update(to_play="white", forced="green", teeth={"white": {"green": 2}, "black": {}})
    data["towers"]["white"]["green"] = "d4"
    data["towers"]["black"]["red"] = "d5"
    push_state = kamisado.state_from_dict(data)
    move = kamisado.parse_move(push_state, "push")
    found.append(("kamisado-push", push_state.play(move), move, {}))
    over, last = play_random(kamisado.new_state(match="single"), 200, 5)
    found.append(("kamisado-over", over, last, {}))
    chain = ashtarashki.new_state(position="White: M3 d4; M1 – a1, c1. Black: M2 – c5, b6, a5; M1 h8. White to move.")
    move = ashtarashki.parse_move(chain, "d4:c5")
    found.append(("ashtarashki-start", ashtarashki.new_state(), None, {}))
    found.append(("ashtarashki-chain", chain.play(move), move, {}))
    middle, last = play_random(ashtarashki.new_state(), 30, 4)
    found.append(("ashtarashki-middle", middle, last, {}))
    over, last = play_random(ashtarashki.new_state(), 2000, 6)
    found.append(("ashtarashki-over", over, last, {}))
    found.append(("krepost-start", krepost.new_state(), None, {}))
    middle, last = play_random(krepost.new_state(), 40, 4)
    found.append(("krepost-middle", middle, last, {}))
    found.append(("krepost-3x3-black-view", play_random(krepost.new_state(fortress="3x3"), 30, 2)[0], None,
                  {"perspective": "black"}))
    over, last = play_random(krepost.new_state(), 3000, 6)
    found.append(("krepost-over", over, last, {}))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description="Draw sample board pictures.")
    commands = parser.add_subparsers(dest="command", required=True)
    gallery = commands.add_parser("gallery", help="write sample pictures of every game into a folder")
    gallery.add_argument("out_dir")
    gallery.add_argument("--size", type=int, default=640)
    args = parser.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name, state, last, options in samples():
        path = out / f"{name}.png"
        path.write_bytes(board_png(state, last_move=last, size=args.size, **options))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
