"""Running the chat platforms' front ends."""

from __future__ import annotations

from bot.config import Config
from bot.service import Service


async def run_platforms(service: Service, settings: Config) -> None:
    """Run the Discord and/or Telegram front ends (not built yet)."""
    raise SystemExit(
        "Discord and Telegram front ends are not part of this version yet; "
        "unset DISCORD_TOKEN and TELEGRAM_TOKEN to use the terminal chat."
    )
