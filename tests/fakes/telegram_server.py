"""A small fake of Telegram's Bot API on 127.0.0.1, for the real python-telegram-bot to talk to.

It answers getMe, getUpdates (from a queue the test fills), sendMessage, sendPhoto,
editMessageMedia, editMessageCaption, editMessageReplyMarkup, answerCallbackQuery, setMyCommands
and the start-up calls, and records every call. It fails as Telegram does: a call can be answered
with ``429 retry_after``, a 5xx or a dropped connection (``fail_next``, or ``flaky`` for a share of
all calls), and a private message to a user who never wrote to the bot in private is refused with
403 (``started`` lists those who did).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakes.loopback import serve

BOT_USER = {"id": 999, "is_bot": True, "first_name": "Board Game Bot", "username": "boardgame_bot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}
# the sender Telegram names for an admin who remains anonymous in a group (the group itself is ``sender_chat``)
GROUP_ANONYMOUS_BOT = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


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
        self.fail_once: set[str] = set()  # methods answered once with 429 retry_after=1
        self.fail_next: dict[str, list[int | str]] = {}  # method → how its next calls fail: 429, 5xx or "drop"
        self.flaky = 0.0  # the share of calls (getUpdates aside) that fail with a 5xx or a dropped connection
        self.failures = 0  # calls failed on purpose so far
        self.started: set[int] = set()  # users who wrote to the bot in private: it may write to them
        self.inline_messages: dict[str, str] = {}  # inline messages posted (in chats the bot is no member of): result id
        self.flood: dict[int, int] = {}  # chat → retry_after of a 429 for the next message to it
        self._released = asyncio.Event()
        self.hang: set[str] = set()  # methods that are recorded and then never answered
        self._random = random.Random(7)
        self.admins: set[int] = set()  # user ids getChatMember reports as administrators
        self.migrated: dict[int, int] = {}  # a group upgraded to a supergroup → the supergroup's id
        self.kicked: set[int] = set()  # groups the bot was removed from: it may not write there
        self.delay_next: dict[str, list[float]] = {}  # method → seconds its next calls take before Telegram answers
        self.arrived: list[str] = []  # every call's method as it arrives (``calls`` records it when answered)
        self.revoked: set[str] = set()  # bot tokens Telegram does not know (every call: 401 Unauthorized)
        self.down = False  # Telegram's servers are failing: every call is answered 502 Bad Gateway
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
        self._released.set()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what tests do ------------------------------------------------------------------------

    def push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self.updates.append(update)
        self.new_update.set()

    def message(self, user: dict[str, Any], chat: dict[str, Any], text: str, reply_to: int | None = None,
                edit_of: int | None = None, anonymous: bool = False, topic: int | None = None) -> int:
        """A message from ``user`` in ``chat`` (with ``edit_of``: that message edited into ``text``); its id. With
        ``anonymous``, ``user`` is an admin who remains anonymous: Telegram names GroupAnonymousBot as the sender and
        the group as ``sender_chat``. With ``topic``, it is written in that forum topic of a supergroup with topics
        (``message_thread_id``, ``is_topic_message``)."""
        message_id = edit_of if edit_of is not None else next(self._message_ids)
        message: dict[str, Any] = {"message_id": message_id, "date": int(time.time()), "chat": chat,
                                   "from": GROUP_ANONYMOUS_BOT if anonymous else user, "text": text}
        if anonymous:
            message["sender_chat"] = {key: chat[key] for key in ("id", "type", "title") if key in chat}
        if topic is not None:
            message["message_thread_id"], message["is_topic_message"] = topic, True
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if reply_to is not None:
            message["reply_to_message"] = {"message_id": reply_to, "date": int(time.time()), "chat": chat, "from": BOT_USER}
        if edit_of is not None:
            message["edit_date"] = int(time.time())
        if chat.get("type") == "private":
            self.started.add(int(user["id"]))
        self.push({"edited_message" if edit_of is not None else "message": message})
        return message_id

    def migrate(self, user: dict[str, Any], group: dict[str, Any], supergroup: dict[str, Any], *, announce: bool = True) -> None:
        """``user`` upgrades ``group`` to ``supergroup``: from now on a call naming the group is refused with 400 and
        ``migrate_to_chat_id``; with ``announce`` the bot is sent both service messages, as Telegram sends them (the
        old group's ``migrate_to_chat_id``, the supergroup's ``migrate_from_chat_id``)."""
        self.migrated[int(group["id"])] = int(supergroup["id"])
        if announce:
            told = ((group, "migrate_to_chat_id", supergroup), (supergroup, "migrate_from_chat_id", group))
            for chat, field_name, other in told:
                self.push({"message": {"message_id": next(self._message_ids), "date": int(time.time()), "chat": chat,
                                       "from": user, field_name: int(other["id"])}})

    def remove_bot(self, user: dict[str, Any], group: dict[str, Any]) -> None:
        """``user`` removes the bot from ``group``: Telegram tells the bot (``my_chat_member``) and refuses its
        messages there with 403 from then on."""
        self.kicked.add(int(group["id"]))
        self.push({"my_chat_member": {
            "chat": group, "from": user, "date": int(time.time()),
            "old_chat_member": {"user": BOT_USER, "status": "member"},
            "new_chat_member": {"user": BOT_USER, "status": "kicked", "until_date": 0}}})

    def press(self, user: dict[str, Any], chat: dict[str, Any], message_id: int, data: str) -> str:
        query_id = f"q{next(self._update_ids)}"
        self.push({"callback_query": {
            "id": query_id, "from": user, "chat_instance": "ci", "data": data,
            "message": {"message_id": message_id, "date": int(time.time()), "chat": chat, "from": BOT_USER},
        }})
        return query_id

    def inline_query(self, user: dict[str, Any], query: str) -> str:
        """``@bot <query>`` typed by ``user`` in some chat: the inline query's id."""
        query_id = f"iq{next(self._update_ids)}"
        self.push({"inline_query": {"id": query_id, "from": user, "query": query, "offset": "", "chat_type": "group"}})
        return query_id

    def choose(self, user: dict[str, Any], result_id: str, query: str) -> str:
        """``user`` picked the result ``result_id``: Telegram posts it (in a chat the bot is no member of) and says
        so (the bot's inline feedback); the inline message's id."""
        message_id = f"im{next(self._message_ids)}"
        self.inline_messages[message_id] = result_id
        self.push({"chosen_inline_result": {"result_id": result_id, "from": user, "query": query,
                                            "inline_message_id": message_id}})
        return message_id

    def press_inline(self, user: dict[str, Any], inline_message_id: str, data: str) -> str:
        """``user`` pressed a button of the inline message ``inline_message_id`` (no chat, no message comes with it)."""
        query_id = f"q{next(self._update_ids)}"
        self.push({"callback_query": {"id": query_id, "from": user, "chat_instance": "elsewhere", "data": data,
                                      "inline_message_id": inline_message_id}})
        return query_id

    async def wait_for(self, method: str, count: int = 1, timeout: float = 20.0, since: int = 0,
                       include_failed: bool = False, where: Callable[[Call], bool] | None = None) -> list[Call]:
        """Wait until ``count`` calls of ``method`` that Telegram carried out (with ``include_failed``: any calls),
        and that ``where`` accepts when it is given, arrived after call number ``since``."""
        deadline = time.monotonic() + timeout
        while True:
            found = [c for c in self.calls[since:] if c.method == method] if include_failed else self.delivered(method, since)
            found = [c for c in found if where is None or where(c)]
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
        self.arrived.append(method)
        self.new_call.set()
        if self.down:
            self._record(Call(method, params, files, result=502))
            return web.json_response({"ok": False, "error_code": 502, "description": "Bad Gateway"}, status=502)
        if request.match_info["token"] in self.revoked:
            self._record(Call(method, params, files, result=401))
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        delays = self.delay_next.get(method)
        if delays:
            await asyncio.sleep(delays.pop(0))
        if method in self.hang:
            self._record(Call(method, params, files, result="hang"))
            await self._released.wait()  # until the fake stops
            return web.Response(status=503)
        chat = params.get("chat_id")
        if method.startswith("send") and isinstance(chat, int) and self.flood.get(chat):
            self.failures += 1
            self._record(Call(method, params, files, result=429))
            return _flood(self.flood.pop(chat))
        if method in self.fail_once:
            self.fail_once.discard(method)
            self._record(Call(method, params, files))
            return _flood(1)
        failure = self._failure(method)
        if failure is not None:
            self.failures += 1
            self._record(Call(method, params, files, result=failure))
            if failure == "drop":
                assert request.transport is not None
                request.transport.close()  # the connection breaks before any answer
                return web.Response(status=500)
            if failure == 429:
                return _flood(1)
            return web.json_response({"ok": False, "error_code": failure, "description": "Internal Server Error"},
                                     status=int(failure))
        moved_to = self._moved(params.get("chat_id"))
        if moved_to is not None:
            self._record(Call(method, params, files, result=400))
            return web.json_response({"ok": False, "error_code": 400,
                                      "description": "Bad Request: group chat was upgraded to a supergroup chat",
                                      "parameters": {"migrate_to_chat_id": moved_to}}, status=400)
        wrong = self._bad_request(method, params, files)
        if wrong is not None:
            self._record(Call(method, params, files, result=400))
            return web.json_response({"ok": False, "error_code": 400, "description": wrong}, status=400)
        refused = self._refused(method, params)
        if refused is not None:
            self._record(Call(method, params, files, result=403))
            return web.json_response({"ok": False, "error_code": 403, "description": refused}, status=403)
        result = await self._result(method, params)
        if method != "getUpdates":
            self._record(Call(method, params, files, result))
        return web.json_response({"ok": True, "result": result})

    def _failure(self, method: str) -> int | str | None:
        queued = self.fail_next.get(method)
        if queued:
            return queued.pop(0)
        if method != "getUpdates" and self.flaky and self._random.random() < self.flaky:
            return self._random.choice([500, 502, "drop"])
        return None

    def _moved(self, chat: Any) -> int | None:
        """The supergroup a group named by ``chat`` was upgraded to, if it was."""
        with contextlib.suppress(TypeError, ValueError):
            return self.migrated.get(int(chat))
        return None

    def _refused(self, method: str, params: dict[str, Any]) -> str | None:
        """Telegram's 403 for a private message to a user who never wrote to the bot in private."""
        if method not in ("sendMessage", "sendPhoto", "sendAnimation"):
            return None
        with contextlib.suppress(TypeError, ValueError):
            chat_id = int(params.get("chat_id"))  # type: ignore[arg-type]
            if chat_id > 0 and chat_id not in self.started:
                return "Forbidden: bot can't initiate conversation with a user"
            if chat_id in self.kicked:
                return "Forbidden: bot was kicked from the group chat"
        return None

    def _bad_request(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> str | None:
        """Telegram's 400 for what the inline mode does not allow."""
        if method == "answerInlineQuery":
            results = params.get("results") or []
            if len(results) > 50 or any(len(str(r.get("id", "")).encode()) > 64 for r in results):
                return "Bad Request: RESULTS_TOO_MUCH or RESULT_ID_INVALID"
        if "inline_message_id" in params:
            if params["inline_message_id"] not in self.inline_messages:
                return "Bad Request: MESSAGE_ID_INVALID"
            if files:
                return "Bad Request: can't upload file to an inline message: use a file_id or a URL"
        return None

    def delivered(self, method: str, since: int = 0) -> list[Call]:
        """The calls of ``method`` after call number ``since`` that Telegram carried out (not failed on purpose)."""
        return [c for c in self.calls[since:]
                if c.method == method and c.result not in (400, 403, 429, 500, 502, "drop", "hang")]

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
        if method in ("sendMessage", "sendPhoto", "sendAnimation", "editMessageMedia", "editMessageCaption",
                      "editMessageReplyMarkup", "editMessageText"):
            chat_id = params.get("chat_id")
            message: dict[str, Any] = {
                "message_id": int(params["message_id"]) if "message_id" in params else next(self._message_ids),
                "date": int(time.time()), "chat": {"id": chat_id, "type": "group"}, "from": BOT_USER,
            }
            if method in ("sendMessage", "editMessageText"):
                message["text"] = params.get("text", "")
            elif method == "sendAnimation":
                message["caption"] = params.get("caption", "")
                message["animation"] = {"file_id": "a", "file_unique_id": "a", "width": 400, "height": 470,
                                        "duration": 30, "mime_type": "image/gif", "file_name": "replay.gif"}
                message["document"] = {"file_id": "a", "file_unique_id": "a", "mime_type": "image/gif"}
            else:
                message["caption"] = params.get("caption", "")
                file_id = f"p{message['message_id']}"  # each upload its own file
                message["photo"] = [{"file_id": file_id, "file_unique_id": file_id, "width": 640, "height": 698}]
            if "inline_message_id" in params:
                return True  # an inline message's edit answers only that it was done
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


def _flood(seconds: int) -> web.Response:
    return web.json_response({"ok": False, "error_code": 429, "description": f"Too Many Requests: retry after {seconds}",
                              "parameters": {"retry_after": seconds}}, status=429)


def _decode(value: str) -> Any:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value
