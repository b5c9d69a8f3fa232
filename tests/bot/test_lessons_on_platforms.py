"""A lesson asked for in a Telegram group and a Discord server, through the real libraries and the fake platforms: it
runs in the learner's private chat (Discord: ephemeral answers to the interaction and a direct message), the group
hears one line and nothing else, and a learner the bot cannot write to privately is told how to begin."""

from __future__ import annotations

from typing import Any

from bot.service.lessons import LESSONS, judge
from bot.service.payloads import LessonMove, decode
from tests.bot.test_telegram import ANN, GROUP, Running, keyboard

ANN_PRIVATE = {"id": ANN["id"], "type": "private", "first_name": "Ann", "username": "ann"}


def _in(chat: dict[str, Any], calls: list[Any]) -> list[Any]:
    return [c for c in calls if str(c.params.get("chat_id")) == str(chat["id"])]


async def test_telegram_a_lesson_from_a_group_runs_in_the_private_chat(telegram: Running) -> None:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/learn kamisado")  # Ann never wrote to the bot privately: Telegram refuses it
    said = (await fake.wait_for("sendMessage", since=since))[0]
    assert str(said.params["chat_id"]) == str(GROUP["id"])
    assert "cannot write to you privately" in said.params["text"] and "learn kamisado" in said.params["text"]
    assert not _in(GROUP, [c for c in fake.calls[since:] if c.method == "sendPhoto"])  # the lesson is not shown there

    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "/start")  # now she has a private chat with the bot
    await fake.wait_for("sendMessage", since=since)
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/learn kamisado")
    photo = (await fake.wait_for("sendPhoto", since=since))[0]
    assert str(photo.params["chat_id"]) == str(ANN["id"]) and "Kamisado lesson · 1/7" in photo.params["caption"]
    pointer = _in(GROUP, await fake.wait_for("sendMessage", since=since))[0]
    assert "the lesson is in our private chat" in pointer.params["text"]

    step = LESSONS["kamisado"].steps[0]
    right = judge.accepted(step, ())[0]
    buttons = [b for row in keyboard(photo) for b in row]
    mine = [b for b in buttons if isinstance(p := decode(b["callback_data"]), LessonMove)
            and step.start.legal_moves()[p.index] == right]
    since = len(fake.calls)
    fake.press(ANN, ANN_PRIVATE, 100, mine[0]["callback_data"])  # the right move, by its button
    photo = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "★★★ Done." in photo.params["caption"] and "· 2/7" in photo.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "d5-d6")  # typed in private: a tower cannot move onto another
    refused = (await fake.wait_for("sendMessage", since=since))[0]
    assert str(refused.params["chat_id"]) == str(ANN["id"]) and "cannot move like that" in refused.params["text"]
    group_after = [c for c in _in(GROUP, fake.calls[since - 10:]) if c.method in ("sendMessage", "sendPhoto")]
    assert not [c for c in group_after if "step 2" in str(c.params)]  # nothing of the lesson reached the group


async def test_telegram_a_whole_lesson_typed_in_the_private_chat_with_wrong_moves_and_hints(telegram: Running) -> None:
    from rules import get_game

    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, ANN_PRIVATE, "/learn krepost")
    await fake.wait_for("sendPhoto", since=since)
    lesson, rules = LESSONS["krepost"], get_game("krepost")
    for number, step in enumerate(lesson.steps):
        wrong = [m for m in step.start.legal_moves() if m not in judge.accepted(step, ())]
        for attempt in range(2):  # two wrong moves: what each did, then the hint
            since = len(fake.calls)
            fake.message(ANN, ANN_PRIVATE, rules.format_move(step.start, wrong[attempt]))
            said = (await fake.wait_for("sendMessage", since=since))[0]
            assert str(said.params["chat_id"]) == str(ANN["id"])
            assert ("Hint:" in said.params["text"]) == (attempt == 1)
        line: tuple[str, ...] = ()
        while not judge.done(step, line):
            state, _ = judge.walk(step, line)
            move = judge.accepted(step, line)[0]
            since = len(fake.calls)
            fake.message(ANN, ANN_PRIVATE, rules.format_move(state, move))
            line = judge.judge(step, line, move).line
            photo = (await fake.wait_for("sendPhoto", since=since))[0]
            assert str(photo.params["chat_id"]) == str(ANN["id"])
        assert "Done." in photo.params["caption"] and (number == 5 or f"· {number + 2}/6" in photo.params["caption"])
    assert "Krepost lesson done: ★★★★★★★★★★★★☆☆☆☆☆☆ (12 of 18 stars)." in photo.params["caption"]
    labels = [b["text"] for row in keyboard(photo) for b in row]
    assert labels == ["Play the beginner bot", "A first puzzle", "Lesson again"]
    assert not [c for c in fake.calls if str(c.params.get("chat_id")) == str(GROUP["id"])]  # never in a group
