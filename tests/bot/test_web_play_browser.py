"""Playing by tapping, in a real browser (the system's Chromium, headless), against the real ``python -m bot`` process
and the Telegram fake: two players open a group's game as a Telegram Mini App (launch data signed with the fake's
bot token) and play whole games of each kind only by tapping, each move's board arriving once in the group; a stale
page, two pages racing one move, forged and expired launch data, a replayed sign-in link and a spectator."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from ai.puzzles import find
from bot.presenters import presenter_for
from bot.service.puzzles import position
from render import diagram
from rules import get_game
from rules.core import State
from tests.bot.processes import start_bot, telegram_env, until_served
from tests.bot.test_telegram import keyboard
from tests.bot.test_web_browser import a_game_in_telegram, stop
from tests.bot.test_web_play import signed
from tests.fakes.loopback import free_port
from tests.fakes.proxy import FlakyProxy
from tests.fakes.telegram_server import FakeTelegram

TOKEN = "123:TEST"  # the bot token the fake's bot process is given (tests.bot.processes)
ANN, BOB, CAROL = ("11", "ann"), ("22", "bob"), ("33", "carol")
GROUP_ID = -700
# A review searches every move (Kamisado's also settles the round with its solver): seconds on a quiet machine, minutes
# with the suite's workers and four busy loops on two processors. What is checked is that it comes.
REVIEW_MADE = 400_000


class Bot:
    """The bot process with its pages, and the fake Telegram it talks to."""

    def __init__(self, fake: FakeTelegram, url: str, process: asyncio.subprocess.Process) -> None:
        self.fake, self.url, self.process = fake, url, process

    def boards(self, since: int) -> int:
        """Boards the group received (carried out by Telegram) after call number ``since``."""
        return sum(1 for call in self.fake.delivered("sendPhoto", since) if call.params.get("chat_id") == GROUP_ID)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    fake = FakeTelegram()
    await fake.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = await start_bot(telegram_env(fake, f"sqlite:///{tmp_path}/bot.sqlite3", HTTP_LISTEN=f"127.0.0.1:{port}",
                                           PUBLIC_URL=url, RATE_LIMIT="1000"))
    yield Bot(fake, url, process)
    await stop(process)
    await fake.stop()


def launched(link: str, user: tuple[str, str], **signing: Any) -> str:
    """The page's address as Telegram opens a Mini App: the launch data in the fragment."""
    return f"{link}#tgWebAppData={quote(signed(user, token=TOKEN, **signing))}&tgWebAppVersion=8.0&tgWebAppPlatform=android"


async def open_as(chromium: Any, link: str, user: tuple[str, str], role: str = "player", width: int = 390,
                  **signing: Any) -> Any:
    """A phone-sized page of its own (its own storage) opened as ``user``'s Mini App, once it knows who they are."""
    context = await chromium.new_context(viewport={"width": width, "height": 844})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    # What Telegram's phone apps give a Mini App to call them with: the methods it calls are kept to be checked.
    await page.add_init_script("window.told = []; window.TelegramWebviewProxy = {postEvent: (method, data) =>"
                               " window.told.push([method, JSON.parse(data)])};")
    await page.goto(launched(link, user, **signing))
    if role:  # a game's or a puzzle's page: once it knows who this is
        await page.wait_for_function(f"() => document.body.dataset.role === '{role}'")
    return page


async def offered(page: Any, token: str) -> list[tuple[int, tuple[str, ...]]]:
    """The moves the page's server offers its player now, with their taps (read as the page reads them)."""
    data = await page.evaluate(
        "token => fetch('/g/' + token + '/turn', {headers: {'X-Session': sessionStorage.getItem('session') || ''}})"
        ".then(r => r.json())", token)
    return [(index, tuple(taps)) for index, taps, _ in data["moves"]]


async def tap_move(page: Any, taps: tuple[str, ...], labels: dict[str, str]) -> None:
    """Make a move only by tapping: each square in turn (those the page chose by itself are passed), each choice that
    is no square by its button, and the end of a move that could go on."""
    # The page learns of the opponent's move live; a busy machine (the suite's workers beside the bot and Chromium) may
    # take a while, which is waited out: what is checked is that the turn comes, not how soon.
    await page.wait_for_function("() => document.body.dataset.turn === 'mine' && !document.body.dataset.busy",
                                 timeout=120_000)
    begun = await page.evaluate("() => document.body.dataset.turnPly")
    sent = ("ply => Boolean(document.body.dataset.busy) || document.body.dataset.turnPly !== ply"
            " || document.body.dataset.turn !== 'mine'")  # a solved puzzle's step stays, but the turn is no more ours
    for tap in taps:
        if await page.evaluate(sent, begun):
            return  # the page made the rest of the move itself (the only way on) and sent it
        if tap in labels:
            await page.locator("#taps button.choice", has_text=labels[tap]).click()
            continue
        target = page.locator(f"#tap-layer rect.target[data-square='{tap}']")
        if await target.count():
            await press_square(page, f"rect.target[data-square='{tap}']")
        else:
            shown = await page.evaluate("() => document.getElementById('play-status').textContent + ' | '"
                                        " + document.getElementById('answers').textContent")
            assert await page.locator(f"#tap-layer rect.chosen[data-square='{tap}']").count(), (tap, taps, shown)
    finish = page.locator("#taps button.finish")
    if not await page.evaluate(sent, begun):
        await finish.click()  # a move that could go on ends here


async def press_square(page: Any, selector: str) -> None:
    """Tap a square of the board, as a finger does: on a phone whose squares are too small, the tap on the whole board
    opens the enlarged view around it, where the square is tapped."""
    if not await page.evaluate("() => Boolean(document.body.dataset.loupe)"):
        await page.locator(f"#tap-layer {selector}").click()
        return
    square = re.search(r"data-square='([a-l][0-9]+)'", selector)
    if square is None or not await page.locator(f"#loupe .tap-layer {selector}").count():
        await page.locator(f"#tap-layer {selector}").click()
        await page.locator(f"#loupe .tap-layer {selector}").wait_for()
    await page.locator(f"#loupe .tap-layer {selector}").click()


def policy(game: Any, state: State, rng: random.Random) -> Any:
    """The test's players: a push when they can, else the longest turn (capture chains, jumps with prisoners) now and
    then, else any move."""
    moves = list(state.legal_moves())
    taps = [game.taps(state, move) for move in moves]
    pushes = [move for move in moves if getattr(move, "push", False)]
    if pushes:
        return rng.choice(pushes)
    longest = max(len(t) for t in taps)
    if longest > 2 or (game.key == "krepost" and longest >= 2 and rng.random() < 0.5):
        return rng.choice([move for move, t in zip(moves, taps, strict=True) if len(t) == longest])
    return rng.choice(moves)


@pytest.mark.slow(25)
@pytest.mark.parametrize(("key", "options", "seed", "flaky", "shows"), [
    ("kamisado", "standard", 604, 0.0, ("push", "refill")),
    # 47 moves: past the first twenty boards the group's 20 messages a minute pace them, one each 3 s
    pytest.param("ashtarashki", "", 2661, 0.1, ("chain",), marks=pytest.mark.slow(130)),
    ("krepost", "", 119, 0.0, ("jump with a prisoner",)),
])
async def test_two_players_play_a_whole_game_by_tapping_and_each_board_reaches_the_group_once(
        chromium: Any, bot: Bot, key: str, options: str, seed: int, flaky: float, shows: tuple[str, ...]) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, f"{key} {options}".strip())
    token = link.rsplit("/", 1)[1]
    pages = {"white": await open_as(chromium, link, ANN), "black": await open_as(chromium, link, BOB)}
    bot.fake.flaky = flaky
    game, rng = get_game(key), random.Random(seed)
    state = game.new_state(**({"match": options} if options else {}))
    seen: set[str] = set()
    labels = {"left": "Fill from the left", "right": "Fill from the right"}
    began, made = len(bot.fake.calls), 0
    while state.outcome() is None:
        page = pages[state.to_play or ""]
        legal = list(state.legal_moves())
        move = policy(game, state, rng)
        assert await offered(page, token) == [(i, game.taps(state, m)) for i, m in enumerate(legal)]  # as the rules say
        seen |= _shown(key, move)
        since = len(bot.fake.calls)
        await tap_move(page, game.taps(state, move), labels)
        await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
        state, made = state.play(move), made + 1
        assert bot.boards(since) == 1
    assert set(shows) <= seen, seen
    bot.fake.flaky = 0.0
    await asyncio.sleep(6)  # a look at the outbox later (every 5 s): nothing is sent twice
    assert bot.boards(began) == made
    for page in pages.values():
        assert page.errors == []
        await page.wait_for_function("() => document.body.dataset.turn !== 'mine'")  # nothing left to tap


async def test_a_move_is_sent_only_on_the_players_own_last_tap_and_a_tap_can_be_taken_back(chromium: Any, bot: Bot) -> None:
    """The stone on a3 has one move (to b4): tapping it shows that move and sends nothing; tapping the stone again takes
    the tap back; tapping b4 sends the move."""
    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    page = await open_as(chromium, link, ANN)
    await page.wait_for_function("() => document.body.dataset.turn === 'mine'")
    since = len(bot.fake.calls)
    await page.locator("#tap-layer rect[data-square='a3']").click()
    await page.wait_for_selector("#tap-layer rect.target[data-square='b4']")
    assert await page.evaluate("() => document.body.dataset.busy") == "" and bot.boards(since) == 0
    await page.locator("#tap-layer rect.chosen[data-square='a3']").click()  # taken back
    await page.wait_for_selector("#tap-layer rect.target[data-square='b4']", state="detached")
    await page.locator("#tap-layer rect[data-square='a3']").click()
    await page.locator("#tap-layer rect.target[data-square='b4']").click()
    await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
    assert bot.boards(since) == 1 and page.errors == []


@pytest.mark.slow(8)
@pytest.mark.timeout(900)
async def test_offers_show_on_both_pages_a_page_outlives_a_502_and_a_finished_game_says_what_next(
        chromium: Any, bot: Bot) -> None:
    proxy = FlakyProxy(bot.url)  # the operator's reverse proxy: the pages are opened through it
    await proxy.start()
    try:
        link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki unrated")
        here = link.replace(bot.url, proxy.url)
        ann, bob = await open_as(chromium, here, ANN), await open_as(chromium, here, BOB)
        await tap_move(ann, ("a3", "b4"), {})
        await bob.wait_for_function("() => document.body.dataset.turn === 'mine'")

        # Ann asks to take her move back: Bob sees it at once and answers it; his own button is no silent yes
        await ann.locator("#actions button", has_text="Ask to take back").click()
        await bob.locator("#offer button", has_text="Accept").wait_for()
        await ann.locator("#offer", has_text="waiting for the answer").wait_for()
        assert await bob.locator("#actions button", has_text="Ask to take back").count() == 0
        assert "agrees)" not in await ann.locator("#answers").inner_text()  # no chat hint on a page
        since = len(bot.fake.calls)
        await bob.locator("#offer button", has_text="Accept").click()
        await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
        await ann.wait_for_function("() => document.body.dataset.turn === 'mine' && document.body.dataset.ply === '0'")
        for page in (ann, bob):  # the offer is gone from both pages (each hears of the take-back in its own time)
            await page.wait_for_function("() => document.querySelectorAll('#offer p').length === 0")

        # the proxy answers 502 while the bot "restarts": the page keeps trying, and catches up once it is back
        await ann.evaluate("() => { window.stayed = true; }")
        proxy.go_down()
        await ann.wait_for_function("() => document.body.dataset.live === ''")
        since = len(bot.fake.calls)
        bot.fake.message({"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann"},
                         {"id": GROUP_ID, "type": "group", "title": "Watchers"}, "/m a3-b4")
        await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
        assert proxy.refused > 0
        proxy.down = False
        await ann.wait_for_function("() => document.body.dataset.ply === '1' && document.body.dataset.live === '1'")
        assert await ann.evaluate("() => window.stayed === true")  # caught up without a reload

        # Bob resigns: the result and what next, no "your opponent is to move", no "live" promise
        await bob.locator("#actions button", has_text="Resign").click()
        await bob.locator("#answers button", has_text="Resign").click()
        for page in (ann, bob):
            await page.wait_for_function("() => document.body.dataset.turn === 'none'")
            await page.locator("#play-status", has_text="The game is over.").wait_for()
            assert await page.locator("p.live").count() == 0
            assert "resign" in (await page.locator("#status").inner_text()).lower()
            assert await page.locator("#actions button", has_text="Rematch").count() == 1
        await ann.locator("#actions button", has_text="Review the game").click()
        await bob.locator("#review svg").wait_for(timeout=REVIEW_MADE)  # the review appears on an open page by itself
        assert await ann.evaluate("() => window.stayed === true")
        for page in (ann, bob):
            assert page.errors == []
    finally:
        await proxy.stop()


@pytest.mark.slow(8)
async def test_the_page_speaks_its_readers_language_and_marks_targets_without_hiding_the_board(
        chromium: Any, bot: Bot, tmp_path: Path) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado single")
    bob = await open_as(chromium, link, BOB, width=360, language="ru")  # Telegram says Bob reads Russian
    assert await bob.evaluate("() => document.documentElement.lang") == "ru" and "lang=ru" in bob.url
    await bob.wait_for_function("() => document.body.dataset.turn === 'mine'")  # Black begins: any tower
    tower = (await offered(bob, link.rsplit("/", 1)[1]))[0][1][0]
    await bob.locator(f"#tap-layer rect[data-square='{tower}']").click()
    target = bob.locator("#tap-layer rect.target").first
    await target.wait_for()
    # the square's own colour shows through (no tint over it); the mark is its outline and a dot in its corner
    fill = await target.evaluate("r => getComputedStyle(r).fill")
    assert fill in ("none", "transparent", "rgba(0, 0, 0, 0)"), fill
    box, dot = await target.bounding_box(), await bob.locator("#tap-layer circle.dot").first.bounding_box()
    assert dot["x"] + dot["width"] < box["x"] + box["width"] / 2 and dot["y"] + dot["height"] < box["y"] + box["height"] / 2
    await bob.screenshot(path=str(tmp_path / "kamisado-ru-360.png"))
    carol = await open_as(chromium, link, CAROL, role="spectator", width=1280, language="fa")
    assert await carol.evaluate("() => document.documentElement.dir") == "rtl"
    title = await carol.title()
    assert "\u2068#1\u2069" in title and "\u2068ann\u2069" in title  # isolated: a right-to-left title keeps their order
    arrows = [await carol.locator(f"#steps a[data-step='{name}']").inner_text() for name in ("previous", "next")]
    assert arrows == ["›", "‹"]  # on a right-to-left page forward points left, as the arrow keys go
    await carol.screenshot(path=str(tmp_path / "kamisado-fa-1280.png"))
    for page in (bob, carol):
        assert page.errors == []


IN_VIEW = ("() => Array.from(document.querySelectorAll('#board svg .tap-layer rect')).every(r => {"
           " const b = r.getBoundingClientRect(); return b.left >= 0 && b.right <= window.innerWidth + 0.5; })"
           " && document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.slow(8)
@pytest.mark.parametrize("width", [320, 360])
async def test_on_a_phone_the_whole_board_is_in_sight_and_small_squares_are_tapped_enlarged(
        chromium: Any, bot: Bot, width: int) -> None:
    for game in ("kamisado single", "ashtarashki", "krepost"):
        link = await a_game_in_telegram(bot.fake, bot.url, game)
        first = BOB if game.startswith("kamisado") else ANN  # Black begins Kamisado, White the others
        ann = await open_as(chromium, link, first, width=width)
        await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
        await ann.locator("#tap-layer rect").first.wait_for()
        # every square of the board, checked from the squares' own boxes: inside the screen, nothing to scroll sideways
        squares = await ann.evaluate("() => { const s = document.querySelector('#board svg'); const b ="
                                     " s.getBoundingClientRect(); return [b.left, b.right, window.innerWidth]; }")
        assert squares[0] >= 0 and squares[1] <= squares[2] + 0.5, (game, squares)
        assert await ann.evaluate(IN_VIEW), game
        if not game.startswith("krepost"):  # an 8 × 8 board's squares are big enough to tap as they are
            assert not await ann.evaluate("() => document.body.dataset.loupe")
            continue
        assert "squares around your tap are shown larger" in await ann.locator("#play-status").inner_text()
        await ann.locator("#tap-layer rect[data-square='k2']").click()  # White's fortress corner: enlarged, not played
        await ann.locator("#loupe svg").wait_for()
        assert "around k2" in await ann.locator("#loupe-said").inner_text()
        enlarged = await ann.locator("#loupe .tap-layer rect[data-square='k2']").bounding_box()
        assert enlarged["width"] >= 40 and enlarged["height"] >= 40, enlarged  # a finger's size
        assert await ann.evaluate(IN_VIEW)  # the whole board is still in sight above it
        await ann.locator("#loupe .tap-layer rect[data-square='k2']").click()  # the move, tapped in the view
        await ann.wait_for_function("() => document.body.dataset.turn === 'theirs'")
        assert await ann.locator("#loupe").count() == 0
        assert ann.errors == []


def diagram_of(state: State, side: str) -> str:
    """The text diagram a page shows of ``state`` from ``side`` (English legend)."""
    from bot.service.texts import Words

    return diagram(state, side, presenter_for(state.game_key).legend(state, Words("en")))


def _shown(key: str, move: Any) -> set[str]:
    """What a move shows of the kinds of turn the issue names."""
    shown = set()
    if getattr(move, "push", False):
        shown.add("push")
    if type(move).__name__ == "RefillMove":
        shown.add("refill")
    if key == "ashtarashki" and move.kind == "capture" and len(move.path) > 2:
        shown.add("chain")
    if key == "krepost" and move.prisoner and len(move.squares) > 1:
        shown.add("jump with a prisoner" if move.kind == "jump" else "step with a prisoner")
    return shown


@pytest.mark.slow(15)
async def test_stale_and_racing_pages_forged_and_old_launch_data_a_replayed_link_and_a_spectator(
        chromium: Any, bot: Bot, tmp_path: Path) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "krepost")
    token = link.rsplit("/", 1)[1]
    game = get_game("krepost")
    ann, ann_elsewhere = await open_as(chromium, link, ANN), await open_as(chromium, link, ANN)
    await ann_elsewhere.route("**/events*", lambda route: route.abort())  # this one hears of no move: it goes stale
    await ann_elsewhere.reload()
    await ann_elsewhere.wait_for_function("() => document.body.dataset.turn === 'mine'")

    # Ann places on e4 from one device; the stale one still offers her d4 and is told the position changed.
    since = len(bot.fake.calls)
    await tap_move(ann, ("e4",), {})
    await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
    await press_square(ann_elsewhere, "rect.target[data-square='d4']")
    await ann_elsewhere.wait_for_function("() => document.getElementById('answers').textContent.includes('changed')")
    await ann_elsewhere.wait_for_function("() => document.body.dataset.turn === 'theirs'")  # and it shows the new one
    assert bot.boards(since) == 1

    # Bob on two devices, neither hearing of the other, taps one placement at once: one plays, the other is told.
    bob, bob_elsewhere = await open_as(chromium, link, BOB), await open_as(chromium, link, BOB)
    for page in (bob, bob_elsewhere):
        await page.route("**/events*", lambda route: route.abort())
        await page.reload()
        await page.wait_for_function("() => document.body.dataset.turn === 'mine'")
    # Bob plays Black: his page shows the board from his side (the file letters run from l on the left to a).
    letters = await bob.evaluate("() => Object.fromEntries([...document.querySelectorAll('#board svg text')]"
                                 ".filter(t => ['a', 'l'].includes(t.textContent))"
                                 ".map(t => [t.textContent, Number(t.getAttribute('x'))]))")
    assert letters["l"] < letters["a"], letters
    since = len(bot.fake.calls)
    await asyncio.gather(*(press_square(page, "rect.target[data-square='e9']") for page in (bob, bob_elsewhere)))
    await bot.fake.wait_for("sendPhoto", since=since, timeout=30)
    told = [await page.locator("#answers").inner_text() for page in (bob, bob_elsewhere)]
    for _ in range(50):
        if any(told):
            break
        await asyncio.sleep(0.1)
        told = [await page.locator("#answers").inner_text() for page in (bob, bob_elsewhere)]
    assert sum(bool(text) for text in told) == 1 and ("changed" in "".join(told) or "busy" in "".join(told)), told
    await asyncio.sleep(1)
    assert bot.boards(since) == 1
    now = game.replay(["@e4", "@e9"])  # e9 was placed once: Ann is offered the moves of that position
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
    assert await offered(ann, token) == [(i, game.taps(now, move)) for i, move in enumerate(now.legal_moves())]
    await ann.click("#move-list a[data-ply='1']")  # looking back: still her move, played from the latest position
    await ann.wait_for_function("() => document.getElementById('play-status').textContent.includes('latest position')")
    assert await ann.locator("#tap-layer").count() == 0
    await ann.keyboard.press("End")
    await ann.wait_for_function("() => document.querySelectorAll('#tap-layer rect.target').length > 0")

    # Carol watches: signed in, nothing to tap, and a move she sends anyway is refused.
    carol = await open_as(chromium, link, CAROL, role="spectator")
    assert await carol.locator("#tap-layer").count() == 0 and "watching" in await carol.locator("#play-status").inner_text()
    answer = await carol.evaluate(
        "token => fetch('/g/' + token + '/play', {method: 'POST', headers: {'Content-Type': 'application/json', "
        "'X-Session': sessionStorage.getItem('session')}, body: JSON.stringify({ply: 2, index: 0})}).then(r => r.status)", token)
    assert answer == 403  # no anti-forgery value: her page never offered her a move

    # Launch data signed with another bot's token, or two days old, signs nobody in: the page says so.
    for signing, said in (({"token": "999:OTHER"}, "could not be checked"), ({"at": 1_000_000.0}, "too old")):
        context = await chromium.new_context(viewport={"width": 390, "height": 844})
        page = await context.new_page()
        await page.goto(f"{link}#tgWebAppData={quote(signed(ANN, **{**{'token': TOKEN}, **signing}))}")
        await page.wait_for_function("() => document.body.dataset.role === 'guest'")
        assert said in await page.locator("#answers").inner_text()
        assert await page.locator("#tap-layer").count() == 0

    # 'board' sends Bob a sign-in link privately; it opens his game once, and never again.
    bot.fake.message({"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob"}, {"id": 22, "type": "private"},
                     "/start")
    since = len(bot.fake.calls)
    bot.fake.message({"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob"},
                     {"id": GROUP_ID, "type": "group", "title": "Watchers"}, "/board")
    links: list[str] = []
    for _ in range(300):
        links = [word for call in bot.fake.delivered("sendMessage", since) if call.params.get("chat_id") == 22
                 for word in str(call.params.get("text", "")).split() if "/signin/" in word]
        if links:
            break
        await asyncio.sleep(0.1)
    [address] = links
    assert not [c for c in bot.fake.calls[since:] if "/signin/" in str(c.params.get("text", "")) and
                c.params.get("chat_id") == GROUP_ID]  # never shown in the group
    sign_in = [c for c in bot.fake.delivered("sendMessage", since) if "/signin/" in str(c.params.get("text", ""))]
    assert all(json.loads(c.params["link_preview_options"])["is_disabled"] if isinstance(c.params["link_preview_options"],
               str) else c.params["link_preview_options"]["is_disabled"] for c in sign_in)  # no preview opens it
    first = await (await chromium.new_context()).new_page()
    assert (await first.goto(address)).status == 200  # the link's page: spent by its button alone
    await first.get_by_role("button").click()
    await first.wait_for_url(link)
    await first.wait_for_function("() => document.body.dataset.role === 'player'")
    # Bob, signed in by the link in a browser, signs out at the foot of the page: a guest there from then on
    assert await bob.locator("#sign-out").is_hidden()  # in the Mini App Telegram says who he is: no sign-out there
    leave = first.locator("#sign-out")
    await leave.wait_for()
    for width in (360, 1280):
        await first.set_viewport_size({"width": width, "height": 800})
        await first.screenshot(path=str(tmp_path / f"signed-in-{width}.png"), full_page=True)
    await leave.click()
    await first.wait_for_function("() => document.body.dataset.role && document.body.dataset.role !== 'player'")
    assert await first.locator("#sign-out").is_hidden()
    again = await (await chromium.new_context()).new_page()
    await again.goto(address)
    async with again.expect_navigation() as replayed:
        await again.get_by_role("button").click()
    assert (await replayed.value).status == 410 and "used already" in await again.content()
    for page in (ann, ann_elsewhere, bob, bob_elsewhere, carol):
        assert page.errors == []


@pytest.mark.parametrize("key", ["kamisado", "krepost"])
async def test_a_puzzle_solved_by_tapping_on_its_page_counts_as_in_the_chat(chromium: Any, bot: Bot, key: str) -> None:
    await until_served(bot.url)
    await bot.fake.wait_for("setMyCommands", count=4, timeout=120)
    group = {"id": GROUP_ID, "type": "group", "title": "Watchers"}
    ann_user = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann"}
    since = len(bot.fake.calls)
    bot.fake.message(ann_user, group, f"/puzzle {key} easy")
    posted = (await bot.fake.wait_for("sendPhoto", since=since, timeout=30))[0]
    number = int(posted.params["caption"].split("#", 1)[1].split()[0])
    puzzle = find(key, number)
    assert puzzle is not None
    [address] = [b["url"] for row in keyboard(posted) for b in row if "url" in b]
    assert address.startswith(f"{bot.url}/c/") and address.endswith("/puzzle")
    page = await open_as(chromium, address, ANN)
    game = get_game(key)
    for _ in range(len(puzzle.line)):
        step = int(await page.evaluate("() => document.body.dataset.turnPly"))
        state, _ = position(puzzle, step)
        move = game.parse_move(state, puzzle.line[step])
        since = len(bot.fake.calls)
        await tap_move(page, game.taps(state, move), {})
        await bot.fake.wait_for("sendPhoto", since=since, timeout=30)  # the chat sees each step of the answer
        await page.wait_for_function("step => (Number(document.body.dataset.turnPly) > step"
                                     " || document.body.dataset.open === '0') && !document.body.dataset.busy",
                                     arg=step)
        if await page.evaluate("() => document.body.dataset.open === '0'"):
            break  # solved: the chat's puzzle is closed
    said = await page.locator("#answers").inner_text()
    assert "solved it" in said and "puzzle rating" in said  # rated, as in the chat
    solved = [c for c in bot.fake.delivered("sendPhoto") if "solved it" in str(c.params.get("caption", ""))]
    assert len(solved) == 1 and solved[0].params["chat_id"] == GROUP_ID
    assert await page.locator("#tap-layer").count() == 0  # nothing left to tap
    assert page.errors == []


async def test_a_puzzles_page_gives_a_hint_and_the_solution(chromium: Any, bot: Bot) -> None:
    await until_served(bot.url)
    await bot.fake.wait_for("setMyCommands", count=4, timeout=120)
    group = {"id": GROUP_ID, "type": "group", "title": "Watchers"}
    since = len(bot.fake.calls)
    bot.fake.message({"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann"}, group, "/puzzle ashtarashki")
    posted = (await bot.fake.wait_for("sendPhoto", since=since, timeout=30))[0]
    puzzle = find("ashtarashki", int(posted.params["caption"].split("#", 1)[1].split()[0]))
    assert puzzle is not None
    [address] = [b["url"] for row in keyboard(posted) for b in row if "url" in b]
    page = await open_as(chromium, address, ANN)
    await page.locator("#actions button", has_text="Hint").click()
    await page.wait_for_function("() => document.getElementById('answers').textContent.includes('Hint')")
    await page.locator("#actions button", has_text="Show the solution").click()
    await page.wait_for_function("() => document.getElementById('answers').textContent.includes('The solution')")
    assert " · ".join(puzzle.line) in await page.locator("#answers").inner_text()
    await page.wait_for_function("() => document.body.dataset.open === '0'")  # closed: nothing to tap
    assert await page.locator("#tap-layer").count() == 0
    # the page shows where the solution ends (not the start again), says it is over, and offers the next puzzle
    final, _ = position(puzzle, len(puzzle.line))
    assert await page.locator("#diagram").text_content() == diagram_of(final, puzzle.attacker)
    assert "over" in await page.locator("#puzzle-lines").inner_text()
    assert "Opponent" not in await page.locator("#play-status").inner_text()
    since = len(bot.fake.calls)
    await page.locator("#actions button", has_text="Next puzzle").click()
    await bot.fake.wait_for("sendPhoto", since=since, timeout=30)  # the chat is given the next one too
    await page.wait_for_function("() => document.body.dataset.open === '1'")
    assert page.errors == []


@pytest.mark.slow(12)
async def test_the_mini_apps_first_page_lists_the_players_games_and_opens_the_one_it_was_started_for(
        chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado single")
    token = link.rsplit("/", 1)[1]
    page = await open_as(chromium, f"{bot.url}/app", BOB, role="")  # the menu button: the games Bob plays
    await page.wait_for_function("() => document.querySelectorAll('#game-list a').length === 1")
    entry = page.locator("#game-list a")
    assert "your move" in await entry.inner_text() and await entry.get_attribute("href") == f"/g/{token}"
    assert ["web_app_ready", {}] in await page.evaluate("() => window.told")  # Telegram takes its placeholder away
    await entry.click()
    await page.wait_for_function("() => document.body.dataset.turn === 'mine'")  # signed in on the game's page too
    started = await (await chromium.new_context()).new_page()  # a group's board opens the Mini App with its game
    await started.goto(launched(f"{bot.url}/app", ANN, start_param=token))
    await started.wait_for_function("() => document.body.dataset.role === 'player'")
    assert started.url.split("#")[0] == link
    ann = await open_as(chromium, link, ANN)  # a private chat's board opens the game's page itself
    assert [call[0] for call in await ann.evaluate("() => window.told")] == ["web_app_ready", "web_app_expand"]
