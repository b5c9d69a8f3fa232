"""The first lessons: every step's position legal and its claims proven by the puzzle prover (a second way of
knowing than the lessons' own judging), and a learner going through each lesson in a private chat, from a group,
after a restart, and on the page as a guest."""

from __future__ import annotations

import json

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from ai.puzzles.proof import Prover
from bot.metrics import METRICS
from bot.service import Reply, Service, ServiceConfig
from bot.service.lessons import LESSONS, judge
from bot.service.lessons.steps import Step
from bot.web.server import add_pages
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock

GAMES = tuple(LESSONS)


def steps() -> list[tuple[str, Step]]:
    return [(game, step) for game, lesson in LESSONS.items() for step in lesson.steps]


def _stones(state: object, side: str) -> int:
    stones: list[dict[str, object]] = state.to_dict()["stones"]  # type: ignore[attr-defined]
    return sum(1 for item in stones if item["player"] == side)


@pytest.mark.parametrize(("game", "step"), steps(), ids=lambda v: v.key if isinstance(v, Step) else v)
def test_each_step_is_legal_and_accepts_exactly_the_moves_that_do_what_it_teaches(game: str, step: Step) -> None:
    start = get_game(game).state_from_dict(dict(step.position))  # the rules take it
    assert start.to_play == step.side and not start.is_over
    accepted = set(judge.accepted(step, ()))
    assert accepted, f"{game} {step.key}: no move meets the goal"
    legal = list(start.legal_moves())
    assert len(accepted) < len(legal), f"{game} {step.key}: every move is right, nothing to learn"
    goal = step.goal
    for move in legal:
        after = start.play(move)
        if goal.kind == "win":  # proven by the puzzle prover, which knows nothing of the lessons
            right = move in Prover(step.side, clean=goal.clean).winning_moves(start, goal.turns)
        elif goal.kind == "safe" and game == "kamisado":  # the bot cannot win the round in one move, nor by deadlock
            lost = after.outcome() is not None and after.outcome().winner != step.side  # type: ignore[union-attr]
            right = not lost and not Prover(step.opponent).wins(after, 1)
        elif goal.kind == "safe":  # no answer of the bot takes a stone
            right = after.to_play == step.opponent and all(
                _stones(after.play(reply), step.side) == _stones(after, step.side) for reply in after.legal_moves())
        elif goal.kind == "block":  # the bot's tower had no move: the rules passed for it
            right = after.to_play == step.side and after.outcome() is None
        elif goal.kind == "most":
            taken = _stones(start, step.opponent) - _stones(after, step.opponent)
            right = taken == max(_stones(start, step.opponent) - _stones(start.play(m), step.opponent) for m in legal)
        elif goal.kind == "prisoner":
            right = after.prisoners[1] > start.prisoners[1] if step.side == "black" else (  # type: ignore[attr-defined]
                after.prisoners[0] > start.prisoners[0])  # type: ignore[attr-defined]
        elif goal.kind == "push":
            right = "push" in get_game(game).format_move(start, move)
        else:  # a kind of move, or a square reached: read off the move's own text
            text = get_game(game).format_move(start, move)
            right = text.split(" ")[0].endswith(goal.square) if goal.kind == "reach" else True
            right = right and {"place": text.startswith("@"), "jump": text.count("-") >= 2,
                               "step": "V" not in text and "W" not in text and ":" not in text}.get(goal.name, True)
        assert (move in accepted) == right, f"{game} {step.key}: {get_game(game).format_move(start, move)}"


@pytest.mark.parametrize(("game", "step"), steps(), ids=lambda v: v.key if isinstance(v, Step) else v)
def test_each_wrong_move_is_told_what_it_did(game: str, step: Step) -> None:
    from bot.i18n import CATALOGUES

    start = step.start
    for move in start.legal_moves():
        if move not in judge.accepted(step, ()):
            said = judge.why_not(step, start, move)
            assert said and all(key in CATALOGUES["en"] for key, _ in said)


def test_the_two_move_win_holds_against_every_answer() -> None:
    step = next(s for s in LESSONS["kamisado"].steps if s.key == "two")
    first = judge.accepted(step, ())[0]
    after = step.start.play(first)
    for answer in after.legal_moves():  # whatever the bot answers, a winning move remains, proven
        assert Prover("white").winning_moves(after.play(answer), 1)


async def _learn(chat: Chat, game: str) -> tuple[list[str], list[Reply]]:
    """A learner who makes the typical first mistakes: a wrong move at each step (when there is one), a second one
    (the hint comes), then the right moves. Every text they were told, in order."""
    told: list[str] = []
    replies = await chat.say("ann", f"learn {game}")
    told += [r.text for r in replies]
    lesson = LESSONS[game]
    for index, step in enumerate(lesson.steps):
        assert f"{index + 1}" in replies[-1].text
        line: tuple[str, ...] = ()
        wrong = [m for m in step.start.legal_moves() if m not in judge.accepted(step, ())]
        for attempt in range(2 if wrong else 0):
            text = get_game(game).format_move(step.start, wrong[0])
            replies = await chat.say("ann", text)
            assert replies and replies[0].refusal, replies
            told += [r.text for r in replies]
            if attempt == 1:
                assert "Hint" in replies[0].text
        while not judge.done(step, line):
            state, _ = judge.walk(step, line)
            move = judge.accepted(step, line)[0]
            replies = await chat.say("ann", get_game(game).format_move(state, move))
            told += [r.text for r in replies]
            line = judge.judge(step, line, move).line
    assert "lesson done" in told[-1], told[-1]
    return told, replies


@pytest.mark.parametrize("game", GAMES)
async def test_a_learner_goes_through_a_lesson_in_a_private_chat(service: Service, game: str) -> None:
    began, ended = METRICS.lesson_count(game, 0), METRICS.lesson_count(game, len(LESSONS[game].steps))
    chat = Chat(service, "p-ann", private=True)
    told, last = await _learn(chat, game)
    assert any("★" in line for line in told)
    labels = [c.label for row in last[0].choices for c in row]  # after the lesson: play the bot, a puzzle, or again
    assert labels == ["Play the beginner bot", "A first puzzle", "Lesson again"]
    listing = await chat.one("ann", "learn")
    assert f"{get_game(game).name}: done ★" in listing.text
    lesson_end = len(LESSONS[game].steps)
    assert METRICS.lesson_count(game, 0) == began + 1 and METRICS.lesson_count(game, lesson_end) == ended + 1
    puzzle = await chat.press("ann", last[0].choices[0][1].payload)  # the first puzzle, here in the private chat
    assert puzzle and "to play and" in puzzle[0].text


async def test_the_answer_comes_after_four_wrong_tries(service: Service) -> None:
    chat = Chat(service, "p-ann", private=True)
    await chat.say("ann", "learn kamisado")
    replies = []
    for _ in range(4):
        replies = await chat.say("ann", "c5-c6")
    assert "The answer: red ↑3 purple (c5–c8)" in replies[0].text or "The answer:" in replies[0].text
    done = await chat.say("ann", "c5-c8")
    assert "★☆☆ Done." in done[0].text  # the answer was shown: one star


async def test_a_lesson_resumes_where_it_was_after_a_restart(store: SqliteStore, clock: Clock) -> None:
    first = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    chat = Chat(first, "p-ann", private=True)
    await chat.say("ann", "learn ashtarashki")
    await chat.say("ann", "c3-d4")
    again = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    shown = await Chat(again, "p-ann", private=True).one("ann", "learn ashtarashki")
    assert "· 2/7" in shown.text
    replies = await Chat(again, "p-ann", private=True).say("ann", "d4-c3")
    assert "· 3/7" in replies[0].text


async def test_asked_in_a_group_the_lesson_goes_privately_and_the_group_hears_one_line(service: Service) -> None:
    group = Chat(service, "g1")
    replies = await group.say("ann", "learn krepost")
    assert len(replies) == 1
    reply = replies[0]
    assert reply.private_to == "ann" and reply.secret and reply.choices
    assert reply.told == "ann: the lesson is in our private chat." and "learn krepost" in (reply.untold or "")
    assert await group.say("ann", "e3-e4") == []  # a move typed in the group is chatter there, not the lesson's


async def test_the_first_play_of_a_game_offers_its_lesson_once(service: Service) -> None:
    group = Chat(service, "g1")
    first = await group.one("ann", "play kamisado")
    assert "New to Kamisado? A three-minute lesson first: 'learn kamisado'." in first.text
    await group.say("ann", "cancel")
    second = await group.one("ann", "play kamisado")
    assert "New to Kamisado" not in second.text


async def test_a_button_pressed_twice_counts_once(service: Service) -> None:
    chat = Chat(service, "p-ann", private=True)
    shown = await chat.one("ann", "learn kamisado")
    right = next(c.payload for row in shown.choices for c in row if c.label == "c8")
    first, second = await chat.press("ann", right), await chat.press("ann", right)
    assert "Done" in first[0].text
    assert "earlier position" in second[0].text


async def test_the_page_plays_a_lesson_for_a_guest_and_refuses_a_forged_progress(service: Service) -> None:
    app = web.Application()
    add_pages(app, service)
    async with TestClient(TestServer(app)) as client:
        page = await client.get("/learn/krepost?lang=ru")
        assert page.status == 200 and 'aria-live="polite"' in await page.text()
        turn = await (await client.get("/learn/krepost/turn")).json()
        assert turn["step"] == 0 and turn["moves"] and turn["mark"] == ""
        index = next(i for i, taps, _ in turn["moves"] if taps == ["e3", "e4"])  # a step: wrong, it is no placement
        wrong = await (await client.post("/learn/krepost/play", json={
            "step": 0, "ply": 0, "index": index, "progress": json.dumps(turn["progress"])})).json()
        assert wrong["said"][0] == "That moves a stone; place one from your hand."
        index = next(i for i, taps, _ in turn["moves"] if taps == ["a1"])
        right = await (await client.post("/learn/krepost/play", json={
            "step": 0, "ply": 0, "index": index, "progress": json.dumps(wrong["progress"])})).json()
        assert right["step"] == 1 and right["mark"] == "g4" and "Done" in " ".join(right["said"])
        forged = {**right["progress"], "step": 5, "stars": [3, 3, 3, 3, 3]}  # the steps in between never played
        assert (await client.get("/learn/krepost/turn", params={"progress": json.dumps(forged)})).status == 200
        bad = {**right["progress"], "line": ["k12-k11"]}  # no such move there
        assert (await client.get("/learn/krepost/turn", params={"progress": json.dumps(bad)})).status == 400
        assert (await client.get("/learn/chess")).status == 404
        assert (await client.post("/learn/krepost/play", data="{", headers={"Content-Type": "application/json"})).status == 400


async def test_linked_accounts_share_one_lesson(service: Service, store: SqliteStore) -> None:
    telegram, discord = Chat(service, "p-ann", platform="telegram", private=True), Chat(
        service, "dm-ann", platform="discord", private=True)
    await telegram.say("ann", "learn krepost")
    await telegram.say("ann", "@a1")  # step 1 done on Telegram
    on_telegram = await store.user("telegram", "ann", "ann")
    on_discord = await store.user("discord", "ann", "ann")
    code = await store.new_link_code(on_telegram.id, 600)
    assert not isinstance(await store.link_account(code, on_discord.id), str)
    shown = await discord.one("ann", "learn krepost")  # the same player: step 2 on Discord
    assert "Krepost lesson · 2/6" in shown.text


async def test_a_signed_in_player_plays_on_the_page_the_lesson_their_chat_shares(service: Service) -> None:
    from bot.web.play import csrf_of

    chat = Chat(service, "p-ann", platform="telegram", private=True)
    await chat.say("ann", "learn ashtarashki")
    await chat.say("ann", "c3-d4")  # step 1 done in the chat
    session = await service.web.sign_in("telegram", "ann", "ann")
    app = web.Application()
    add_pages(app, service)
    async with TestClient(TestServer(app)) as client:
        headers = {"X-Session": session}
        page = await client.get("/learn/ashtarashki", headers=headers)
        assert "· 2/7" in await page.text() and "guest-note" not in await page.text()
        turn = await (await client.get("/learn/ashtarashki/turn", headers=headers)).json()
        assert turn["step"] == 1 and turn["csrf"] == csrf_of(session) and turn["name"] == "ann"
        index = next(i for i, taps, _ in turn["moves"] if taps == ["d4", "c3"])  # a retreat: right here
        forged = await client.post("/learn/ashtarashki/play", json={"step": 1, "ply": 0, "index": index},
                                   headers={**headers, "X-CSRF": "wrong"})
        assert forged.status == 403
        done = await (await client.post("/learn/ashtarashki/play", json={"step": 1, "ply": 0, "index": index},
                                        headers={**headers, "X-CSRF": turn["csrf"]})).json()
        assert done["step"] == 2
    shown = await chat.one("ann", "learn ashtarashki")  # the chat goes on where the page left it
    assert "· 3/7" in shown.text


def _colour(square: str) -> str:
    from rules.kamisado.board import COLOURS, SQUARE_COLOUR, SQUARE_INDEX

    return COLOURS[SQUARE_COLOUR[SQUARE_INDEX[square]]]


def test_what_the_kamisado_lesson_says_is_what_the_rules_do() -> None:
    """Each claim the Kamisado lesson's texts make, checked on the rules core's positions (not by the lesson's judge)."""
    from bot.i18n import CATALOGUES

    said, game = CATALOGUES["en"], get_game("kamisado")
    steps_of = {s.key: s for s in LESSONS["kamisado"].steps}
    # colour: "g2 is orange too, but your tower on g2 stands in the orange tower's way"
    start = steps_of["colour"].start
    g2 = game.parse_move(start, "h1-g2")
    assert _colour("g2") == "orange" and "g2 is orange too" in said["learn.kamisado.colour.done"]
    assert not [m for m in start.play(g2).legal_moves() if m.end.endswith("1")]  # orange cannot reach row 1 now
    for other in start.legal_moves():  # every other orange landing lets it run down the g file, through g2
        if other != g2 and _colour(other.end) == "orange":
            runs = [m for m in start.play(other).legal_moves() if m.end.endswith("1")]
            assert runs and all(m.start == "g5" and m.end == "g1" for m in runs)
    # block: "Black's purple tower on e7 has one free square ahead, e6, and e6 is purple"
    start = steps_of["block"].start
    assert start.tower_at("e7")[:2] == ("black", "purple") and _colour("e6") == "purple"
    assert [s for s in ("d6", "e6", "f6") if start.tower_at(s) is None] == ["e6"]
    after = start.play(game.parse_move(start, "g4-e6"))
    # "Black passes ... the colour of the blocked tower's square, blue e7, so you move your blue tower"
    assert after.to_play == "white" and after.forced == "blue" and _colour("e7") == "blue"
    # sumo: "the next tower is named by the pushed tower's square, not your sumo's (orange): d6 is red"
    start = steps_of["sumo"].start
    push = game.parse_move(start, "push")
    assert "orange push" in game.format_move(start, push) and _colour("d6") == "red"
    after = start.play(push)
    assert after.tower_at("d6")[:2] == ("black", "green") and after.to_play == "white" and after.forced == "red"
    # two: a second move that misses is told it does not win (one move is left), not "in two moves"
    step = steps_of["two"]
    first = judge.accepted(step, ())[0]
    line = judge.judge(step, (), first).line
    state, _ = judge.walk(step, line)
    wrong = next(m for m in state.legal_moves() if m not in judge.accepted(step, line))
    told = judge.judge(step, line, wrong).said
    assert told[0] == ("learn.why.no_win", {"turns": 1})
    from bot.service.lessons.tutor import say
    from bot.service.texts import Words

    assert say(Words("en"), told[0]) == "That does not win."


def test_the_krepost_lesson_says_what_its_board_shows() -> None:
    step = LESSONS["krepost"].steps[0]
    from bot.i18n import CATALOGUES

    done = CATALOGUES["en"]["learn.krepost.place.done"]
    assert "48" not in done  # the lesson's board has 40 in hand: no count that the picture contradicts
    move = judge.accepted(step, ())[0]
    assert step.start.play(move).hand("white") == step.start.hand("white") - 1  # "one a turn"


@pytest.mark.parametrize("language", ["ru", "fa", "hu"])
def test_no_english_word_is_left_in_a_lessons_translation(language: str) -> None:
    from bot.i18n import CATALOGUES

    for key, text in CATALOGUES[language].items():
        if key.startswith("learn.") and not key.startswith("learn.web"):
            assert not {"push", "tower", "stone", "step"} & set(text.lower().replace(".", " ").split()), (key, text)
