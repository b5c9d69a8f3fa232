"""The board message of a game: caption, status, picture (or text diagram) and buttons."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.presenters import MoveButton, StoneButton, position_words, presenter_for
from bot.service import drawing
from bot.service.app import App
from bot.service.context import Context, chat_reply
from bot.service.drawing import board_picture
from bot.service.events import TO_MOVE, Choice, Reply
from bot.service.moves import Played, history_of
from bot.service.page_links import game_link
from bot.service.payloads import GameCommand, PickStone, PlayMove, encode
from bot.service.quiet import Quiet
from bot.service.texts import Words
from render import can_write, diagram
from rules import all_games, get_game
from rules.core import State
from storage import Chat, GameRow

Choices = tuple[tuple[Choice, ...], ...]
MOVES_PER_ROW = 5
STONES_PER_ROW = 6
MAX_BUTTONS = 25


def rows_of(buttons: Sequence[Choice], width: int) -> Choices:
    return tuple(tuple(buttons[i : i + width]) for i in range(0, len(buttons), width))


def choice_rows(game: str, state: State, moves: Sequence[Any], labels: Sequence[str] | None,
                payload: Callable[[int], str]) -> Choices:
    """Buttons for those of ``moves`` (at most :data:`MAX_BUTTONS`) legal in ``state``, labelled ``labels`` (the
    presenter's short labels by default), each pressing ``payload`` of its index among the legal moves."""
    legal = list(state.legal_moves())
    presenter = presenter_for(game)
    pairs = [(m, labels[i] if labels else presenter.move_label(state, m))
             for i, m in enumerate(list(moves)[:MAX_BUTTONS]) if m in legal]
    shown, names = [m for m, _ in pairs], [name for _, name in pairs]
    if len(set(names)) < len(names):  # short labels that look alike (d4, d4, d4): say the whole move
        rules = get_game(game)
        names = [rules.format_move(state, m) for m in shown]
    buttons = [Choice(name[:40], payload(legal.index(move))) for name, move in zip(names, shown, strict=True)]
    return rows_of(buttons, MOVES_PER_ROW)


def presenter_choices(game: str, state: State, words: Words, move_payload: Callable[[int], str],
                      stone_payload: Callable[[str], str]) -> Choices:
    """The presenter's buttons for ``state``: its moves (pressing ``move_payload`` of the legal move's index), or its
    stones to pick (pressing ``stone_payload`` of the stone's square)."""
    buttons = presenter_for(game).board_buttons(state, words)
    moves = [b for b in buttons if isinstance(b, MoveButton)]
    if moves:
        return choice_rows(game, state, [b.move for b in moves], [b.label for b in moves], move_payload)
    stones = [Choice(b.label or b.square, stone_payload(b.square)) for b in buttons if isinstance(b, StoneButton)]
    return rows_of(stones, STONES_PER_ROW)


def _play(row: GameRow) -> Callable[[int], str]:
    return lambda index: encode(PlayMove(row.id, len(row.moves), index))


def move_choices(row: GameRow, state: State, moves: Sequence[Any], labels: Sequence[str] | None = None) -> Choices:
    """Buttons that play ``moves`` of ``row`` (only while the game has as many moves as now)."""
    return choice_rows(row.game, state, moves, labels, _play(row))


def board_choices(row: GameRow, state: State, words: Words) -> Choices:
    """The buttons under the board: the presenter's moves, or its stones to pick; after the game, a rematch and its
    review."""
    if row.status == "finished":
        return ((Choice(words("button.rematch"), encode(GameCommand(row.id, "rematch"))),
                 Choice(words("button.review"), encode(GameCommand(row.id, "review")))),)
    if row.status != "active" or state.to_play is None:
        return ()
    return presenter_choices(row.game, state, words, _play(row),
                             lambda square: encode(PickStone(row.id, len(row.moves), square)))


async def status_lines(app: App, words: Words, row: GameRow, state: State, names: dict[str, str]) -> list[str]:
    """Whose turn (with the time left), or how the game ended."""
    if row.status == "frozen":
        return [words("game.frozen", id=row.id)]
    if state.outcome() is not None:
        return [words("game.over", result=words.result(state, names)), *presenter_for(row.game).ending(state, names, words),
                *rating_lines(words, row, names)]
    player = state.to_play or ""
    if row.deadline:
        lines = [words("game.to_move_clock", player=names[player], left=words.duration(row.deadline - app.clock()))]
    else:
        lines = [words("game.to_move", player=names[player])]
    return presenter_for(row.game).status(state, names, words, lines)


def rating_lines(words: Words, row: GameRow, names: dict[str, str]) -> list[str]:
    """How the game changed its players' ratings ("Ratings: Ann 1500 → 1516 (+16), …"), when it was rated."""
    changes = (row.result or {}).get("ratings") if row.status == "finished" else None
    if not isinstance(changes, dict):
        return []
    said = [words("game.rating_change", player=names[side], before=before, after=after, change=f"{after - before:+d}")
            for side, (before, after) in sorted(changes.items(), key=lambda item: item[0] != "white")]
    return [words("game.ratings", changes=words.join(said))]


async def board_kind(app: App, row: GameRow) -> str:
    """How the game's boards come (``settings board``): ``text`` (in words instead of a picture) when every person
    playing it asked for that, ``both`` when one asked for words, else ``picture``."""
    kinds = [person.prefs.get("board", "picture") for person in
             (await app.people.by_id(row.white_id), await app.people.by_id(row.black_id)) if not person.is_bot]
    if kinds and all(kind == "text" for kind in kinds):
        return "text"
    return "both" if any(kind in ("text", "both") for kind in kinds) else "picture"


async def view(app: App, row: GameRow, state: State) -> tuple[str, bool]:
    """Which side is at the bottom, and whether colour-blind marks are wanted."""
    white = await app.people.by_id(row.white_id)
    black = await app.people.by_id(row.black_id)
    colorblind = bool(white.prefs.get("colorblind") or black.prefs.get("colorblind"))
    if white.is_bot and black.is_bot:
        return "white", colorblind
    if white.is_bot:
        return "black", colorblind
    if black.is_bot:
        return "white", colorblind
    mover = state.to_play
    if mover and (white if mover == "white" else black).prefs.get("flip"):
        return mover, colorblind
    return "white", colorblind


async def _bot_to_move(app: App, row: GameRow, state: State) -> bool:
    """Whether the built-in opponent moves next in ``row`` (its moves are no buttons for anyone to press)."""
    if row.status != "active" or state.to_play not in ("white", "black"):
        return False
    return (await app.people.by_id(row.player_of(state.to_play))).is_bot


Run = list[tuple[str | None, Any, str]]  # one player's moves in a row: (mover, move, stored text)


def last_runs(history: Run, end: int | None = None) -> list[Run]:
    """The last exchange of ``history`` (a game's moves, :func:`history_of`) before move ``end`` (default: all), newest
    first: the moves the player who moved last made in a row (one, or more after an extra turn or a push), then the
    other player's moves before them."""
    runs: list[Run] = []
    for entry in reversed(history[:end]):
        if not runs or entry[0] != runs[-1][0][0]:
            if len(runs) == 2:
                break
            runs.append([])
        runs[-1].insert(0, entry)
    return runs


def moves_of(runs: list[Run], index: int) -> list[Any]:
    """The moves of run ``index`` of :func:`last_runs` (0: the last player's, 1: the other's before), or none."""
    return [move for _, move, _ in runs[index]] if index < len(runs) else []


def result_caption(words: Words, state: State, names: dict[str, str], game: str) -> str | None:
    """How a finished game ended, for the band under its last picture: the result and the score, in the
    reader's language where the picture can show its script (English otherwise); ``None`` while it goes on."""
    if state.outcome() is None:
        return None
    for reader in (words, Words("en")):
        caption = "\n".join([reader.result(state, names), *presenter_for(game).ending(state, names, reader)])
        if can_write(caption):
            return caption
    return None


def text_diagram(app: App, row: GameRow, state: State, perspective: str, words: Words, names: dict[str, str],
                 runs: list[Run], wanted: bool = False) -> str | None:
    """The board as text with its key in the reader's language, for text-only front ends (or a player who asked for
    it: ``wanted``); under it the last exchange (``runs``: the answer and the move it answered), as the picture marks
    them."""
    if not (app.config.text_diagrams or wanted):
        return None
    text = diagram(state, perspective, presenter_for(row.game).legend(state, words))
    if not runs:
        return text
    shown = presenter_for(row.game).move_text  # the colours in the reader's words, as in the captions
    moves = [f"{names.get(run[0][0] or '', '?')} {words.join(shown(text, words) for _, _, text in run)}"
             for run in reversed(runs)]
    return text + "\n" + words("diagram.last_moves", moves=" · ".join(moves))


def picture_options(app: App, row: GameRow, state: State, words: Words, names: dict[str, str], perspective: str,
                    colorblind: bool, runs: list[Run]) -> dict[str, Any]:
    """What :func:`render.board_png` is asked for to draw ``row``'s board at ``state`` for a reader of ``words``."""
    return {"perspective": perspective, "last_move": moves_of(runs, 0), "colorblind": colorblind,
            "size": app.config.board_size, "earlier_move": moves_of(runs, 1),
            "caption": result_caption(words, state, names, row.game)}


def _picture_key(row: GameRow, options: dict[str, Any]) -> tuple[Any, ...]:
    """The picture ``options`` ask for of ``row``'s position: its moves name it (one game's options never change)."""
    return row.id, tuple(row.moves), *((name, tuple(value) if isinstance(value, list) else value)
                                       for name, value in sorted(options.items()))


async def draw_ahead(app: App, ctx: Context, row: GameRow, after: State, notation: str) -> None:
    """Start drawing the board the event's chat will be shown once the move ``notation`` (leading to ``after``) is
    stored, so that storing it and drawing it take their time side by side. A guess made before the move is stored:
    :func:`board_message` uses the picture only if it asks for exactly this one (else, a move refused as stale, say,
    nothing but the drawing is lost). Nothing is drawn ahead when the built-in opponent answers first."""
    if not app.config.render_boards or await _bot_to_move(app, row, after):
        return
    stored = replace(row, moves=[*row.moves, notation])
    names = await app.people.names(stored)
    perspective, colorblind = await view(app, stored, after)
    options = picture_options(app, stored, after, ctx.words, names, perspective, colorblind,
                              last_runs(history_of(stored)))
    key = _picture_key(stored, options)
    if key not in app.pictures:
        drawing = asyncio.ensure_future(board_picture(after, **options))
        drawing.add_done_callback(lambda done: done.cancelled() or done.exception())  # a failure shows when used
        app.pictures[key] = drawing


GUEST_BOARD = "guest_board"  # marks (in ``Reply.extra``) a board sent to a game's guest chat: its message is not kept


def warm_up(app: App) -> None:
    """Make at start what the first moves would otherwise make while their players wait: each game's rules and
    presenter loaded, and the drawing process started, with each game's empty board drawn from both sides at the size
    boards are sent (when they are)."""
    for game in all_games():
        presenter_for(game.key)
    if app.config.render_boards:
        drawing.warm_up([(game.new_state(), {"perspective": side, "size": app.config.board_size})
                         for game in all_games() for side in ("white", "black")])


async def board_reply(app: App, ctx: Context, row: GameRow, state: State, played: Played | None = None) -> Reply:
    """The game's board message for the event's chat when the game is played there, else for the game's own chat:
    caption, what was just played, status, picture and buttons; it delivers ``played``'s outbox item for that chat."""
    chat_id = _shown_in(ctx, row)
    chat = ctx.chat if ctx.chat.id == chat_id else await app.people.chat_by_id(chat_id)
    lines = played.missed.get(chat_id, []) + played.lines if played else []  # a board that did not arrive named too
    return await board_message(app, chat, ctx.words, row, state, lines, played.delivery(chat_id) if played else None)


async def board_replies(app: App, ctx: Context, row: GameRow, state: State, played: Played) -> list[Reply]:
    """The board message ``played`` owes each chat the game is played in (the event's chat first), each in the words
    its board was owed in and delivering its own outbox item."""
    replies = [await board_reply(app, ctx, row, state, played)]
    for chat_id in row.chats:
        if chat_id != _shown_in(ctx, row) and chat_id in played.deliveries:
            chat = await app.people.chat_by_id(chat_id)
            language, lines = played.shown[chat_id]
            replies.append(await board_message(app, chat, Words(language), row, state, lines, played.delivery(chat_id)))
    return replies


def _shown_in(ctx: Context, row: GameRow) -> int:
    """The chat an answer to ``ctx`` shows the game's board in: the event's, when the game is played there."""
    return ctx.chat.id if ctx.chat.id in row.chats else row.chat_id


async def board_message(app: App, chat: Chat, words: Words, row: GameRow, state: State, lines: list[str],
                        delivery: int | None = None) -> Reply:
    """The board message of ``row`` at ``state`` for ``chat`` in ``words``, captioned with ``lines``."""
    names = await app.people.names(row)
    caption = [words("game.caption", id=row.id, game=words.game(row.game), white=names["white"], black=names["black"])]
    caption += lines
    caption += await status_lines(app, words, row, state, names)
    perspective, colorblind = await view(app, row, state)
    choices = () if await _bot_to_move(app, row, state) else board_choices(row, state, words)
    image = None
    kind = await board_kind(app, row)
    runs = last_runs(history_of(row)) if app.config.render_boards or app.config.text_diagrams or kind != "picture" else []
    if app.config.render_boards and kind != "text":
        options = picture_options(app, row, state, words, names, perspective, colorblind, runs)
        ahead = app.pictures.pop(_picture_key(row, options), None)
        image = await (ahead if ahead is not None else board_picture(state, **options))
    own = chat.id == row.chat_id  # a guest chat's boards are never edited in place nor threaded: its messages are not kept
    edit = row.board_message_id if own and chat.settings.get("board") == "edit" else None
    text = text_diagram(app, row, state, perspective, words, names, runs, wanted=kind != "picture")
    if text and not app.config.text_diagrams:  # the chat shows the board in words in the message itself
        caption.append(text)
        text = None
    address = await game_link(app, row)
    extra = {} if own else {GUEST_BOARD: str(row.id)}
    if delivery is not None and row.status == "active" and state.to_play in ("white", "black"):
        player = await app.people.by_id(row.player_of(state.to_play))
        quiet = Quiet.of(player.prefs)
        asleep = quiet is not None and quiet.window(app.clock()) is not None  # told privately: not in quiet hours
        if not player.is_bot and player.platform == chat.platform and not asleep:
            extra[TO_MOVE] = player.platform_id  # where a board notifies nobody (edited in place), they are told
    return chat_reply(chat, words, "\n".join(caption), image=image, choices=choices,
                      game_id=row.id, edit_message_id=edit, diagram=text, alt=position_words(state, words),
                      thread=own and bool(chat.settings.get("thread")), thread_id=row.thread_id if own else None,
                      delivery=delivery, extra=extra, link=(words("web.link"), address) if address else None)
