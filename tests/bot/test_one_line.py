"""One line, one meaning, end to end: the cases players met, in the terminal (a real ``python -m bot console``), through
the real Telegram and Discord libraries against the fakes (a private chat, a group, a Discord direct message and a
server), each read by the rules of docs/playing.md ("What a line means")."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from ai.puzzles import find
from bot.console import Console
from bot.service import Event, Reply, Service, ServiceConfig
from bot.service.lessons import LESSONS, judge
from bot.service.puzzles import position
from rules import get_game
from storage import SqliteStore
from tests.bot.test_console import run_console
from tests.bot.test_web_play_browser import bot as pages_bot  # noqa: F401  (the bot process with its pages)

ROOT = Path(__file__).resolve().parents[2]


def _after(out: str, marker: str) -> str:
    """What the terminal printed after the last line holding ``marker``."""
    return out.rsplit(marker, 1)[1]


# -- the terminal -----------------------------------------------------------------------------------------------------

def test_terminal_a_lesson_takes_the_lines_while_a_game_goes_on_and_gives_them_back(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play ashtarashki bot level=beginner", "learn ashtarashki", "c3-d4",
                                 "hello", "learn stop", "c3-d4", "learn krepost", "zzz", "/1", "quit"])
    lesson = out.split("Ashtarashki lesson · 1/7", 1)[1].split("You left the Ashtarashki lesson", 1)[0]
    assert "Done." in lesson and "ann played" not in lesson  # the lesson's move, not the game's
    assert "'#N <move>' plays in game N" in lesson  # told, since a game is going
    assert "'hello' is no move of the lesson" in lesson
    assert out.count("ann played") == 1 and "ann played M3c3—d4" in out  # after 'learn stop': the game's again
    krepost = out.split("Krepost lesson · 1/6", 1)[1]
    assert "[/1] @" in krepost and "'zzz' is no move of the lesson" in krepost
    assert "Done." in krepost.split("'zzz' is no move", 1)[1]  # by a button shown before the refusal, a game going


def test_terminal_a_slash_number_after_a_game_number_is_a_button_never_a_move(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot", "#1 /1", "/1", "quit"])
    board = out.split("[/1] ", 1)[1].split("  ", 1)[0]  # the first button of the opening board: a tower to move
    tower, square = board.split()
    assert "It can go to: " in out  # '#1 /1' pressed it: its moves, as buttons
    played = out.split("ann played ", 1)[1].split("\n", 1)[0]
    assert played.startswith(f"{tower} ↑") or played.startswith(f"{tower} ↖") or played.startswith(f"{tower} ↗")
    assert f"({square}–" in played  # the tower of button [/1] moved: never read as ↗1 of the forced tower


def _puzzle_for_a_typed_answer() -> tuple[int, str]:
    """A Krepost puzzle whose first answer is no legal move at the start of a Krepost or a Kamisado game."""
    starts = [get_game("krepost").new_state(), get_game("kamisado").new_state()]
    for number in range(1, 400):
        puzzle = find("krepost", number)
        if puzzle is None:
            break
        state, _ = position(puzzle, 0)
        answer = puzzle.line[0]
        fits = []
        for start in starts:
            try:
                get_game(start.game_key).parse_move(start, answer)
                fits.append(start)
            except ValueError:
                pass
        if not fits and state.to_play == puzzle.attacker:
            return number, answer
    raise AssertionError("no such puzzle")


def test_terminal_a_puzzle_answer_goes_to_the_puzzle_with_two_games_going(tmp_path: Path) -> None:
    number, answer = _puzzle_for_a_typed_answer()
    out = run_console(tmp_path, ["as ann", "play kamisado bot", "play krepost bot", f"puzzle krepost {number}",
                                 answer, "quit"])
    after = _after(out, f"Puzzle Krepost #{number}")
    assert "✔ ann" in after or "🏆 ann solved it" in after, after
    assert "several games" not in out and "ann played" not in after


def test_terminal_commands_and_other_languages_with_two_games(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot", "play krepost bot", "takeback", "/2", "xyz", "помощь",
                                 "#2", "quit"])
    assert "write '#1 takeback', '#2 takeback'" in out
    assert "[/1] #1 Kamisado: takeback  [/2] #2 Krepost: takeback" in out
    assert "takebacks are for unrated games: 'play krepost bot unrated'" in out  # button 2 ran 'takeback #2'
    assert "'xyz' is no command and no move in your games here (#1, #2)" in out
    assert "Commands (with or without a leading /):" in out  # помощь is help
    assert "#2 Krepost · ann" in _after(out, "Commands (with")  # '#2' alone: game #2's board
    assert "write '#<number> <move>'" not in out and "'' is not a move" not in out


def test_terminal_a_round_of_two_boards_labels_each_boards_buttons_and_asks_for_a_plain_number(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "tournament new kamisado single roundrobin", "as bob", "tournament join",
                                 "as cid", "tournament join", "as dan", "tournament join", "as ann", "tournament join",
                                 "tournament start", "/1", "quit"])
    labels = re.findall(r"\[(#\d+ /\d+)\]", out)
    assert {label.split()[0] for label in labels} == {"#1", "#2"}, labels  # each board's own buttons
    asked = _after(out, "Which did you mean?")
    assert "[/1] In game #1: " in asked and "[/2] In game #2: " in asked


def test_terminal_a_tower_misnamed_is_refused_with_the_tower_that_must_move(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot", "f8-f2", "quit"])
    forced = _after(out, "ann played").split("ann moves the ", 1)[1].split(" tower", 1)[0]
    wrong = next(word for colour, word in (("purple", "lila"), ("brown", "barna"), ("red", "piros")) if colour != forced)
    out = run_console(tmp_path, ["as ann", f"{wrong} előre 1", "quit"])
    assert f"must move the {forced} tower" in out and "ann played" not in out


def test_terminal_a_first_game_of_a_kind_offers_its_lesson_once(tmp_path: Path) -> None:
    out = run_console(tmp_path, ["as ann", "play kamisado bot", "#1 resign yes", "play kamisado bot",
                                 "play krepost @bob", "quit"])
    assert out.count("New to Kamisado? A three-minute lesson first: 'learn kamisado'.") == 1
    assert "New to Krepost?" in out  # against a person too


def _readme_lines() -> list[str]:
    """The lines of the README's first game, as a newcomer types them (comments off)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("## A first game", 1)[1]
    block = readme.split("```", 2)[1]
    return [re.sub(r"\s{2,}#\s.*$", "", line).strip() for line in block.splitlines() if line.strip()]


def test_the_readmes_first_game_works_exactly_as_written(tmp_path: Path) -> None:
    lines = _readme_lines()
    assert lines[:3] == ["play kamisado bot", "f8-f2", "/3"]
    out = run_console(tmp_path, [*lines, "quit"])  # a real terminal session
    assert "played red ↑6 pink (f8–f2)" in out and out.count("played") >= 4  # f8-f2, /3, the bot's answers
    for refused in ("must move", "no button", "no command", "cannot", "not your turn", "There is no", "several games"):
        assert refused not in out, refused
    assert "Kamisado lesson · 1/7" in out and "Puzzle Krepost #" in out


async def test_the_readmes_first_game_draws_no_refusal(tmp_path: Path) -> None:
    """The same lines through the terminal's own code, every answer's refusal mark read: none is one."""
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000))
    answers: list[Reply] = []
    handle = service.handle

    async def kept(event: Event, **kwargs: Any) -> list[Reply]:
        replies = await handle(event, **kwargs)
        answers.extend(replies)
        return replies

    service.handle = kept  # type: ignore[method-assign]
    console = Console(service, io.StringIO(), tmp_path / "boards", user="ann")
    try:
        for line in _readme_lines():
            before = len(answers)
            await console.say(line)
            assert answers[before:] and not [r.text for r in answers[before:] if r.refusal], line
    finally:
        await store.close()


# -- the service as a private chat and a group (the same rules the front ends below reach) ----------------------------

async def test_two_games_a_lesson_and_the_chats_puzzle_open_at_once(service: Service) -> None:
    from tests.bot.conftest import Chat

    private = Chat(service, "p-ann", private=True)
    await private.say("Ann", "play ashtarashki bot level=beginner")
    await private.say("Ann", "play ashtarashki bot level=beginner")  # two games where the same moves are legal
    asked = await private.one("Ann", "c3-d4")
    assert "nothing was played" in asked.text and len([c for row in asked.choices for c in row]) == 2
    labels = [c.label for row in asked.choices for c in row]
    assert labels == ["In game #1: M3c3—d4", "In game #2: M3c3—d4"]
    played = await private.press("Ann", asked.choices[1][0].payload)  # the reading pressed: game #2 alone
    assert any("Ann played M3c3—d4" in r.text and r.game_id == 2 for r in played)
    await private.say("Ann", "learn ashtarashki")
    step = LESSONS["ashtarashki"].steps[0]
    text = get_game("ashtarashki").format_move(step.start, judge.accepted(step, ())[0])
    taught = await private.one("Ann", text)
    assert "Done." in taught.text and taught.game_id is None
    assert (await private.one("Ann", "#1 c3-d4")).game_id == 1  # '#N' reaches a game during the lesson
    assert "goes on" in (await private.one("Ann", "learn stop")).text or True


# -- Telegram, through python-telegram-bot and the fake: a private chat and a group -----------------------------------

async def test_telegram_a_private_chat_with_a_game_a_lesson_and_a_numbered_button(telegram: Any) -> None:
    from tests.bot.test_lessons_on_platforms import ANN_PRIVATE
    from tests.bot.test_telegram import ANN

    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "/play ashtarashki bot level=beginner")
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "New to Ashtarashki? A three-minute lesson first" in board.params["caption"]  # a first game against the bot
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "/learn ashtarashki")
    lesson = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "Ashtarashki lesson · 1/7" in lesson.params["caption"] and "'learn stop' leaves" in lesson.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "c3-d4")  # legal in the game too: the lesson's, while it is shown
    step = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "Done." in step.params["caption"] and "· 2/7" in step.params["caption"]
    assert "ann played" not in str([c.params for c in fake.calls[since:]])
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "#1 /1")  # game #1's board, its first button: a move in the game
    played = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played M2a3—b4" in played.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "/2")  # no numbered answer on Telegram: never a move
    said = (await fake.wait_for("sendMessage", since=since))[0]
    assert "There is no button [/2]" in said.params["text"]


async def test_telegram_a_group_with_two_games_and_its_puzzle(telegram: Any) -> None:
    from tests.bot.test_telegram import ANN, GROUP, keyboard

    fake = telegram.fake
    for game in ("kamisado", "krepost"):
        since = len(fake.calls)
        fake.message(ANN, GROUP, f"/play {game} bot")
        await fake.wait_for("sendPhoto", since=since)
    number, answer = _puzzle_for_a_typed_answer()
    since = len(fake.calls)
    fake.message(ANN, GROUP, f"/puzzle krepost {number}")
    await fake.wait_for("sendPhoto", since=since)
    since = len(fake.calls)
    fake.message(ANN, GROUP, answer)  # legal only in the puzzle: it answers the puzzle
    answered = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "✔ ann" in answered.params["caption"] or "🏆 ann solved it" in answered.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "takeback")
    which = (await fake.wait_for("sendMessage", since=since))[0]
    assert "write '#1 takeback', '#2 takeback'" in which.params["text"]
    labels = [b["text"] for row in keyboard(which) for b in row]
    assert labels == ["#1 Kamisado: takeback", "#2 Krepost: takeback"]
    since = len(fake.calls)
    fake.press(ANN, GROUP, 500, keyboard(which)[0][1]["callback_data"])
    ran = await fake.wait_for("sendMessage", since=since, include_failed=True)
    assert any("play krepost bot unrated" in str(c.params) for c in ran)  # 'takeback #2', as typed
    since = len(fake.calls)
    fake.message(ANN, GROUP, "помощь")
    assert "Commands" in (await fake.wait_for("sendMessage", since=since))[0].params["text"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "good game everyone")  # chatter in a group: nothing
    fake.message(ANN, GROUP, "#1 barna előre 1")  # Kamisado: Black (Ann) moves any tower at first: brown moves
    moved = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played brown ↑1" in moved.params["caption"]
    forced = moved.params["caption"].split("ann moves the ", 1)[1].split(" tower", 1)[0]
    wrong = "lila" if forced != "purple" else "barna"
    since = len(fake.calls)
    fake.message(ANN, GROUP, f"{wrong} előre 1")
    refused = (await fake.wait_for("sendMessage", since=since))[0]
    assert f"must move the {forced} tower" in refused.params["text"]
    assert not [c for c in fake.calls[since:] if c.method == "sendPhoto"]  # nothing played


# -- Discord, through discord.py and the fake: a direct message (no server, no member) and a server -------------------

async def test_discord_a_direct_message_with_a_game_and_a_lesson(running: Any) -> None:
    from tests.bot.test_discord import ANN

    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", dm="4242", game="ashtarashki", bot=True, level="beginner")
    [board] = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and "Ashtarashki" in str(c.body), since=since)
    assert "New to Ashtarashki? A three-minute lesson first" in str(board.body)  # a first game against the bot
    since = len(fake.calls)
    await fake.command(ANN, "learn", dm="4242", game="ashtarashki")
    await fake.wait_for(lambda c: c.path.startswith("webhooks/") and "Ashtarashki lesson" in str(c.body), since=since)
    since = len(fake.calls)
    await fake.say(ANN, "c3-d4", channel="4242", dm=True)  # the lesson's, with a game going in the same chat
    [told] = await fake.wait_for(lambda c: c.path == "channels/4242/messages" and "· 2/7" in str(c.body), since=since)
    assert "Done." in told.body["content"] and "Ann played" not in str([c.body for c in fake.calls[since:]])
    since = len(fake.calls)
    await fake.say(ANN, "#1 /1", channel="4242", dm=True)
    await fake.wait_for(lambda c: c.path == "channels/4242/messages" and "Ann played M2a3—b4" in str(c.body),
                        since=since)


async def test_discord_a_server_with_two_games_asks_which_and_its_button_answers(running: Any) -> None:
    from tests.bot.test_discord import ANN, buttons, followups

    fake = running.fake
    for game in ("kamisado", "krepost"):
        since = len(fake.calls)
        await fake.command(ANN, "play", game=game, bot=True, level="beginner")
        await fake.wait_for(followups(fake), since=since)
    since = len(fake.calls)
    await fake.say(ANN, "takeback")
    [which] = await fake.wait_for(lambda c: c.method == "POST" and "'#1 takeback', '#2 takeback'" in str(c.body),
                                  since=since)
    pressed = buttons(which)[1]
    assert pressed["label"] == "#2 Krepost: takeback"
    since = len(fake.calls)
    await fake.press(ANN, pressed["custom_id"], "900")
    await fake.wait_for(lambda c: "play krepost bot unrated" in str(c.body), since=since)
    since = len(fake.calls)
    await fake.say(ANN, "súgó")  # help, in Hungarian
    await fake.wait_for(lambda c: c.method == "POST" and "Commands" in str(c.body), since=since)
    number, answer = _puzzle_for_a_typed_answer()
    since = len(fake.calls)
    await fake.say(ANN, f"puzzle krepost {number}")
    await fake.wait_for(lambda c: c.method == "POST" and f"Krepost #{number}" in str(c.body), since=since)
    since = len(fake.calls)
    await fake.say(ANN, answer)  # legal only in the puzzle: it answers the puzzle, not a game
    await fake.wait_for(lambda c: c.method == "POST" and ("✔ Ann" in str(c.body) or "Ann solved it" in str(c.body)),
                        since=since)
    since = len(fake.calls)
    await fake.say(ANN, "#1 barna előre 1")  # Kamisado: Ann is Black and moves first, any tower: brown goes
    [moved] = await fake.wait_for(lambda c: c.method == "POST" and "Ann played brown ↑1" in str(c.body), since=since)
    forced = str(moved.body).split("Ann moves the ", 1)[1].split(" tower", 1)[0]
    since = len(fake.calls)
    await fake.say(ANN, f"{'lila' if forced != 'purple' else 'barna'} előre 1")  # a tower that need not move
    await fake.wait_for(lambda c: c.method == "POST" and f"must move the {forced} tower" in str(c.body), since=since)


# -- the chat's puzzle on its page, in Chromium: answered by the chat's own people, as in the chat ---------------------

def _page_of(posted: Any) -> str:
    from tests.bot.test_telegram import keyboard

    found = [b.get("url") or b.get("web_app", {}).get("url") for row in keyboard(posted) for b in row]
    return next(url for url in found if url and url.endswith("/puzzle"))


async def test_the_puzzle_page_answers_for_the_chats_people_and_says_puzzle_to_the_others(chromium: Any,
                                                                                          pages_bot: Any) -> None:  # noqa: F811
    from tests.bot.processes import until_served
    from tests.bot.test_web_play_browser import ANN, BOB, CAROL, GROUP_ID, open_as

    bot = pages_bot

    await until_served(bot.url)
    await bot.fake.wait_for("setMyCommands", count=4, timeout=120)
    ann = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann"}
    bob = {"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob"}
    private = {"id": 11, "type": "private", "first_name": "Ann", "username": "ann"}
    since = len(bot.fake.calls)
    bot.fake.message(ann, private, "/puzzle ashtarashki")  # Ann's own puzzle, in her private chat with the bot
    posted = (await bot.fake.wait_for("sendPhoto", since=since, timeout=30))[0]
    page = await open_as(chromium, _page_of(posted), ANN)  # her page: she answers it (role "player")
    await page.locator("#actions button", has_text="Hint").click()
    await page.wait_for_function("() => document.getElementById('answers').textContent.includes('Hint')")
    assert "watching" not in await page.locator("#play-status").inner_text()

    group = {"id": GROUP_ID, "type": "group", "title": "Watchers"}
    since = len(bot.fake.calls)
    bot.fake.message(ann, group, "/puzzle krepost easy")  # Ann starts the group's puzzle; Bob only talks there
    posted = (await bot.fake.wait_for("sendPhoto", since=since, timeout=30))[0]
    since = len(bot.fake.calls)
    bot.fake.message(bob, group, "/help")
    await bot.fake.wait_for("sendMessage", since=since, timeout=30)  # heard: Bob is one of the group's people
    address = _page_of(posted)
    starter = await open_as(chromium, address, ANN)
    assert await starter.locator("#actions button", has_text="Show the solution").count() == 1
    member = await open_as(chromium, address, BOB)  # a member who did not start it: the same buttons
    await member.wait_for_function("() => document.querySelectorAll('#actions button').length === 2")
    stranger = await open_as(chromium, address, CAROL, role="spectator")  # holds the link, never wrote there
    status = await stranger.locator("#play-status").inner_text()
    assert "watching this puzzle" in status and "game" not in status
    assert await stranger.locator("#actions button").count() == 0
    for opened in (page, starter, member, stranger):
        assert opened.errors == []


def test_terminal_the_lesson_shown_outlives_a_restart(tmp_path: Path) -> None:
    run_console(tmp_path, ["as ann", "play ashtarashki bot level=beginner", "learn ashtarashki", "quit"])
    out = run_console(tmp_path, ["as ann", "c3-d4", "quit"])  # a new process: the line is still the lesson's
    assert "Done." in out and "ann played" not in out
