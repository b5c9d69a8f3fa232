"""Which handler an event goes to: a button's payload to its handler, a command's name to its command, other text to
the moves; a mistyped command is answered with the nearest one."""

from __future__ import annotations

import difflib

from bot.service.app import App
from bot.service.commands import BUTTONS, COMMANDS
from bot.service.commands.moves import bare_text
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.payloads import decode


def nearest_command(word: str, likeness: float) -> str | None:
    """The command whose name is most like ``word`` (at least ``likeness``, 0 to 1), or ``None``.

    >>> nearest_command("gmaes", 0.75), nearest_command("e4-e5", 0.75)
    ('games', None)
    """
    found = difflib.get_close_matches(word, list(COMMANDS), n=1, cutoff=likeness)
    return found[0] if found else None


async def dispatch(app: App, ctx: Context) -> list[Reply]:
    """The answer to the event of ``ctx`` (its text already cleaned) from the handler it is for."""
    event = ctx.event
    if event.payload:
        payload = decode(event.payload)
        if payload is None:
            return [ctx.private(ctx.words("challenge.gone"))]
        return await BUTTONS[type(payload)](app, ctx, payload)
    content = (event.text or "").strip()
    if not content:
        return []
    first, _, rest = content.partition(" ")
    second, _, after = rest.strip().partition(" ")
    about = COMMANDS.get(second.lstrip("/").split("@")[0].lower())
    if first.startswith("#") and about is not None and about.about_game:  # "#6 resign" is "resign #6"
        first, rest = second, f"{first} {after}"
    name = first.lstrip("/").split("@")[0].lower()
    command = COMMANDS.get(name)
    if command is not None:
        return await command.handler(app, ctx, rest.strip())
    if first.startswith("/"):
        near = nearest_command(name, 0.6)
        if near:
            return [ctx.refuse(ctx.words("help.unknown_near", command=name, near=near))]
        return [ctx.refuse(ctx.words("help.unknown", command=name))]
    replies = await bare_text(app, ctx, content)
    if not all(r.refusal for r in replies):  # a move was answered: nothing to suggest
        return replies
    near = nearest_command(name, 0.75)
    # A word like a command that is no move ("gmaes"): alone in a group (chatter is left alone), or anywhere in private.
    if near and (not rest or event.is_private):
        return [ctx.refuse(ctx.words("help.unknown_near", command=name, near=near))]
    return replies
