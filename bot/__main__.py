"""Start the program: ``python -m bot``.

For now this plays a Kamisado match in the terminal against a random mover
(``--opponent human`` for two local players).
"""

from __future__ import annotations

import argparse
import sys

from bot.terminal_game import play_match


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and play; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Play Kamisado in the terminal.")
    parser.add_argument("--match", default="standard", choices=["single", "series", "standard", "long", "marathon"])
    parser.add_argument("--opponent", default="random", choices=["random", "human"])
    parser.add_argument("--side", default="black", choices=["black", "white"], help="your side against the computer")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random mover")
    args = parser.parse_args(argv)
    play_match(input, sys.stdout, match=args.match, opponent=args.opponent, human=args.side, seed=args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
