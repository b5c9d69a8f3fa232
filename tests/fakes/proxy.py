"""A reverse proxy on 127.0.0.1 in front of the bot's pages, as an operator puts one (``deploy/Caddyfile``), that can
be made to fail as proxies do while the bot restarts: every request answered 502 Bad Gateway, and the event streams
under way cut."""

from __future__ import annotations

import asyncio
import contextlib

import aiohttp
from aiohttp import web

from tests.fakes.loopback import serve

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "content-length",
              "content-encoding"}


class FlakyProxy:
    """Forwards everything to ``upstream`` (streams too), keeping the browser's ``Host``; while ``down``, answers 502."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.down = False
        self.url = ""
        self.refused = 0  # requests answered 502
        self._streams: set[web.StreamResponse] = set()
        self._runner: web.AppRunner | None = None
        self._http: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._forward)
        self._http = aiohttp.ClientSession(auto_decompress=False)
        self._runner, self.url = await serve(app)

    async def stop(self) -> None:
        self.go_down()  # the streams under way end now, not at the server's shutdown timeout
        if self._runner is not None:
            await self._runner.cleanup()
        if self._http is not None:
            await self._http.close()

    def go_down(self) -> None:
        """From now on every request is answered 502, and the streams under way end (the upstream is gone)."""
        self.down = True
        for stream in list(self._streams):
            with contextlib.suppress(Exception):
                assert stream.task is not None
                stream.task.cancel()

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        if self.down:
            self.refused += 1
            return web.Response(status=502, text="502 Bad Gateway")
        assert self._http is not None
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        body = await request.read()
        async with self._http.request(request.method, self.upstream + request.path_qs, headers=headers, data=body or None,
                                      allow_redirects=False) as answer:
            kept = {k: v for k, v in answer.headers.items() if k.lower() not in HOP_BY_HOP}
            if answer.headers.get("Content-Type", "").startswith("text/event-stream"):
                stream = web.StreamResponse(status=answer.status, headers=kept)
                await stream.prepare(request)
                self._streams.add(stream)
                try:
                    async for chunk in answer.content.iter_any():
                        await stream.write(chunk)
                except (asyncio.CancelledError, ConnectionError, aiohttp.ClientError):
                    pass
                finally:
                    self._streams.discard(stream)
                return stream
            return web.Response(status=answer.status, headers=kept, body=await answer.read())
