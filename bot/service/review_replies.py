"""A finished review as a message: each player's tally and costliest moves with the better move, and the graph of
the game in the reader's language; the verdicts as comments for a game's record. (The review itself is
:mod:`ai.review`; the reviews being made, :mod:`bot.service.reviews`.)"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from ai.review import MoveReview, Review
from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.context import chat_reply
from bot.service.events import PICTURE, Reply
from bot.service.texts import Words
from render.review import GraphWords, review_graph
from storage import Chat, GameRow

log = logging.getLogger(__name__)

GRAPH_SIZE = 640


def verdict_line(move: MoveReview, words: Words, move_text: Callable[[str], str] = str, label: str | None = None) -> str:
    """``12. e4-e5: a mistake; better f4-f5`` (and whether that is proven, and what it gave away), the moves put by
    ``move_text``; ``label`` numbers the move as its record does (``3…``, ``round 2, 3.``) instead of by its turn."""
    line = words("review.line", ply=move.ply, move=move_text(move.move), verdict=words(f"verdict.{move.verdict}"),
                 better=move_text(move.better or "?"))
    if label is not None:
        line = line.replace(f"{move.ply}.", label, 1)
    return line + (words("review.proven") if move.exact else "") + (words(f"review.note.{move.note}") if move.note else "")


def review_comments(made: Review, words: Words, labels: Sequence[str] = ()) -> list[str]:
    """The review's verdict on every move that was not the best or a good one, one line each (for a record,
    in the game's own notation, each move numbered as the record numbers it: ``labels``, one per move)."""
    return [words("review.comments"), *(
        verdict_line(move, words, label=labels[move.ply - 1] if move.ply <= len(labels) else None).strip()
        for move in made.moves if move.verdict in ("inaccuracy", "mistake", "blunder"))]


async def review_reply(app: App, chat: Chat, words: Words, row: GameRow, made: Review) -> Reply:
    """The review as a message: each player's tally and three worst moves (with the better move), and the
    graph of the game."""
    names = await app.people.names(row)
    presenter = presenter_for(row.game)
    lines = [words("review.title", id=row.id, game=words.game(row.game), white=names["white"], black=names["black"])]
    for side in ("white", "black"):
        tally = {verdict: 0 for verdict in ("best", "good", "inaccuracy", "mistake", "blunder")}
        for move in made.moves:
            if move.mover == side:
                tally[move.verdict] += 1
        lines.append(words("review.tally", player=names[side], **tally))
    for side in ("white", "black"):
        worst = made.worst(side)
        if not worst:
            lines.append(words("review.clean", player=names[side]))
            continue
        lines.append(words("review.worst", player=names[side]))
        lines += [verdict_line(move, words, lambda text: presenter.move_text(text, words)) for move in worst]
    image = None
    if app.config.render_boards:
        image = await asyncio.to_thread(review_picture, made, words, lambda text: presenter.move_text(text, words))
    return chat_reply(chat, words, "\n".join(lines), image=image, extra={PICTURE: f"review-{row.id}"})


def review_picture(made: Review, words: Words, move_text: Callable[[str], str]) -> bytes:
    """The review's graph with its words in the reader's language (the moves put by ``move_text``)."""
    decisive = made.decisive()
    graph_words = GraphWords(
        words("review.graph.title"),
        (words("review.graph.percent", value=0), words("review.graph.percent", value=50),
         words("review.graph.percent", value=100)),
        words("review.graph.mistake"), words("review.graph.blunder"),
        bands=tuple(words("review.graph.round", number=n) for n in range(1, len(made.boundaries) + 2))
        if made.boundaries else (),
        decisive=None if decisive is None else words("review.graph.decisive", ply=decisive.ply,
                                                      move=move_text(decisive.move)))
    return review_graph(made.white, [(m.ply, m.verdict) for m in made.moves], graph_words,
                        band_starts=made.boundaries, decisive=None if decisive is None else decisive.ply, size=GRAPH_SIZE)
