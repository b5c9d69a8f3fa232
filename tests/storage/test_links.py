"""Accounts linked into one player, on both backends: the codes (wrong, expired, reused, raced), the merged ratings
and puzzle scores (no row lost, none counted twice), unlinking, and a process killed while it links."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from storage import Rating, SqlStore, open_store
from storage.links import LINK_FAILURES

ROOT = Path(__file__).parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


async def rows(store: SqlStore, table: str) -> list[dict[str, object]]:
    return await store.table_rows(table)


async def test_a_code_links_an_account_of_another_platform_once(database_url: str) -> None:
    clock = Clock()
    store = await open_store(database_url, clock=clock)
    try:
        ann_tg = await store.user("telegram", "11", "Ann")
        ann_dc = await store.user("discord", "901", "ann_d")
        bob_tg = await store.user("telegram", "22", "Bob")
        assert await store.link_account("NOPE1234", ann_dc.id) == "unknown"
        code = await store.new_link_code(ann_tg.id, 600)
        assert len(code) == 8 and code.isalnum() and code.isupper()
        assert await store.link_account(code, bob_tg.id) == "same_platform"  # a code goes to the other platform
        first = await store.link_account(f" {code[:4].lower()}-{code[4:]} ", ann_dc.id)  # typed as people type
        assert not isinstance(first, str) and first.id == ann_tg.id
        assert await store.link_account(code, ann_dc.id) == "used"
        assert [u.id for u in await store.accounts_of(ann_dc.id)] == [ann_tg.id, ann_dc.id]
        assert [u.id for u in await store.accounts_of(ann_tg.id)] == [ann_tg.id, ann_dc.id]
        assert (await store.user_by_id(ann_dc.id)).player == ann_tg.id
        again = await store.new_link_code(ann_dc.id, 600)  # from the linked account: the same player
        assert await store.link_account(again, ann_tg.id) == "already_one"
        late = await store.new_link_code(bob_tg.id, 600)
        clock.now += 601
        assert await store.link_account(late, ann_dc.id) == "expired"
        fresh = await store.new_link_code(bob_tg.id, 600)
        assert await store.link_account(fresh, ann_dc.id) == "already_linked"  # Ann's Discord is Ann's already
        assert {"unknown", "used", "expired", "same_platform", "already_one", "already_linked"} == set(LINK_FAILURES)
    finally:
        await store.close()


async def test_linked_accounts_share_ratings_and_puzzle_scores_and_unlinking_gives_each_its_own(database_url: str) -> None:
    store = await open_store(database_url)
    try:
        ann_tg = await store.user("telegram", "11", "Ann")
        ann_dc = await store.user("discord", "901", "ann_d")
        await store.save_ratings([Rating(ann_tg.id, "kamisado", "all", 1600.0, 20, 14, 6, 0),
                                  Rating(ann_dc.id, "kamisado", "all", 1400.0, 10, 3, 7, 0),
                                  Rating(ann_dc.id, "krepost", "all", 1550.0, 4, 3, 1, 0)])
        before = await rows(store, "ratings")
        code = await store.new_link_code(ann_tg.id, 600)
        assert not isinstance(await store.link_account(code, ann_dc.id), str)
        after = await rows(store, "ratings")
        assert all(row in after for row in before)  # no row lost or changed
        assert len(after) == len(before) + 1  # only the game the first account had no rating in is taken over
        for account in (ann_tg, ann_dc):  # one rating per game, whichever account asks
            assert (await store.rating(account.id, "kamisado", "all")).rating == 1600.0
            assert (await store.rating(account.id, "krepost", "all")).rating == 1550.0
            assert [(r.game, r.rating) for r in await store.ratings_of(account.id)] == [("kamisado", 1600.0),
                                                                                         ("krepost", 1550.0)]
        top = await store.top("kamisado", "all")
        assert [user.id for _, user in top] == [ann_tg.id]  # one player, listed once
        separated = await store.unlink_account(ann_tg.id)  # from the first account: every account linked to it
        assert [u.id for u in separated] == [ann_dc.id]
        assert (await store.rating(ann_dc.id, "kamisado", "all")).rating == 1400.0  # its own rows, as it left them
        assert (await store.rating(ann_tg.id, "krepost", "all")).rating == 1550.0  # the first account keeps the player's
        assert await store.unlink_account(ann_dc.id) == []
        assert [user.id for _, user in await store.top("kamisado", "all")] == [ann_tg.id, ann_dc.id]
    finally:
        await store.close()


async def test_two_accounts_spending_one_code_at_once_one_wins(database_url: str) -> None:
    if database_url.startswith("sqlite"):
        stores = [await open_store(database_url)] * 2  # SQLite: one writer per process
    else:
        stores = [await open_store(database_url), await open_store(database_url)]  # two processes' pools
    try:
        ann = await stores[0].user("telegram", "11", "Ann")
        takers = [await stores[0].user("discord", str(900 + n), f"d{n}") for n in range(2)]
        for _ in range(5):
            code = await stores[0].new_link_code(ann.id, 600)
            results = await asyncio.gather(*(store.link_account(code, taker.id) for store, taker in zip(stores, takers,
                                                                                                        strict=True)))
            assert sorted(isinstance(result, str) for result in results) == [False, True], results
            linked = next(t for t, r in zip(takers, results, strict=True) if not isinstance(r, str))
            await stores[0].unlink_account(linked.id)
    finally:
        for store in set(stores):
            await store.close()


LINKER = """
import asyncio, sys
from storage import open_store

async def main(url):
    store = await open_store(url)
    ann = await store.user("telegram", "11", "Ann")
    takers = [await store.user("discord", str(n), f"d{n}") for n in range(1000)]
    print("ready", flush=True)
    for taker in takers:
        code = await store.new_link_code(ann.id, 600)
        await store.link_account(code, taker.id)

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.slow(4)
async def test_a_process_killed_while_it_links_leaves_every_code_and_link_whole(database_url: str, tmp_path: Path) -> None:
    """kill -9 in the middle of linking accounts one after another: each code is spent exactly when its account is
    linked and its ratings taken over (the three are one transaction), whichever statement the kill fell on."""
    script = tmp_path / "linker.py"
    script.write_text(LINKER)
    process = await asyncio.create_subprocess_exec(sys.executable, str(script), database_url, cwd=ROOT,
                                                   stdout=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    assert (await asyncio.wait_for(process.stdout.readline(), 60)).strip() == b"ready"
    store = await open_store(database_url)
    try:
        for _ in range(600):  # until some accounts are linked
            if len([u for u in await rows(store, "users") if u["player_id"] is not None]) >= 20:
                break
            await asyncio.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
        await process.wait()
        users = await rows(store, "users")
        linked = {u["id"] for u in users if u["player_id"] is not None}
        codes = await store._db.fetch_all("SELECT user_id, used_at FROM link_codes")
        spent = [c for c in codes if c["used_at"] is not None]
        assert linked and len(spent) == len(linked)  # no code spent without its link, no link without its code
        assert len(codes) - len(spent) <= 1  # at most the code of the link the kill interrupted is left unspent
    finally:
        await store.close()


def white_wins(white: Rating, black: Rating) -> tuple[Rating, Rating]:
    return (Rating(white.user_id, white.game, white.scope, white.rating + 10, white.games + 1, white.wins + 1,
                   white.losses, white.draws),
            Rating(black.user_id, black.game, black.scope, black.rating - 10, black.games + 1, black.wins,
                   black.losses + 1, black.draws))


async def test_a_game_ending_counts_for_the_player_and_a_game_against_oneself_counts_for_nobody(database_url: str) -> None:
    from rules import get_game

    store = await open_store(database_url)
    try:
        chat = await store.chat("discord", "c")
        ann_tg, ann_dc = await store.user("telegram", "11", "Ann"), await store.user("discord", "901", "ann_d")
        bob = await store.user("discord", "902", "Bob")
        assert not isinstance(await store.link_account(await store.new_link_code(ann_tg.id, 600), ann_dc.id), str)
        state = get_game("kamisado").new_state(match="single").to_dict()
        for white, black in ((ann_dc, bob), (ann_dc, ann_tg)):
            challenge = await store.create_challenge(chat.id, "kamisado", {"match": "single"}, white.id, black.id, None,
                                                     "white", None)
            row = await store.accept_challenge(challenge, white.id, black.id, state)
            await store.update_game(row, rate=white_wins, status="finished")
        ratings = await rows(store, "ratings")
        assert {(r["user_id"], r["scope"], r["games"]) for r in ratings} == {
            (ann_tg.id, "all", 1), (ann_tg.id, f"chat:{chat.id}", 1), (bob.id, "all", 1), (bob.id, f"chat:{chat.id}", 1)}
        assert (await store.rating(ann_dc.id, "kamisado", "all")).rating == 1510.0
    finally:
        await store.close()
