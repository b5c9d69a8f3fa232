"""Start the bot: ``python -m bot``.

With no platform tokens configured this is a chat in the terminal. ``python -m bot check-config``
checks the configuration and exits non-zero with a clear message when something is wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot import config as configuration
from bot.console import run as run_console
from bot.service import Service, ServiceConfig
from storage import SqliteStore


async def serve(settings: configuration.Config) -> int:
    """Open the database and run the front end the configuration asks for."""
    store = await SqliteStore.open(settings.database_path)
    service = Service(store, config=ServiceConfig(
        default_language=settings.default_language, ai_time_budget=settings.ai_time_budget,
        rate_limit=settings.rate_limit, remind_after=int(settings.remind_after_hours * 3600),
        text_diagrams=not (settings.discord_token or settings.telegram_token),
    ))
    try:
        if settings.discord_token or settings.telegram_token:
            from bot.platforms import run_platforms

            try:
                await run_platforms(service, settings)
            except Exception as exc:  # a wrong token, no network: say so plainly
                logging.getLogger("bot").error("the chat platform could not be reached: %s", exc)
                return 1
        else:
            await run_console(service, Path(settings.boards_dir))
    finally:
        await store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The board game chat bot.")
    parser.add_argument("command", nargs="?", default="run", choices=["run", "check-config"])
    args = parser.parse_args(argv)
    try:
        settings = configuration.load()
    except configuration.ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    if args.command == "check-config":
        print(f"configuration is valid: {settings!r}")
        return 0
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(serve(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
