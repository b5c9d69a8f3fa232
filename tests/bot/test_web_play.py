"""Playing on a game's page over real HTTP on 127.0.0.1: who may move (Telegram's signed launch data, one-time sign-in
links, sessions), that a page's move is the chat's own move (its board owed to the chat once), and every refusal:
forged or expired launch data, a replayed link, a spectator, a stale page, a finished game, a forged request."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import aiohttp
import pytest

from bot.couriers import Couriers
from bot.ops_http import application
from bot.service import Event, Reply, Service, ServiceConfig
from bot.service.commands.moves import winning_reply
from bot.telegram_app import run_telegram, stop_telegram
from bot.web.server import add_pages
from bot.web.telegram_auth import InitDataError, check_init_data
from render import board_svg, square_boxes
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Clock
from tests.bot.test_telegram import ANN as TELEGRAM_ANN
from tests.bot.test_telegram import BOB as TELEGRAM_BOB
from tests.bot.test_telegram import GROUP as TELEGRAM_GROUP
from tests.bot.test_telegram import keyboard
from tests.fakes.loopback import serve
from tests.fakes.telegram_server import FakeTelegram

BOT_TOKEN = "123456:TEST-token"
GROUP = "-500"
ANN, BOB, CAROL = ("11", "Ann"), ("22", "Bob"), ("33", "Carol")


def signed(user: tuple[str, str], *, token: str = BOT_TOKEN, at: float | None = None, language: str = "en",
           **extra: str) -> str:
    """Launch data as Telegram signs it (its documentation's recipe, written here a second time: every field but
    ``hash``, sorted, as ``key=value`` lines; the key HMAC-SHA256 of the bot token under ``WebAppData``)."""
    fields = {"auth_date": str(int(time.time() if at is None else at)), "query_id": "AAE1",
              "user": json.dumps({"id": int(user[0]), "first_name": user[1], "username": user[1],
                                  "language_code": language}),
              **extra}
    lines = "\n".join(f"{key}={fields[key]}" for key in sorted(fields)).encode()
    key = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(key, lines, hashlib.sha256).hexdigest()
    return urlencode(fields, quote_via=quote)


def test_launch_data_is_believed_only_when_telegram_signed_it_within_a_day() -> None:
    now = time.time()
    user = check_init_data(signed(ANN, start_param="abc"), BOT_TOKEN, now)
    assert (user.id, user.name, user.start_param) == (11, "Ann", "abc")
    tampered = signed(ANN).replace("%22id%22%3A%2011", "%22id%22%3A%2022")
    assert tampered != signed(ANN)
    for data, reason in ((tampered, "forged"), (signed(ANN, token="654321:OTHER"), "forged"),
                         (signed(ANN, at=now - 86_401), "expired"), (signed(ANN) + "&hash=00", "malformed"),
                         ("user=%7B%7D&auth_date=1", "malformed"), ("", "missing")):
        with pytest.raises(InitDataError) as refused:
            check_init_data(data, BOT_TOKEN, now)
        assert refused.value.reason == reason, data


class Courier:
    """The Telegram front end's place among the couriers: what it was handed, each reported sent to the service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.sent: list[Reply] = []
        self.changed = asyncio.Event()

    async def __call__(self, replies: list[Reply]) -> None:
        for reply in replies:
            await self.service.sent(reply, f"m{len(self.sent) + 1}")
            self.sent.append(reply)
            self.changed.set()

    async def handed(self, count: int) -> list[Reply]:
        """The replies handed over once there are ``count`` (the page's answer does not wait for them)."""
        while len(self.sent) < count:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 10)
        return self.sent


class Browser:
    """One browser: its own cookies, the session and anti-forgery value its page was given."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.session: str | None = None
        self.csrf = ""

    async def sign_in(self, init_data: str) -> tuple[int, dict[str, Any]]:
        async with self.http.post(f"{self.url}/auth/telegram", json={"init_data": init_data}) as response:
            body = await response.json()
            self.session = body.get("session")
            return response.status, body

    async def turn(self, token: str) -> dict[str, Any]:
        headers = {"X-Session": self.session} if self.session else {}
        async with self.http.get(f"{self.url}/g/{token}/turn", headers=headers) as response:
            assert response.status == 200
            found: dict[str, Any] = await response.json()
            self.csrf = found.get("csrf", "")
            return found

    async def act(self, token: str, body: dict[str, Any], **headers: str) -> tuple[int, dict[str, Any]]:
        sent = {"X-CSRF": self.csrf, **({"X-Session": self.session} if self.session else {}), **headers}
        async with self.http.post(f"{self.url}/g/{token}/play", json=body, headers=sent) as response:
            return response.status, await response.json()


class Site:
    def __init__(self, service: Service, url: str, courier: Courier) -> None:
        self.service, self.url, self.courier = service, url, courier
        self.browsers: list[Browser] = []

    def browser(self) -> Browser:
        self.browsers.append(Browser(self.url))
        return self.browsers[-1]

    async def say(self, user: tuple[str, str], text: str) -> list[Reply]:
        return await self.service.handle(Event("telegram", GROUP, user[0], user[1], text=text))


@pytest.fixture
async def site(store: SqliteStore, clock: Clock) -> AsyncIterator[Site]:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url="http://pages.test"),
                      clock=clock)
    couriers, courier = Couriers(), Courier(service)
    couriers.add("telegram", courier)
    app = application(store)
    add_pages(app, service, couriers, BOT_TOKEN)
    runner, url = await serve(app)
    found = Site(service, url, courier)
    yield found
    for browser in found.browsers:
        await browser.http.close()
    await runner.cleanup()


async def a_game(site: Site, game: str = "krepost", options: str = "") -> tuple[int, str]:
    """Ann (White) against Bob in a Telegram group; the game's number and page token."""
    await site.say(BOB, "hello")
    await site.say(ANN, f"play {game} @Bob white {options}".strip())
    [board] = [r for r in await site.say(BOB, "accept") if r.game_id is not None]
    assert board.link is not None
    return board.game_id or 0, board.link[1].rsplit("/", 1)[1]


async def test_a_move_tapped_on_the_page_is_the_chats_move_and_its_board_goes_to_the_chat_once(site: Site) -> None:
    game_id, token = await a_game(site)
    ann = site.browser()
    status, body = await ann.sign_in(signed(ANN))
    assert status == 200 and body["name"] == "Ann"
    turn = await ann.turn(token)
    state = get_game("krepost").new_state()
    assert turn["role"] == "player" and turn["side"] == "white" and turn["ply"] == 0
    # What the page offers is every legal move of the rules, each with the rules' own taps.
    assert [(m[0], tuple(m[1])) for m in turn["moves"]] == [
        (i, get_game("krepost").taps(state, move)) for i, move in enumerate(state.legal_moves())]
    index = next(m[0] for m in turn["moves"] if m[1] == ["e4"])
    status, answer = await ann.act(token, {"ply": 0, "index": index})
    assert status == 200 and answer["ok"], answer
    row = await site.service.store.game(game_id)
    assert row.moves == ["@e4"]
    [board] = await site.courier.handed(1)
    assert board.game_id == game_id and board.chat_id == GROUP and board.delivery is not None
    assert await site.service.store.pending_count() == 0  # delivered: the outbox will not send it again
    # Bob's page now offers him his moves; Ann's offers none.
    bob = site.browser()
    await bob.sign_in(signed(BOB))
    assert (await bob.turn(token))["moves"] and not (await ann.turn(token))["moves"]


async def test_a_stale_page_and_a_second_press_are_told_the_position_changed_and_change_nothing(site: Site) -> None:
    game_id, token = await a_game(site)
    ann, again = site.browser(), site.browser()  # Ann on two devices
    await ann.sign_in(signed(ANN))
    await again.sign_in(signed(ANN))
    first, second = await ann.turn(token), await again.turn(token)
    await ann.act(token, {"ply": 0, "index": first["moves"][0][0]})
    status, answer = await again.act(token, {"ply": 0, "index": second["moves"][5][0]})
    assert status == 200 and not answer["ok"] and "changed" in answer["shown"][0]["text"]
    assert len((await site.service.store.game(game_id)).moves) == 1 and len(await site.courier.handed(1)) == 1


async def test_only_the_player_to_move_moves_and_nobody_moves_for_someone_else(site: Site) -> None:
    game_id, token = await a_game(site)
    carol, bob, ann = site.browser(), site.browser(), site.browser()
    await carol.sign_in(signed(CAROL))
    await bob.sign_in(signed(BOB))
    await ann.sign_in(signed(ANN))
    assert (await carol.turn(token))["role"] == "spectator"
    _, refused = await carol.act(token, {"ply": 0, "index": 0})
    assert "watching" in refused["shown"][0]["text"]
    await bob.turn(token)
    _, refused = await bob.act(token, {"ply": 0, "index": 0})  # White moves first
    assert "turn" in refused["shown"][0]["text"]
    await ann.turn(token)
    for body, headers, expected in (({"ply": 0, "index": 0}, {"X-CSRF": "0" * 32}, 403),  # a request made elsewhere
                                    ({"ply": 0, "index": 0}, {"Origin": "https://evil.example"}, 403),
                                    ({"ply": 0, "index": 0}, {"Origin": "null"}, 403),  # a sandboxed frame anywhere
                                    ({"ply": 0, "index": 0}, {"Origin": "ftp://" + site.url.split("://")[1]}, 403),
                                    ({"ply": "0", "index": 0}, {}, 400), ({"index": -1, "ply": 0}, {}, 400),
                                    ({"action": "shout"}, {}, 200)):
        status, answer = await ann.act(token, body, **headers)
        assert status == expected and not answer["ok"], (body, headers, answer)
    stranger = site.browser()
    status, body = await stranger.act(token, {"ply": 0, "index": 0})
    assert status == 401
    assert (await site.service.store.game(game_id)).moves == [] and site.courier.sent == []


async def test_forged_and_expired_launch_data_sign_nobody_in(site: Site) -> None:
    _, token = await a_game(site)
    for data in (signed(ANN, token="654321:OTHER"), signed(ANN, at=time.time() - 2 * 86_400)):
        browser = site.browser()
        status, body = await browser.sign_in(data)
        assert status == 403 and "Telegram" in body["error"] and browser.session is None
        assert (await browser.turn(token))["role"] == "guest"


async def test_a_sign_in_link_works_once_within_ten_minutes(site: Site, clock: Clock) -> None:
    game_id, token = await a_game(site)
    replies = await site.say(BOB, "board")
    [link] = [r for r in replies if r.secret]
    assert link.private_to == BOB[0] and "/signin/" in link.text
    address = link.text.split("http://pages.test", 1)[1].split()[0]
    preview = site.browser()  # a platform's link preview fetches the address first: it spends nothing
    async with preview.http.get(site.url + address, allow_redirects=False) as response:
        assert response.status == 200 and "session" not in response.cookies
        assert f'action="{address}"' in await response.text()  # the page's button signs in
    browser = site.browser()
    async with browser.http.post(site.url + address, allow_redirects=False) as response:
        assert response.status == 303 and response.headers["Location"] == f"/g/{token}"
        cookie = response.cookies["session"]
        assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert (await browser.turn(token))["role"] == "player"  # the cookie alone signs Bob in
    async with site.browser().http.post(site.url + address, allow_redirects=False) as response:
        assert response.status == 410 and "used already" in await response.text()
    async with site.browser().http.post(site.url + address, allow_redirects=False,
                                        headers={"Origin": "https://elsewhere.example"}) as response:
        assert response.status == 403  # a form of another site cannot press it
    for origin in ("null", "ftp://" + site.url.split("://")[1]):  # nor one in a sandboxed frame, nor another scheme:
        async with site.browser().http.post(site.url + address, allow_redirects=False,  # (a login forgery would
                                            headers={"Origin": origin}) as response:  # sign a victim in as its maker)
            assert response.status == 403, origin
    later = next(r for r in await site.say(BOB, "board") if r.secret)
    clock.now += 11 * 60
    address = later.text.split("http://pages.test", 1)[1].split()[0]
    async with site.browser().http.post(site.url + address, allow_redirects=False) as response:
        assert response.status == 410 and "expired" in await response.text()
    async with site.browser().http.post(site.url + "/signin/" + "A" * 32, allow_redirects=False) as response:
        assert response.status == 404
    assert not [r for r in await site.say(CAROL, f"board #{game_id}") if r.secret]  # not a player: no link


async def test_resigning_from_the_page_asks_first_and_a_finished_game_takes_no_move(site: Site) -> None:
    game_id, token = await a_game(site)
    ann = site.browser()
    await ann.sign_in(signed(ANN))
    turn = await ann.turn(token)
    assert [name for name, _ in turn["actions"]] == ["resign", "draw"]
    _, asked = await ann.act(token, {"action": "resign"})
    [question] = asked["shown"]
    yes = question["choices"][0][0]
    assert "resign" in question["text"].lower() and yes[0] == "Yes, resign"
    _, done = await ann.act(token, {"payload": yes[1]})
    assert done["ok"] and (await site.service.store.game(game_id)).status != "active"
    _, late = await ann.act(token, {"ply": 0, "index": turn["moves"][0][0]})
    assert not late["ok"] and "already over" in late["shown"][0]["text"], late
    other_game = (await a_game(site))[0]
    _, foreign = await ann.act(token, {"payload": f"m:{other_game}:0:0"})  # a button of another game: not through this page
    assert not foreign["ok"] and "could not be read" in foreign["shown"][0]["text"]
    await site.say(CAROL, "hello")
    challenge = next(r for r in await site.say(CAROL, "play krepost @Ann") if r.choices).choices[0][0].payload
    _, accepted = await ann.act(token, {"payload": challenge})  # a challenge is answered in its chat, not on a game's page
    assert not accepted["ok"] and "could not be read" in accepted["shown"][0]["text"]


async def test_a_player_may_send_only_so_many_requests_a_minute(site: Site) -> None:
    _, token = await a_game(site)
    ann = site.browser()
    await ann.sign_in(signed(ANN))
    await ann.turn(token)
    statuses = [(await ann.act(token, {"ply": 99, "index": 0}))[0] for _ in range(62)]
    assert statuses.count(429) == 2 and set(statuses[:60]) == {200}


async def group_game(fake: FakeTelegram) -> Any:
    """Through Telegram: Bob says hello in the group, Ann challenges him to Krepost, he accepts; the board's call."""
    since = len(fake.calls)
    fake.message(TELEGRAM_BOB, TELEGRAM_GROUP, "/start")
    fake.message(TELEGRAM_ANN, TELEGRAM_GROUP, "/play krepost @bob white")
    await fake.wait_for("sendMessage", since=since)
    since = len(fake.calls)
    fake.message(TELEGRAM_BOB, TELEGRAM_GROUP, "/accept")
    return (await fake.wait_for("sendPhoto", since=since, timeout=30))[0]


async def test_telegram_opens_the_pages_as_a_mini_app(tmp_path: Path) -> None:
    """Through the real python-telegram-bot against the fake: the private chat's menu button opens the player's games,
    a board in a private chat opens its page as a Mini App, and one in a group opens the bot's Mini App by its link."""
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(board_size=240, rate_limit=1000, ai_time_budget=0.5,
                                                  public_url="https://games.example.org"))
    app = await run_telegram(service, "123:TEST", fake.url, mini_app="play")
    try:
        [menu] = await fake.wait_for("setChatMenuButton")
        button = menu.params["menu_button"]
        button = json.loads(button) if isinstance(button, str) else button
        assert button["type"] == "web_app" and button["web_app"]["url"] == "https://games.example.org/app"
        private = {"id": 11, "type": "private", "first_name": "Ann"}
        since = len(fake.calls)
        fake.message(TELEGRAM_ANN, private, "/play kamisado bot white single level=beginner")
        board = (await fake.wait_for("sendPhoto", since=since, timeout=30))[0]
        [[opens]] = [row for row in keyboard(board) if any("web_app" in b for b in row)]
        assert opens["web_app"]["url"].startswith("https://games.example.org/g/")
        token = opens["web_app"]["url"].rsplit("/", 1)[1]
        board = await group_game(fake)
        urls = [b["url"] for row in keyboard(board) for b in row if "url" in b]
        assert len(urls) == 1 and urls[0].startswith("https://t.me/boardgame_bot/play?startapp=")
        assert urls[0].rsplit("=", 1)[1] != token and not [b for row in keyboard(board) for b in row if "web_app" in b]
    finally:
        await stop_telegram(app)
        await store.close()
        await fake.stop()


async def test_a_move_that_loses_at_once_is_asked_about_on_the_page_as_in_the_chat(site: Site) -> None:
    game_id, token = await a_game(site, "kamisado", "single unrated")
    await site.say(BOB, "f8-f2")  # Black moves first
    ann = site.browser()
    await ann.sign_in(signed(ANN))
    turn = await ann.turn(token)
    state = get_game("kamisado").replay(["f8-f2"], match="single")
    losing = next(m for m in turn["moves"] if m[1] == ["e1", "e3"])  # Black's red tower then runs home (the rules)
    assert winning_reply(state, state.legal_moves()[losing[0]]) is not None
    _, asked = await ann.act(token, {"ply": 1, "index": losing[0]})
    [question] = asked["shown"]
    [[_, keep]] = question["choices"]
    assert "Careful" in question["text"] and not asked["ok"]
    _, kept = await ann.act(token, {"payload": keep[1]})
    assert kept["shown"][0]["text"] == f"Game #{game_id} goes on." and len((await site.service.store.game(game_id)).moves) == 1
    _, asked = await ann.act(token, {"ply": 1, "index": losing[0]})
    _, played = await ann.act(token, {"payload": asked["shown"][0]["choices"][0][0][1]})
    assert played["ok"] and len((await site.service.store.game(game_id)).moves) == 2


@pytest.mark.parametrize(("settings", "said"), [
    ({"TELEGRAM_MINI_APP": "play"}, "TELEGRAM_MINI_APP needs PUBLIC_URL"),
    ({"TELEGRAM_MINI_APP": "bad name!", "HTTP_LISTEN": "127.0.0.1:8080", "PUBLIC_URL": "https://games.example.org"},
     "short name from BotFather"),
])
def test_the_mini_apps_name_is_checked_at_start_up(settings: dict[str, str], said: str) -> None:
    from bot.config import ConfigError, load

    with pytest.raises(ConfigError, match=said):
        load(settings, dotenv=None)
    assert load({"TELEGRAM_MINI_APP": "play", "HTTP_LISTEN": "127.0.0.1:8080", "PUBLIC_URL": "https://games.example.org"},
                dotenv=None).telegram_mini_app == "play"


async def test_counting_and_a_take_back_from_the_page_say_what_the_chat_says(site: Site) -> None:
    game_id, token = await a_game(site, "krepost", "unrated")
    ann, bob = site.browser(), site.browser()
    await ann.sign_in(signed(ANN))
    await bob.sign_in(signed(BOB))
    turn = await ann.turn(token)
    await ann.act(token, {"ply": 0, "index": next(m[0] for m in turn["moves"] if m[1] == ["e4"])})
    turn = await bob.turn(token)
    assert [name for name, _ in turn["actions"]] == ["resign", "draw", "takeback"]
    _, proposed = await bob.act(token, {"action": "draw"})  # a count proposed to a person shows the count
    counted = get_game("krepost").replay(["@e4"]).agree_to_count().outcome()
    assert counted is not None and counted.count is not None  # the rules' own count of the position
    assert proposed["ok"] and proposed["shown"] == []  # the page shows the offer itself, not the chat's words
    owed = await site.courier.handed(2)
    assert owed[-1].chat_id == GROUP and owed[-1].choices  # Ann answers it in the chat, with its buttons ...
    theirs = (await ann.turn(token))["offer"]  # ... or on her page, where she sees it with the count
    said, answers = theirs
    assert "proposes to stop and count" in said and "('draw' agrees)" not in said
    assert f"White {counted.count['white']}, Black {counted.count['black']}" in said
    assert [label for label, _ in answers] == ["Accept", "Decline"]
    mine = await bob.turn(token)
    assert "waiting for the answer" in mine["offer"][0] and mine["offer"][1] == []
    assert [name for name, _ in mine["actions"]] == ["resign", "takeback"]  # no second count while one stands
    assert [name for name, _ in (await ann.turn(token))["actions"]] == ["resign", "takeback"]  # Ann answers the offer
    status, _ = await ann.act(token, {"payload": answers[1][1]})
    assert status == 200 and (await site.service.store.game(game_id)).draw_by is None
    assert (await ann.turn(token))["offer"] is None and (await bob.turn(token))["offer"] is None
    _, asked = await bob.act(token, {"action": "takeback"})
    assert asked["shown"] and not asked["shown"][-1]["choices"]  # Bob has no move to take back: said on his page
    assert len((await site.service.store.game(game_id)).moves) == 1


async def test_a_sign_in_link_that_cannot_go_privately_on_telegram_goes_nowhere(tmp_path: Path) -> None:
    """A player who never started the bot in private gets no link: it is never posted in the group instead."""
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(board_size=240, rate_limit=1000, public_url="https://games.example.org"))
    app = await run_telegram(service, "123:TEST", fake.url)
    try:
        await group_game(fake)
        since = len(fake.calls)
        fake.message(TELEGRAM_BOB, TELEGRAM_GROUP, "/board")
        await fake.wait_for("sendPhoto", since=since, timeout=30)
        refused = await fake.wait_for("sendMessage", since=since, include_failed=True, timeout=30)
        assert [c.result for c in refused if "/signin/" in str(c.params.get("text"))] == [403]  # tried in private only
        assert not [c for c in fake.calls[since:] if "/signin/" in str(c.params) and c.params.get("chat_id") != 22]
    finally:
        await stop_telegram(app)
        await store.close()
        await fake.stop()


async def test_black_sees_the_board_from_their_side_and_taps_on_it(site: Site) -> None:
    _, token = await a_game(site)
    ann, bob = site.browser(), site.browser()
    await ann.sign_in(signed(ANN))
    await bob.sign_in(signed(BOB))
    turn = await ann.turn(token)
    await ann.act(token, {"ply": 0, "index": next(m[0] for m in turn["moves"] if m[1] == ["e4"])})
    game = get_game("krepost")
    state = game.replay(["@e4"])
    squares = (await bob.turn(token))["squares"]
    assert squares["a1"][1] < squares["a12"][1] and squares["l1"][0] < squares["a1"][0]  # rank 1 on top, file a right
    assert {name: tuple(box) for name, box in squares.items()} == square_boxes(state, "black")
    async with bob.http.get(f"{site.url}/g/{token}/ply/1?side=black") as response:
        shown = (await response.json())["svg"]
    drawn = board_svg(state, perspective="black", last_move=[game.parse_move(game.new_state(), "@e4")])
    assert re.sub(r' aria-label="[^"]*"', "", drawn) == re.sub(r' aria-label="[^"]*"', "", shown)


async def test_junk_from_a_client_is_answered_4xx_never_500(site: Site, caplog: pytest.LogCaptureFixture) -> None:
    """Digits that are no ASCII digits, numbers past any game, JSON nested thousands deep: each a readable refusal."""
    _, token = await a_game(site)
    browser = site.browser()
    await browser.sign_in(signed(ANN))
    await browser.turn(token)
    http, url = browser.http, site.url
    for path in (f"/g/{token}?ply=%C2%B2", f"/g/{token}/ply/%C2%B2", f"/g/{token}/ply/99999999999"):
        async with http.get(url + path) as response:
            assert response.status in (400, 404), (path, response.status)
    assert (await browser.act(token, {"ply": 0, "index": 10**40}))[0] == 400
    headers = {"X-CSRF": browser.csrf, "X-Session": browser.session or "", "Content-Type": "application/json"}
    async with http.post(f"{url}/g/{token}/play", data="[" * 100_000, headers=headers) as response:
        assert response.status == 400 and not (await response.json())["ok"]
    async with http.post(f"{url}/auth/telegram", data='{"init_data": ' + "[" * 100_000,
                         headers={"Content-Type": "application/json"}) as response:
        assert response.status == 400
    [open_challenge] = await site.say(CAROL, "play kamisado")
    assert open_challenge.link is not None
    chat_page = open_challenge.link[1].replace("http://pages.test", url)
    form = {"challenge": "²", "csrf": browser.csrf}
    async with http.post(chat_page + "/accept", data=form, headers={"X-Session": browser.session or ""}) as response:
        assert response.status == 400
    async with http.get(f"{url}/g/{token}/events", headers={"Last-Event-ID": "².1"}) as response:
        assert response.status == 200
        seen = b""
        while b"event: position" not in seen:  # the stream sends the position all the same
            seen += await response.content.readany()
    assert not [r for r in caplog.records if r.levelno >= 40], [r.getMessage() for r in caplog.records if r.levelno >= 40]


async def test_a_client_that_leaves_mid_body_is_one_line_in_the_log(site: Site, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO")
    host, port = site.url.removeprefix("http://").split(":")
    _, writer = await asyncio.open_connection(host, int(port))
    writer.write(b"POST /auth/telegram HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                 b'{"init_data": ')
    await writer.drain()
    writer.close()
    await writer.wait_closed()
    while not [r for r in caplog.records if r.name == "web"]:  # until the server noticed
        await asyncio.sleep(0.01)
    said = [r for r in caplog.records if r.name == "web"]
    assert len(said) == 1 and not said[0].exc_info and "left" in said[0].getMessage(), [r.getMessage() for r in said]


async def test_only_the_chats_own_people_answer_its_puzzle_on_its_page(site: Site) -> None:
    """Carol holds the group's page link but never wrote there: she watches the puzzle, and an answer she forges is
    refused; once she writes in the group, she answers like anyone there."""
    [posted] = [r for r in await site.say(ANN, "puzzle kamisado easy") if r.link]
    assert posted.link is not None
    page = posted.link[1].replace("http://pages.test", site.url)
    carol = site.browser()
    await carol.sign_in(signed(CAROL))
    headers = {"X-Session": carol.session or ""}
    async with carol.http.get(page + "/turn", headers=headers) as response:
        seen = await response.json()
    assert seen["role"] == "spectator" and not seen["moves"]
    async with carol.http.post(page + "/play", json={"step": 0, "index": 0},
                               headers={**headers, "X-CSRF": seen["csrf"]}) as response:
        answer = await response.json()
    assert not answer["ok"] and "Only the people of this chat" in answer["shown"][0]["text"]
    await site.say(CAROL, "hello")
    async with carol.http.get(page + "/turn", headers=headers) as response:
        seen = await response.json()
    assert seen["role"] == "player" and seen["moves"]


async def test_a_player_signs_out_on_the_page_and_sees_and_ends_their_sessions_in_the_chat(site: Site) -> None:
    _, token = await a_game(site)
    phone, laptop = site.browser(), site.browser()
    for browser in (phone, laptop):
        await browser.sign_in(signed(ANN))
        assert (await browser.turn(token))["role"] == "player"
    [listed] = await site.say(ANN, "settings sessions")
    assert listed.private_to == ANN[0]  # said to Ann alone
    assert "in 2 browser(s)" in listed.text and listed.text.count("• since ") == 2
    async with phone.http.post(f"{site.url}/me/signout", headers={"X-Session": phone.session or ""}) as response:
        assert response.status == 403  # without the anti-forgery value: refused
    async with phone.http.post(f"{site.url}/me/signout",
                               headers={"X-Session": phone.session or "", "X-CSRF": phone.csrf}) as response:
        assert response.status == 200 and (await response.json())["ok"]
        assert "session" in response.cookies and response.cookies["session"].value == ""  # the cookie goes
    assert (await phone.turn(token))["role"] == "guest"  # signed out: a guest again
    assert (await laptop.turn(token))["role"] == "player"
    [listed] = await site.say(ANN, "settings sessions")
    assert "in 1 browser(s)" in listed.text
    [ended] = await site.say(ANN, "settings sessions end")
    assert "Signed out of the game pages in 1 browser(s)" in ended.text
    assert (await laptop.turn(token))["role"] == "guest"
    [listed] = await site.say(ANN, "settings sessions")
    assert "in no browser" in listed.text
    page = await (await laptop.http.get(f"{site.url}/g/{token}")).text()
    assert 'id="sign-out" hidden' in page  # the page's script shows it to a signed-in viewer
