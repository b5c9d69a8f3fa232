"""What a turn asks and what it brought about, on a game's page in a real browser (the system's Chromium) against the
real ``python -m bot`` process: a Kamisado pass is said on both pages; after *Play it*, *Stop and count* and *Accept*
the keyboard's focus goes to the question that appeared or to the board, never to the top of the page; the status
says what to tap in Krepost's placing and when the page chose the only stone that can move; and the review takes the
page's width, with nothing cut off on a phone, in three languages, light and dark."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import get_game
from tests.bot import test_web_play_browser
from tests.bot.test_accessibility_browser import (
    focused_square,
    grid_of,
    key_to,
    said_on,
    tab_to,
    until_white_must_capture,
    violations,
)
from tests.bot.test_web_browser import ANN as ANN_USER
from tests.bot.test_web_browser import BOB as BOB_USER
from tests.bot.test_web_browser import a_game_in_telegram, move_and_wait
from tests.bot.test_web_play_browser import ANN, BOB, REVIEW_MADE, Bot, open_as

bot = test_web_play_browser.bot  # the bot process with its pages and the Telegram fake (a fixture)

ON_THE_BOARD = "() => Boolean(document.activeElement && document.activeElement.closest('#board-grid'))"


async def press_squares(page: Any, squares: tuple[str, ...]) -> None:
    """Each square in turn by the keyboard (Tab into the board, the arrows, Enter); one the page chose is passed."""
    for square in squares:
        said = dict(cell for row in await grid_of(page) for cell in row)[square]
        if said.endswith("chosen"):
            continue
        await tab_to(page, "e => e && e.getAttribute('role') === 'gridcell'")
        await key_to(page, square)
        await page.keyboard.press("Enter")


async def test_a_pass_is_said_on_both_pages_and_after_play_it_the_focus_is_on_the_board(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado single unrated")  # a warning before a losing move
    await move_and_wait(bot.fake, BOB_USER, "g8-a2")  # Black begins: green to a2, a purple square
    ann, bob = await open_as(chromium, link, ANN, width=360), await open_as(chromium, link, BOB, width=360)
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
    await press_squares(ann, ("f1", "e2"))  # purple to e2, a green square: Black's green tower on a2 is blocked
    for page in (ann, bob):  # both hear why it is Ann's move again
        await said_on(page, "bob's green tower is blocked: bob passes.")
        assert "ann to move" in (await page.locator("#announce").inner_text()).lower()
    # e2–e3 loses at once (Black's red tower runs home): asked first, the focus on the question's answer
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine' && !document.body.dataset.busy")
    await press_squares(ann, ("e2", "e3"))
    play_it = ann.locator("#answers button", has_text="Play it")
    await play_it.wait_for()
    assert "Careful: after" in await ann.locator("#answers").inner_text()
    await ann.wait_for_function("() => document.activeElement && document.activeElement.textContent === 'Play it'")
    await ann.keyboard.press("Enter")  # played: the question is gone, the keyboard is back on the board
    await ann.wait_for_function("() => document.body.dataset.turn === 'theirs'")
    await ann.wait_for_function(ON_THE_BOARD)
    assert await focused_square(ann) is not None
    await said_on(bob, "Last move: ann")
    assert ann.errors == [] and bob.errors == []


async def test_stop_and_count_asks_the_opponent_out_loud_and_the_focus_follows_each_answer(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "krepost half")  # Black has half a stone more: a count is close
    await move_and_wait(bot.fake, ANN_USER, "@e4")
    ann, bob = await open_as(chromium, link, ANN), await open_as(chromium, link, BOB)
    await bob.wait_for_function("() => document.body.dataset.turn === 'mine'")
    count = bob.locator("#actions button", has_text="Stop and count")
    await count.focus()
    await bob.keyboard.press("Enter")
    await confirmed(bob)  # counting now would lose: he is asked first, the focus on the answer
    await said_on(ann, "bob proposes to stop and count.")  # the offer is read out on the other page
    await bob.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    assert await bob.evaluate("() => document.activeElement.closest('#board-grid, #answers, #offer') !== null")
    accept = ann.locator("#offer button", has_text="Accept")
    await accept.focus()
    await ann.keyboard.press("Enter")
    await confirmed(ann)
    for page in (ann, bob):  # the count ends the game: both hear how
        await page.wait_for_function("() => document.body.dataset.turn === 'none'")
        await said_on(page, "counted by agreement")
    await ann.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
    assert await ann.evaluate("() => document.activeElement.closest('#board-grid, #answers, #actions') !== null")
    assert ann.errors == [] and bob.errors == []


async def confirmed(page: Any) -> None:
    """Where the page asked first (a count that would lose), the focus is on the question's first answer: Enter."""
    await page.wait_for_function("() => Boolean(document.querySelector('#answers button, #offer p'))"
                                 " || document.body.dataset.turn === 'none'")
    if await page.locator("#answers button").count():
        await page.wait_for_function("() => document.activeElement === document.querySelector('#answers button')")
        await page.keyboard.press("Enter")


async def test_the_status_says_what_to_tap_in_the_placing_and_when_the_page_chose_the_stone(chromium: Any,
                                                                                           bot: Bot) -> None:
    krepost = await a_game_in_telegram(bot.fake, bot.url, "krepost")
    ann = await open_as(chromium, krepost, ANN)
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
    status = await ann.locator("#play-status").inner_text()
    assert "Tap an empty square of your half to place a stone from your hand" in status, status
    await ann.locator("#actions button", has_text="Resign").click()
    await ann.locator("#answers button", has_text="Resign").click()
    await ann.wait_for_function("() => document.body.dataset.turn === 'none'")
    ashtarashki = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    for number, move in enumerate(until_white_must_capture(one_stone=True)):
        await move_and_wait(bot.fake, ANN_USER if number % 2 == 0 else BOB_USER, move)
    ann = await open_as(chromium, ashtarashki, ANN)
    await ann.wait_for_function("() => document.body.dataset.turn === 'mine'")
    assert await ann.locator("#tap-layer rect.chosen").count() == 1  # the only stone that can take, chosen for her
    status = await ann.locator("#play-status").inner_text()
    assert "The only piece that can move is chosen: tap where it goes." in status, status
    assert "tap a stone that can take" not in status.lower()
    await said_on(ann, "capture")  # what the turn asks is read out once
    assert ann.errors == []


@pytest.mark.slow(25)
@pytest.mark.timeout(900)
async def test_the_review_spans_the_page_is_offered_once_and_nothing_is_cut_off_on_a_phone(chromium: Any,
                                                                                         bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "kamisado standard")
    game, state, rng = get_game("kamisado"), get_game("kamisado").new_state(match="standard"), random.Random(3)
    users = {"white": ANN_USER, "black": BOB_USER}
    while state.score["black"] + state.score["white"] == 0:  # the first round, to its end and its result
        move = rng.choice(list(state.legal_moves()))
        await move_and_wait(bot.fake, users[state.to_play or ""], move_squares(game.format_move(state, move)))
        state = state.play(move)
    ann = await open_as(chromium, link, ANN, width=1280)
    await ann.locator("#actions button", has_text="Resign").click()
    await ann.locator("#answers button", has_text="Resign").click()
    await ann.locator("#actions button", has_text="Review the game").click()
    await ann.locator("#review svg").wait_for(timeout=REVIEW_MADE)
    assert await ann.locator("#answers").inner_text() == ""  # "Reviewing…, about 9 s" is over once it is here
    assert await ann.locator("#actions button", has_text="Review the game").count() == 0  # made: not offered again
    graph = await ann.locator("#review svg").bounding_box()
    page = await ann.locator("main").bounding_box()
    assert graph["width"] >= 0.75 * page["width"], (graph, page)  # the page's width, under the board and the moves
    for width, language, scheme in ((320, "fa", "dark"), (360, "ru", "light"), (360, "en", "dark"), (1280, "en", "light")):
        look = await open_as(chromium, f"{link}?lang={language}", ANN, width=width)
        await look.emulate_media(color_scheme=scheme)
        await look.locator("#review svg").wait_for()
        assert await look.locator("#actions button").count() == 1  # Rematch only
        assert await look.evaluate(CUT_OFF) == [], (width, language)
        assert await violations(look) == [], (width, language, scheme)
        assert look.errors == []


def move_squares(said: str) -> str:
    """A Kamisado move as its squares (``red ↑6 pink (f8–f2)`` → ``f8-f2``), as a player types it."""
    return said.split("(")[1].rstrip(")").replace("–", "-")


# every element with words of its own whose box leaves the window's sides, or whose text its box clips
CUT_OFF = """() => Array.from(document.querySelectorAll('main *, header *')).filter(e => {
  if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) return false;
  if (e.closest('#diagram, #board-grid, details:not([open]), svg, script')) return false;
  const box = e.getBoundingClientRect();
  if (!box.width) return false;
  const clips = getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1;
  return box.left < -0.5 || box.right > window.innerWidth + 0.5 || clips;
}).map(e => e.tagName + '#' + e.id + '.' + e.className + ': ' + e.textContent.slice(0, 40))"""
