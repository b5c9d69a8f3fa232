"""Tournaments in a chat: each round's boards paired and begun as games of the chat, the next round when the
last game of one ends, the standings, withdrawals and the end.

A round is begun with a version check on the tournament's row (:meth:`storage.SqlStore.begin_round`), so
however many processes notice that a round is over (a move, a loss on time, the clock's look after a restart),
it is paired once and announced once. The pairings are :mod:`bot.service.tournaments.pairings`, the standings
:mod:`bot.service.tournaments.standings` (as chats see them: :mod:`bot.service.tournaments.table`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from bot.metrics import METRICS
from bot.service import delivery, outbox
from bot.service.app import App
from bot.service.boards import board_message
from bot.service.events import Reply
from bot.service.moves import Played, commit_shown
from bot.service.texts import Words
from bot.service.tournaments.pairings import Pair, Record, round_robin, swiss
from bot.service.tournaments.standings import Board, points_text_halves, score_text, scores
from bot.service.tournaments.table import boards_of, points_of, standings_item, table
from rules import get_game
from rules.core import event_text
from storage import Chat, ConflictError, Outgoing, StoreUnavailable
from storage.models import until_written
from storage.tournaments import Entrant, PlannedBoard, Tournament

log = logging.getLogger(__name__)

FEWEST = 3  # players a tournament needs
MOST = 64  # players a tournament takes
T = TypeVar("T")
BYE_POINTS = {"swiss": 2, "roundrobin": 0}  # in halves: a Swiss bye is a point, a round robin's sitting out none


def _records(entrants: Sequence[Entrant], boards: Sequence[Board]) -> list[Record]:
    """The Swiss records of the players still in, ranked by points, then seed."""
    points = scores([e.user_id for e in entrants], boards)
    colours = {e.user_id: "" for e in entrants}
    met: dict[int, set[int]] = {e.user_id: set() for e in entrants}
    byes: set[int] = set()
    for board in boards:
        if board.black is None:
            byes.add(board.white)
        elif board.game_id is not None:  # a forfeit is no game: no colour, and the two may still meet
            colours[board.white] += "w"
            colours[board.black] += "b"
            met[board.white].add(board.black)
            met[board.black].add(board.white)
    playing = [e for e in entrants if e.withdrawn is None]
    playing.sort(key=lambda e: (-points[e.user_id], e.seed))
    return [Record(e.user_id, points[e.user_id], colours[e.user_id], frozenset(met[e.user_id]), e.user_id in byes)
            for e in playing]


def plan(tournament: Tournament, entrants: Sequence[Entrant], boards: Sequence[Board], number: int) -> list[PlannedBoard]:
    """The boards of round ``number`` (without their games' first positions): round robin from its schedule, a
    withdrawn player's game a forfeit; Swiss paired among the players still in."""
    out = {e.user_id for e in entrants if e.withdrawn is not None}
    pairs: list[Pair]
    if tournament.system == "roundrobin":
        pairs = round_robin([e.user_id for e in entrants], tournament.cycles)[number - 1]
    else:
        pairs = swiss(_records(entrants, boards))
    planned = []
    for white, black in pairs:
        if black is None:
            planned.append(PlannedBoard(white, None, points=(BYE_POINTS[tournament.system], None)))
        elif white in out or black in out:
            planned.append(PlannedBoard(white, black, points=(0 if white in out else 2, 0 if black in out else 2)))
        else:
            planned.append(PlannedBoard(white, black))
    return planned


def rounds_for(system: str, cycles: int, asked: int, players: int) -> int:
    """How many rounds a tournament of ``players`` has: a round robin's schedule, or the Swiss rounds asked for as
    far as nobody need meet anyone twice (fewer than the players).

    >>> rounds_for("roundrobin", 2, 0, 5), rounds_for("swiss", 1, 5, 4), rounds_for("swiss", 1, 5, 16)
    (10, 3, 5)
    """
    if system == "roundrobin":
        return (players if players % 2 else players - 1) * cycles
    return max(1, min(asked, players - 1))


async def announcing_words(app: App, tournament: Tournament) -> Words:
    """The language the tournament's announcements are in: the chat's, else its creator's."""
    chat = await app.people.chat_by_id(tournament.chat_id)
    return Words(str(chat.settings.get("language") or tournament.language))


async def begin_round(app: App, tournament: Tournament, number: int) -> list[Reply]:
    """Pair round ``number`` and begin it: its games, byes and forfeits, announced with the pairings (and each game's
    board); nothing when another process began it first."""
    entrants = await app.tournaments.entrants(tournament.id)
    rows = await app.tournaments.tournament_boards(tournament.id)
    first = number == 1
    if first:
        entrants = await seeded(app, tournament, entrants)
    rounds = rounds_for(tournament.system, tournament.cycles, tournament.rounds, len(entrants)) if first else None
    planned = plan(tournament, entrants, boards_of(rows), number)
    users = {e.user_id: await app.people.by_id(e.user_id) for e in entrants}
    start = get_game(tournament.game).new_state(**tournament.options).to_dict()
    boards = []
    for board in planned:
        if board.points is not None:
            boards.append(board)
            continue
        assert board.black_id is not None
        bots = [users[u].platform_id for u in (board.white_id, board.black_id) if users[u].is_bot]
        boards.append(PlannedBoard(board.white_id, board.black_id, start, bots[0] if bots else None))
    words = await announcing_words(app, tournament)
    owed: list[Outgoing] = []
    total = rounds or tournament.rounds
    names = {u: user.name for u, user in users.items()}

    def announce(game_ids: list[int | None]) -> list[Outgoing]:
        lines = [words("tournament.round", id=tournament.id, round=number, rounds=total)]
        for board, game_id in zip(boards, game_ids, strict=True):
            lines.append(_board_line(words, board, game_id, names))
        mentions = [users[u].platform_id for b in boards if b.points is None for u in (b.white_id, b.black_id)
                    if u is not None and not users[u].is_bot]
        owed[:] = [outbox.text(tournament.chat_id, "\n".join(lines), words.language, mentions=mentions)]
        intro = words("tournament.game", id=tournament.id, round=number, rounds=total)
        owed.extend(outbox.board(tournament.chat_id, game_id, 0, [intro], words.language) for game_id in game_ids if game_id)
        return owed

    try:
        await app.tournaments.begin_round(tournament, number, boards, announce, rounds=rounds,
                                          seeds=[e.user_id for e in entrants] if first else ())
    except ConflictError:
        return []  # begun (or changed) by another process or request
    return await _replies(app, owed)


def _board_line(words: Words, board: PlannedBoard, game_id: int | None, names: dict[int, str]) -> str:
    if board.black_id is None:
        points = board.points[0] if board.points else 0
        return words("tournament.bye", player=names[board.white_id], points=points_text_halves(points))
    if game_id is None and board.points is not None:
        score = score_text(board.points[0], board.points[1] or 0)
        return words("tournament.forfeit", white=names[board.white_id], black=names[board.black_id], score=score)
    return words("tournament.pairing", id=game_id, white=names[board.white_id], black=names[board.black_id])


async def _replies(app: App, items: Sequence[Outgoing]) -> list[Reply]:
    """The replies that deliver ``items`` (just written to the outbox) now."""
    return [reply for item in items if (reply := await delivery.reply_of(app, item)) is not None]


async def seeded(app: App, tournament: Tournament, entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants in seed order for the start: the higher rating in the game first, then who joined first."""
    ratings = {e.user_id: await app.ratings.rating(e.user_id, tournament.game) for e in entrants}
    ordered = sorted(entrants, key=lambda e: (-ratings[e.user_id], e.seed))
    return [Entrant(e.user_id, seed, e.withdrawn) for seed, e in enumerate(ordered, 1)]


async def advance(app: App, tournament: Tournament) -> list[Reply]:
    """If the round being played is over, begin the next one, or end the tournament with its final standings; a
    round begun with nothing to play (only a bye and forfeits) is over at once."""
    if tournament.status != "running":
        return []
    rows = await app.tournaments.tournament_boards(tournament.id)
    if any(points_of(row) == (None, None) for row in rows if row.round == tournament.round):
        return []
    entrants = await app.tournaments.entrants(tournament.id)
    still_in = sum(e.withdrawn is None for e in entrants)
    if tournament.round < tournament.rounds and (tournament.system == "roundrobin" or still_in >= 2):
        begun = await begin_round(app, tournament, tournament.round + 1)
        return begun + await advance(app, await app.tournaments.tournament(tournament.id)) if begun else []
    return await finish(app, tournament)


async def finish(app: App, tournament: Tournament) -> list[Reply]:
    """End the tournament: the winners named and the final standings shown, once."""
    words = await announcing_words(app, tournament)
    found = await table(app, tournament)
    winners = [found.names[s.player] for s in found.lines if s.rank == 1]
    lead = [words("tournament.finished", id=tournament.id, winners=words.join(winners), count=len(winners))]
    item = standings_item(tournament, words.language, lead)
    try:
        await app.tournaments.close_tournament(tournament, "finished", [item])
    except ConflictError:
        return []
    return await _replies(app, [item])


async def after_games(app: App, game_ids: Sequence[int]) -> list[Reply]:
    """The next rounds of the tournaments whose games among ``game_ids`` (just ended) were the last of a round."""
    replies: list[Reply] = []
    seen = set()
    for game_id in game_ids:
        tournament_id = await app.tournaments.tournament_of_game(game_id)
        if tournament_id is None or tournament_id in seen:
            continue
        seen.add(tournament_id)
        replies += await _advance_safely(app, tournament_id)
    return replies


async def due(app: App) -> list[Reply]:
    """Every running tournament whose round is over (a restart, or a process that died, left it so) moves on."""
    replies: list[Reply] = []
    for tournament in await app.tournaments.tournaments_between_rounds():
        replies += await _advance_safely(app, tournament.id)
    return replies


async def _advance_safely(app: App, tournament_id: int) -> list[Reply]:
    try:
        return await advance(app, await app.tournaments.tournament(tournament_id))
    except StoreUnavailable:
        raise
    except Exception:  # a tournament that cannot go on must not take a player's move or the clocks with it
        METRICS.error()
        log.exception("tournament %d could not go on", tournament_id)
        return []


async def retried(app: App, tournament: Tournament, change: Callable[[Tournament], Awaitable[T]], tries: int = 3) -> T:
    """Run ``change`` on the tournament as read, and after a conflict (someone joined or left, or it began, meanwhile)
    on the tournament read again, at most ``tries`` times; the last :class:`ConflictError` when every try conflicts."""

    async def read(attempt: int) -> Tournament:
        return await app.tournaments.tournament(tournament.id) if attempt else tournament

    return await until_written(read, change, tries)


async def _games_this_round(app: App, tournament: Tournament, user_id: int) -> dict[int, str | None]:
    """``user_id``'s games of the round being played (not a bye or a forfeit), each with its status."""
    return {row.game_id: row.game_status for row in await app.tournaments.tournament_boards(tournament.id)
            if row.round == tournament.round and row.game_id is not None and user_id in (row.white_id, row.black_id)}


async def playing_now(app: App, tournament: Tournament, user_id: int) -> bool:
    """Whether ``user_id`` has a game of the round being played still going on (not a bye, not finished)."""
    return "active" in (await _games_this_round(app, tournament, user_id)).values()


async def withdraw(app: App, tournament: Tournament, user_id: int, words: Words) -> list[Reply]:
    """Take ``user_id`` out of the running tournament: their game in the round being played is lost (resigned), and
    so is every later round robin game; Swiss rounds pair them no more. Empty when they were not in it."""
    chat = await app.people.chat_by_id(tournament.chat_id)
    name = (await app.people.by_id(user_id)).name
    said = outbox.text(chat.id, words("tournament.withdrew", player=name, id=tournament.id), words.language)

    async def take_out(read: Tournament) -> Tournament | None:
        return read if await app.tournaments.leave_tournament(read, user_id, [said]) else None

    left = await retried(app, tournament, take_out)
    if left is None:
        return []
    tournament = left
    replies = [outbox.text_reply(chat, said)]
    for game_id in await _games_this_round(app, tournament, user_id):
        replies += await _resign(app, chat, words, game_id, user_id)
    return replies


async def _resign(app: App, chat: Chat, words: Words, game_id: int, user_id: int) -> list[Reply]:
    """Resign ``user_id``'s game ``game_id`` for them, if it is still being played."""
    async with app.games.lock(game_id):
        row = await app.games.fresh(game_id)
        side = row.side_of(user_id)
        if row.status != "active" or side is None:
            return []
        state = await app.games.state(row)
        played = Played()
        name = (await app.people.by_id(user_id)).name
        row = await commit_shown(app, row, state.resign(side), row.moves + [event_text("resign", side)],
                                 lambda w: [w("tournament.forfeited", player=name)], played, words)
        state = await app.games.state(row)
        return [await board_message(app, chat, words, row, state, played.lines, played.delivery(row.chat_id))]
