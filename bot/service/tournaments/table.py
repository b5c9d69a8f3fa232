"""A tournament's standings as a chat sees them: the stored boards scored, and the table as text and as a picture
(also when the final standings are sent again)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.app import App
from bot.service.context import chat_reply
from bot.service.events import PICTURE, Reply
from bot.service.texts import Words
from bot.service.tournaments.standings import Board, Standing, points_text, points_text_halves, score_text, standings
from render import can_write
from render.standings import standings_table
from storage import Chat, Outgoing
from storage.tournaments import BoardRow, Tournament


def points_of(board: BoardRow) -> tuple[int | None, int | None]:
    """White's and black's points on ``board`` in halves (``None`` while its game is played): a win 2, a draw 1, a
    loss (on time, by resignation or withdrawal too) 0; a Kamisado match or an Ashtarashki game counts by its
    winner, whatever the margin; a game called off by an operator gives neither anything."""
    if board.game_id is None or board.white_points is not None:
        return board.white_points, board.black_points
    if board.game_status == "aborted":
        return 0, 0
    if board.game_status != "finished" or board.game_result is None:
        return None, None
    winner = board.game_result.get("winner")
    return {"white": (2, 0), "black": (0, 2)}.get(str(winner), (1, 1))


def boards_of(rows: Sequence[BoardRow]) -> list[Board]:
    """The stored boards as the standings read them."""
    found = []
    for row in rows:
        white, black = points_of(row)
        found.append(Board(row.round, row.white_id, row.black_id, white, black, row.game_id))
    return found


@dataclass(frozen=True)
class Table:
    """The standings with the players' names."""

    lines: list[Standing]
    names: dict[int, str]
    withdrawn: frozenset[int]
    boards: tuple[BoardRow, ...] = ()  # every board of every round begun, as stored

    def mark(self, player: int, words: Words) -> str:
        """What follows the player's name: `` (withdrew)`` when they did, else nothing."""
        return " " + words("tournament.out") if player in self.withdrawn else ""


async def names_of(app: App, user_ids: Sequence[int]) -> dict[int, str]:
    """Each player's display name (a built-in level as ``Bot (level)``)."""
    return {user_id: (await app.people.by_id(user_id)).name for user_id in user_ids}


async def table(app: App, tournament: Tournament) -> Table:
    """The tournament's standings now."""
    entrants = await app.tournaments.entrants(tournament.id)
    players = [e.user_id for e in entrants]
    stored = tuple(await app.tournaments.tournament_boards(tournament.id))
    return Table(standings(players, boards_of(stored), tournament.system), await names_of(app, players),
                 frozenset(e.user_id for e in entrants if e.withdrawn is not None), stored)


def system_text(words: Words, tournament: Tournament) -> str:
    """"Swiss, 5 rounds" or "round robin" (double) in ``words``."""
    if tournament.system == "roundrobin":
        return words("tournament.double" if tournament.cycles == 2 else "tournament.roundrobin")
    return words("tournament.swiss", rounds=tournament.rounds)


def tiebreak_name(words: Words, tournament: Tournament) -> str:
    return words("tournament.sb" if tournament.system == "roundrobin" else "tournament.buchholz")


def standings_text(words: Words, tournament: Tournament, found: Table) -> list[str]:
    """A line per player: rank, name, points, tie-break, games."""
    return [words("tournament.line", rank=s.rank, player=found.names[s.player], points=points_text(s.points),
                  tiebreak=tiebreak_name(words, tournament), value=points_text(s.tiebreak), games=s.games)
            + found.mark(s.player, words) for s in found.lines]


def stage_text(words: Words, tournament: Tournament) -> str:
    """Where the tournament stands: open for entries, a round being played, over or cancelled."""
    if tournament.status == "running":
        return words("tournament.stage", round=tournament.round, rounds=tournament.rounds)
    return words(f"tournament.status.{tournament.status}")


def round_text(words: Words, tournament: Tournament, boards: Sequence[BoardRow], names: dict[int, str]) -> list[str]:
    """The round being played: each pairing with its game and its result so far ("playing" while it goes on)."""
    lines = [words("tournament.now", round=tournament.round)]
    for board in boards:
        if board.round != tournament.round:
            continue
        white, black = points_of(board)
        if board.black_id is None:
            lines.append(words("tournament.bye", player=names[board.white_id], points=points_text_halves(white or 0)))
            continue
        pairing = words("tournament.pairing", id=board.game_id or "—", white=names[board.white_id], black=names[board.black_id])
        score = words("tournament.playing") if white is None else score_text(white, black or 0)
        lines.append(f"{pairing}: {score}")
    return lines


async def standings_reply(app: App, chat: Chat, words: Words, tournament: Tournament, lead: Sequence[str] = (),
                          delivery: int | None = None) -> Reply:
    """The standings as a picture table and as text, after ``lead`` (an announcement); while a round is played,
    its pairings and their games after them. Who withdrew is marked in both."""
    found = await table(app, tournament)
    title = words("tournament.title", id=tournament.id, game=words.game(tournament.game))
    heading = [title + " · " + system_text(words, tournament), stage_text(words, tournament)]
    current = []
    if tournament.status == "running":
        current = ["", *round_text(words, tournament, found.boards, found.names)]
    text = "\n".join([*lead, *heading, *standings_text(words, tournament, found), *current])
    header = (words("tournament.col.rank"), words("tournament.col.player"), words("tournament.col.points"),
              tiebreak_name(words, tournament), words("tournament.col.games"))
    rows = [(str(s.rank), found.names[s.player] + found.mark(s.player, words), points_text(s.points),
             points_text(s.tiebreak), str(s.games)) for s in found.lines]
    image = None
    if app.config.render_boards and can_write(" ".join([title, *header, *found.names.values()])):
        played = any(s.games for s in found.lines)
        image = await asyncio.to_thread(standings_table, title, header, rows, size=app.config.board_size,
                                        caption=stage_text(words, tournament),
                                        leaders=sum(s.rank == 1 for s in found.lines) if played else 0)
    return chat_reply(chat, words, text, image=image, delivery=delivery, extra={PICTURE: f"standings-{tournament.id}"})


def standings_item(tournament: Tournament, language: str, lead: Sequence[str] = ()) -> Outgoing:
    """What a chat is owed when a tournament ends: the final standings (drawn when they are sent)."""
    return Outgoing(tournament.chat_id, "standings", {"tournament": tournament.id, "language": language,
                                                      "lead": list(lead)})
