"""A small fake of Discord on 127.0.0.1: the REST API the bot uses and a gateway websocket.

The gateway sends HELLO, READY and GUILD_CREATE, then whatever the test pushes
(INTERACTION_CREATE, MESSAGE_CREATE). REST records interaction callbacks, follow-ups, messages
and edits, and answers with plausible objects; with ``flaky`` a share of them fails (500, or the
connection dropped), and ``hang`` keeps requests unanswered.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import WSMsgType, web

from tests.fakes.loopback import serve

APP_ID = "4000"
GUILD_ID = "5000"
CHANNEL_ID = "6000"
FRIENDS_DM = "7100"  # a direct-message channel between two people, the bot not one of them (a user-installed app's)
FOLLOW_UPS = 5  # follow-ups an interaction may send where the app is installed by its user only
# The gateway sends the one guild right after READY, on the same socket and so before anything a test pushes;
# discord.py's default waits 2 s after the last guild for more before it is ready.
GUILD_READY_TIMEOUT = 0.2
BOT = {"id": APP_ID, "username": "boardgames", "discriminator": "0", "global_name": "Board Games", "avatar": None,
       "bot": True}


def user(user_id: str, name: str) -> dict[str, Any]:
    return {"id": user_id, "username": name, "discriminator": "0", "global_name": name, "avatar": None}


@dataclass
class Call:
    method: str
    path: str
    body: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    failed: bool = False  # failed on purpose (a 5xx or a dropped connection)
    # Whether everyone in the channel sees the message this call made (None: the call made none). As Discord does it:
    # the first follow-up after a deferred "thinking" answer becomes that answer, shown as the deferral was, whatever
    # flags the follow-up carries; later follow-ups are ephemeral when flagged so.
    shown_to_all: bool | None = None


class FakeDiscord:
    """Point discord.py's REST base at ``api`` and let it find the gateway through it."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._loading: dict[str, bool] = {}  # interaction tokens answered "thinking…": whether that shows to all
        self.new_call = asyncio.Event()
        self.sockets: list[web.WebSocketResponse] = []
        self.ids = itertools.count(10_000)
        self.sequence = itertools.count(1)
        self.url = ""
        self._runner: web.AppRunner | None = None
        self.ready = asyncio.Event()
        self.identified: list[dict[str, Any]] = []  # every IDENTIFY payload (shards say which they are)
        self.owner_id = "1"  # the server's owner: Discord gives them every permission
        self.flaky = 0.0  # the share of messages, follow-ups and interaction answers that fail (5xx or dropped)
        self._random = random.Random(11)
        self._released = asyncio.Event()
        self.hang: set[str] = set()  # path prefixes whose requests are recorded and never answered
        self.hang_reading: set[str] = set()  # path prefixes whose GET requests (a channel's history) likewise
        self.dms_closed: set[str] = set()  # users who accept no direct messages from the bot (403, code 50007)
        self.drop_next: dict[str, int] = {}  # path prefix → how many of its next requests lose their connection
        self._dm_users: dict[str, str] = {}  # direct-message channel → its user
        self.users: dict[str, dict[str, Any]] = {}  # everyone who did something here, by id (GET users/<id>)
        self.not_member: set[str] = {FRIENDS_DM}  # channels the bot cannot post in (403, code 50001): it may only answer
        self.token_lifetime = 900.0  # seconds an interaction's token works (Discord: 15 minutes)
        self._tokens: dict[str, list[float]] = {}  # a user-installed interaction's token → [when it came, follow-ups]
        self.history: dict[str, list[dict[str, Any]]] = {}  # channel → its messages, oldest first (GET …/messages)
        self.unreadable: set[str] = set()  # channels whose history the bot may not read (403, Missing Access)
        self.revoked: set[str] = set()  # bot tokens Discord does not know (every call: 401 Unauthorized)
        self.threads: dict[str, dict[str, Any]] = {}  # the server's active threads, by id (sent with GUILD_CREATE)

    @property
    def api(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway(self) -> str:
        return self.url.replace("http", "ws") + "/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner, self.url = await serve(app)

    async def stop(self) -> None:
        self._released.set()
        for socket in self.sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- the gateway ---------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.sockets.append(socket)
        await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 40_000}, "s": None, "t": None}))
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            if payload["op"] == 1:
                await socket.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif payload["op"] == 2:
                self.identified.append(payload["d"])
                await self._dispatch(socket, "READY", {
                    "v": 10, "user": BOT, "guilds": [{"id": GUILD_ID, "unavailable": True}], "session_id": "session",
                    "resume_gateway_url": self.url.replace("http", "ws") + "/gateway",
                    "application": {"id": APP_ID, "flags": 0},
                })
                await self._dispatch(socket, "GUILD_CREATE", {**_guild(self.owner_id), "threads": list(self.threads.values())})
                self.ready.set()
        return socket

    async def _dispatch(self, socket: web.WebSocketResponse, name: str, data: dict[str, Any]) -> None:
        await socket.send_str(json.dumps({"op": 0, "t": name, "s": next(self.sequence), "d": data}))

    async def push(self, name: str, data: dict[str, Any]) -> None:
        await self._dispatch(self.sockets[-1], name, data)

    async def command(self, who: dict[str, Any], name: str, dm: str | None = None, elsewhere: bool = False,
                      **options: Any) -> str:
        """A slash command from ``who`` (in the direct-message channel ``dm``; with ``elsewhere``, in
        :data:`FRIENDS_DM` through the app ``who`` installed; else the server's channel); returns the interaction token."""
        self.users[who["id"]] = who
        token = f"token{next(self.ids)}"
        values = [{"name": k, "type": 6 if k == "opponent" else (5 if isinstance(v, bool) else 3), "value": v}
                  for k, v in options.items()]
        data: dict[str, Any] = {"id": str(next(self.ids)), "name": name, "type": 1, "options": values}
        if "opponent" in options:
            named = options["opponent"]
            self.users.setdefault(named, user(named, "Bob"))
            data["resolved"] = {"users": {named: self.users[named]}}
            if dm is None and not elsewhere:  # a server sends the member too; a direct message has none
                data["resolved"]["members"] = {named: {"roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                                                       "deaf": False, "mute": False, "flags": 0}}
        if dm is not None:
            self._dm_users[dm] = who["id"]
        await self.push("INTERACTION_CREATE", self._created(_interaction(2, data, who, token, dm, elsewhere)))
        return token

    async def press(self, who: dict[str, Any], custom_id: str, message_id: str, dm: str | None = None,
                    elsewhere: bool = False) -> str:
        self.users[who["id"]] = who
        token = f"token{next(self.ids)}"
        data = {"custom_id": custom_id, "component_type": 2}
        interaction = self._created(_interaction(3, data, who, token, dm, elsewhere))
        # The pressed message carries the button, as Discord sends it.
        row = [{"type": 1, "components": [{"type": 2, "style": 2, "custom_id": custom_id, "label": "·"}]}]
        interaction["message"] = _message(message_id, "board", row)
        if elsewhere:
            interaction["message"]["channel_id"] = FRIENDS_DM
            del interaction["message"]["guild_id"]
        await self.push("INTERACTION_CREATE", interaction)
        return token

    def _created(self, interaction: dict[str, Any]) -> dict[str, Any]:
        owners = interaction["authorizing_integration_owners"]
        if set(owners) == {"1"}:  # installed by its user alone
            self._tokens[interaction["token"]] = [time.monotonic(), 0]
        return interaction

    def _answer_only_refusal(self, request: web.Request, path: str) -> web.Response | None:
        """What Discord answers where the app may only answer: no posting in a channel it is not in, no follow-up
        past the fifth, no token past its lifetime."""
        if request.method in ("POST", "PATCH") and path.startswith("channels/") and path.split("/")[1] in self.not_member:
            return _error(403, 50001, "Missing Access")
        parts = path.split("/")
        if parts[0] == "webhooks" and len(parts) >= 3 and parts[2] in self._tokens:
            came = self._tokens[parts[2]]
            if time.monotonic() - came[0] > self.token_lifetime:
                return _error(401, 50027, "Invalid Webhook Token")
            if request.method == "POST" and len(parts) == 3:
                if came[1] >= FOLLOW_UPS:
                    return _error(400, 40094, "This interaction has hit the maximum number of follow up messages")
                came[1] += 1
        return None

    async def say(self, who: dict[str, Any], text: str, reply_to: str | None = None, channel: str = CHANNEL_ID,
                  *, missed: bool = False, dm: bool = False) -> str:
        """``who`` writes ``text`` in the server's ``channel`` (with ``dm``: in their direct messages with the bot,
        ``channel``, which carry no server and no member); the message's id. With ``missed`` the bot is not sent it
        (no connection to the gateway then): Discord never sends it again, it is only in the channel's history."""
        self.users[who["id"]] = who
        message = _message(str(next(self.ids)), text, [])
        message["channel_id"] = channel
        message["author"] = who
        if dm:
            self._dm_users[channel] = who["id"]
            del message["guild_id"]
        else:
            message["member"] = {"roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                                 "flags": 0}  # a guild member object always carries its flags
            message["guild_id"] = GUILD_ID
        if reply_to:
            message["message_reference"] = {"message_id": reply_to, "channel_id": CHANNEL_ID, "guild_id": GUILD_ID}
        self.history.setdefault(channel, []).append({k: v for k, v in message.items() if k != "member"})
        if not missed:
            await self.push("MESSAGE_CREATE", message)
        return str(message["id"])

    async def user_thread(self, who: dict[str, Any], name: str, parent: str = CHANNEL_ID, *, missed: bool = False) -> str:
        """``who`` opens a public thread in ``parent`` (as a user does: the bot never asked for it); its id. Discord
        sends THREAD_CREATE (with ``missed``, the bot is away: it learns of the thread from the next GUILD_CREATE, which
        lists the server's active threads)."""
        thread = {"id": str(next(self.ids)), "guild_id": GUILD_ID, "parent_id": parent, "owner_id": who["id"], "type": 11,
                  "name": name, "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0,
                  "member_count": 1, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                      "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
        self.threads[thread["id"]] = thread
        if not missed:
            await self._dispatch(self.sockets[-1], "THREAD_CREATE", {**thread, "newly_created": True})
        return str(thread["id"])

    async def edit(self, who: dict[str, Any], message_id: str, text: str, channel: str = CHANNEL_ID) -> None:
        """``who`` edits their message ``message_id`` into ``text``: Discord sends MESSAGE_UPDATE with the whole message
        (its ``edited_timestamp`` set), and the history shows the new text."""
        kept = next(m for m in self.history[channel] if m["id"] == message_id)
        kept["content"], kept["edited_timestamp"] = text, "2026-01-01T00:00:01+00:00"
        message = {**kept, "member": {"roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                                      "mute": False, "flags": 0}} if "guild_id" in kept else dict(kept)
        await self.push("MESSAGE_UPDATE", message)

    def _channel_history(self, channel: str, query: Any) -> web.Response:
        """``GET /channels/{id}/messages``: as Discord answers it, at most ``limit`` messages (100), newest first; with
        ``after``, the ones that came right after that message; ``before``, right before it; ``around``, both sides."""
        if channel in self.unreadable:
            return _error(403, 50001, "Missing Access")
        limit = min(int(query.get("limit", 50)), 100)
        kept = self.history.get(channel, [])
        if "after" in query:
            later = [m for m in kept if int(m["id"]) > int(query["after"])][:limit]
            return _json(list(reversed(later)))
        if "around" in query:  # the message itself and those nearest it on both sides, ``limit`` in all
            at = int(query["around"])
            older = [m for m in kept if int(m["id"]) < at][-(limit // 2):] if limit > 1 else []
            rest = [m for m in kept if int(m["id"]) >= at][:limit - len(older)]
            return _json(list(reversed(older + rest)))
        if "before" in query:
            kept = [m for m in kept if int(m["id"]) < int(query["before"])]
        return _json(list(reversed(kept[-limit:])))

    # -- REST ----------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = request.match_info["path"]
        body: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        if request.content_type == "application/json":
            body = await request.json()
        elif request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                elif part.name:
                    files[part.name] = await part.read()
        call = Call(request.method, path, body, files)
        self.calls.append(call)
        self.new_call.set()
        if request.headers.get("Authorization", "").removeprefix("Bot ") in self.revoked:
            call.failed = True
            return web.Response(status=401, body=b'{"message": "401: Unauthorized", "code": 0}',
                                headers={"Content-Type": "application/json"})
        dropping = next((prefix for prefix, left in self.drop_next.items() if left and path.startswith(prefix)), None)
        if dropping is not None and request.method in ("POST", "PATCH"):
            self.drop_next[dropping] -= 1
            call.failed = True
            assert request.transport is not None
            request.transport.close()  # the connection breaks before any answer (aiohttp: ServerDisconnectedError)
            return web.Response(status=500)
        if (self.flaky and request.method in ("POST", "PATCH") and path.startswith(("channels/", "webhooks/", "interactions/"))
                and self._random.random() < self.flaky):
            call.failed = True
            if self._random.random() < 0.5:
                assert request.transport is not None
                request.transport.close()  # the connection breaks before any answer
            return web.Response(status=500, body=b'{"message": "Internal Server Error", "code": 0}',
                                headers={"Content-Type": "application/json"})
        hanging = self.hang if request.method == "POST" else self.hang_reading if request.method == "GET" else set()
        if any(path.startswith(prefix) for prefix in hanging):
            await self._released.wait()  # until the fake stops
            return web.Response(status=503)
        if path == "users/@me":
            return _json(BOT)
        if path == "oauth2/applications/@me":
            return _json({"id": APP_ID, "name": "Board Games", "icon": None, "description": "",
                                      "bot_public": True, "bot_require_code_grant": False, "verify_key": "k",
                                      "owner": user("1", "owner"), "flags": 0, "summary": "", "team": None})
        if path == "gateway/bot":
            return _json({"url": self.url.replace("http", "ws") + "/gateway", "shards": 1,
                                      "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                              "max_concurrency": 1}})
        if path == "gateway":
            return _json({"url": self.url.replace("http", "ws") + "/gateway"})
        if path.startswith(f"applications/{APP_ID}/commands"):
            commands = body if isinstance(body, list) else []
            return _json([{**c, "id": str(next(self.ids)), "application_id": APP_ID, "version": "1",
                                       "default_member_permissions": None, "type": c.get("type", 1)} for c in commands])
        if path.startswith("interactions/"):
            kind = int(body.get("type", 4))
            data = body.get("data") or {}
            if kind == 5:  # "thinking…": the first follow-up takes its place, seen as this deferral is
                self._loading[path.split("/")[2]] = not data.get("flags", 0) & 64
            elif kind in (4, 7):
                call.shown_to_all = not data.get("flags", 0) & 64
            resource: dict[str, Any] = {"type": kind}
            if kind in (4, 7):
                resource["message"] = _message(str(next(self.ids)), data.get("content", ""), data.get("components", []))
            return _json({"interaction": {"id": path.split("/")[1], "type": 2, "response_message_loading": kind == 5,
                                          "response_message_ephemeral": bool(data.get("flags", 0) & 64)},
                          "resource": resource})
        if path.startswith("channels/") and path.endswith("/threads"):
            parts = path.split("/")
            thread = {"id": parts[3], "guild_id": GUILD_ID, "parent_id": parts[1], "owner_id": APP_ID, "type": 11,
                      "name": body.get("name", "thread"), "last_message_id": None, "rate_limit_per_user": 0,
                      "message_count": 0, "member_count": 1, "flags": 0,
                      "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                          "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
            await self._dispatch(self.sockets[-1], "THREAD_CREATE", {**thread, "newly_created": True})
            return _json(thread)
        parts = path.split("/")
        if request.method == "GET" and len(parts) == 2 and parts[0] == "channels" and parts[1] in self.threads:
            return _json(self.threads[parts[1]])
        if request.method == "GET" and len(parts) == 2 and parts[0] == "channels" and parts[1] in self._dm_users:
            return _json({"id": parts[1], "type": 1, "last_message_id": None,
                          "recipients": [user(self._dm_users[parts[1]], "someone")]})
        if request.method == "GET" and len(parts) == 2 and parts[0] == "users" and parts[1] != "@me":
            if parts[1] not in self.users:
                return _error(404, 10013, "Unknown User")
            return _json(self.users[parts[1]])
        if path == "users/@me/channels":
            channel_id = str(next(self.ids))
            self._dm_users[channel_id] = str(body.get("recipient_id"))
            return _json({"id": channel_id, "type": 1, "last_message_id": None,
                          "recipients": [user(str(body.get("recipient_id")), "someone")]})
        refused = self._answer_only_refusal(request, path)
        if refused is not None:
            call.failed = True
            return refused
        if path.startswith("channels/") and self._dm_users.get(path.split("/")[1]) in self.dms_closed:
            return web.Response(status=403, body=json.dumps({"code": 50007, "message": "Cannot send messages to this user"}),
                                headers={"Content-Type": "application/json"})
        if request.method == "GET" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
            return self._channel_history(parts[1], request.query)
        if path.startswith(("webhooks/", "channels/")):
            self._visibility(call, request.method, parts, body)
            message_id = path.rsplit("/", 1)[-1] if request.method == "PATCH" else str(next(self.ids))
            if not message_id.isdigit():
                message_id = str(next(self.ids))
            posted = _message(message_id, body.get("content", ""), body.get("components", []))
            if request.method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
                posted["channel_id"] = parts[1]
                self.history.setdefault(parts[1], []).append(posted)
            return _json(posted)
        return _json({})

    def _visibility(self, call: Call, method: str, parts: list[str], body: dict[str, Any]) -> None:
        """Who sees what a call posts (see :attr:`Call.shown_to_all`)."""
        if parts[0] == "channels":
            call.shown_to_all = parts[1] not in self._dm_users
            return
        token = parts[2] if len(parts) >= 3 else ""
        if method == "PATCH" and parts[-1] == "@original" and token in self._loading:
            call.shown_to_all = self._loading.pop(token)
        elif method == "POST" and len(parts) == 3:
            loading = self._loading.pop(token, None)
            call.shown_to_all = loading if loading is not None else not body.get("flags", 0) & 64

    async def wait_for(self, test: Any, count: int = 1, timeout: float = 20.0, since: int = 0) -> list[Call]:
        deadline = time.monotonic() + timeout
        while True:
            found = [c for c in self.calls[since:] if test(c)]
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"not seen within {timeout}s; calls: {[(c.method, c.path) for c in self.calls[since:]]}")
            self.new_call.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.new_call.wait(), max(0.01, deadline - time.monotonic()))


def _guild(owner_id: str) -> dict[str, Any]:
    return {
        "id": GUILD_ID, "name": "Players", "icon": None, "owner_id": owner_id, "afk_timeout": 300, "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
        "premium_tier": 0, "preferred_locale": "en-US", "features": [], "emojis": [], "stickers": [],
        "roles": [{"id": GUILD_ID, "name": "@everyone", "permissions": "2248473465835073", "position": 0, "color": 0,
                   "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
        "channels": [{"id": CHANNEL_ID, "type": 0, "name": "games", "position": 0, "permission_overwrites": [],
                      "guild_id": GUILD_ID, "nsfw": False, "parent_id": None}],
        "threads": [], "members": [], "voice_states": [], "presences": [], "member_count": 3, "large": False,
        "unavailable": False, "joined_at": "2026-01-01T00:00:00+00:00", "system_channel_flags": 0,
    }


def _error(status: int, code: int, message: str) -> web.Response:
    return web.Response(status=status, body=json.dumps({"code": code, "message": message}),
                        headers={"Content-Type": "application/json"})


def _interaction(kind: int, data: dict[str, Any], who: dict[str, Any], token: str, dm: str | None = None,
                 elsewhere: bool = False) -> dict[str, Any]:
    if elsewhere:  # in two people's direct messages, through the app one of them installed for themselves
        return {
            "id": str(abs(hash(token)) % 10**12), "application_id": APP_ID, "type": kind, "data": data,
            "channel_id": FRIENDS_DM, "channel": {"id": FRIENDS_DM, "type": 1, "recipients": [who, user("999", "Friend")]},
            "user": who, "token": token, "version": 1, "locale": "en-US", "app_permissions": "0",
            "entitlements": [], "authorizing_integration_owners": {"1": who["id"]}, "context": 2,
            "attachment_size_limit": 26214400,
        }
    if dm is not None:  # in the user's direct-message channel with the bot: no server, no member
        return {
            "id": str(abs(hash(token)) % 10**12), "application_id": APP_ID, "type": kind, "data": data,
            "channel_id": dm, "channel": {"id": dm, "type": 1, "recipients": [who]}, "user": who,
            "token": token, "version": 1, "locale": "en-US", "app_permissions": "2248473465835073",
            # installed in a server, used in the bot's own direct messages: the guild installation's owner is "0"
            "entitlements": [], "authorizing_integration_owners": {"0": "0"}, "context": 1,
            "attachment_size_limit": 26214400,
        }
    return {
        "id": str(abs(hash(token)) % 10**12), "application_id": APP_ID, "type": kind, "data": data, "guild_id": GUILD_ID,
        "channel_id": CHANNEL_ID, "channel": {"id": CHANNEL_ID, "type": 0, "name": "games", "guild_id": GUILD_ID,
                                              "position": 0, "permission_overwrites": []},
        "member": {"user": who, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                   "permissions": "2248473465835073", "flags": 0},
        "token": token, "version": 1, "locale": "en-US", "guild_locale": "en-US", "app_permissions": "2248473465835073",
        "entitlements": [], "authorizing_integration_owners": {"0": GUILD_ID}, "context": 0,
        "attachment_size_limit": 26214400,
    }


def _message(message_id: str, content: str, components: list[Any]) -> dict[str, Any]:
    return {
        "id": message_id, "channel_id": CHANNEL_ID, "guild_id": GUILD_ID, "author": BOT, "content": content,
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False, "mention_everyone": False,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0,
        "components": components, "flags": 0,
    }


def _json(data: Any) -> web.Response:
    # discord.py reads JSON only when the content type is exactly "application/json".
    return web.Response(body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def point_discord_at(fake: FakeDiscord | None) -> None:
    """Where "Discord" is for discord.py: its REST base and gateway, as one would point at a proxy
    (``None``: the real Discord again)."""
    discord.http.Route.BASE = fake.api if fake else "https://discord.com/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway if fake else "wss://gateway.discord.gg/")
