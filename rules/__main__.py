"""Command line of the rules core.

``python -m rules replay GAME FILE`` replays a record (JSON or the game's own notation) and
prints a summary, or the number, text and reason of the first illegal move (exit status 1).
``python -m rules export GAME FILE`` rewrites a record in the game's own notation.
"""

from __future__ import annotations

import argparse
import sys

from rules import ReplayError, get_game


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rules", description="Replay and check game records.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, about in (("replay", "replay a record and summarise it"), ("export", "print a record in the game's notation")):
        command = commands.add_parser(name, help=about)
        command.add_argument("game", help="kamisado, ashtarashki or krepost")
        command.add_argument("file", help="the record: JSON or the game's own notation ('-' reads standard input)")
    args = parser.parse_args(argv)
    try:
        game = get_game(args.game)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as file:
                text = file.read()
        record = game.read_record(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"cannot read the record: {exc}", file=sys.stderr)
        return 2
    try:
        state = game.replay(record.moves, **dict(record.options))
    except ReplayError as exc:
        print(f"illegal move {exc.number}: {exc.detail}")
        return 1
    except ValueError as exc:
        print(f"bad options in the record: {exc}", file=sys.stderr)
        return 2
    if args.command == "export":
        print(game.export_record(record), end="")
    else:
        print(f"{len(record.moves)} moves replayed")
        for line in game.summary(state):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
