"""link and unlink: one player on every platform (see :mod:`storage.links`)."""

from __future__ import annotations

from bot.i18n import has
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.texts import Words
from storage import User

LINK_LIFETIME = 600.0  # seconds a link code works


async def link_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``link``: a one-time code for the sender (privately); ``link CODE``: this account joins the code's player."""
    w = ctx.words
    minutes = round(LINK_LIFETIME / 60)
    if not rest.strip():
        code = await app.links.new_link_code(ctx.user.id, LINK_LIFETIME)
        shown = f"{code[:4]}-{code[4:]}"
        if ctx.event.is_private:
            return [ctx.private(w("link.code", code=shown, minutes=minutes), secret=True)]
        return [ctx.private(w("link.code", code=shown, minutes=minutes), secret=True,
                            told=w("link.sent_privately", user=ctx.user.name),
                            untold=w("link.not_sent", user=ctx.user.name))]
    found = await app.links.link_account(rest.strip(), ctx.user.id)
    if isinstance(found, str):
        return [ctx.refuse(w(f"link.{found}", minutes=minutes))]
    accounts = await app.links.accounts_of(ctx.user.id)
    return [ctx.reply(w("link.done", accounts=w.join(_account(w, a) for a in accounts), first=found.name))]


async def unlink_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``unlink``: this account (or, from the first account, every account linked to it) plays on its own again."""
    w = ctx.words
    first = (await app.links.accounts_of(ctx.user.id))[0]
    separated = await app.links.unlink_account(ctx.user.id)
    if not separated:
        return [ctx.refuse(w("unlink.none"))]
    accounts = [first, *(a for a in separated if a.id != first.id)]
    return [ctx.reply(w("unlink.done", accounts=w.join(_account(w, a) for a in accounts), first=first.name))]


def _account(words: Words, user: User) -> str:
    """``Ann (Telegram)``: an account by its name and platform."""
    key = f"platform.{user.platform}"
    return f"{user.name} ({words(key) if has(words.language, key) else user.platform})"


COMMANDS = (
    Command("link", link_command),
    Command("unlink", unlink_command),
)
