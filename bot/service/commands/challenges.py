"""play, accept, decline and cancel: challenges to someone, to anyone in the chat, or to the bot."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.service import outbox
from bot.service.app import App
from bot.service.boards import board_replies
from bot.service.commands.base import Command
from bot.service.commands.info import game_key
from bot.service.commands.offers import agree_to_offer, refuse_offer
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.ids import read_id
from bot.service.lessons.tutor import offer as lesson_offer
from bot.service.moves import Played, let_bot_move
from bot.service.notices import held_item
from bot.service.options import Contradiction, OptionError, PlayRequest, describe, parse_play
from bot.service.page_links import chat_link
from bot.service.payloads import AcceptChallenge, DeclineChallenge, encode
from bot.service.texts import Words
from rules import get_game
from rules.core import other
from storage import Challenge, Chat, ConflictError, NotFoundError, Outgoing, User


def read_play(key: str, words: list[str]) -> PlayRequest:
    """The words after ``play <game>`` as a request whose options make a game (:class:`OptionError`, or the rules'
    :class:`ValueError`, when they do not)."""
    request = parse_play(get_game(key), words)
    get_game(key).new_state(**request.options)
    return request


async def play_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    words = rest.split()
    w = ctx.words
    if not words:
        return [ctx.reply(w("games.list") + "\n" + w("help.play"))]
    key = game_key(words[0])
    if key is None:
        return [ctx.reply(w("unknown_game", name=words[0]) + "\n" + w("help.play"))]
    try:
        request = read_play(key, words[1:])
    except Contradiction as exc:
        return [ctx.reply(w("bad_option.contradiction", first=exc.first, second=exc.word, usage=w("help.play")))]
    except OptionError as exc:
        return [ctx.reply(w("bad_option", option=exc.word, usage=w("help.play")))]
    except ValueError as exc:
        return [ctx.reply(w("bad_option", option=str(exc), usage=w("help.play")))]
    time_per_move = request.time_per_move if request.time_given else ctx.chat.settings.get("time")
    target: User | None = None
    if request.against_bot:
        target = await app.people.bot(request.level)
    elif request.opponent:
        accounts = await app.links.accounts_of(ctx.user.id)
        target = await app.people.find(ctx.event.platform, request.opponent) or await _known_elsewhere(
            app, ctx, accounts, request.opponent)
        if target is not None and target.id in {a.id for a in accounts}:
            return [ctx.reply(w("challenge.self", game=key))]
        if target is None:
            linked = any(a.platform != ctx.event.platform for a in accounts)
            return [ctx.reply(w("user.unknown", name=request.opponent) + ("" if linked else " " + w("user.link_first")))]
    offered = await lesson_offer(app, ctx.user.id, ctx.user.prefs, key, w)  # weighed before the game exists
    replies = await challenge(app, ctx, key, request.options, target, request.level, request.colour, time_per_move,
                              request.rated)
    if offered is not None and replies:  # new to the game: its lesson, in a line under the challenge
        replies[0] = replace(replies[0], text=replies[0].text + "\n" + w.marked(offered))
    return replies


async def _known_elsewhere(app: App, ctx: Context, accounts: list[User], name: str) -> User | None:
    """The user called ``name`` on another platform where the sender has a linked account (one player on every
    platform may challenge anyone known there)."""
    for platform in dict.fromkeys(a.platform for a in accounts if a.platform != ctx.event.platform):
        found = await app.people.find(platform, name)
        if found is not None:
            return found
    return None


async def challenge(app: App, ctx: Context, key: str, options: dict[str, Any], target: User | None, level: str,
                    colour: str, time_per_move: int | None, rated: bool = True) -> list[Reply]:
    """Challenge ``target`` (anyone when ``None``; the bot starts at once) to ``key`` with ``options``."""
    w = ctx.words
    if target is not None and target.is_bot:
        made, _ = await app.challenges.create(ctx.chat.id, key, options, ctx.user.id, target.id, level, colour,
                                              time_per_move, rated)
        return await start(app, ctx, made)
    if target is not None and await _elsewhere(app, ctx, target):
        return await _challenge_elsewhere(app, ctx, key, options, target, colour, time_per_move, rated)
    made, replaced = await app.challenges.create(ctx.chat.id, key, options, ctx.user.id, target.id if target else None,
                                                 None, colour, time_per_move, rated)
    note = "\n" + w("challenge.replaced", count=app.challenges.most) if replaced else ""
    described = describe(w, key, options, time_per_move, rated)
    accept = Choice(w("button.accept"), encode(AcceptChallenge(made.id)))
    if target is None:
        wording = "challenge.open_buttons" if ctx.event.answers_only else "challenge.open"  # no typed 'accept' there
        message = w(wording, challenger=ctx.user.name, game=w.game(key), options=described)
        page = await chat_link(app, ctx.chat.id)  # where anyone signed in accepts it too, from any platform
        return [ctx.reply(message + note, choices=((accept,),), link=(w("web.accept_on_page"), page) if page else None)]
    decline = Choice(w("button.decline"), encode(DeclineChallenge(made.id)))
    message = w("challenge.to_user", target=target.name, challenger=ctx.user.name, game=w.game(key), options=described)
    return [ctx.reply(message + note, choices=((accept, decline),), mentions=(target.platform_id,))]


async def _elsewhere(app: App, ctx: Context, target: User) -> bool:
    """Whether ``target`` cannot see this chat: a player of another platform, or someone named in the sender's private
    chat whose own private chat it is not (the terminal is everyone's)."""
    if target.platform != ctx.event.platform:
        return True
    return ctx.event.is_private and (await app.people.direct_chat(target)).id != ctx.chat.id


async def _challenge_elsewhere(app: App, ctx: Context, key: str, options: dict[str, Any], target: User, colour: str,
                               time_per_move: int | None, rated: bool) -> list[Reply]:
    """Challenge ``target``, who is not in this chat (a player of another platform, or anyone named in a private
    chat): the challenge waits here and is sent to their private chat with the bot (with the change, as an outbox
    item), where they accept it; the game is then played from both chats."""
    direct = await app.people.direct_chat(target)
    theirs = Words(app.language(target, direct))
    platform = theirs(f"platform.{ctx.event.platform}")

    sent: list[Outgoing] = []

    def notice(challenge_id: int) -> list[Outgoing]:
        message = theirs("challenge.from_elsewhere", challenger=ctx.user.name, platform=platform, id=challenge_id,
                         game=theirs.game(key), options=describe(theirs, key, options, time_per_move, rated))
        buttons = ((Choice(theirs("button.accept"), encode(AcceptChallenge(challenge_id))),
                    Choice(theirs("button.decline"), encode(DeclineChallenge(challenge_id)))),)
        sent[:] = [outbox.text(direct.id, message, theirs.language, choices=buttons, challenge=challenge_id)]
        held_item(sent[0], target, app.clock())  # in their quiet hours: sent as those end
        return sent

    made, replaced = await app.challenges.create(ctx.chat.id, key, options, ctx.user.id, target.id, None, colour,
                                                 time_per_move, rated, owe=notice)
    w = ctx.words
    said = w("challenge.sent_elsewhere", target=target.name, platform=w(f"platform.{target.platform}"), id=made.id,
             game=w.game(key), options=describe(w, key, options, time_per_move, rated))
    note = "\n" + w("challenge.replaced", count=app.challenges.most) if replaced else ""
    return [ctx.reply(said + note), *([] if sent[0].not_before else [outbox.text_reply(direct, sent[0])])]


async def _challenger_of(app: App, challenge: Challenge) -> tuple[Chat, User, Words]:
    """The challenge's chat, its challenger, and the words the challenger reads there."""
    chat = await app.people.chat_by_id(challenge.chat_id)
    challenger = await app.people.by_id(challenge.challenger_id)
    return chat, challenger, Words(app.language(challenger, chat))


async def unreachable(app: App, challenge_id: int) -> list[Reply]:
    """The notice of challenge ``challenge_id`` could never reach its target (their platform refuses it for good):
    while it is open, its challenger is told where they are, with what the target can still do."""
    try:
        challenge = await app.challenges.by_number(challenge_id)
    except NotFoundError:
        return []
    if challenge.status != "open" or challenge.target_id is None:
        return []
    chat, challenger, w = await _challenger_of(app, challenge)
    target = await app.people.by_id(challenge.target_id)
    told = outbox.text(chat.id, w("challenge.unreachable", target=target.name, platform=w(f"platform.{target.platform}"),
                                  id=challenge.id), w.language, mentions=[challenger.platform_id])
    await app.outbox.owe([told])
    return [outbox.text_reply(chat, told)]


async def accept_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    challenge = await app.challenges.find(ctx, rest, answering=True)
    if challenge is None and await app.challenges.find(ctx, rest, answering=False):
        return [ctx.reply(ctx.words("challenge.own"))]
    if challenge is None and ctx.event.answers_only:  # a message whose offer was taken, or never reached the bot
        games = await app.games.of_chat(ctx.chat.id)
        if games:
            taken = games[0]
            names = await app.people.names(taken)
            return [ctx.private(ctx.words("challenge.taken", id=taken.id, white=names["white"], black=names["black"]))]
        return [ctx.private(ctx.words("challenge.lost"))]
    if challenge is None:
        return [ctx.reply(ctx.words("challenge.none"))]
    if (await app.people.by_id(challenge.challenger_id)).player == ctx.user.player:  # their own, from any account
        return [ctx.reply(ctx.words("challenge.own"))]
    if challenge.target_id not in (None, ctx.user.id):
        target = await app.people.by_id(challenge.target_id)
        return [ctx.private(ctx.words("challenge.not_yours", user=target.name))]
    return await start(app, ctx, challenge, acceptor=ctx.user)


async def decline_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``decline`` (or ``no``): refuse the challenge to the sender, or else the take-back or count their opponent
    proposes. A bare "no" in a group that answers nothing is chatter, and left alone; elsewhere it is told that a
    question of the bot's own (resign?) needs no "no"."""
    challenge = await app.challenges.find(ctx, rest, answering=True)
    if challenge is None or challenge.challenger_id == ctx.user.id:
        refused = await refuse_offer(app, ctx, rest)
        if refused is not None:
            return refused
        if _chatter(ctx, "decline"):
            return []
        return [ctx.reply(ctx.words("no.nothing"))]
    if challenge.target_id is None:  # open to anyone: only its challenger withdraws it
        challenger = await app.people.by_id(challenge.challenger_id)
        return [ctx.private(ctx.words("challenge.open_decline", user=challenger.name))]
    if challenge.target_id != ctx.user.id:
        target = await app.people.by_id(challenge.target_id)
        return [ctx.private(ctx.words("challenge.not_yours", user=target.name))]
    if challenge.chat_id != ctx.chat.id:  # sent here from another chat: its challenger is told there
        return await _decline_elsewhere(app, ctx, challenge)
    try:
        await app.challenges.close(challenge.id, "declined")
    except ConflictError:
        return [ctx.reply(ctx.words("challenge.gone"))]
    return [ctx.reply(ctx.words("challenge.declined", user=ctx.user.name))]


async def _decline_elsewhere(app: App, ctx: Context, challenge: Challenge) -> list[Reply]:
    """Decline a challenge made in another chat: the challenger learns it there (owed with the change)."""
    chat, challenger, theirs = await _challenger_of(app, challenge)
    told = outbox.text(chat.id, theirs("challenge.declined", user=ctx.user.name), theirs.language,
                       mentions=[challenger.platform_id])
    if not await app.challenges.close_owing(challenge, "declined", told):
        return [ctx.reply(ctx.words("challenge.gone"))]
    return [ctx.reply(ctx.words("challenge.declined", user=ctx.user.name)), outbox.text_reply(chat, told)]


async def yes_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``yes``: agree to the take-back or count the opponent proposes, or else accept the challenge to the sender. A
    question with buttons (resign?) is answered by its buttons or by its command with ``yes`` (``resign yes``); a bare
    "yes" in a group that answers nothing is chatter, and left alone."""
    agreed = await agree_to_offer(app, ctx, rest)
    if agreed is not None:
        return agreed
    challenge = await app.challenges.find(ctx, rest, answering=True)
    if challenge is not None and challenge.challenger_id != ctx.user.id and challenge.target_id == ctx.user.id:
        return await start(app, ctx, challenge, acceptor=ctx.user)
    if _chatter(ctx):
        return []
    return [ctx.reply(ctx.words("yes.nothing"))]


def _chatter(ctx: Context, command: str | None = None) -> bool:
    """Whether a bare answer that answers nothing ("no", "yes") was chatter: typed in a group, without its slash and
    not as ``command`` (a name nobody says in passing, such as 'decline')."""
    typed = (ctx.event.text or "").strip()
    return not ctx.event.is_private and not typed.startswith("/") and typed.split()[:1] != [command]


async def cancel_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    challenge = await app.challenges.find(ctx, rest, answering=False)
    if challenge is None:
        return [ctx.reply(ctx.words("challenge.none"))]
    try:
        await app.challenges.close(challenge.id, "cancelled")
    except ConflictError:
        return [ctx.reply(ctx.words("challenge.gone"))]
    return [ctx.reply(ctx.words("challenge.cancelled"))]


async def start(app: App, ctx: Context, challenge: Challenge, acceptor: User | None = None) -> list[Reply]:
    """Start the challenge's game (against the bot, its challenger moves first unless they named a colour; between people
    the colours are drawn when asked), and let the bot move if it begins. Accepted in a chat
    other than the challenge's (the acceptor's own, on another platform say), the game is played from both."""
    opponent_id = acceptor.id if acceptor else challenge.target_id
    assert opponent_id is not None
    state = get_game(challenge.game).new_state(**challenge.options)
    colour = challenge.colour
    if colour == "random":  # against the bot its challenger moves first; between people the colours are drawn
        drawn = random.Random(challenge.id).choice(["white", "black"])
        colour = (state.to_play or "white") if challenge.ai_level is not None else drawn
    white, black = (challenge.challenger_id, opponent_id) if colour == "white" else (opponent_id, challenge.challenger_id)
    names = await app.people.names_of(white, black, challenge.ai_level)
    guest = (opponent_id, ctx.chat.id) if acceptor is not None and ctx.chat.id != challenge.chat_id else None
    readers = [(challenge.chat_id, ctx.words)]
    if guest is not None:  # the challenger reads the game's own chat in their words, the acceptor theirs
        readers = [(challenge.chat_id, (await _challenger_of(app, challenge))[2]), (guest[1], ctx.words)]
    first: list[Outgoing] = []

    def first_boards(game_id: int) -> list[Outgoing]:
        def intro(w: Words) -> str:
            return w("game.started", id=game_id, game=w.game(challenge.game), white=names["white"], black=names["black"],
                     options=describe(w, challenge.game, challenge.options, challenge.time_per_move, challenge.rated))

        first[:] = [outbox.board(chat_id, game_id, 0, [intro(w)], w.language) for chat_id, w in readers]
        return first

    try:
        row = await app.games.start(challenge, white, black, state, owe=first_boards, guest=guest)
    except ConflictError:
        return [ctx.reply(ctx.words("challenge.gone"))]
    played = Played()
    played.add(first[-1].body["lines"], first)  # the last board is the event's chat's
    try:
        async with app.games.lock(row.id):  # the clock's resumption of the bot waits for this
            row, state = await let_bot_move(app, row, state, played, ctx.words)
    except ConflictError:  # another process let the bot move first: show the game as it is
        row = await app.games.fresh(row.id)
        state = await app.games.state(row)
    return await board_replies(app, ctx, row, state, played)


async def rematch_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """The game ``#N`` (by default the sender's last game here), again, with the same options and colours
    swapped, once it is over: a challenge to the opponent, or the start of the game when the opponent asked first."""
    number = read_id(rest.strip().lstrip("#")) if rest.strip() else None
    try:
        row = await app.games.row(number) if number is not None else await app.games.latest_of(ctx.user.id, ctx.chat.id)
    except NotFoundError:
        return [ctx.reply(ctx.words("game.not_found", id=number))]
    if row is not None and ctx.chat.id not in row.chats:
        return [ctx.reply(ctx.words("game.not_here", id=row.id))]
    side = row.side_of(ctx.user.id) if row is not None else None
    if row is None or side is None or row.status not in ("finished", "aborted"):
        return [ctx.reply(ctx.words("rematch.none"))]
    opponent = await app.people.by_id(row.player_of(other(side)))
    for asked in await app.challenges.open_in(ctx.chat.id):  # the opponent asked for it already: this answers it
        if (asked.challenger_id, asked.target_id) == (opponent.id, ctx.user.id) and (
                asked.game, asked.options, asked.time_per_move, asked.rated) == (
                row.game, row.options, row.time_per_move, row.rated):
            return await start(app, ctx, asked, acceptor=ctx.user)
    return await challenge(app, ctx, row.game, row.options, opponent, row.ai_level or "normal", other(side),
                           row.time_per_move, row.rated)


async def accept_button(app: App, ctx: Context, payload: AcceptChallenge) -> list[Reply]:
    replies = await accept_command(app, ctx, str(payload.challenge))
    return ctx.closing(replies) if any(r.game_id for r in replies) else replies


async def decline_button(app: App, ctx: Context, payload: DeclineChallenge) -> list[Reply]:
    replies = await decline_command(app, ctx, str(payload.challenge))
    return ctx.closing(replies) if any(not r.private_to for r in replies) else replies


COMMANDS = (
    Command("play", play_command),
    Command("accept", accept_command, menu=False),
    Command("decline", decline_command, aliases=("no", "нет", "nem", "خیر"), menu=False),
    Command("yes", yes_command, aliases=("да", "igen", "بله"), menu=False),
    Command("cancel", cancel_command, menu=False),
    Command("rematch", rematch_command, about_game=True),
)
BUTTONS = {AcceptChallenge: accept_button, DeclineChallenge: decline_button}
