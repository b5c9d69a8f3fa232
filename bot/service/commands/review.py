"""review: where a finished game was won and lost, move by move (made in the background, kept for later)."""

from __future__ import annotations

import asyncio
import logging
import threading

from ai.review import Cancelled, Review, review
from bot.service import outbox
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context, chat_reply
from bot.service.events import PICTURE, Reply
from bot.service.finding import my_game
from bot.service.review_replies import review_reply
from bot.service.reviews import PROGRESS
from bot.service.texts import Words
from storage import Chat, GameRow

log = logging.getLogger(__name__)

SECONDS_PER_TURN = {"kamisado": 0.12, "ashtarashki": 0.1, "krepost": 0.2}  # about, on a quiet machine
PROOF_SECONDS = {"kamisado": 8}  # about, for settling the first round without teeth (the round solver)


async def review_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    if rest.strip().lower() in ("cancel", "stop"):
        cancelled = app.reviews.cancel(ctx.chat.id)
        return [ctx.reply(ctx.words("review.cancelled" if cancelled else "review.nothing"))]
    row, problem = await my_game(app, ctx, rest, none="review.none")
    if row is None:
        return problem
    if row.status != "finished":
        return [ctx.reply(ctx.words("review.not_finished", id=row.id))]
    known = await app.games.review_of(row.id)
    if known is not None and Review.is_current(known):
        return [await review_reply(app, ctx.chat, ctx.words, row, Review.from_dict(known))]
    if app.reviews.busy(ctx.chat.id):
        return [ctx.reply(ctx.words("review.busy"))]
    turns = len([m for m in row.moves if not m.startswith("!")])
    cancel = threading.Event()
    task = asyncio.create_task(_make(app, ctx.chat, ctx.words, row, cancel))
    app.reviews.start(ctx.chat.id, cancel, task)
    seconds = max(1, round(turns * SECONDS_PER_TURN.get(row.game, 0.2) + PROOF_SECONDS.get(row.game, 0)))
    started = ctx.reply(ctx.words("review.started", id=row.id, turns=turns, seconds=seconds),
                        extra={PROGRESS: str(row.id)})
    app.reviews.progress_messages.pop((ctx.event.platform, ctx.event.chat_id), None)
    return [started]


async def _make(app: App, chat: Chat, words: Words, row: GameRow, cancel: threading.Event) -> None:
    """Make the review in a worker thread (the chats go on meanwhile), keep it, and owe the chat its reply."""
    try:
        moves = [m for m in row.moves if not m.startswith("!")]
        made = await _with_progress(app, chat, words, row, moves, cancel)
        item = outbox.review(chat.id, row.id, words.language)
        await app.games.save_review(row.id, made.to_dict(), owe=[item])
        reply = await review_reply(app, chat, words, row, made)
        app.reviews.ready.append(chat_reply(chat, words, reply.text, image=reply.image, delivery=item.id,
                                            extra={PICTURE: f"review-{row.id}"}))
    except Cancelled:
        log.info("the review of game %d was called off", row.id, extra={"game_id": row.id})
    except Exception:  # the chat is told nothing went wrong silently: it may ask again
        log.exception("the review of game %d failed", row.id, extra={"game_id": row.id})
        app.reviews.ready.append(chat_reply(chat, words, words("review.failed", id=row.id)))
    finally:
        app.reviews.finished(chat.id, cancel)


async def _with_progress(app: App, chat: Chat, words: Words, row: GameRow, moves: list[str],
                         cancel: threading.Event) -> Review:
    """The review, made in a worker thread; at each quarter done, the progress message is edited (once the
    front end said which message it is)."""
    loop = asyncio.get_running_loop()
    quarters: asyncio.Queue[int] = asyncio.Queue()

    def progress(done: int, total: int) -> None:
        if done < total and done * 4 // total != (done - 1) * 4 // total:
            loop.call_soon_threadsafe(quarters.put_nowait, done * 100 // total)

    work = asyncio.ensure_future(asyncio.to_thread(review, row.game, row.options, moves, cancel=cancel,
                                                   progress=progress))
    while True:
        waiting = asyncio.ensure_future(quarters.get())
        await asyncio.wait({work, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if not waiting.done():
            waiting.cancel()
            break
        message = app.reviews.progress_messages.get((chat.platform, chat.platform_id))
        if message is not None:
            text = words("review.progress", id=row.id, percent=waiting.result())
            app.reviews.ready.append(chat_reply(chat, words, text, edit_message_id=message))
    return await work


COMMANDS = (Command("review", review_command, about_game=True),)
