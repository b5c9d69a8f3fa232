"""The service as the web front end sees it: the pages (read-only) and what a viewer does on them.

The web holds this one object (``Service.web``), as the chat front ends hold :meth:`Service.handle`. What a page's
player does becomes the event their chat would carry and goes through the same ``handle``: one rules core, one path
of a move, whichever front end it came from.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.service import explore, lobby, pages, web_play
from bot.service.app import App
from bot.service.clean import clean_name
from bot.service.events import Event, Reply
from bot.service.lessons.pages import LessonPages
from bot.service.texts import Words

Handle = Callable[[Event], Awaitable[list[Reply]]]


class WebFace:
    """The pages of games and chats, signing in on them, and playing there (moves, commands, answers to a chat's
    puzzle, lessons), each a method saying what it promises."""

    def __init__(self, app: App, handle: Handle) -> None:
        self._app = app
        self._handle = handle
        self.lessons = LessonPages(app)  # the lessons' face: /learn
        self.public_url = app.config.public_url

    # -- reading (nothing here changes a game) --------------------------------------------------------------------

    async def game(self, token: str, language: str) -> pages.GameView | None:
        """What the page of a game's ``token`` shows, in ``language``; ``None`` for no such page."""
        return await pages.game_view(self._app, token, Words(language))

    async def position(self, token: str, ply: int | None, language: str,
                       perspective: str = "white") -> pages.Position | None:
        """The board of a game's page after ``ply`` moves (``None``: the latest), seen from ``perspective``'s side;
        :class:`ValueError` for a ply the game does not have."""
        return await pages.position(self._app, token, ply, Words(language), perspective)

    async def update(self, game_id: int, language: str, whole: bool = False) -> dict[str, Any] | None:
        """What a game's open pages are told after it changed (``None``: it has no page any more); with ``whole``
        every move, else the latest few (see ``pages.update_of``)."""
        return await pages.update_of(self._app, game_id, Words(language), whole)

    async def preview(self, token: str) -> bytes | None:
        """The card a shared link of a game's page previews (PNG); ``None`` for no such page."""
        return await pages.preview(self._app, token)

    async def chat(self, token: str, language: str, user_id: int | None = None) -> lobby.ChatView | None:
        """The home page of a chat's ``token`` as ``user_id`` (signed in, or ``None``) sees it; ``None``: no such page."""
        return await lobby.chat_view(self._app, token, Words(language), user_id)

    def watch(self, watcher: Callable[[int, int | None], None]) -> None:
        """Have ``watcher(game_id, version)`` called after every change of a game this process commits."""
        self._app.games.watchers.append(watcher)

    # -- who is viewing ----------------------------------------------------------------------------------------------

    async def sign_in(self, platform: str, platform_id: str, name: str) -> str:
        """A session for a user whose identity a front end has checked (Telegram's signed ``initData``): its token."""
        return await web_play.sign_in(self._app, platform, platform_id, clean_name(name))

    async def spend_signin_link(self, code: str) -> tuple[str, str | None] | str:
        """Spend a one-time sign-in link: (a new session's token, its game page's token), or why not (``unknown``,
        ``used``, ``expired``)."""
        return await web_play.use_signin(self._app, code)

    async def sign_out(self, session: str) -> None:
        """End the session ``session`` (the browser that held it is signed out)."""
        await self._app.sessions.end_session(session)

    async def viewer(self, session: str | None) -> int | None:
        """Who the session ``session`` signs in (a user's store id), or ``None``."""
        return None if not session else await self._app.sessions.session_user(session)

    # -- playing -------------------------------------------------------------------------------------------------

    async def turn(self, token: str, user_id: int | None, language: str) -> web_play.Turn | None:
        """What the page of ``token`` offers the viewer ``user_id`` now (their legal moves when it is their turn);
        ``None`` for no such page."""
        return await web_play.turn(self._app, token, user_id, Words(language))

    async def games_of(self, user_id: int, language: str) -> list[dict[str, Any]]:
        """The games ``user_id`` is playing that have pages, those where it is their move first (the Mini App's list
        and its *Next game*)."""
        return await web_play.games_of(self._app, user_id, Words(language))

    async def act(self, token: str, user_id: int, language: str, **action: Any) -> web_play.Answer:
        """A player's move or command on the page of ``token`` (``ply`` and ``index``, ``text``, ``prepare``, ``payload``
        or ``action``: see ``web_play.event_for``), handled as the same event from their chat: the answers for the page,
        and what the chats are owed (send it, and report it with ``Service.sent`` or ``Service.unsent``)."""
        return await self._answer(await web_play.event_for(self._app, token, user_id, language, **action), language,
                                  web_play.split)

    async def accept(self, token: str, user_id: int, language: str, challenge: int) -> web_play.Answer:
        """The open challenge ``challenge`` accepted on the page of its chat ``token`` by the signed-in ``user_id``: the
        game is played from that chat and the player's own private chat (see ``web_play.accept_event``)."""
        return await self._answer(await web_play.accept_event(self._app, token, user_id, challenge, language), language,
                                  web_play.split)

    async def explore(self, token: str, user_id: int | None, start: int | None, line: list[str],
                      language: str) -> explore.Exploration | None:
        """The board to think on of a game's page: ``line`` explored from ply ``start`` (see :func:`explore.explore`);
        :class:`explore.ExploreRefused` when the viewer may not, or the line does not read."""
        return await explore.explore(self._app, token, user_id, start, line, Words(language))

    async def settings(self, user_id: int) -> dict[str, str]:
        """The signed-in player's settings of how they are told of their turns, as ``/me/settings`` shows them."""
        return await web_play.settings_of(self._app, user_id)

    async def change_setting(self, user_id: int, language: str, name: str, value: str) -> web_play.Answer:
        """One of the player's settings changed on ``/me/settings``, as 'settings <name> <value>' in their private chat:
        what it answered (saved, or why not)."""
        return await self._answer(await web_play.settings_event(self._app, user_id, language, name, value), language,
                                  web_play.split)

    async def puzzle(self, token: str, user_id: int | None, language: str) -> web_play.PuzzleView | None:
        """The page of the open puzzle of the chat whose page is ``token``; ``None``: no such page."""
        return await web_play.puzzle_view(self._app, token, user_id, Words(language))

    async def puzzle_act(self, token: str, user_id: int, language: str, **action: Any) -> web_play.Answer:
        """An answer (``step`` and ``index``, or ``payload``) or ``action`` (hint, solution) sent from the page of a
        chat's puzzle, handled as the same event from the chat: what the page shows, and what the chat sees too."""
        return await self._answer(await web_play.puzzle_event(self._app, token, user_id, language, **action), language,
                                  web_play.split_puzzle)

    async def _answer(self, event: Event | str, language: str,
                      split: Callable[[list[Reply]], web_play.Answer]) -> web_play.Answer:
        if isinstance(event, str):
            return web_play.refused(event, language)
        return split(await self._handle(event))
