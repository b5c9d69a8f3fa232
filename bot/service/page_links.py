"""The web pages' addresses: a game's and a chat's token (made the first time they are asked for, the same for
every process), the link a board message carries, and taking a chat's pages down."""

from __future__ import annotations

from typing import Any

from bot.service.app import App
from storage import GameRow

PAGES_SETTING = "pages"  # a chat setting: "off" takes the chat's pages down


def pages_on(settings: dict[str, Any]) -> bool:
    """Whether a chat with ``settings`` has web pages."""
    return settings.get(PAGES_SETTING) != "off"


async def game_token(app: App, row: GameRow) -> str | None:
    """The token of ``row``'s page (made on first asking), or ``None`` when its chat's pages are off."""
    chat = await app.people.chat_by_id(row.chat_id)
    if not pages_on(chat.settings):
        return None
    return await app.pages.page_token("game", row.id, row.chat_id)


async def chat_token(app: App, chat_id: int) -> str | None:
    """The token of the chat's page, or ``None`` when its pages are off."""
    chat = await app.people.chat_by_id(chat_id)
    if not pages_on(chat.settings):
        return None
    return await app.pages.page_token("chat", chat_id, chat_id)


def address(app: App, kind: str, token: str) -> str | None:
    """The public address of a page (``g`` a game's, ``c`` a chat's), or ``None`` without a public address."""
    base = app.config.public_url
    return f"{base.rstrip('/')}/{kind}/{token}" if base else None


async def game_link(app: App, row: GameRow) -> str | None:
    """The address of ``row``'s page when the bot has a public address and the chat's pages are on."""
    if not app.config.public_url:
        return None
    token = await game_token(app, row)
    return None if token is None else address(app, "g", token)


async def chat_link(app: App, chat_id: int) -> str | None:
    """The address of the chat's page, as :func:`game_link`."""
    if not app.config.public_url:
        return None
    token = await chat_token(app, chat_id)
    return None if token is None else address(app, "c", token)


async def take_down(app: App, chat_id: int) -> int:
    """Drop every page of the chat (their addresses answer 404 from now on); how many were dropped."""
    return await app.pages.drop_pages(chat_id)
