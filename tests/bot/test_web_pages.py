"""The game pages over real HTTP on 127.0.0.1: what they show, their live updates, their addresses and their guards."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import AsyncIterator
from html import escape
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.ops_http import application
from bot.service import Reply, Service, ServiceConfig
from bot.web.server import HUB, REQUESTS_PER_MINUTE, add_pages
from render import board_svg
from render.__main__ import samples
from rules import get_game
from storage import SqliteStore, SqlStore, open_store
from tests.bot.conftest import Chat, Clock, stored
from tests.bot.test_service import start_game
from tests.fakes.loopback import serve as serve_app


class Site:
    """A service's pages served on 127.0.0.1, and a client to read them."""

    def __init__(self, service: Service, runner: web.AppRunner, url: str, session: aiohttp.ClientSession) -> None:
        self.service, self.runner, self.url, self.session = service, runner, url, session

    async def get(self, path: str, **headers: str) -> tuple[int, str, Any]:
        async with self.session.get(self.url + path, headers=headers) as response:
            return response.status, await response.text(), response.headers


async def serve(service: Service, store: SqlStore) -> tuple[web.AppRunner, str]:
    """The service's pages (with ``/healthz``) on 127.0.0.1 at a free port: the runner and the base URL."""
    app = application(store)
    add_pages(app, service)
    return await serve_app(app)


@pytest.fixture
async def site(store: SqliteStore, clock: Clock) -> AsyncIterator[Site]:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url="http://pages.test"),
                      clock=clock)
    runner, url = await serve(service, store)
    async with aiohttp.ClientSession() as session:
        yield Site(service, runner, url, session)
    await runner.cleanup()


def token_of(reply: Reply) -> str:
    assert reply.link is not None, reply
    return reply.link[1].rsplit("/", 1)[1]


async def a_game(site: Site) -> tuple[Chat, int, str]:
    """A Kamisado game between Ann and Bob with two moves played; its page's token."""
    chat = Chat(site.service)
    game_id = await start_game(chat, "kamisado", "single")
    await chat.say("Bob", f"#{game_id} f8-f2")  # Black moves first
    replies = await chat.say("Ann", f"#{game_id} e1-e6")
    boards = [r for r in replies if r.game_id == game_id]
    return chat, game_id, token_of(boards[-1])


def positions(texts: list[str]) -> list[tuple[Any, Any]]:
    """(the state after it, the move) for each Kamisado move of ``texts``, replayed by the rules."""
    game = get_game("kamisado")
    state, found = game.new_state(match="single"), []
    for text in texts:
        move = game.parse_move(state, text)
        state = state.play(move)
        found.append((state, move))
    return found


def canonical(texts: list[str]) -> list[str]:
    """Kamisado moves as the game stores them (its own notation)."""
    return stored("kamisado", texts, match="single")


async def test_a_games_page_shows_its_board_moves_players_and_whose_turn(site: Site) -> None:
    _, _, token = await a_game(site)
    assert len(base64.urlsafe_b64decode(token + "==")) == 16  # 128 random bits, not the game's number
    status, page, headers = await site.get(f"/g/{token}")
    assert status == 200
    first, second = canonical(["f8-f2", "e1-e6"])
    assert "<svg" in page and escape(first) in page and escape(second) in page and "Ann" in page and "Bob" in page
    assert "Bob to move" in page
    # The board shown is the position after both moves, drawn from the rules' own replay.
    (_, one), (state, two) = positions(["f8-f2", "e1-e6"])
    drawn = board_svg(state, last_move=[two], earlier_move=[one], colorblind=True)  # a page's marks: always
    assert re.sub(r' aria-label="[^"]*"', "", drawn) in re.sub(r' aria-label="[^"]*"', "", page)
    assert 'property="og:image" content="http://pages.test/g/' + token + '.png"' in page
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "same-origin"
    assert "<script>" not in page and 'src="/static/page.js"' in page  # no inline script runs


async def test_any_ply_can_be_shown_and_a_bad_one_is_a_plain_400(site: Site) -> None:
    _, _, token = await a_game(site)
    [(state, move)] = positions(["f8-f2"])
    status, text, _ = await site.get(f"/g/{token}/ply/1")
    assert status == 200
    assert json.loads(text)["svg"].split(">", 1)[1] == board_svg(state, last_move=[move], colorblind=True).split(">", 1)[1]
    status, page, _ = await site.get(f"/g/{token}?ply=0")
    start = get_game("kamisado").new_state(match="single")
    assert status == 200 and board_svg(start, colorblind=True).split(">", 1)[1] in page
    for bad in ("?ply=3", "?ply=-1", "?ply=x", "/ply/99"):
        status, page, headers = await site.get(f"/g/{token}{bad}")
        assert status == 400 and "no such move" in page and "Traceback" not in page
        assert headers["X-Content-Type-Options"] == "nosniff"


async def test_unknown_and_forged_tokens_are_a_plain_404(site: Site) -> None:
    _, game_id, token = await a_game(site)
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    for path in (f"/g/{forged}", f"/g/{game_id}", "/g/../etc/passwd", f"/g/{forged}.png", f"/g/{forged}/events",
                 f"/c/{token}", "/g/", "/nothing"):
        status, page, _ = await site.get(path)
        assert status == 404, path
        assert "Traceback" not in page


async def test_pages_are_in_the_viewers_language_and_names_are_escaped(site: Site) -> None:
    chat = Chat(site.service)
    await chat.say("<b>Eve</b>", "hello")
    reply = await chat.one("Ann", "play krepost @<b>Eve</b> white")
    assert reply.choices
    accepted = await chat.one("<b>Eve</b>", "accept")
    token = token_of(accepted)
    status, page, _ = await site.get(f"/g/{token}", **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert status == 200 and 'lang="ru"' in page and "Ходы" in page
    assert "<b>Eve</b>" not in page and "&lt;b&gt;Eve&lt;/b&gt;" in page
    status, page, _ = await site.get(f"/g/{token}?lang=fa")
    assert 'dir="rtl"' in page and "حرکت‌ها" in page


async def read_events(response: aiohttp.ClientResponse, count: int, timeout: float = 20.0) -> list[dict[str, str]]:
    """The next ``count`` events of a Server-Sent Events stream (comments and ``retry:`` passed over)."""
    events: list[dict[str, str]] = []
    current: dict[str, str] = {}

    async def read() -> None:
        nonlocal current
        while len(events) < count:
            line = (await response.content.readline()).decode().rstrip("\n")
            if not line:
                if "data" in current:
                    events.append(current)
                current = {}
                continue
            field, _, value = line.partition(": ")
            if field in ("id", "event", "data"):
                current[field] = value

    await asyncio.wait_for(read(), timeout)
    return events


@pytest.mark.slow(20)
async def test_an_open_page_is_told_of_every_move_and_a_reconnection_gets_what_it_missed(site: Site) -> None:
    chat, game_id, token = await a_game(site)
    async with site.session.get(f"{site.url}/g/{token}/events", headers={"Last-Event-ID": "2.3"}) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        await chat.say("Bob", f"#{game_id} " + _legal(site, game_id))
        [event] = await read_events(stream, 1)
    update = json.loads(event["data"])
    assert event["event"] == "position" and event["id"] == f"3.{update['version']}"
    assert update["ply"] == 3 and [m[2] for m in update["moves"]][:2] == canonical(["f8-f2", "e1-e6"])
    assert "<svg" in update["svg"] and "Ann to move" in " ".join(update["lines"])
    seen = event["id"]
    # Meanwhile, with no page open: a move, then a resignation (no new ply).
    await chat.say("Ann", f"#{game_id} " + _legal(site, game_id))
    [question] = await chat.say("Bob", f"#{game_id} resign")
    await chat.press("Bob", question.choices[0][0].payload)  # "Yes, resign"
    async with site.session.get(f"{site.url}/g/{token}/events", headers={"Last-Event-ID": seen}) as stream:
        [event] = await read_events(stream, 1)
    update = json.loads(event["data"])
    assert update["ply"] == 4 and update["status"] == "finished" and "resign" in " ".join(update["lines"]).lower()
    # A page that saw the latest is sent nothing more on connecting.
    async with site.session.get(f"{site.url}/g/{token}/events", headers={"Last-Event-ID": event["id"]}) as stream:
        with pytest.raises(asyncio.TimeoutError):
            await read_events(stream, 1, timeout=1.0)


def _legal(site: Site, game_id: int) -> str:
    """A legal move of the game, typed as the rules write it."""
    games = site.service.games
    row = games._rows[game_id]
    game = get_game(row.game)
    state = game.state_from_dict(row.state)
    return game.format_move(state, sorted(state.legal_moves(), key=str)[0])


async def test_taking_a_chats_pages_down_makes_them_404_and_on_again_gives_new_addresses(site: Site) -> None:
    chat, game_id, token = await a_game(site)
    reply = await chat.one("Ann", "settings chat pages off", is_admin=True)
    assert "taken down" in reply.text
    assert (await site.get(f"/g/{token}"))[0] == 404
    board = (await chat.say("Ann", f"board #{game_id}"))[0]
    assert board.link is None  # no link while the pages are down
    await chat.one("Ann", "settings chat pages on", is_admin=True)
    board = (await chat.say("Ann", f"board #{game_id}"))[0]
    fresh = token_of(board)
    assert fresh != token
    assert (await site.get(f"/g/{token}"))[0] == 404 and (await site.get(f"/g/{fresh}"))[0] == 200


async def test_export_gives_the_page_and_the_chats_page_lists_its_games(site: Site) -> None:
    chat, game_id, token = await a_game(site)
    exported = await chat.one("Ann", f"export #{game_id}")
    assert f"http://pages.test/g/{token}" in exported.text and exported.link == ("Game page", f"http://pages.test/g/{token}")
    status, page, _ = await site.get(f"/g/{token}")
    chat_token = re.search(r'href="/c/([A-Za-z0-9_-]+)"', page)
    assert chat_token is not None
    status, page, _ = await site.get(f"/c/{chat_token.group(1)}")
    assert status == 200 and f'href="/g/{token}"' in page and f"#{game_id}" in page
    assert "<h2>Going on</h2>" in page and "to move" in page


async def test_the_preview_is_the_current_board_as_png(site: Site) -> None:
    _, _, token = await a_game(site)
    async with site.session.get(f"{site.url}/g/{token}.png") as response:
        body = await response.read()
        assert response.status == 200 and response.content_type == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"


async def test_one_address_may_not_flood_the_pages(site: Site) -> None:
    _, _, token = await a_game(site)
    statuses = [(await site.get(f"/g/{token}/ply/0"))[0] for _ in range(REQUESTS_PER_MINUTE + 1)]
    assert statuses[:REQUESTS_PER_MINUTE] == [200] * REQUESTS_PER_MINUTE and statuses[-1] == 429
    status, page, headers = await site.get(f"/g/{token}")
    assert status == 429 and headers["Retry-After"] == "60" and "Too many requests" in page


def test_every_sample_board_is_a_well_formed_svg_with_its_text_alternative() -> None:
    for _name, state, last, options in samples():
        svg = board_svg(state, last_move=last, perspective=options.get("perspective", "white"),
                        colorblind=options.get("colorblind", False), label="the board")
        root = ElementTree.fromstring(svg)
        assert root.get("role") == "img" and root.get("aria-label") == "the board"
        assert len(root) > 40  # squares, pieces, coordinates


@pytest.mark.slow(21)
async def test_a_move_in_one_process_reaches_a_page_served_by_another(postgres_url: str, tmp_path: Path) -> None:
    first, second = await open_store(postgres_url), await open_store(postgres_url)
    config = ServiceConfig(render_boards=False, rate_limit=1000, shared_database=True, public_url="http://pages.test")
    one, other = Service(first, config=config), Service(second, config=config)
    runner, url = await serve(other, second)
    try:
        async with aiohttp.ClientSession() as session:
            chat = Chat(one)
            game_id = await start_game(chat, "ashtarashki")
            board = [r for r in await chat.say("Ann", f"#{game_id} c3-d4") if r.game_id == game_id][-1]
            token = token_of(board)
            async with session.get(f"{url}/g/{token}") as response:  # the other process serves the page
                assert response.status == 200 and "c3" in await response.text()
            async with session.get(f"{url}/g/{token}/events", headers={"Last-Event-ID": "1.2"}) as stream:
                await asyncio.sleep(0.3)  # the page is open before the move
                row = await first.game(game_id)
                game = get_game("ashtarashki")
                state = game.state_from_dict(row.state)
                move = game.format_move(state, sorted(state.legal_moves(), key=str)[0])
                await chat.say("Bob", f"#{game_id} {move}")
                events = await read_events(stream, 1)
            update = json.loads(events[-1]["data"])
            assert update["ply"] == 2 and update["moves"][-1][2] == move
    finally:
        await runner.cleanup()
        await first.close()
        await second.close()




async def test_a_reviewed_games_page_shows_the_verdicts_beside_the_moves_and_the_graph(site: Site) -> None:
    chat = Chat(site.service)
    game_id = await start_game(chat, "kamisado", "single")
    await chat.one("Bob", "e8-e2")  # thrown away at once: after it White wins by force (the review proves it)
    await chat.say("Ann", "b1-g6")
    board = [r for r in await chat.say("Ann", "g6-e8") if r.game_id == game_id][-1]
    token = token_of(board)
    status, page, _ = await site.get(f"/g/{token}")
    assert status == 200 and 'id="review"' not in page  # not reviewed yet
    await chat.one("Carol", f"review #{game_id}")
    for task in list(site.service.app.reviews.tasks):
        await task
    kept = await site.service.store.review_of(game_id)
    assert kept is not None
    verdicts = {ply: verdict for ply, _, _, verdict, *_ in kept["moves"]}
    status, page, _ = await site.get(f"/g/{token}")
    assert 'id="review"' in page and page.count('class="point ') == len(verdicts) == 3
    assert verdicts[1] == "blunder" and '<span class="verdict blunder" title="a blunder">??</span>' in page
    # each point says its move, White's chances after it, the verdict and the better move
    assert ("<title>Move 1, Black: yellow ↑6 green (e8–e2). White&#x27;s chances 100%. A blunder. Better: green ↑6 "
            "orange (g8–g2).") in page
    graph = page[page.index('<section id="review">'):]
    assert ">Move<" in graph and "?! inaccuracy" in graph and 'id="graph-said" aria-live="polite"' in graph
    assert "The decisive turn: move 1, yellow ↑6 green (e8–e2)." in graph  # the turn that threw the game away, marked and named
    focusable = re.findall(r'<circle class="point (\w+)"[^>]*tabindex="0"', graph)
    assert "blunder" in focusable and set(focusable) <= {"inaccuracy", "mistake", "blunder", "decisive"}
    data = json.loads(re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page).group(1))
    assert len(data["chances"]) == 4 and data["chances"] == pytest.approx(kept["white"])
    # the board to think on, after the game: where the line follows the game, the review's chances beside its moves
    status, text, _ = await site.get(f"/g/{token}/explore/turn?from=0&line=e8-e2,b1-b2")
    explored = json.loads(text)
    assert status == 200 and explored["chances"] == [pytest.approx(kept["white"][1]), None]
    status, text, _ = await site.get(f"/g/{token}/explore/turn?from=1")  # after the blunder: the solvers' verdict
    assert "Proven: White wins with best play." in json.loads(text)["lines"]


async def test_a_player_who_asked_for_colour_blind_marks_gets_them_on_the_page_too(site: Site) -> None:
    chat, _, token = await a_game(site)
    await chat.one("Ann", "settings colorblind on")
    (_, one), (state, two) = positions(["f8-f2", "e1-e6"])
    status, text, _ = await site.get(f"/g/{token}/ply/2")
    marked = board_svg(state, last_move=[two], earlier_move=[one], colorblind=True)
    assert status == 200 and json.loads(text)["svg"].split(">", 1)[1] == marked.split(">", 1)[1]
    assert marked != board_svg(state, last_move=[two], earlier_move=[one])


async def test_stopping_the_server_ends_every_open_pages_stream_at_once(site: Site) -> None:
    """A stopping server (SIGTERM) ends the open event streams instead of waiting for their next keep-alive: each
    page's queue gets its end, and the hub forgets it (the pages reconnect to whichever process serves them)."""
    app = site.runner.app
    hub = app[HUB]
    pages = [hub.open(7, "en"), hub.open(7, "ru"), hub.open(8, "en")]
    pages[0].put_nowait(b"an update not read yet")
    for handler in app.on_shutdown:
        await handler(app)
    assert [page.get_nowait() for page in pages] == [None, None, None] and all(page.empty() for page in pages)
    assert hub.watching(7) == hub.watching(8) == 0


async def test_the_move_list_says_what_a_move_brought_about_and_speaks_the_readers_language(site: Site) -> None:
    """A Kamisado pass follows the move that caused it (without it White would seem to move twice), and the colours
    are the reader's."""
    line = ["red ↑2 brown", "brown ↑1 purple", "purple ↖3 green", "green ↑1 brown", "brown ↑2 blue", "blue ↑4 red",
            "red ↗1 brown", "brown ↑1 blue", "blue ↑3 purple", "purple ↖3 green", "green ↑2 yellow", "yellow ↑2 purple",
            "purple ↑3 pink", "pink ↖1 blue", "blue ↗1 yellow", "yellow ↑3 red", "red ↖1 blue", "blue ↖2 blue",
            "blue ↖2 yellow", "yellow ↖1 pink", "pink ↑2 red"]  # the last one leaves White's red tower no move
    chat = Chat(site.service)
    await chat.say("Bob", "hello")
    await chat.say("Ann", "play kamisado @Bob white single")
    [board] = [r for r in await chat.say("Bob", "accept") if r.link]
    for number, move in enumerate(line):
        await chat.say("Bob" if number % 2 == 0 else "Ann", move)
    view = await site.service.web.game(token_of(board), "ru")
    assert view is not None and len(view.plies) == len(line)
    last = view.plies[-1]
    assert "пропускает" in last.note or "заблокирован" in last.note, last.note
    assert "красн" in view.plies[0].text and "red" not in view.plies[0].text, view.plies[0].text
    status, page, _ = await site.get(f"/g/{token_of(board)}?lang=ru")
    assert status == 200 and escape(last.note) in page
