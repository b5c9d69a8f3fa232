"""The web pages' addresses: a game's and a chat's token (made the first time they are asked for, the same for
every process), and the link a board message carries. A chat's pages are taken down by dropping its tokens
(``PageTable.drop_pages``)."""

from __future__ import annotations

from typing import Any

from bot.service.app import App
from storage import GameRow

PAGES_SETTING = "pages"  # a chat setting: "off" takes the chat's pages down


def pages_on(settings: dict[str, Any]) -> bool:
    """Whether a chat with ``settings`` has web pages."""
    return settings.get(PAGES_SETTING) != "off"


async def _token(app: App, kind: str, ref: int, chat_id: int) -> str | None:
    chat = await app.people.chat_by_id(chat_id)
    return await app.pages.page_token(kind, ref, chat_id) if pages_on(chat.settings) else None


async def game_token(app: App, row: GameRow) -> str | None:
    """The token of ``row``'s page (made on first asking), or ``None`` when its chat's pages are off."""
    return await _token(app, "game", row.id, row.chat_id)


async def chat_token(app: App, chat_id: int) -> str | None:
    """The token of the chat's page, or ``None`` when its pages are off."""
    return await _token(app, "chat", chat_id, chat_id)


async def game_link(app: App, row: GameRow) -> str | None:
    """The address of ``row``'s page when the bot has a public address and the chat's pages are on."""
    base = app.config.public_url
    token = await game_token(app, row) if base else None
    return f"{base.rstrip('/')}/g/{token}" if base and token else None


async def chat_link(app: App, chat_id: int) -> str | None:
    """The address of the chat's page when the bot has a public address and the chat's pages are on."""
    base = app.config.public_url
    token = await chat_token(app, chat_id) if base else None
    return f"{base.rstrip('/')}/c/{token}" if base and token else None
