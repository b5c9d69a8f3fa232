"""The pages for every player, in a real browser (the system's Chromium) against the real ``python -m bot`` process:
axe-core (shipped with the tests) finds no serious or critical violation on any kind of page, at a phone's width and a
desktop's, left to right and right to left; and whole games of each game are played with the keyboard alone, the
position read only from the accessibility tree (never from the picture) and checked against the rules' own state."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.service.texts import Words
from rules import get_game
from rules.core import State
from tests.bot import test_web_play_browser
from tests.bot.test_web_browser import a_game_in_telegram
from tests.bot.test_web_play_browser import ANN, BOB, GROUP_ID, REVIEW_MADE, Bot, offered, open_as, policy, tap_move

bot = test_web_play_browser.bot  # the bot process with its pages and the Telegram fake (a fixture)
AXE = Path(__file__).parents[1] / "assets" / "axe.min.js"
SNIFFER = Path(__file__).parents[1] / "assets" / "HTMLCS.js"  # HTML_CodeSniffer 2.5.1 (BSD-3-Clause, beside it)
CELL = re.compile(r'gridcell "([a-l]\d{1,2}): ([^"]*)"(?: \[[a-z =]+\])*$')  # [selected] for a chosen square


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]  # WCAG 2.2 (target-size)


async def violations(page: Any) -> list[str]:
    """The serious and critical findings on ``page`` as it is now, of two checkers, so that what one misses the other
    finds: axe-core (WCAG 2.2 A and AA, its best practices) and HTML_CodeSniffer (WCAG 2 AA, its errors)."""
    if not await page.evaluate("() => Boolean(window.axe)"):
        await page.evaluate(AXE.read_text() + "\n;0")  # run as the browser's own tools do: the page's CSP keeps its scripts
    found = await page.evaluate("tags => axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag', values:"
                                " tags}}).then(r => r.violations.map(v => [v.id, v.impact,"
                                " v.nodes.slice(0, 3).map(n => n.target.join(' '))]))", AXE_TAGS)
    said = [f"{rule} ({impact}): {places}" for rule, impact, places in found if impact in ("serious", "critical")]
    return said + await sniffed(page)


async def sniffed(page: Any) -> list[str]:
    """HTML_CodeSniffer's errors against WCAG 2 AA on ``page`` (its notices and warnings ask a person to look)."""
    if not await page.evaluate("() => Boolean(window.HTMLCS)"):
        await page.evaluate(SNIFFER.read_text() + "\n;0")
    found = await page.evaluate("() => new Promise(done => HTMLCS.process('WCAG2AA', document, () => done("
                                "HTMLCS.getMessages().filter(m => m.type === HTMLCS.ERROR).map(m => [m.code,"
                                " (m.element && m.element.outerHTML || '').slice(0, 120)]))))")
    return [f"{code}: {element}" for code, element in found]


async def checked(chromium: Any, url: str, width: int, language: str, wait: str = "() => true") -> Any:
    """``url`` opened at ``width`` pixels in ``language``, with no serious violation and no script error."""
    # each look is another visitor (through the reverse proxy on this machine): one address would spend its minute's
    # allowance on the many pages looked at here
    visitor = f"198.51.100.{next(VISITORS)}"
    context = await chromium.new_context(viewport={"width": width, "height": 800}, locale=language,
                                         extra_http_headers={"X-Forwarded-For": visitor})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    joiner = "&" if "?" in url else "?"
    await page.goto(f"{url}{joiner}lang={language}")
    await page.wait_for_function(wait)
    assert await violations(page) == [], (url, width, language)
    assert errors == [], errors
    return page


VISITORS = itertools.count(1)
SIZES = ((320, "en"), (360, "ru"), (1280, "fa"))


@pytest.mark.slow(30)
@pytest.mark.timeout(900)
async def test_axe_finds_nothing_serious_on_any_kind_of_page(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado single")
    token = link.rsplit("/", 1)[1]
    ann = await open_as(chromium, link, ANN)
    await ann.wait_for_function("() => document.body.dataset.turn !== undefined")
    assert await violations(ann) == []  # a player's page, their turn shown
    page = await checked(chromium, link, 320, "en", "() => document.body.dataset.role === 'guest'")
    await page.evaluate("() => document.querySelector('main').append(document.createElement('button'))")
    assert any(v.startswith("button-name") for v in await violations(page))  # axe does see what is wrong
    assert any("H91" in v for v in await sniffed(page))  # and so does the second checker
    chat = await page.evaluate("() => document.querySelector('footer a').href")
    bot.fake.message({"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob"},
                     {"id": GROUP_ID, "type": "group", "title": "Watchers"}, "/puzzle kamisado")
    for width, language in SIZES:
        await checked(chromium, link, width, language, "() => document.body.dataset.role === 'guest'")
        await checked(chromium, chat, width, language)
        await checked(chromium, f"{chat}/puzzle", width, language, "() => document.body.dataset.role === 'guest'")
        await checked(chromium, f"{bot.url}/learn", width, language)
        await checked(chromium, f"{bot.url}/learn/krepost", width, language, "() => document.body.dataset.step === '0'")
        await checked(chromium, f"{bot.url}/app", width, language)
    # a move each, then a finished game, and its review on the page
    bob = await open_as(chromium, link, BOB)
    for page in (bob, ann):  # each waits for their turn before asking what it offers
        await page.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=120_000)
        await tap_move(page, (await offered(page, token))[0][1], {})
    await bob.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=120_000)
    await ann.locator("#actions button", has_text="Resign").click()
    await ann.locator("#answers button", has_text="Resign").click()
    await ann.wait_for_function("() => document.body.dataset.turn === 'none'")
    for width, language in SIZES:
        await checked(chromium, link, width, language)
    await ann.locator("#actions button", has_text="Review the game").click()
    await ann.locator("#review svg").wait_for(timeout=REVIEW_MADE)
    assert await violations(ann) == []
    for width, language in SIZES:
        await checked(chromium, link, width, language, "() => Boolean(document.querySelector('#review svg'))")
        await checked(chromium, f"{link}/explore?from=1", width, language, "() => document.body.dataset.line === '0'")
    # the graph is one stop of the Tab key; its point says its move and steps the board there
    await tab_to(ann, "e => e && e.matches('#review circle')")
    await ann.keyboard.press("End")
    assert (await ann.locator("#graph-said").inner_text()).startswith("Move ")
    # dark colours, a signed-in player's home (their games marked, the next one), reduced motion: nothing serious
    dark = await chromium.new_context(color_scheme="dark", reduced_motion="reduce",
                                      extra_http_headers={"X-Forwarded-For": "198.51.100.250"})
    page = await dark.new_page()
    for url in (link, chat, f"{bot.url}/learn/kamisado"):
        await page.goto(url)
        assert await violations(page) == [], url
    # 200% zoom of a 1280 px window: a 640 px layout drawn at twice the density; nothing spills sideways
    zoomed = await (await chromium.new_context(viewport={"width": 640, "height": 400}, device_scale_factor=2,
                                               extra_http_headers={"X-Forwarded-For": "198.51.100.251"})).new_page()
    for url in (link, chat):
        await zoomed.goto(url)
        assert await violations(zoomed) == [], url
        assert await zoomed.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), url
    await ann.goto(chat)
    assert await violations(ann) == [] and token and ann.errors == []
    await ann.goto(f"{bot.url}/me/settings")  # how she is told of her turns
    assert await ann.locator("#quiet-from").count() == 1 and await violations(ann) == []


# ---- whole games by keyboard ---------------------------------------------------------------------------------------

async def grid_of(page: Any) -> list[list[tuple[str, str]]]:
    """The board as the accessibility tree gives it (Playwright's snapshot of it, YAML): rows of (square, what is said
    of it)."""
    tree = yaml.safe_load(await page.locator("#board-grid").aria_snapshot())
    grid = next(iter(tree[0].values()))
    rows = []
    for row in grid:
        cells = next(iter(row.values())) if isinstance(row, dict) else []
        rows.append([(found.group(1), found.group(2)) for cell in cells if (found := CELL.match(cell))])
    return rows


def pieces_in_words(rows: list[list[tuple[str, str]]]) -> dict[str, str]:
    """Whose piece stands on each square, as the words say (English: 'white …' or 'black …' first)."""
    found = {}
    for row in rows:
        for square, said in row:
            first = said.split(";")[0].split(",")[0].split()[0]
            if first in ("white", "black"):
                found[square] = first
    return found


def pieces_by_rules(state: State) -> dict[str, str]:
    """Whose piece stands on each square, read from the rules' own state (not from anything the page says)."""
    found: dict[str, str] = {}
    key = state.game_key
    if key == "kamisado":
        from rules.kamisado.board import PLAYER_INDEX, SQUARE_NAMES
        for index, tower in enumerate(state.board):  # type: ignore[attr-defined]
            if tower >= 0:
                found[SQUARE_NAMES[index]] = "white" if tower // 8 == PLAYER_INDEX["white"] else "black"
    elif key == "ashtarashki":
        for file in "abcdefgh":
            for rank in range(1, 9):
                stone = state.stone_at(f"{file}{rank}")  # type: ignore[attr-defined]
                if stone is not None:
                    found[f"{file}{rank}"] = stone[0]
    else:
        for index in range(144):
            for owner, side in enumerate(("white", "black")):
                if state.stones[owner] >> index & 1:  # type: ignore[attr-defined]
                    found[f"{'abcdefghijkl'[index % 12]}{index // 12 + 1}"] = side
    return found


async def focused_square(page: Any) -> str | None:
    return await page.evaluate("() => document.activeElement && document.activeElement.dataset.square || null")


async def tab_to(page: Any, test: str, most: int = 80) -> None:
    """Press Tab until the focused element passes ``test`` (a function of it, in the page)."""
    for _ in range(most):
        if await page.evaluate(f"() => ({test})(document.activeElement)"):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {test}")


async def key_to(page: Any, square: str) -> None:
    """Move the keyboard's focus over the grid to ``square`` with the arrow keys."""
    rows = await grid_of(page)
    where = {s: (r, c) for r, row in enumerate(rows) for c, (s, _) in enumerate(row)}
    here = await focused_square(page)
    assert here in where and square in where, (here, square)
    (r0, c0), (r1, c1) = where[here], where[square]
    for _ in range(abs(r1 - r0)):
        await page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
    for _ in range(abs(c1 - c0)):
        await page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")
    assert await focused_square(page) == square


async def keyboard_move(page: Any, taps: tuple[str, ...], labels: dict[str, str], language: str = "en") -> None:
    """Make a move with the keyboard alone: into the board's grid with Tab, to each square with the arrows and Enter,
    each choice that is no square by Tab and Enter on its button; the end of a move that could go on likewise."""
    await page.wait_for_function("() => document.body.dataset.turn === 'mine' && !document.body.dataset.busy",
                                 timeout=120_000)
    begun = await page.evaluate("() => document.body.dataset.turnPly")
    sent = ("ply => Boolean(document.body.dataset.busy) || document.body.dataset.turnPly !== ply"
            " || document.body.dataset.turn !== 'mine'")
    for tap in taps:
        if await page.evaluate(sent, begun):
            return
        if tap in labels:
            await tab_to(page, f"e => e && e.tagName === 'BUTTON' && e.textContent === {labels[tap]!r}")
            await page.keyboard.press("Enter")
            continue
        said = dict(cell for row in await grid_of(page) for cell in row)[tap]
        if said.endswith(Words(language)("web.keyboard.chosen")):
            continue  # the page chose it (the only way on)
        words = Words(language)
        assert words("web.keyboard.can_move") in said or words("web.keyboard.can_go") in said, (tap, said)
        await tab_to(page, "e => e && e.getAttribute('role') === 'gridcell'")
        await key_to(page, tap)
        await page.keyboard.press("Enter")
    # the last tap sent the move (the page is busy, or a new position came), or the move could go on: its end is a button
    await page.wait_for_function(f"ply => ({sent[7:]}) || Boolean(document.querySelector('#taps button.finish'))", arg=begun)
    if not await page.evaluate(sent, begun):
        await tab_to(page, "e => e && e.classList.contains('finish')")
        await page.keyboard.press("Enter")


@pytest.mark.slow(40)
@pytest.mark.parametrize(("key", "options", "seed"), [
    ("kamisado", "standard", 604),
    pytest.param("ashtarashki", "", 2661, marks=pytest.mark.slow(130)),
    ("krepost", "", 119),
])
async def test_a_whole_game_is_played_by_keyboard_reading_the_board_from_the_accessibility_tree(
        chromium: Any, bot: Bot, key: str, options: str, seed: int) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, f"{key} {options}".strip())
    pages = {"white": await open_as(chromium, link, ANN, width=1280), "black": await open_as(chromium, link, BOB)}
    game, rng = get_game(key), random.Random(seed)
    state = game.new_state(**({"match": options} if options else {}))
    labels = {"left": "Fill from the left", "right": "Fill from the right"}
    mover, plies = None, 0  # who made the last move; the moves made
    while state.outcome() is None:
        page = pages[state.to_play or ""]
        await page.wait_for_function("() => document.body.dataset.turn === 'mine' && !document.body.dataset.busy",
                                     timeout=120_000)
        assert pieces_in_words(await grid_of(page)) == pieces_by_rules(state)  # the position, read as words
        if mover is not None and mover != state.to_play:  # the opponent's move was read out, and whose turn it is now
            await page.wait_for_function("() => document.getElementById('announce').textContent.startsWith('Last move:')")
            said = await page.locator("#announce").inner_text()
            assert said.count(".") >= 2 and (key != "kamisado" or "tower" in said or "Fill" in said), said
        mover = state.to_play
        move = policy(game, state, rng)
        await keyboard_move(page, game.taps(state, move), labels)
        state, plies = state.play(move), plies + 1
    for page in pages.values():  # each page has heard of the last move, and of the end
        await page.wait_for_function(f"() => document.body.dataset.turn === 'none' && document.body.dataset.ply === '{plies}'")
        assert pieces_in_words(await grid_of(page)) == pieces_by_rules(state)
        ending = await page.evaluate("() => [...document.querySelectorAll('#status p')].map(p => p.textContent)")
        assert ending, "the page says how the game ended"
        await page.wait_for_function(  # and reads it out (a moment after the board: the live region is set anew)
            "lines => lines.every(line => document.getElementById('announce').textContent.includes(line))", arg=ending)
        assert page.errors == []


@pytest.mark.slow(15)
@pytest.mark.parametrize(("language", "width"), [("fa", 320), ("ru", 360)])
async def test_a_reader_of_persian_or_russian_plays_by_keyboard_on_a_phone(
        chromium: Any, bot: Bot, language: str, width: int) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "krepost")
    ann = await open_as(chromium, link, ANN, width=width, language=language)
    bob = await open_as(chromium, link, BOB, width=width, language=language)
    assert await ann.evaluate("() => document.documentElement.lang") == language
    words = Words(language)
    game, state = get_game("krepost"), get_game("krepost").new_state()
    for page, square in ((ann, "c3"), (bob, "j10"), (ann, "d3")):
        said = dict(cell for row in await grid_of(page) for cell in row)
        assert said[square].startswith(words("square.empty")), said[square]  # the squares in the reader's words
        move = game.parse_move(state, f"@{square}")
        await keyboard_move(page, game.taps(state, move), {}, language)
        state = state.play(move)
        await page.wait_for_function("() => document.body.dataset.turn !== 'mine'")
    said = dict(cell for row in await grid_of(bob) for cell in row)
    assert said["c3"].startswith(words("square.krepost.white")) and said["j10"].startswith(words("square.krepost.black"))
    await bob.wait_for_function("() => document.getElementById('announce').textContent.length > 0")
    assert ann.errors == [] and bob.errors == []


async def read_out(page: Any, key: str) -> str:
    """What pressing ``key`` on the board reads out (the live region's words once they change)."""
    await page.evaluate("() => { document.getElementById('announce').textContent = ''; }")
    await page.keyboard.press(key)
    await page.wait_for_function("() => document.getElementById('announce').textContent !== ''")
    return str(await page.locator("#announce").inner_text())


async def test_the_boards_keys_read_out_what_a_sighted_player_sees_at_a_glance(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado single")
    token = link.rsplit("/", 1)[1]
    bob = await open_as(chromium, link, BOB)  # Black begins: any tower
    await bob.wait_for_function("() => document.body.dataset.turn === 'mine'")
    await tab_to(bob, "e => e && e.getAttribute('role') === 'gridcell'")
    here = await focused_square(bob)
    assert await read_out(bob, "l") == "No move yet."
    assert await read_out(bob, "c") == "This game has no clock."
    assert "bob to move" in (await read_out(bob, "t")).lower()
    board = await read_out(bob, "b")
    assert board.count("black") == 8 and board.count("white") == 8 and "empty" not in board
    assert board.endswith("Score: Black 0, White 0.")  # what the squares do not show: the match's score
    moves = await read_out(bob, "m")  # the moves of the tower under the ring, as the rules count them
    from_here = [taps for _, taps in await offered(bob, token) if taps[0] == here]
    assert moves.startswith(f"{here}: ") and moves.count(",") == len(from_here) - 1, (moves, from_here)
    assert (await read_out(bob, "h")).startswith("On the board: arrow keys move")
    chose = await read_out(bob, "Enter")  # the tower is chosen: where it can go is read out
    assert chose.startswith(f"{here} chosen. Now: ") and chose.count(",") == len(from_here) - 1, chose
    assert (await read_out(bob, "Escape")) == f"{here}: the choice is taken back."
    assert bob.errors == []


async def test_a_player_thinks_on_the_board_and_keeps_the_line_which_answers_the_opponent(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    ann = await open_as(chromium, link, ANN, width=360)
    await keyboard_move(ann, ("a3", "b4"), {})  # her move; now she waits for Bob
    await ann.wait_for_function("() => document.body.dataset.turn === 'theirs'")
    explore = ann.locator("#explore-link")
    await explore.wait_for()
    await explore.click()
    await ann.wait_for_url("**/explore?from=1**")
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")  # either side may be moved here
    for made, taps in enumerate((("b6", "a5"), ("c3", "d4")), 1):  # Black's move, then hers, by keyboard
        await keyboard_move(ann, taps, {})
        await ann.wait_for_function(f"() => document.body.dataset.line === '{made}'")
    assert "line=" in ann.url and await ann.locator("#line-moves li").count() == 2
    since = len(bot.fake.calls)
    assert not bot.fake.delivered("sendPhoto", since)  # nothing touched the game
    await ann.locator("#explore-actions button", has_text="Keep as prepared answers").click()
    await ann.wait_for_function("() => document.body.dataset.acted === 'shown' || document.body.dataset.acted === 'ok'")
    assert "only you see them" in await ann.locator("#answers").inner_text()
    bot.fake.message({"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob"},
                     {"id": GROUP_ID, "type": "group", "title": "Watchers"}, "/m b6-a5")
    [board] = await bot.fake.wait_for("sendPhoto", since=since, timeout=30)  # his move and her answer: one board
    assert "bob played M2b6—a5.\nann played M3c3—d4.\n(an answer prepared in advance)" in board.params["caption"]
    assert ann.errors == []


@pytest.mark.parametrize("dark", [False, True])
async def test_the_keyboard_ring_is_unlike_any_mark_and_enters_on_the_players_side(chromium: Any, bot: Bot,
                                                                                   dark: bool) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    scheme = "dark" if dark else "light"
    ann = await open_as(chromium, link, ANN)
    await ann.emulate_media(color_scheme=scheme)
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
    await tab_to(ann, "e => e && e.getAttribute('role') === 'gridcell'")
    assert await ann.evaluate("() => document.activeElement.dataset.kind") == "movable"  # on a stone that can move
    await ann.keyboard.press("Enter")  # chosen: its mark and the ring on the same square
    ring = await ann.evaluate("() => Array.from(document.querySelectorAll('#board svg .focus-ring rect'))"
                              ".map(r => getComputedStyle(r).stroke)")
    chosen = await ann.evaluate("() => getComputedStyle(document.querySelector('#tap-layer rect.chosen')).stroke")
    assert ring == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"] and chosen not in ring  # black and white, never the yellow
    bob = await open_as(chromium, link, BOB)  # Black, not to move: nothing is marked
    await bob.emulate_media(color_scheme=scheme)
    await bob.wait_for_function("() => document.body.dataset.turn === 'theirs' && document.body.dataset.side === 'black'")
    await tab_to(bob, "e => e && e.getAttribute('role') === 'gridcell'")
    square = await focused_square(bob)
    assert square is not None and square.endswith("8"), square  # Black's home rank, drawn at the bottom of their page
    assert ann.errors == [] and bob.errors == []


async def test_the_move_list_is_one_stop_that_the_arrows_walk_with_targets_a_finger_can_hit(chromium: Any,
                                                                                         bot: Bot) -> None:
    from tests.bot.test_web_browser import ANN as ANN_USER
    from tests.bot.test_web_browser import BOB as BOB_USER
    from tests.bot.test_web_browser import move_and_wait

    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    for user, move in ((ANN_USER, "c3-d4"), (BOB_USER, "b6-a5"), (ANN_USER, "e3-f4"), (BOB_USER, "d6-e5"),
                       (ANN_USER, "g3-h4")):
        await move_and_wait(bot.fake, user, move)
    page = await open_as(chromium, link, ANN, width=360)
    await page.wait_for_function("() => document.querySelectorAll('#move-list a[data-ply]').length === 5")
    stops = await page.evaluate("() => Array.from(document.querySelectorAll('#move-list a')).filter(a => a.tabIndex === 0)"
                                ".map(a => a.dataset.ply)")
    assert stops == ["5"]  # one stop: the move shown
    heights = await page.evaluate("() => Array.from(document.querySelectorAll('#move-list a'))"
                                  ".map(a => a.getBoundingClientRect().height)")
    assert min(heights) >= 24, heights  # WCAG 2.2's smallest target
    await tab_to(page, "e => e && e.getAttribute('role') === 'gridcell'")
    presses = 0
    while not await page.evaluate("() => document.activeElement.closest('#move-list') !== null"):
        await page.keyboard.press("Tab")
        presses += 1
        assert presses < 12, "the move list is too far from the board"
    assert await page.evaluate("() => document.activeElement.dataset.ply") == "5"  # the newest move
    await page.keyboard.press("Home")  # the first position (the start), one key
    await page.wait_for_function("() => document.activeElement.dataset.ply === '1' && !location.search.includes('ply=1')"
                                 " && location.search.includes('ply=0')")
    for _ in range(2):  # the first move, then the second
        await page.keyboard.press("ArrowDown")
    await page.wait_for_function("() => document.activeElement.dataset.ply === '2'")
    await page.keyboard.press("End")
    await page.wait_for_function("() => document.activeElement.dataset.ply === '5'")
    await page.keyboard.press("Tab")  # out of the list at once
    assert not await page.evaluate("() => Boolean(document.activeElement.closest('#move-list'))")
    for _ in range(presses + 1):  # and back to the board in as many presses
        await page.keyboard.press("Shift+Tab")
    assert await page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell"
    assert page.errors == []


def until_white_must_capture(one_stone: bool = False) -> list[str]:
    """Ashtarashki moves from the start, none a capture, after which White must capture (with ``one_stone``: and only
    one stone can), found by the rules over random games."""
    game = get_game("ashtarashki")
    for seed in range(7, 507):
        state, rng, played = game.new_state(), random.Random(seed), []
        for _ in range(40):
            legal = state.legal_moves()
            if state.to_play == "white" and legal and legal[0].kind == "capture":
                if not one_stone or len({m.start for m in legal}) == 1:
                    return played
                break
            quiet = [m for m in legal if m.kind == "step"]
            if not quiet:
                break
            move = rng.choice(quiet)
            played.append(game.format_move(state, move))
            state = state.play(move)
    raise AssertionError("no such position found")


async def said_on(page: Any, text: str) -> None:
    """Wait until ``page``'s live region has said ``text`` (what a screen reader reads out)."""
    await page.wait_for_function("t => document.getElementById('announce').textContent.includes(t)", arg=text)


async def test_offers_take_backs_and_a_compulsory_capture_are_said_on_both_pages_and_focus_follows(
        chromium: Any, bot: Bot) -> None:
    from tests.bot.test_web_browser import ANN as ANN_USER
    from tests.bot.test_web_browser import BOB as BOB_USER
    from tests.bot.test_web_browser import move_and_wait

    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki unrated")  # take-backs: unrated games
    quiet = until_white_must_capture()
    for number, move in enumerate(quiet):
        await move_and_wait(bot.fake, ANN_USER if number % 2 == 0 else BOB_USER, move)
    ann, bob = await open_as(chromium, link, ANN), await open_as(chromium, link, BOB)
    await said_on(ann, "capture")  # her turn begins with a compulsory capture: said, not only shown
    # Bob asks to take back his last move: Ann hears the offer; his focus goes on (to the board), not to the page's top
    await bob.wait_for_function("() => document.querySelectorAll('#actions button').length > 0")
    await bob.locator("#actions button", has_text="Ask to take back").focus()
    await bob.keyboard.press("Enter")
    await said_on(ann, "asks to take back")
    await bob.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    assert await bob.evaluate("() => document.activeElement.closest('#board-grid, #answers, #offer') !== null")
    # Ann refuses: Bob hears that the offer is gone
    await ann.locator("#offer button", has_text="Decline").focus()
    await ann.keyboard.press("Enter")
    await said_on(bob, "The offer is no longer open.")
    # asked again and agreed: both pages say a move was taken back, and whose turn it is now (Bob's)
    await bob.evaluate("() => { document.getElementById('announce').textContent = ''; }")
    await bob.locator("#actions button", has_text="Ask to take back").click()
    await said_on(ann, "asks to take back")
    await ann.locator("#offer button", has_text="Accept").click()
    for page in (ann, bob):
        await said_on(page, "A move was taken back.")
        said = await page.locator("#announce").inner_text()
        assert "bob to move" in said.lower() and "ann to move" not in said.lower(), said
    assert ann.errors == [] and bob.errors == []


@pytest.mark.parametrize(("width", "language"), SIZES)
async def test_the_settings_page_has_named_controls_and_says_what_was_wrong_beside_the_field(
        chromium: Any, bot: Bot, width: int, language: str) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    ann = await open_as(chromium, link, ANN, width=width)
    await ann.goto(f"{bot.url}/me/settings?lang={language}")
    assert await violations(ann) == []
    for control in ("#setting-zone", "#quiet-from", "#quiet-to", "#quiet-off", "#setting-notices", "#setting-board",
                    "#form-reminders input[value='daily']", "#form-reminders select[name='every']"):
        named = await ann.evaluate("s => { const e = document.querySelector(s); return e && (e.labels && e.labels.length"
                                   " ? e.labels[0].textContent : e.getAttribute('aria-label')) || ''; }", control)
        assert named.strip(), control  # every control has a name a screen reader says
    assert await ann.locator("#zones option[value='Europe/Budapest']").count() == 1  # the zone picker searches these
    assert await ann.locator("#back a[href='/app']").count() == 1  # the way back to the games
    if language != "en":
        return
    await ann.fill("#setting-zone", "Mars/Olympus")
    await ann.locator("#form-zone button").click()
    said = ann.locator("#said-zone")
    assert "'Mars/Olympus' is not a value for time zone" in await said.inner_text()
    assert await ann.get_attribute("#setting-zone", "aria-invalid") == "true"
    assert await ann.get_attribute("#setting-zone", "aria-describedby") == "said-zone"
    await ann.fill("#setting-zone", "Europe/Budapest")
    await ann.locator("#form-zone button").click()
    assert "Saved: time zone: Europe/Budapest" in await ann.locator("#said-zone").inner_text()
    await ann.uncheck("#quiet-off")
    await ann.fill("#quiet-from", "22:00")
    await ann.fill("#quiet-to", "07:30")
    await ann.locator("#form-quiet button").click()
    assert "22:00-07:30" in await ann.locator("#said-quiet").inner_text()
    assert await ann.input_value("#quiet-from") == "22:00"  # shown as it is now
    await ann.check("#form-reminders input[value='every']")
    await ann.select_option("#form-reminders select[name='every']", "6")
    await ann.locator("#form-reminders button").click()
    assert "every 6 h" in (await ann.locator("#said-reminders").inner_text()).replace("6h", "6 h")
    await ann.locator("#muting button").first.click()  # her game, muted by its button
    assert "Saved: muted: #" in await ann.locator("#said-mute").inner_text()
    assert await violations(ann) == [] and ann.errors == []
