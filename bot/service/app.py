"""What every command module receives: configuration, clock, games, people, open challenges, ratings, puzzles and
tournaments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import supported
from bot.service.config import ServiceConfig
from bot.service.context import Context
from bot.service.events import Event
from bot.service.games import Games
from bot.service.lru import Recent
from bot.service.open_challenges import OpenChallenges
from bot.service.outbox import Outbox
from bot.service.people import People
from bot.service.ratings import Ratings
from bot.service.reviews import Reviews
from bot.service.strangers import StrangerLane
from storage import Chat, User
from storage.lessons import LessonTable
from storage.links import LinkTable
from storage.pages import PageTable
from storage.prepared import CorrespondenceTable
from storage.puzzles import PuzzleTable
from storage.sessions import SessionTable
from storage.tournaments import TournamentTable

LANGUAGE_SOURCES = ("own", "chat", "app", "default")  # where the language a user is answered in comes from


@dataclass(frozen=True)
class App:
    """The service's parts as the command modules see them (they never see the service itself)."""

    config: ServiceConfig
    clock: Callable[[], float]
    games: Games
    people: People
    challenges: OpenChallenges
    ratings: Ratings
    outbox: Outbox
    puzzles: PuzzleTable  # the puzzles open in chats, the puzzle ratings, the daily puzzles
    tournaments: TournamentTable  # the chats' tournaments, their entrants and their rounds' boards
    pages: PageTable  # the web pages' tokens
    sessions: SessionTable  # who plays on the web pages: browsers' sessions and one-time sign-in links
    links: LinkTable  # accounts of other platforms linked into one player, and the codes that link them
    lessons: LessonTable  # each player's way through each game's first lesson
    correspondence: CorrespondenceTable  # answers prepared in advance; when each digest is due
    reviews: Reviews = field(default_factory=Reviews)
    # The web pages' replays of games ((id, version) → moves and states) and boards drawn ((id, version, ply, language)).
    replays: Recent[Any, Any] = field(default_factory=lambda: Recent(64))
    boards: Recent[Any, Any] = field(default_factory=lambda: Recent(256))
    # When this process's clocks next do what is needed only now and then (a name → a time: the digests' look).
    next_looks: dict[str, float] = field(default_factory=dict)
    # Board pictures being drawn ahead of their message ((game id, moves, picture options) → the drawing).
    pictures: Recent[Any, Any] = field(default_factory=lambda: Recent(32))
    # Strangers' work (explored positions' verdicts, cards) after the bot's searches, each result kept.
    strangers: StrangerLane = field(default_factory=StrangerLane)

    def language(self, user: User, chat: Chat, hint: str | None = None) -> str:
        """The language to answer ``user`` in ``chat``: theirs, the chat's, the platform's hint, the default."""
        return self.language_and_source(user, chat, hint)[0]

    def language_and_source(self, user: User, chat: Chat, hint: str | None = None) -> tuple[str, str]:
        """:meth:`language`, and where it comes from (one of :data:`LANGUAGE_SOURCES`): ``own`` (chosen with 'lang'),
        ``chat``, ``app`` (the platform's hint) or ``default``."""
        for candidate, source in ((user.language, "own"), (chat.settings.get("language"), "chat"), (hint, "app")):
            found = supported(candidate)
            if found:
                return found, source
        return self.config.default_language, "default"

    def is_operator(self, event: Event) -> bool:
        """Whether the sender is one of the bot's operators (configuration), admins in every chat."""
        return f"{event.platform}:{event.user_id}" in self.config.admins

    async def administers(self, ctx: Context) -> bool:
        """Whether the sender administers the chat (the front end said so, or says so when asked) or
        operates the bot."""
        if ctx.event.is_admin or self.is_operator(ctx.event):
            return True
        return ctx.rights is not None and await ctx.rights()
