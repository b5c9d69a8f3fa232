"""A small fake of Telegram's Bot API on 127.0.0.1, for the real python-telegram-bot to talk to.

It answers getMe, getUpdates (from a queue the test fills), sendMessage, sendPhoto,
editMessageMedia, editMessageCaption, answerCallbackQuery, setMyCommands and the start-up calls,
records every call, and can answer one call with ``429 retry_after``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakes.loopback import serve

BOT_USER = {"id": 999, "is_bot": True, "first_name": "Board Game Bot", "username": "boardgame_bot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    result: Any = None


class FakeTelegram:
    """The fake server: ``url`` to point the bot at, ``calls`` to inspect, :meth:`push` to send updates."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.updates: list[dict[str, Any]] = []
        self.new_update = asyncio.Event()
        self.new_call = asyncio.Event()
        self.fail_once: set[str] = set()
        self.admins: set[int] = set()  # user ids getChatMember reports as administrators
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(100)
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_post("/bot{token}/{method}", self._handle)
        app.router.add_get("/bot{token}/{method}", self._handle)
        self._runner, self.url = await serve(app)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what tests do ------------------------------------------------------------------------

    def push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self.updates.append(update)
        self.new_update.set()

    def message(self, user: dict[str, Any], chat: dict[str, Any], text: str, reply_to: int | None = None) -> None:
        message: dict[str, Any] = {"message_id": next(self._message_ids), "date": int(time.time()), "chat": chat,
                                   "from": user, "text": text}
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if reply_to is not None:
            message["reply_to_message"] = {"message_id": reply_to, "date": int(time.time()), "chat": chat, "from": BOT_USER}
        self.push({"message": message})

    def press(self, user: dict[str, Any], chat: dict[str, Any], message_id: int, data: str) -> str:
        query_id = f"q{next(self._update_ids)}"
        self.push({"callback_query": {
            "id": query_id, "from": user, "chat_instance": "ci", "data": data,
            "message": {"message_id": message_id, "date": int(time.time()), "chat": chat, "from": BOT_USER},
        }})
        return query_id

    async def wait_for(self, method: str, count: int = 1, timeout: float = 20.0, since: int = 0) -> list[Call]:
        """Wait until ``count`` calls of ``method`` arrived after call number ``since``."""
        deadline = time.monotonic() + timeout
        while True:
            found = [c for c in self.calls[since:] if c.method == method]
            if len(found) >= count:
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = [c.method for c in self.calls[since:]]
                raise AssertionError(f"no {count} × {method} within {timeout}s; calls: {seen}")
            self.new_call.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.new_call.wait(), remaining)

    # -- the API ------------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        if request.content_type == "application/json":
            params = await request.json()
        elif request.can_read_body:
            form = await request.post()
            for key, value in form.items():
                if hasattr(value, "file"):
                    files[key] = value.file.read()
                else:
                    params[key] = _decode(str(value))
        if method in self.fail_once:
            self.fail_once.discard(method)
            self._record(Call(method, params, files))
            return web.json_response({"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 1",
                                      "parameters": {"retry_after": 1}}, status=429)
        result = await self._result(method, params)
        if method != "getUpdates":
            self._record(Call(method, params, files, result))
        return web.json_response({"ok": True, "result": result})

    def _record(self, call: Call) -> None:
        self.calls.append(call)
        self.new_call.set()

    async def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT_USER
        if method == "getUpdates":
            offset = int(params.get("offset") or 0)
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
            if not self.updates:
                self.new_update.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.new_update.wait(), min(float(params.get("timeout") or 0), 1.0))
            return [u for u in self.updates if u["update_id"] >= offset]
        if method in ("sendMessage", "sendPhoto", "editMessageMedia", "editMessageCaption"):
            chat_id = params.get("chat_id")
            message: dict[str, Any] = {
                "message_id": int(params["message_id"]) if "message_id" in params else next(self._message_ids),
                "date": int(time.time()), "chat": {"id": chat_id, "type": "group"}, "from": BOT_USER,
            }
            if method == "sendMessage":
                message["text"] = params.get("text", "")
            else:
                message["caption"] = params.get("caption", "")
                message["photo"] = [{"file_id": "p", "file_unique_id": "p", "width": 640, "height": 698}]
            return message
        if method == "getChatMember":
            user_id = int(params["user_id"])
            status = "administrator" if user_id in self.admins else "member"
            member: dict[str, Any] = {"status": status, "user": {"id": user_id, "is_bot": False, "first_name": "U"}}
            if status == "administrator":
                member.update({key: True for key in (
                    "can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages", "can_manage_video_chats",
                    "can_restrict_members", "can_promote_members", "can_change_info", "can_invite_users",
                    "can_post_stories", "can_edit_stories", "can_delete_stories")})
            return member
        return True


def _decode(value: str) -> Any:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value
