"""A chat's home page (``/c/<token>``): its games going on and finished, its open challenges, its open puzzle and its
tournament; for a signed-in viewer their own games marked, and the next one where it is their move."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.app import App
from bot.service.boards import status_lines
from bot.service.options import describe
from bot.service.page_links import game_token
from bot.service.pages import page_target, ratings_of
from bot.service.puzzles import sessions as puzzles
from bot.service.texts import Words
from bot.service.tournaments.table import stage_text, standings_text, table
from rules import get_game
from storage import GameRow

FINISHED_SHOWN = 20  # the latest finished games a chat's page lists


@dataclass(frozen=True)
class LobbyGame:
    """One game as a chat's page lists it: players with ratings, whose turn or the result (``line``), the clock's
    deadline, its page's token, and the viewer's side in it (``mine``; ``None``: not theirs)."""

    id: int
    game: str
    names: dict[str, str]
    ratings: dict[str, int | None]
    active: bool
    to_play: str | None
    line: str
    deadline: float | None
    token: str
    mine: str | None = None

    @property
    def your_turn(self) -> bool:
        """Whether it is the viewer's move in this game."""
        return self.active and self.mine is not None and self.mine == self.to_play


@dataclass(frozen=True)
class ChatView:
    """What a chat's page shows: its games going on and its latest finished ones, its tournament (stage and
    standings as lines), the challenges open to anyone (number, what it is), its open puzzle's title, and whether a
    viewer is signed in."""

    title: str
    going: tuple[LobbyGame, ...]
    finished: tuple[LobbyGame, ...]
    standings: tuple[str, ...] = ()
    challenges: tuple[tuple[int, str], ...] = ()
    puzzle: str | None = None
    signed_in: bool = False

    @property
    def waiting_for_you(self) -> tuple[LobbyGame, ...]:
        """The viewer's games here where it is their move, the one whose clock runs out first first."""
        return tuple(sorted((g for g in self.going if g.your_turn), key=lambda g: (g.deadline or float("inf"), g.id)))


async def chat_view(app: App, token: str, words: Words, user_id: int | None = None) -> ChatView | None:
    """What the page of a chat's ``token`` shows the viewer ``user_id`` (``None``: not signed in); ``None`` when no
    chat's page has that token."""
    found = await page_target(app, token, "chat")
    if found is None:
        return None
    chat_id = found[0]
    going: list[LobbyGame] = []
    finished: list[LobbyGame] = []
    for row in await app.games.of_chat(chat_id):
        listed = going if row.status == "active" else finished
        if row.status == "active" or len(finished) < FINISHED_SHOWN:
            shown = await _game(app, row, words, user_id)
            if shown is not None:
                listed.append(shown)
    return ChatView(words("web.chat_title"), tuple(going), tuple(finished), await _standings(app, chat_id, words),
                    await _challenges(app, chat_id, words), await _puzzle(app, chat_id, words), user_id is not None)


async def _game(app: App, row: GameRow, words: Words, user_id: int | None) -> LobbyGame | None:
    token = await game_token(app, row)
    if token is None:
        return None
    names, ratings = await app.people.names(row), await ratings_of(app, row)
    state = get_game(row.game).state_from_dict(row.state)
    lines = await status_lines(app, words, row, state, names)
    active = row.status == "active"
    return LobbyGame(row.id, words.game(row.game), names, ratings, active, state.to_play if active else None,
                     " ".join(lines), row.deadline if active else None, token,
                     row.side_of(user_id) if user_id is not None else None)


async def _standings(app: App, chat_id: int, words: Words) -> tuple[str, ...]:
    tournament = await app.tournaments.latest_tournament(chat_id)
    if tournament is None:
        return ()
    return (stage_text(words, tournament), *standings_text(words, tournament, await table(app, tournament)))


async def _challenges(app: App, chat_id: int, words: Words) -> tuple[tuple[int, str], ...]:
    found = []
    for challenge in await app.challenges.open_in(chat_id):
        if challenge.target_id is None:
            challenger = await app.people.by_id(challenge.challenger_id)
            what = describe(words, challenge.game, challenge.options, challenge.time_per_move, challenge.rated)
            found.append((challenge.id, words("web.challenge", challenger=challenger.name,
                                              game=words.game(challenge.game), options=what)))
    return tuple(found)


async def _puzzle(app: App, chat_id: int, words: Words) -> str | None:
    """The title of the chat's open puzzle, or ``None``."""
    session = await app.puzzles.puzzle_session(chat_id)
    if session is None:
        return None
    return puzzles.title_line(words, puzzles.find_of(session), None)
