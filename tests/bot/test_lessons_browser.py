"""The lessons' page in a real browser (the system's Chromium, headless) on a phone's width: a guest goes through each
game's lesson only by tapping, with a wrong tap at each step (told what it did, read out through ``aria-live``), a
reload in the middle (the lesson goes on where it was), the goal square marked, and the lesson's end. With
``LESSON_SHOTS`` set to a folder, each step is photographed there (at 360 px, in the language asked for)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.service import Service
from bot.service.lessons import LESSONS, judge
from bot.web.server import add_pages
from rules import get_game
from tests.bot.test_web_play_browser import press_square
from tests.fakes.loopback import serve

SHOTS = os.environ.get("LESSON_SHOTS")


async def _tap(page: Any, taps: list[str]) -> None:
    """Tap a move's squares (and words) in order; the taps the page made itself are skipped."""
    for tap in taps:
        await page.wait_for_function("() => document.body.dataset.busy !== '1'"
                                     " && document.querySelectorAll('#tap-layer rect').length > 0")
        square = page.locator(f'#tap-layer rect[data-square="{tap}"]')
        if await square.count():
            if "chosen" in (await square.get_attribute("class") or ""):
                continue
            await press_square(page, f"rect[data-square='{tap}']")
        else:
            await page.locator("#taps button.choice", has_text=tap).first.click()


async def _lines(page: Any) -> str:
    return str(await page.locator("#lesson-lines").inner_text())


@pytest.mark.parametrize(("game", "language"), [("kamisado", "en"), ("ashtarashki", "ru"), ("krepost", "fa"), ("kamisado", "hu")])
async def test_a_guest_learns_each_game_by_tapping_on_a_phone(chromium: Any, service: Service, game: str,
                                                                language: str, tmp_path: Path) -> None:
    app = web.Application()
    add_pages(app, service)
    runner, url = await serve(app)
    context = await chromium.new_context(viewport={"width": 360, "height": 780})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        await page.goto(f"{url}/learn/{game}?lang={language}")
        assert await page.locator("#lesson-lines[aria-live=polite]").count() == 1
        lesson, rules = LESSONS[game], get_game(game)
        for number, step in enumerate(lesson.steps):
            await page.wait_for_function(f"() => document.body.dataset.step === '{number}'")
            await page.wait_for_selector("#tap-layer rect")
            if step.mark:
                assert await page.locator("#board svg rect.goal").count() == 1
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                await page.screenshot(path=f"{SHOTS}/{game}-{language}-{number + 1}.png", full_page=True)
            wrong = [m for m in step.start.legal_moves() if m not in judge.accepted(step, ())]
            if wrong:
                before = await _lines(page)
                await _tap(page, list(rules.taps(step.start, wrong[0])))
                await page.wait_for_function("(before) => document.getElementById('lesson-lines').innerText !== before",
                                             arg=before)
                assert await page.evaluate("document.body.dataset.step") == str(number)  # still this step
            if number == 2:  # a reload in the middle: the page keeps the guest's progress
                await page.reload()
                await page.wait_for_function(f"() => document.body.dataset.step === '{number}'")
                await page.wait_for_selector("#tap-layer rect")
            line: tuple[str, ...] = ()
            while not judge.done(step, line):
                state, _ = judge.walk(step, line)
                move = judge.accepted(step, line)[0]
                await _tap(page, list(rules.taps(state, move)))
                line = judge.judge(step, line, move).line
                if not judge.done(step, line):  # the bot's answer shown, the learner's turn again
                    await page.wait_for_function(f"() => document.body.dataset.turnPly === '{len(line)}'"
                                                 " && document.body.dataset.busy !== '1'"
                                                 " && document.querySelectorAll('#tap-layer rect').length > 0")
        await page.wait_for_function("() => document.body.dataset.open === '0'")
        said = await _lines(page)
        finished = max(said.splitlines(), key=lambda line: line.count("★") + line.count("☆"))
        assert finished.count("★") + finished.count("☆") == 3 * len(lesson.steps)  # the whole lesson's stars
        assert "bot level=beginner" in said and f"puzzle {game} easy" in said  # what comes next
        if SHOTS:
            await page.screenshot(path=f"{SHOTS}/{game}-{language}-end.png", full_page=True)
        assert errors == []
    finally:
        await context.close()
        await runner.cleanup()
