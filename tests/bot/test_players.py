"""What players meet: commands, messages and endings, tried as a new user would."""

from __future__ import annotations

from bot.service import Service
from tests.bot.conftest import Chat
from tests.bot.test_service import start_game


async def test_a_game_number_may_stand_before_any_command_about_a_game(chat: Chat, service: Service) -> None:
    first = await start_game(chat, "ashtarashki")
    second = await start_game(chat, "krepost")
    assert (await chat.one("Ann", f"#{first} board")).game_id == first
    assert (await chat.one("Ann", f"board #{second}")).game_id == second
    assert "resigned" in (await chat.one("Ann", f"#{second} resign")).text
    assert (await service.store.game(second)).status == "finished"
    assert (await service.store.game(first)).status == "active"
    assert f"Record of game #{first}" in (await chat.one("Ann", f"#{first} export")).text


async def test_buttons_for_moves_that_look_alike_say_the_whole_move(chat: Chat) -> None:
    await start_game(chat, "kamisado", "single")  # Bob is Black and starts
    reply = await chat.one("Bob", "d4")  # two towers can reach d4
    labels = [choice.label for row in reply.choices for choice in row]
    assert len(labels) == 2 and len(set(labels)) == 2 and all("d4" in label for label in labels), labels
