"""Which handler an event goes to: a button's payload to its handler; a typed line to what
:func:`bot.service.meaning.resolve` says it means (a button, a command, a move where it was meant, or the clear words
for a line that fits nothing); a mistyped command is answered with the nearest one."""

from __future__ import annotations

import difflib
from dataclasses import replace

from bot.service import meaning as m
from bot.service.app import App
from bot.service.commands import BUTTONS, COMMANDS, TABLE, lines
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.lessons import tutor
from bot.service.payloads import GameCommand, decode
from bot.service.situation import situation_of

MOVE_COMMANDS = ("move", "m")  # 'move <text>' is a move, whatever the text's first word


def nearest_command(word: str, likeness: float) -> str | None:
    """The command whose name is most like ``word`` (at least ``likeness``, 0 to 1), or ``None``.

    >>> nearest_command("gmaes", 0.75), nearest_command("e4-e5", 0.75)
    ('games', None)
    """
    found = difflib.get_close_matches(word.lower(), [c.name for c in COMMANDS.values()], n=1, cutoff=likeness)
    return found[0] if found else None


def anonymous_may(line: str) -> bool:
    """Whether a line written in a chat's name (an anonymous admin, a channel: no person the bot can tell apart) is
    answered: help, the rules and the chat's own settings, which only its admins can write in its name; nothing a
    player does (one name would be every anonymous admin of every chat).

    >>> anonymous_may("/settings chat pages off"), anonymous_may("помощь"), anonymous_may("/play kamisado")
    (True, True, False)
    >>> anonymous_may("settings zone Europe/Paris"), anonymous_may("e4-e5"), anonymous_may("")
    (False, False, False)
    """
    words = line.split()
    name = TABLE.named(words[0]) if words else None
    if name in ("help", "rules"):
        return True
    return name == "settings" and len(words) > 1 and words[1].lower() == "chat"


async def dispatch(app: App, ctx: Context) -> list[Reply]:
    """The answer to the event of ``ctx`` (its text already cleaned) from the handler it is for."""
    event = ctx.event
    if event.payload:
        return await press(app, ctx, event.payload)
    content = (event.text or "").strip()
    if not content:
        return []
    situation = await situation_of(app, ctx)
    meaning = m.resolve(content, situation, TABLE, near=lambda word: nearest_command(word, 0.75))
    if isinstance(meaning, m.RunCommand) and meaning.name in MOVE_COMMANDS and meaning.rest:
        meaning = m.resolve(meaning.rest, situation, TABLE, explicit=True)
    return await act(app, ctx, meaning)


async def act(app: App, ctx: Context, meaning: m.Meaning) -> list[Reply]:
    """Do what a line means."""
    if isinstance(meaning, m.Press):
        return await press(app, _pressing(ctx, meaning.payload), meaning.payload)
    if isinstance(meaning, m.BoardButton):
        found = await lines.board_button(app, ctx, meaning.game, meaning.number)
        return found if isinstance(found, list) else await press(app, _pressing(ctx, found), found)
    if isinstance(meaning, m.RunCommand):
        return await run(app, ctx, meaning.name, meaning.rest)
    if isinstance(meaning, m.UnknownCommand):
        near = nearest_command(meaning.word, 0.6)
        if near:
            return [ctx.refuse(ctx.words("help.unknown_near", command=meaning.word, near=near))]
        return [ctx.refuse(ctx.words("help.unknown", command=meaning.word))]
    return await lines.answer(app, ctx, meaning)


async def run(app: App, ctx: Context, name: str, rest: str) -> list[Reply]:
    """The command ``name`` with the rest of its line. Any command but ``learn`` leaves the lesson shown (the
    sender's lines are their games' again)."""
    if name != "learn" and ctx.event.is_private and ctx.user.prefs.get(tutor.SHOWN):
        ctx = ctx.with_user(await tutor.show(app, ctx.user, None))
    return await COMMANDS[name].handler(app, replace(ctx, command=name), rest.strip())


def _pressing(ctx: Context, payload: str) -> Context:
    """The context of a typed line that presses a button, as if the button were pressed (its answer closes it)."""
    return replace(ctx, event=replace(ctx.event, payload=payload, text=None))


async def press(app: App, ctx: Context, payload: str) -> list[Reply]:
    """A button's payload, to its handler (a "which game?" button runs its command as typed)."""
    found = decode(payload)
    if found is None:
        return [ctx.private(ctx.words("challenge.gone"))]
    if isinstance(found, GameCommand):
        command = COMMANDS.get(found.command)
        if command is None or not command.about_game:
            return [ctx.private(ctx.words("challenge.gone"))]
        return ctx.closing(await run(app, replace(ctx, event=replace(ctx.event, payload=None)), command.name,
                                     f"#{found.game}"))
    return await BUTTONS[type(found)](app, ctx, found)
