"""How a player is told of their turns: where their notices go (``settings notices private|group|both``), which games
they muted (``settings mute #N``), and the digest they may choose instead of a reminder per game (``settings reminders
daily 08:00`` or ``every 6h``): one message listing every game where it is their move, with the time left and its page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from bot.metrics import METRICS
from bot.service import outbox
from bot.service.app import App
from bot.service.events import Reply
from bot.service.options import zone_of
from bot.service.page_links import game_link
from bot.service.quiet import Quiet, held
from bot.service.texts import Words
from storage import Chat, GameRow, Outgoing, StoreUnavailable, User

NOTICE_PLACES = ("private", "group", "both")
DIGEST_GAMES = 30  # games one digest lists at most (the rest are counted)
REFUSED = "private_refused"  # a player's preference: their private chat refused a notice for good
DIGEST_LEASE = 600.0  # seconds a process holds a digest it is writing: killed meanwhile, another tries after them
log = logging.getLogger(__name__)


def muted(user: User, game_id: int) -> bool:
    """Whether ``user`` muted the reminders of game ``game_id``."""
    return game_id in (user.prefs.get("muted") or [])


def digest_of(prefs: dict[str, Any]) -> dict[str, Any] | None:
    """The digest a player chose (``{"daily": "08:00"}`` or ``{"every": seconds}``), or ``None``."""
    found = prefs.get("digest")
    return found if isinstance(found, dict) and found else None


def next_digest(prefs: dict[str, Any], now: float) -> float | None:
    """When a player's next digest is due after ``now``: the next time their clock shows its hour (or ``every`` seconds
    on), held past their quiet hours; ``None`` without a digest.

    >>> from datetime import UTC
    >>> noon = datetime(2026, 11, 27, 12, 0, tzinfo=UTC).timestamp()
    >>> due = next_digest({"digest": {"daily": "08:00"}, "zone": "Asia/Tehran"}, noon)
    >>> datetime.fromtimestamp(due, UTC).strftime("%d %H:%M")  # 08:00 in Tehran is 04:30 UTC
    '28 04:30'
    """
    digest = digest_of(prefs)
    if digest is None:
        return None
    if "every" in digest:
        due = now + float(digest["every"])
    else:
        zone = zone_of(prefs.get("zone"))
        hours, minutes = (int(part) for part in str(digest["daily"]).split(":"))
        local = datetime.fromtimestamp(now, zone)
        due_local = datetime(local.year, local.month, local.day, tzinfo=zone) + timedelta(hours=hours, minutes=minutes)
        if due_local.timestamp() <= now:
            tomorrow = local.date() + timedelta(days=1)
            due_local = datetime(tomorrow.year, tomorrow.month, tomorrow.day, tzinfo=zone) + timedelta(hours=hours,
                                                                                                      minutes=minutes)
        due = due_local.timestamp()
    return held(Quiet.of(prefs), due)


def refused_privately(user: User) -> bool:
    """Whether ``user``'s private chat refused the bot's notices for good (blocked, or direct messages closed) since
    they last wrote there."""
    return bool(user.prefs.get(REFUSED))


async def places(app: App, player: User, chat: Chat) -> list[Chat]:
    """Where a notice to ``player`` about a game played in ``chat`` goes, as they chose: the game's chat (the default),
    their private chat, or both (a private game's chat is their private chat already); the game's chat while their
    private chat refuses the bot."""
    choice, direct = player.prefs.get("notices", "group"), await app.people.direct_chat(player)
    if chat.id == direct.id or choice == "group" or refused_privately(player):
        return [chat]
    return [direct] if choice == "private" else [chat, direct]


def held_item(item: Outgoing, player: User, now: float) -> bool:
    """Hold ``item`` for ``player`` until their quiet hours end, when ``now`` is inside them: whether it is held."""
    quiet = Quiet.of(player.prefs)
    window = quiet.window(now) if quiet else None
    if window is not None:
        item.not_before = window[1]
    return window is not None


async def private_notice(app: App, player: User, said: Callable[[Words], str], game_id: int | None = None) -> list[Reply]:
    """A notice to ``player`` alone (``said`` in their words), owed to their private chat (the chat they play game
    ``game_id`` in, mentioning them, while that refuses the bot; and if it refuses it later): the reply to send now,
    or, inside their quiet hours, nothing: the outbox sends it as they end."""
    direct = await app.people.direct_chat(player)
    game_chat = (await app.games.row(game_id)).chat_of(player.id) if game_id is not None else None
    if refused_privately(player) and game_chat is not None:
        place = await app.people.chat_by_id(game_chat)
        words = Words(app.language(player, place))
        item = outbox.text(place.id, said(words), words.language, game_id=game_id, mentions=[player.platform_id])
    else:
        place, words = direct, Words(app.language(player, direct))
        fallback = game_chat if game_chat != direct.id else None
        item = outbox.text(direct.id, said(words), words.language, game_id=game_id, private_to=(player.id, fallback))
    held = held_item(item, player, app.clock())
    await app.outbox.owe([item])
    return [] if held else [outbox.text_reply(place, item)]


async def private_refused(app: App, user_id: int, fallback: int | None, text: str) -> list[Reply]:
    """A notice (``text``) to user ``user_id``'s private chat was refused for good: from now on their notices go to
    the games' chats (said once, until they write privately again), and this one to chat ``fallback`` (mentioning
    them; none: it is lost, as a digest is: the per-game reminders take its place)."""
    player = await app.people.by_id(user_id)
    first = not refused_privately(player)
    if first:
        player = await app.people.set_prefs(user_id, {REFUSED: True})
    if fallback is None:
        return []
    chat = await app.people.chat_by_id(fallback)
    words = Words(app.language(player, chat))
    lines = [words("notices.refused", player=player.name)] if first else []
    item = outbox.text(chat.id, "\n".join([*lines, text]), words.language, mentions=[player.platform_id])
    await app.outbox.owe([item])
    return [outbox.text_reply(chat, item)]


async def digests(app: App, now: float) -> list[Reply]:
    """Send every digest due by ``now`` (each once, whichever process claims it first) and schedule the next."""
    replies: list[Reply] = []
    for user_id, was in await app.correspondence.digests_due(now):
        lease = now + DIGEST_LEASE  # claimed: by this process, until the digest is owed (a kill meanwhile: tried again)
        if not await app.correspondence.schedule_digest(user_id, lease, was=was):
            continue  # another process sends it
        try:
            player = await app.people.by_id(user_id)
            replies += await _digest(app, player, now)
        except StoreUnavailable:
            raise
        except Exception:
            METRICS.error()
            log.exception("the digest of user %d failed: tried again later", user_id)
            continue
        await app.correspondence.schedule_digest(user_id, next_digest(player.prefs, now), was=lease)
    return replies


async def _digest(app: App, player: User, now: float) -> list[Reply]:
    """The digest of ``player``'s turns: nothing when no game waits for them."""
    if refused_privately(player):
        return []  # nowhere to send it: the reminders of each game come instead
    direct = await app.people.direct_chat(player)
    words = Words(app.language(player, direct))
    waiting: list[tuple[float, GameRow]] = []
    for row in await app.games.active_of(player.id):
        side = row.side_of(player.id)
        if side is not None and row.state.get("to_play") == side and not muted(player, row.id):
            waiting.append((row.deadline or float("inf"), row))
    if not waiting:
        return []
    waiting.sort(key=lambda found: (found[0], found[1].id))
    lines = [words("digest.title", count=len(waiting))]
    for deadline, row in waiting[:DIGEST_GAMES]:
        left = words("digest.left", left=words.duration(deadline - now)) if row.deadline else words("digest.no_clock")
        try:
            names = await app.people.names(row)
            opponent = names["black" if row.side_of(player.id) == "white" else "white"]
            link = await game_link(app, row)
        except StoreUnavailable:
            raise
        except Exception:  # one game's line the worse for it, not the digest of the others
            METRICS.error()
            log.exception("game %d's line of a digest failed", row.id, extra={"game_id": row.id})
            opponent, link = "?", None
        lines.append(words("digest.line", id=row.id, game=words.game(row.game), opponent=opponent, left=left)
                     + (f" {link}" if link else ""))
    if len(waiting) > DIGEST_GAMES:
        lines.append(words("digest.more", count=len(waiting) - DIGEST_GAMES))
    item = outbox.text(direct.id, "\n".join(lines), words.language, private_to=(player.id, None))
    await app.outbox.owe([item])
    return [outbox.text_reply(direct, item)]
