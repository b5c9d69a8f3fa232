"""replay: a game of the chat (finished or going on: it is public there) as one animated picture."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import result_caption, view
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.finding import my_game
from bot.service.texts import Words
from render.replay import ReplayFrame, replay_gif
from rules import get_game
from rules.core import State

REPLAY_SIZE = 400  # pixels wide: sharp on a phone, small enough to send quickly


async def replay_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    row, problem = await my_game(app, ctx, rest, none="replay.none")
    if row is None:
        return problem
    state = await app.games.state(row)
    names = await app.people.names(row)
    perspective, colorblind = await view(app, row, state)
    frames = replay_frames(row.game, row.options, row.moves, state, names, ctx.words)
    gif = await asyncio.to_thread(replay_gif, frames, perspective=perspective, colorblind=colorblind,
                                  size=REPLAY_SIZE)  # drawn off the event loop: other chats go on meanwhile
    text = ctx.words("replay.caption", id=row.id, game=ctx.words.game(row.game), white=names["white"],
                     black=names["black"], plies=len(frames) - 1)
    return [ctx.reply(text, animation=gif)]


def replay_frames(key: str, options: dict[str, Any], stored: list[str], final: State, names: dict[str, str],
                  words: Words) -> list[ReplayFrame]:
    """The start and every turn of a game's ``stored`` moves (events such as a resignation, ``!…``, among
    them), each with its last move (a player's turns in a row together) and the other player's move before
    it marked. The last frame is the game as it stands (``final``: a resignation or a loss on time
    included) with its result, or a note that it goes on."""
    game = get_game(key)
    presenter = presenter_for(key)
    moves = [m for m in stored if not m.startswith("!")]
    state = game.new_state(**options)
    frames = [ReplayFrame(state, caption=words("replay.start", game=words.game(key)))]
    last: tuple[Any, ...] = ()
    earlier: tuple[Any, ...] = ()
    last_mover: str | None = None
    for number, text in enumerate(moves, 1):
        mover = state.to_play
        move = game.parse_move(state, text)
        after = state.play(move)
        shown = presenter.move_text(game.format_move(state, move), words)
        if getattr(after, "round", None) != getattr(state, "round", None):  # a new round on a refilled board
            last, earlier = (), ()  # nothing of the last round is marked on it
            shown = " ".join(presenter.events(state, move, after, names, words)) or shown  # "… from the left."
        elif last and mover == last_mover:
            last = (*last, move)  # the same player again (an extra turn, a push): their turns together
        else:
            earlier, last = last, (move,)
        last_mover = mover
        caption = words("replay.move", number=number, total=len(moves), player=names.get(mover or "", "?"),
                        move=shown)
        frames.append(ReplayFrame(after, last, earlier, caption, presenter.eventful(state, move, after)))
        state = after
    closing = result_caption(words, final, names, key) or words("replay.going_on", total=len(moves))
    if len(frames) > 1 and not any(m.startswith("!") for m in stored):
        frames.pop()  # the last turn ended the game (or is the latest): its frame carries the result instead
    frames.append(ReplayFrame(final, last, earlier, closing, event=True))
    return frames


COMMANDS = (Command("replay", replay_command, about_game=True),)
