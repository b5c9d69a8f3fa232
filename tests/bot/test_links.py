"""One player on every platform, through the service: 'link' gives a code privately, 'link CODE' on the other
platform joins the accounts (one 'stats', one puzzle rating), wrong codes are explained, 'unlink' separates."""

from __future__ import annotations

import re

from ai.puzzles import shipped
from bot.service import Service
from storage import Rating
from tests.bot.conftest import Chat, Clock
from tests.bot.test_puzzles import open_puzzle


def code_in(text: str) -> str:
    found = re.search(r"link code: ([A-Z0-9]{4}-[A-Z0-9]{4})", text)
    assert found, text
    return found.group(1)


async def test_linking_a_telegram_and_a_discord_account_makes_one_player(service: Service, clock: Clock) -> None:
    group = Chat(service, chat_id="-100", platform="telegram")
    discord = Chat(service, chat_id="d1", platform="discord")
    asked = await group.say("Ann", "link")
    secret = next(r for r in asked if r.private_to)  # the code never goes into the group
    assert secret.secret and secret.private_to == "ann"
    assert [r for r in asked if not r.private_to] == []  # the group is told once the code arrived (the front end)
    assert secret.told and "privately" in secret.told and code_in(secret.text) not in secret.told + str(secret.untold)
    store = service.store
    ann_tg = await store.user("telegram", "ann", "Ann")
    await store.save_ratings([Rating(ann_tg.id, "kamisado", "all", 1620.0, 12, 8, 4, 0)])
    assert "No rated games yet." in (await discord.one("Annie", "stats")).text

    assert "no such link code" in (await discord.one("Annie", "link ZZZZ-ZZZZ")).text
    assert "other platform" in (await group.one("Bob", f"link {code_in(secret.text)}")).text  # same platform
    done = (await discord.one("Annie", f"link {code_in(secret.text)}")).text
    assert done.startswith("Linked: Ann (Telegram), Annie (Discord) are one player now."), done
    assert "used already" in (await discord.one("Bob", f"link {code_in(secret.text)}")).text
    stats = (await discord.one("Annie", "stats")).text  # the player's ratings, asked from Discord
    assert "Kamisado (everywhere): 1620 · games 12: won 8, lost 4" in stats, stats

    puzzle = next(p for p in shipped("ashtarashki") if p.turns == 1)  # solved on Discord: the player's puzzle rating
    await open_puzzle(discord, puzzle)
    assert "🏆 Annie solved it" in (await discord.one("Annie", puzzle.line[0])).text
    assert (await store.puzzle_score(ann_tg.id, "all")) == (await store.puzzle_score(
        (await store.user("discord", "annie", "Annie")).id, "all"))
    assert "1. Ann " in (await discord.one("Cid", "top puzzles")).text  # one player, under the first account's name

    late = code_in((await Chat(service, chat_id="bob", platform="telegram", private=True).one("Bob", "link")).text)
    clock.now += 601
    assert "expired" in (await discord.one("Dora", f"link {late}")).text

    separated = (await discord.one("Annie", "unlink")).text
    assert separated.startswith("Unlinked: Ann (Telegram), Annie (Discord) play on their own again."), separated
    assert "No rated games yet." in (await discord.one("Annie", "stats")).text
    assert "not linked" in (await discord.one("Annie", "unlink")).text
    assert "link" in (await group.one("Ann", "help link")).text
