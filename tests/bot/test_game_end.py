"""The end of a game says what changed: each player's rating before and after (checked against the ratings stored,
and against Elo worked out here), Rematch and Review buttons that do what they say; `stats` shows the puzzle rating
and streak, and `puzzle rating` answers with them even while the chat's puzzle waits for a move."""

from __future__ import annotations

from bot.service import Service
from bot.service.payloads import GameCommand, decode
from storage import SqliteStore
from tests.bot.conftest import Chat
from tests.bot.test_puzzles import attacker_moves, first, open_puzzle
from tests.bot.test_service import start_game


def elo(mine: float, theirs: float, score: float) -> float:
    """The rating after one game, as Elo has it with K = 32 (worked out here, not the bot's code)."""
    return mine + 32 * (score - 1 / (1 + 10 ** ((theirs - mine) / 400)))


async def test_the_end_of_a_rated_game_gives_the_rating_change_and_buttons_for_a_rematch_and_the_review(
        chat: Chat, service: Service, store: SqliteStore) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await chat.say("Ann", "a3-b4")
    ended = [r for r in await chat.say("Bob", "resign yes") if r.game_id == game_id]
    text = ended[-1].text
    row = await store.game(game_id)
    white, black = (await store.rating(row.white_id, "ashtarashki", "all")).rating, \
        (await store.rating(row.black_id, "ashtarashki", "all")).rating
    assert round(white) == round(elo(1500, 1500, 1)) == 1516 and round(black) == 1484  # as stored, as Elo says
    assert "Ratings: Ann 1500 → 1516 (+16), Bob 1500 → 1484 (-16)." in text, text
    buttons = {choice.label: decode(choice.payload) for line in ended[-1].choices for choice in line}
    assert buttons == {"Rematch": GameCommand(game_id, "rematch"), "Review": GameCommand(game_id, "review")}
    asked = await chat.press("Bob", ended[-1].choices[0][0].payload)  # Bob wants his revenge
    assert any("challenges" in r.text for r in asked), [r.text for r in asked]
    reviewing = await chat.press("Ann", ended[-1].choices[0][1].payload)
    assert reviewing and all(not r.refusal for r in reviewing), [r.text for r in reviewing]


async def test_an_unrated_game_says_no_rating_change(chat: Chat, store: SqliteStore) -> None:
    game_id = await start_game(chat, "ashtarashki", "unrated")
    ended = [r for r in await chat.say("Bob", "resign yes") if r.game_id == game_id]
    assert "Ratings:" not in ended[-1].text and ended[-1].choices  # the buttons all the same


async def test_stats_and_puzzle_rating_show_the_puzzle_rating_and_streak(chat: Chat) -> None:
    assert "No puzzle tried yet" in (await chat.one("Ann", "puzzle rating")).text
    puzzle = first("kamisado", lambda p: p.turns == 1 and len(attacker_moves(p)) == 1)
    await open_puzzle(chat, puzzle)
    await chat.one("Ann", attacker_moves(puzzle)[0][1])  # solved
    stats = (await chat.one("Ann", "stats")).text
    assert "Puzzles: rating 15" in stats and "solved 1 of 1 · streak 1 (best 1)" in stats, stats
    await open_puzzle(chat, puzzle)  # the chat's puzzle waits for a move: 'puzzle rating' is no move
    said = (await chat.one("Ann", "puzzle rating")).text
    assert said.startswith("Puzzles: rating ") and "streak 1" in said, said
