"""Telegram's webhook, served by the pages' aiohttp server (``HTTP_LISTEN``) rather than by a server of its own.

Telegram posts each update to ``TELEGRAM_WEBHOOK_URL`` with the secret it was given in ``setWebhook``
(``X-Telegram-Bot-Api-Secret-Token``). A post without that secret is refused with 403 before anything is read;
a good one is put on the Telegram application's update queue, as PTB's own webhook server would.
"""

from __future__ import annotations

import hmac
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from telegram import Update

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
LARGEST_UPDATE = 1024 * 1024  # bytes: an update is a few kilobytes; anything larger is no update


class TelegramWebhook:
    """The webhook's route: ``url`` (https, what Telegram is told) and ``secret``; updates go to the application
    :meth:`attach` gave it. Until then (the start) and after :meth:`detach` (the stop) posts are answered 503, which
    Telegram retries."""

    def __init__(self, url: str, secret: str) -> None:
        self.url = url
        self.secret = secret
        self.path = urlsplit(url).path or "/"
        self._application: Any = None

    def route(self, app: web.Application) -> None:
        """Serve the webhook's path on ``app``."""
        app.router.add_post(self.path, self.receive)

    def attach(self, application: Any) -> None:
        """From now on updates go to ``application`` (a running PTB ``Application``)."""
        self._application = application

    def detach(self) -> None:
        self._application = None

    async def receive(self, request: web.Request) -> web.Response:
        """One update from Telegram: checked, read and queued; 200 once it is queued."""
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), self.secret.encode()):
            return web.json_response({"error": "wrong or missing secret token"}, status=403)
        application = self._application
        if application is None:
            return web.json_response({"error": "starting or stopping; try again"}, status=503)
        if (request.content_length or 0) > LARGEST_UPDATE:
            return web.json_response({"error": "too large for an update"}, status=413)
        try:
            data = json.loads(await request.read())
            if not isinstance(data, dict) or type(data.get("update_id")) is not int:
                raise ValueError("no update_id")
            update = Update.de_json(data, application.bot)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # what a malformed object raises in de_json
            log.warning("a webhook post that is no update was refused: %s", type(exc).__name__)
            return web.json_response({"error": "not a Telegram update"}, status=400)
        if update is None:
            return web.json_response({"error": "not a Telegram update"}, status=400)
        await application.update_queue.put(update)
        return web.json_response({"ok": True})
