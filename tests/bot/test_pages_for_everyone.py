"""The pages and chats for every player, without a browser: a move typed on the page, the board in words on every
page and its text alternative in the chats, a chat's home with the viewer's games, the review's graph, the shared card,
and a typed move read once on its way."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from PIL import Image

from bot.presenters import position_words
from bot.service.events import Event
from bot.service.texts import Words
from rules import get_game
from tests.bot import test_web_play
from tests.bot.test_prepared import notation
from tests.bot.test_web_play import ANN, BOB, GROUP, Browser, Site, a_game, signed

site = test_web_play.site  # the pages' server with its chats (a fixture)


async def get(browser: Browser, path: str) -> tuple[int, str]:
    """``path`` as this browser opens it (its session cookie, if it signed in): the status and the body."""
    async with browser.http.get(f"{browser.url}{path}") as response:
        return response.status, await response.text()


async def test_a_move_typed_on_the_page_is_answered_as_in_the_chat(site: Site) -> None:
    game_id, token = await a_game(site, "ashtarashki")
    ann = site.browser()
    await ann.sign_in(signed(ANN))
    await ann.turn(token)
    status, answer = await ann.act(token, {"text": "c3-z9"})  # no such square: the chat's own refusal, on the page
    assert status == 200 and not answer["ok"] and answer["shown"][0]["refusal"], answer
    assert (await site.service.store.game(game_id)).moves == []
    status, answer = await ann.act(token, {"text": "  a3-b4 "})
    assert status == 200 and answer["ok"], answer
    assert len((await site.service.store.game(game_id)).moves) == 1
    [board] = await site.courier.handed(1)
    assert board.game_id == game_id and board.chat_id == GROUP
    status, answer = await ann.act(token, {"text": "c3-d4"})  # not her turn: told so, nothing moves
    assert status == 200 and not answer["ok"] and len((await site.service.store.game(game_id)).moves) == 1
    for junk in ({"text": ""}, {"text": "x" * 201}, {"text": 7}, {"text": ["a3-b4"]}):
        status, answer = await ann.act(token, junk)
        assert status == 400 and answer["error"], junk


async def test_every_square_is_said_in_words_and_the_words_agree_with_the_rules(site: Site) -> None:
    _, token = await a_game(site, "kamisado")
    _, text = await get(site.browser(), f"/g/{token}/ply/0")
    rows = json.loads(text)["cells"]
    assert [len(row) for row in rows] == [8] * 8 and rows[0][0][:2] == ["a8", "black orange tower; orange square"]
    state = get_game("kamisado").new_state()
    occupied = {cell[0] for row in rows for cell in row if cell[3]}
    assert occupied == {f"{f}{r}" for f in "abcdefgh" for r in (1, 8)}  # the towers stand on the home rows
    assert all(state.board[(int(c[0][1]) - 1) * 8 + "abcdefgh".index(c[0][0])] >= 0 for row in rows for c in row if c[3])
    _, token = await a_game(site, "krepost")
    _, text = await get(site.browser(), f"/g/{token}/ply/0?lang=ru")
    said = {cell[0]: cell[1] for row in json.loads(text)["cells"] for cell in row}
    assert said["a12"] == "пусто; крепость чёрных" and said["l1"] == "пусто; крепость белых" and said["f6"] == "пусто"


async def test_a_discord_board_carries_the_position_in_words_and_settings_board_text_sends_the_board_in_words(
        site: Site) -> None:
    game_id, _ = await a_game(site, "ashtarashki")
    replies = await site.say(ANN, "a3-b4")
    [board] = [r for r in replies if r.game_id == game_id]
    state = get_game("ashtarashki").new_state().play(get_game("ashtarashki").parse_move(
        get_game("ashtarashki").new_state(), "a3-b4"))
    assert board.alt == position_words(state, Words("en")) and board.alt.count("white stone") == 12
    assert "b4: white stone 2" in board.alt and "a3:" not in board.alt and not re.search(r"^ *8 ", board.text, re.M)
    [saved] = await site.say(BOB, "settings board text")
    assert "instead of the picture" in saved.text
    [board] = [r for r in await site.say(BOB, "b6-a5") if r.game_id == game_id]
    assert re.search(r"^ *8 ", board.text, re.M), board.text  # the board in words, as the terminal shows it
    [saved] = await site.say(ANN, "settings board text")
    [board] = [r for r in await site.say(ANN, "b4-c5") if r.game_id == game_id]
    assert re.search(r"^ *8 ", board.text, re.M)
    [saved] = await site.say(ANN, "settings board picture")
    [saved] = await site.say(ANN, "settings board sideways")
    assert "sideways" in saved.text  # a value it cannot take is said back


async def test_a_chats_home_lists_its_games_whose_turn_and_the_viewers_next_game(site: Site) -> None:
    first, token = await a_game(site, "ashtarashki")
    await site.say(ANN, "#1 a3-b4")
    await site.say(ANN, "play krepost @Bob black")
    second = next(r for r in await site.say(BOB, "accept") if r.game_id is not None).game_id
    chat = re.search(r'href="(/c/[A-Za-z0-9_-]+)"', (await get(site.browser(), f"/g/{token}"))[1])
    assert chat is not None
    status, guest = await get(site.browser(), chat.group(1))
    assert status == 200 and "Going on" in guest and "Next game" not in guest
    assert "Ann" in guest and "(1500)" in guest and "Bob to move" in guest
    bob = site.browser()
    await bob.sign_in(signed(BOB))
    status, mine = await get(bob, chat.group(1))
    # Bob's move in both games: each marked in words, and the next one is a button to it
    assert "Games here waiting for your move: 2." in mine and mine.count("Your move") == 2
    assert re.search(r'id="next-game" href="/g/[A-Za-z0-9_-]+"', mine)
    [question] = await site.say(BOB, f"#{first} resign")
    await site.service.handle(Event("telegram", GROUP, BOB[0], BOB[1], payload=question.choices[0][0].payload))
    status, after = await get(bob, chat.group(1))
    assert "Finished" in after and "Games here waiting for your move: 1." in after and second


async def test_the_shared_card_is_1200_by_630_with_the_players(site: Site) -> None:
    _, token = await a_game(site, "kamisado")
    async with site.browser().http.get(f"{site.url}/g/{token}.png") as got:
        body = await got.read()
    picture = Image.open(io.BytesIO(body))
    assert picture.size == (1200, 630)
    # the left holds the board, the right the words: both are drawn (neither half is blank paper)
    left, right = picture.crop((0, 0, 600, 630)), picture.crop((640, 0, 1200, 630))
    assert len(left.getcolors(1_000_000) or []) > 20 and len(right.getcolors(1_000_000) or []) > 5
    # the card speaks the chat's language (an administrator's 'settings chat lang ru'): other words, the same board
    await site.service.handle(Event("telegram", GROUP, ANN[0], ANN[1], text="settings chat lang ru", is_admin=True))
    async with site.browser().http.get(f"{site.url}/g/{token}.png") as got:
        russian = Image.open(io.BytesIO(await got.read()))
    assert russian.crop((0, 0, 600, 630)).tobytes() == left.tobytes()
    assert russian.crop((640, 0, 1200, 630)).tobytes() != right.tobytes()


async def test_a_typed_move_is_read_once_per_position(site: Site, monkeypatch: Any) -> None:
    await a_game(site, "ashtarashki")
    await site.say(ANN, "play ashtarashki @Bob white")
    await site.say(BOB, "accept")
    read: list[str] = []
    game = type(get_game("ashtarashki"))
    original = game.parse_move

    def counted(self: Any, state: Any, text: str) -> Any:
        read.append(text)
        return original(self, state, text)

    monkeypatch.setattr(game, "parse_move", counted)
    replies = await site.service.handle(Event("telegram", GROUP, ANN[0], ANN[1], text="a3-b4"))
    assert len(replies) == 1 and sum(len(row) for row in replies[0].choices) == 2  # two games: she is asked which
    assert "nothing was played" in replies[0].text
    assert read.count("a3-b4") == 2, read  # once in each game's position


async def test_the_board_to_think_on_touches_nothing_and_keeps_a_line_as_prepared_answers(site: Site) -> None:
    game_id, token = await a_game(site, "ashtarashki")
    await site.say(ANN, "a3-b4")
    ann, watcher = site.browser(), site.browser()
    await ann.sign_in(signed(ANN))
    status, _ = await get(watcher, f"/g/{token}/explore/turn")
    assert status == 403  # while the game goes on, only its players think on it
    status, text = await get(ann, f"/g/{token}/explore/turn?line=b6-a5,c3-d4")
    data = json.loads(text)
    assert status == 200 and data["line"] == notation(["a3-b4", "b6-a5", "c3-d4"])[1:] and data["latest"]
    assert data["first_to_play"] == "black" and data["side"] == "white" and data["chances"] == []
    state = get_game("ashtarashki").new_state()
    for move in ("a3-b4", "b6-a5", "c3-d4"):
        state = state.play(get_game("ashtarashki").parse_move(state, move))
    assert [m[3] for m in data["moves"]] == [get_game("ashtarashki").format_move(state, m) for m in state.legal_moves()]
    status, text = await get(ann, f"/g/{token}/explore/turn?line=b6-a5,z9-z8")
    assert status == 400 and "Move 2 of the line, z9-z8" in json.loads(text)["error"]
    assert len((await site.service.store.game(game_id)).moves) == 1  # nothing touched the game
    await ann.turn(token)
    status, answer = await ann.act(token, {"prepare": ["b6-a5", "c3-d4"]})
    assert status == 200 and "only you see them" in answer["shown"][0]["text"], answer
    await site.say(BOB, "b6-a5")
    assert (await site.service.store.game(game_id)).moves == notation(["a3-b4", "b6-a5", "c3-d4"])
    for junk in ({"prepare": "b6-a5"}, {"prepare": ["b6-a5"]}, {"prepare": [1, 2]}):
        status, _ = await ann.act(token, junk)
        assert status == 400, junk
