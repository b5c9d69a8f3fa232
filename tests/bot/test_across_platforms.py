"""A game across platforms, through the service: a linked player challenges someone known only on another platform;
the challenge reaches that player's private chat there, the game is played from both chats (each board once in
each), and the replies for the other platform go to that platform's front end (``Service.elsewhere``)."""

from __future__ import annotations

import asyncio
import html
import random
import re
from functools import partial
from typing import Any

import aiohttp
from aiohttp import web

from bot.couriers import Couriers
from bot.ops_http import application
from bot.service import Event, Reply, Service, ServiceConfig
from bot.service.page_links import chat_token
from bot.service.payloads import AcceptChallenge, DeclineChallenge, encode
from bot.web.server import add_pages
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.fakes.loopback import free_port


class Elsewhere:
    """What the service handed to the other platforms' front ends; each reply reported sent, as a front end does."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []

    def take(self) -> list[Reply]:
        taken = list(self.replies)
        self.replies.clear()
        return taken


def wire(service: Service) -> Elsewhere:
    elsewhere = Elsewhere()
    service.elsewhere = elsewhere.replies.extend
    return elsewhere


async def linked_ann(service: Service) -> None:
    """Ann plays on Telegram and has linked her Discord account, so she may name people known on Discord."""
    store = service.store
    ann = await store.user("telegram", "ann", "Ann")
    code = await store.new_link_code(ann.id, 600)
    await store.link_account(code, (await store.user("discord", "annd", "Ann")).id)


async def test_a_challenge_to_someone_on_another_platform_reaches_their_private_chat_there(service: Service) -> None:
    elsewhere = wire(service)
    await Chat(service, chat_id="d1", platform="discord").say("Cid", "hello")  # Cid is known on Discord
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    unknown = (await ann.one("Ann", "play krepost @cid")).text  # not linked: only Telegram's people are hers to name
    assert "I don't know 'cid'" in unknown and "'link'" in unknown

    await linked_ann(service)
    replies = await ann.say("Ann", "play krepost @cid")
    assert [r.platform for r in replies] == ["telegram"]  # the notice is not sent through Telegram
    assert "Challenge #1 sent to Cid on Discord" in replies[0].text and "accept 1" in replies[0].text
    [notice] = elsewhere.take()
    assert (notice.platform, notice.chat_id) == ("discord", "user:cid") and notice.delivery is not None
    assert "Ann (on Telegram) challenges you to Krepost" in notice.text
    assert [c.payload for c in notice.choices[0]] == [encode(AcceptChallenge(1)), encode(DeclineChallenge(1))]

    dora = Chat(service, chat_id="dm-dora", platform="discord", private=True)
    assert (await dora.one("Dora", "accept 1")).text == (await dora.one("Dora", "accept")).text  # not hers: not found
    dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
    declined = await dm.press("Cid", encode(DeclineChallenge(1)))
    assert [r.text for r in declined if r.platform == "discord"] == ["Cid declined the challenge."]
    [told] = elsewhere.take()  # Ann learns it where she challenged
    assert (told.platform, told.chat_id, told.text) == ("telegram", "ann", "Cid declined the challenge.")
    assert told.mentions == ("ann",)


async def play_to_the_end(service: Service, chats: dict[str, Chat], game_id: int, elsewhere: Elsewhere,
                          restart_at: int | None = None) -> tuple[Service, list[Reply]]:
    """Play game ``game_id`` by random legal moves, each typed by the player to move in their own chat; every board
    (here or elsewhere) is reported sent. A new service on the same database takes over at ply ``restart_at``."""
    boards: list[Reply] = []
    chooser = random.Random(5)
    while True:
        row = await service.store.game(game_id)
        if row.status != "active":
            return service, boards
        if len(row.moves) == restart_at:
            service = Service(service.store, config=service.config, clock=service.clock)  # the process restarted
            elsewhere = wire(service)
            for chat in chats.values():
                chat.service = service
        game = get_game(row.game)
        state = game.state_from_dict(row.state)
        mover = row.player_of(state.to_play)
        user = await service.store.user_by_id(mover)
        move = chooser.choice(state.legal_moves())
        replies = await chats[user.platform].say(user.name, f"#{game_id} {game.format_move(state, move)}")
        handed = elsewhere.take()
        for reply in replies + handed:
            assert reply.delivery is not None, reply.text
            await service.sent(reply, f"m{reply.delivery}")
        shown = {(r.platform, r.chat_id) for r in replies + handed if r.game_id == game_id}
        assert shown == {("telegram", "ann"), ("discord", "dm-cid")}, (replies, handed)
        assert all(r.platform == user.platform for r in replies)  # the other platform's board went elsewhere
        boards += [r for r in replies + handed if r.game_id == game_id]


async def test_a_game_between_a_telegram_and_a_discord_player_is_played_from_both_chats_to_its_end(
        store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    elsewhere = wire(service)
    await Chat(service, chat_id="d1", platform="discord").say("Cid", "hello")
    await linked_ann(service)
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
    await ann.say("Ann", "play kamisado @cid white")
    [notice] = elsewhere.take()
    await service.sent(notice, "n1")
    started = await dm.say("Cid", "accept")  # a bare 'accept' in a private chat finds the challenge sent there
    handed = elsewhere.take()
    assert [(r.platform, r.chat_id) for r in started] == [("discord", "dm-cid")]
    assert [(r.platform, r.chat_id) for r in handed] == [("telegram", "ann")]
    assert "Game #1" in started[0].text and "Ann" in handed[0].text and "Cid" in handed[0].text
    for reply in started + handed:
        await service.sent(reply, "m0")

    busy = Chat(service, chat_id="d1", platform="discord")  # the game is not the channel's
    assert "#1" in (await busy.one("Cid", "games")).text  # but it is Cid's
    service, boards = await play_to_the_end(service, {"telegram": ann, "discord": dm}, 1, elsewhere, restart_at=6)
    row = await store.game(1)
    assert row.status == "finished" and row.result
    per_chat: dict[tuple[str, str], list[int]] = {}
    for board in boards:
        per_chat.setdefault((board.platform, board.chat_id), []).append(board.delivery or 0)
    assert per_chat.keys() == {("telegram", "ann"), ("discord", "dm-cid")}
    for deliveries in per_chat.values():
        assert len(deliveries) == len(set(deliveries)) == len(boards) // 2  # once each, in each chat
    assert await store.pending_count() == 0
    assert "Game over" in boards[-1].text or "wins" in boards[-1].text


async def test_the_reminder_goes_to_the_chat_the_player_to_move_plays_from(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, remind_after=3600), clock=clock)
    elsewhere = wire(service)
    await Chat(service, chat_id="d1", platform="discord").say("Cid", "hello")
    await linked_ann(service)
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    await ann.say("Ann", "play krepost @cid white 1d")
    dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
    await dm.say("Cid", "accept")
    elsewhere.take()
    row = await store.game(1)
    state = get_game("krepost").state_from_dict(row.state)
    await ann.say("Ann", get_game("krepost").format_move(state, state.legal_moves()[0]))
    elsewhere.take()
    clock.now += 3 * 3600
    reminders = await service.tick("telegram")  # a Telegram process's tick: Cid's reminder is Discord's to send
    assert reminders == []
    [reminder] = elsewhere.take()
    assert (reminder.platform, reminder.chat_id) == ("discord", "dm-cid") and reminder.mentions == ("cid",)


async def test_a_move_from_a_chat_the_game_is_not_played_in_is_refused(service: Service) -> None:
    wire(service)
    await Chat(service, chat_id="d1", platform="discord").say("Cid", "hello")
    await linked_ann(service)
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    await ann.say("Ann", "play krepost @cid white")
    await Chat(service, chat_id="dm-cid", platform="discord", private=True).say("Cid", "accept")
    row = await service.store.game(1)
    cid = await service.store.user("discord", "cid", "Cid")
    assert row.chats == (row.chat_id, row.guest_chat_id) and row.guest_id == cid.id
    other = await service.handle(Event("telegram", "-500", "ann", "Ann", text="#1 @e4"))
    assert "#1" in other[0].text and not any(r.game_id for r in other)  # not played from that group


async def test_an_open_challenge_accepted_on_the_chats_page_is_played_from_the_acceptors_own_chat(
        store: SqliteStore, clock: Clock) -> None:
    """Ann's open challenge in a Telegram group, accepted on the group's page by Cid, who signed in from Discord: the
    game is the group's and Cid's private chat's; every refusal is said on the page."""
    service, delivered, runner, url = await pages_of(store, clock)
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    try:
        group = Chat(service, chat_id="-100", platform="telegram")
        [challenge] = await group.say("Ann", "play krepost")
        dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
        [link] = [r for r in await dm.say("Cid", "signin") if r.secret]
        token = await chat_token(service.app, (await store.chat("telegram", "-100")).id)
        assert challenge.link == ("Play on the page", f"{url}/c/{token}")  # where it is accepted too
        page = f"{url}/c/{token}"
        async with http.get(page) as response:
            shown = html.unescape(await response.text())
        assert "Ann: Krepost (no time limit)" in shown and "'signin'" in shown and 'name="csrf"' not in shown

        async with http.post(re.findall(r"http://\S+", link.text)[0], allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/app"
        async with http.get(page) as response:
            shown = await response.text()
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', shown)
        assert csrf is not None and 'name="challenge" value="1"' in shown
        origin = {"Origin": url}
        async with http.post(f"{page}/accept", data={"challenge": "1", "csrf": "0" * 32}, headers=origin) as response:
            assert response.status == 403  # forged
        async with http.post(f"{page}/accept", data={"challenge": "7", "csrf": csrf.group(1)}, headers=origin) as response:
            assert response.status == 409 and "no open challenge" in await response.text()
        async with http.post(f"{page}/accept", data={"challenge": "1", "csrf": csrf.group(1)}, headers=origin,
                             allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"].startswith(f"{url}/g/")
        boards = await delivered.wait(2)
        assert {(r.platform, r.chat_id) for r in boards} == {("telegram", "-100"), ("discord", "dm-cid")}
        row = await store.game(1)
        cid = await store.user("discord", "cid", "Cid")
        assert row.side_of(cid.id) is not None and row.chat_of(cid.id) == (await store.chat("discord", "dm-cid")).id
        async with http.post(f"{page}/accept", data={"challenge": "1", "csrf": csrf.group(1)}, headers=origin) as response:
            assert response.status == 409  # taken: no longer open
        board = (await dm.say("Cid", "#1 board"))[0]  # his board, in his own chat
        assert (board.chat_id, board.game_id) == ("dm-cid", 1) and board.text.startswith("#1 Krepost")
    finally:
        await http.close()
        await runner.cleanup()


async def pages_of(store: SqliteStore, clock: Clock) -> tuple[Service, Delivered, web.AppRunner, str]:
    """A service whose pages are served on 127.0.0.1 (their public address), and whose replies for any platform are
    handed to one :class:`Delivered`."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url=url), clock=clock)
    couriers, delivered = Couriers(), Delivered(service)
    for platform in ("telegram", "discord"):
        couriers.add(platform, delivered)
    service.elsewhere = partial(couriers.hand_over, service)
    app = application(store)
    add_pages(app, service, couriers)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return service, delivered, runner, url


class Delivered:
    """The front ends' place among the couriers: what they were handed, each reported sent to the service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.replies: list[Reply] = []

    async def __call__(self, replies: list[Reply]) -> None:
        for reply in replies:
            await self.service.sent(reply, f"m{len(self.replies)}")
            self.replies.append(reply)

    async def wait(self, count: int) -> list[Reply]:
        for _ in range(200):
            if len(self.replies) >= count:
                return self.replies
            await asyncio.sleep(0.02)
        raise AssertionError(f"{len(self.replies)} of {count} replies handed over")


async def test_accepting_on_the_chats_page_in_a_browser_opens_the_new_games_page(
        store: SqliteStore, clock: Clock, chromium: Any) -> None:
    """The same in Chromium, as a player does it: the sign-in link, the chat's page, its Accept button, and the new
    game's page where the acceptor is to play (the pages' policy must let the form go, and its origin be read)."""
    service, delivered, runner, url = await pages_of(store, clock)
    context = await chromium.new_context()
    try:
        [challenge] = await Chat(service, chat_id="-100", platform="telegram").say("Ann", "play kamisado single")
        dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
        [link] = [r for r in await dm.say("Cid", "signin") if r.secret]
        assert challenge.link is not None
        page = await context.new_page()
        await page.goto(re.findall(r"http://\S+", link.text)[0])
        async with page.expect_navigation():
            await page.get_by_role("button").click()  # the link's page: signed in by its button
        await page.goto(challenge.link[1])
        await page.click("#challenges button")
        await page.wait_for_url(f"{url}/g/*")
        await page.wait_for_selector("#play-status")
        assert "Cid" in await page.inner_text("#play-status")  # signed in, and a player of the new game
        boards = await delivered.wait(2)
        assert {(r.platform, r.chat_id) for r in boards} == {("telegram", "-100"), ("discord", "dm-cid")}
    finally:
        await context.close()  # its game page's event stream ends with it
        await runner.cleanup()


async def test_someone_named_in_a_private_chat_gets_the_challenge_in_their_own(service: Service) -> None:
    """Ann, in her private chat with the bot, challenges Bob (same platform): he could never see her chat, so the
    challenge goes to his, and the game is played from both private chats."""
    wire(service)
    bob = Chat(service, chat_id="bob", platform="telegram", private=True)
    await bob.say("Bob", "hello")
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    said, notice = await ann.say("Ann", "play krepost @bob white")
    assert "Challenge #1 sent to Bob on Telegram" in said.text
    assert (notice.chat_id, notice.delivery is not None) == ("bob", True) and "Ann (on Telegram)" in notice.text
    started = await bob.press("Bob", notice.choices[0][0].payload)
    assert {r.chat_id for r in started if r.game_id == 1} == {"bob", "ann"}  # each player's board, in their own chat
    terminal = Chat(service, chat_id="console", platform="console", private=True)  # everyone's one chat
    await terminal.say("Cid", "hello")
    [challenge] = await terminal.say("Dora", "play krepost @cid")
    assert "Cid, Dora challenges you" in challenge.text and challenge.chat_id == "console"


async def test_each_player_reads_the_game_in_their_own_language(service: Service) -> None:
    """Ann writes English, Cid Russian: each board, and what it says happened, is in its own chat's reader's words."""
    elsewhere = wire(service)
    dm = Chat(service, chat_id="dm-cid", platform="discord", private=True)
    await dm.say("Cid", "lang ru")
    await linked_ann(service)
    ann = Chat(service, chat_id="ann", platform="telegram", private=True)
    await ann.say("Ann", "play krepost @cid white")
    elsewhere.take()
    started = await dm.say("Cid", "accept")
    [theirs] = elsewhere.take()
    assert "Партия №1" in started[0].text and "Game #1" in theirs.text
    game = get_game("krepost")
    state = game.state_from_dict((await service.store.game(1)).state)
    mine = await ann.say("Ann", game.format_move(state, state.legal_moves()[0]))
    [cids] = elsewhere.take()
    assert "Ann played" in mine[0].text
    assert "Ann played" not in cids.text and "\nAnn: " in cids.text  # "{player}: {move}." in Russian
