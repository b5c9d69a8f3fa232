"""Puzzles through the service: every kind played to the end, wrong moves, hints, solutions, races, restarts,
the daily puzzle, and the ratings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ai.puzzles import Puzzle, find, piece_of, shipped
from ai.puzzles.build import THEMES
from bot.service import Service, ServiceConfig
from bot.service.payloads import PuzzleMove, decode, encode
from bot.service.puzzles import hint_text, position
from bot.service.texts import Words
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock

GAMES = ("kamisado", "ashtarashki", "krepost")


def first(game: str, wanted: Callable[[Puzzle], bool]) -> Puzzle:
    return next(p for p in shipped(game) if wanted(p))


def attacker_moves(puzzle: Puzzle) -> list[tuple[int, str]]:
    """The steps of the line where the attacker moves, with the move."""
    game = get_game(puzzle.game)
    state, found = puzzle.start(), []
    for step, text in enumerate(puzzle.line):
        if state.to_play == puzzle.attacker:
            found.append((step, text))
        state = state.play(game.parse_move(state, text))
    return found


async def open_puzzle(chat: Chat, puzzle: Puzzle) -> int:
    """Open ``puzzle`` in the chat as 'puzzle' would; the chat's store id."""
    store = chat.service.store
    row = await store.chat(chat.platform, chat.chat_id)
    await store.set_puzzle_rating(puzzle.game, puzzle.number, puzzle.rating)
    await store.open_puzzle(row.id, puzzle.game, puzzle.number)
    return row.id


async def score(chat: Chat, name: str, scope: str = "all") -> tuple[int, int, float] | None:
    store = chat.service.store
    user = await store.user(chat.platform, name.lower(), name)
    found = await store.puzzle_score(user.id, scope)
    return None if found is None else (found.solved, found.failed, found.rating)


@pytest.mark.parametrize("game", GAMES)
async def test_a_puzzle_of_each_game_is_solved_along_its_line(chat: Chat, game: str) -> None:
    puzzle = first(game, lambda p: p.turns >= 2 and len(attacker_moves(p)) == p.turns)
    chat_id = await open_puzzle(chat, puzzle)
    moves = attacker_moves(puzzle)
    for step, text in moves[:-1]:
        reply = await chat.one("Ann", text)
        assert f"✔ Ann: {text}" in reply.text, reply.text
        assert puzzle.line[step + 1] in reply.text  # the defence the bot played
        session = await chat.service.store.puzzle_session(chat_id)
        assert session is not None and session.step == step + 2
    reply = await chat.one("Ann", moves[-1][1])
    assert "🏆 Ann solved it" in reply.text and " · ".join(puzzle.line) in reply.text
    assert await chat.service.store.puzzle_session(chat_id) is None
    solved, failed, rating = await score(chat, "Ann") or (0, 0, 0.0)
    assert (solved, failed) == (1, 0) and rating > 1500
    puzzle_rating = await chat.service.store.puzzle_rating(game, puzzle.number)
    assert puzzle_rating is not None and puzzle_rating < puzzle.rating


async def test_a_wrong_move_is_answered_with_its_refutation_and_scored_once(chat: Chat) -> None:
    puzzle = first("kamisado", lambda p: p.turns >= 2 and any(p.refutations[0].values()))
    chat_id = await open_puzzle(chat, puzzle)
    wrong, refutation = next((m, r) for m, r in puzzle.refutations[0].items() if r)
    reply = await chat.one("Bob", wrong)
    assert f"✘ {wrong} fails" in reply.text and refutation in reply.text, reply.text
    # what the proof establishes, and only that: no round won within the turns the puzzle gives
    assert f"the round cannot be won in {puzzle.turns} turns any more" in reply.text and "gone" not in reply.text
    assert "The position stays" in reply.text
    other_wrong = next(m for m in puzzle.refutations[0] if m != wrong)
    await chat.one("Bob", other_wrong)
    assert await score(chat, "Bob") == (0, 1, pytest.approx(1500 - 32 / (1 + 10 ** ((puzzle.rating - 1500) / 400))))
    session = await chat.service.store.puzzle_session(chat_id)
    assert session is not None and session.step == 0 and session.failed
    for _, text in attacker_moves(puzzle):  # Bob finds it after all: credited, not rated again
        reply = await chat.one("Bob", text)
    assert "🏆 Bob solved it" in reply.text
    solved, failed, _ = await score(chat, "Bob") or (0, 0, 0.0)
    assert (solved, failed) == (0, 1)
    top = (await chat.one("Cid", "top puzzles")).text  # solved all the same, and said so
    assert "solved 0 of 1 · streak 0 (best 0) · 1 more solved unrated (after a hint or a wrong try)" in top, top


async def test_a_clean_win_puzzle_asks_for_the_clean_win_and_says_so_when_it_is_missed(chat: Chat) -> None:
    puzzle = first("ashtarashki", lambda p: p.theme == "clean" and p.turns >= 2 and any(p.refutations[0].values()))
    await open_puzzle(chat, puzzle)
    shown = (await chat.one("Ann", "puzzle")).text
    assert f"White to play and win cleanly (take every enemy stone) in {puzzle.turns} moves." in shown, shown
    wrong, refutation = next((m, r) for m, r in puzzle.refutations[0].items() if r)
    reply = await chat.one("Bob", wrong)
    assert f"✘ {wrong} fails" in reply.text and refutation in reply.text, reply.text
    assert f"there is no clean win in {puzzle.turns} turns any more" in reply.text, reply.text
    for _, text in attacker_moves(puzzle):
        reply = await chat.one("Ann", text)
    assert "🏆 Ann solved it" in reply.text, reply.text


async def test_a_puzzle_is_opened_by_its_number_or_its_theme(chat: Chat) -> None:
    last = len(shipped("ashtarashki"))
    opened = (await chat.one("Ann", "puzzle ashtarashki 350")).text
    assert opened.startswith("Puzzle Ashtarashki #350 ·"), opened
    refused = (await chat.one("Ann", f"puzzle ashtarashki #{last + 1}")).text
    assert refused == f"Ashtarashki has puzzles 1 to {last}: there is no #{last + 1}.", refused
    for _ in range(3):
        themed = (await chat.one("Ann", "puzzle ashtarashki clean")).text
        assert "· clean win" in themed and "win cleanly" in themed, themed
    assert "There are no Kamisado puzzles of that kind." in (await chat.one("Ann", "puzzle kamisado clean")).text
    assert "Puzzle Krepost" in (await chat.one("Ann", "puzzle fortress")).text  # the game's other name
    assert "· into the fortress" in (await chat.one("Ann", "puzzle krepost fortress")).text


async def test_hint_names_the_piece_and_solution_shows_the_line(chat: Chat) -> None:
    puzzle = first("ashtarashki", lambda p: p.turns >= 2 and len({m.path[0] for m in p.start().legal_moves()}) > 1)  # type: ignore[attr-defined]
    chat_id = await open_puzzle(chat, puzzle)
    state = puzzle.start()
    square = piece_of(get_game("ashtarashki").parse_move(state, puzzle.line[0]))
    assert (await chat.one("Ann", "puzzle hint")).text == f"Hint: move the piece on {square}."
    reply = await chat.one("Cid", "puzzle solution")
    assert reply.text.endswith("The solution: " + " · ".join(puzzle.line))
    assert await chat.service.store.puzzle_session(chat_id) is None
    assert "No puzzle is open" in (await chat.one("Ann", "puzzle hint")).text
    assert await score(chat, "Ann") is None  # a hint and a solution score nobody


async def test_a_hint_never_names_the_only_piece_that_can_move(chat: Chat) -> None:
    puzzle = first("kamisado", lambda p: p.start().forced is not None)  # type: ignore[attr-defined]
    await open_puzzle(chat, puzzle)
    state = puzzle.start()
    assert len({m.start for m in state.legal_moves()}) == 1  # the forced tower: the board already says which
    end = get_game("kamisado").parse_move(state, puzzle.line[0]).end
    assert (await chat.one("Ann", "puzzle hint")).text == f"Hint: the winning move ends on row {end[1]}."


def test_a_hint_by_the_row_only_when_the_row_tells_the_moves_apart() -> None:
    puzzle = find("ashtarashki", 270)
    assert puzzle is not None
    state = puzzle.start()
    assert {m.path[-1][1] for m in state.legal_moves()} == {"6"}  # type: ignore[attr-defined]
    move = get_game("ashtarashki").parse_move(state, puzzle.line[0])
    assert hint_text(Words("en"), state, move) == "Hint: the winning move ends on file f."


def test_the_hint_of_a_placement_names_no_piece() -> None:
    game = get_game("krepost")
    state = game.new_state()
    assert piece_of(game.parse_move(state, "@e4")) is None
    assert hint_text(Words("en"), state, game.parse_move(state, "@e3")) == "Hint: place a stone from your hand on row 3."
    kamisado = get_game("kamisado").new_state()
    move = kamisado.legal_moves()[0]
    assert piece_of(move) == move.start


async def test_two_players_pressing_the_same_button_the_first_plays_and_finishes(chat: Chat) -> None:
    puzzle = first("kamisado", lambda p: p.turns == 2 and len(attacker_moves(p)) == 2)
    chat_id = await open_puzzle(chat, puzzle)
    state, _ = position(puzzle, 0)
    index = list(state.legal_moves()).index(get_game("kamisado").parse_move(state, puzzle.line[0]))
    button = encode(PuzzleMove(0, puzzle.number, 0, index))
    [ann] = await chat.press("Ann", button)
    [bob] = await chat.press("Bob", button)
    assert "✔ Ann" in ann.text and "Too late" in bob.text and bob.private_to == "bob"
    _, last = attacker_moves(puzzle)[-1]
    winner = await chat.one("Ann", last)
    assert "🏆 Ann solved it" in winner.text
    assert await score(chat, "Bob") is None and (await score(chat, "Ann") or (0,))[0] == 1
    assert await chat.service.store.puzzle_session(chat_id) is None


async def test_the_puzzle_buttons_answer_it(chat: Chat) -> None:
    reply = await chat.one("Ann", "puzzle kamisado easy")
    assert "to play and win the round in" in reply.text and reply.choices
    session = await chat.service.store.puzzle_session((await chat.service.store.chat("test", "g1")).id)
    assert session is not None
    opened = shipped("kamisado")[session.number - 1]
    state = opened.start()
    right = get_game("kamisado").parse_move(state, opened.line[0])
    payloads = [decode(choice.payload) for row in reply.choices for choice in row]
    wanted = [p for p in payloads if isinstance(p, PuzzleMove) and state.legal_moves()[p.index] == right]
    assert wanted, "the right move has a button"
    [done] = await chat.press("Cid", encode(wanted[0]))
    assert ("🏆 Cid solved it" if opened.turns == 1 else "✔ Cid") in done.text
    [stale] = await chat.press("Ann", encode(wanted[0]))
    assert "Too late" in stale.text


async def test_a_restart_in_the_middle_of_a_puzzle_keeps_it(store: SqliteStore, clock: Clock) -> None:
    first_service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    chat = Chat(first_service)
    puzzle = first("krepost", lambda p: p.turns == 2 and len(attacker_moves(p)) == 2)
    await open_puzzle(chat, puzzle)
    moves = attacker_moves(puzzle)
    assert "✔ Ann" in (await chat.one("Ann", moves[0][1])).text
    again = Chat(Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock))
    shown = await again.one("Bob", "puzzle")
    assert "still open" in shown.text and "take a prisoner in 1 turn" in shown.text
    assert "🏆 Bob solved it" in (await again.one("Bob", moves[1][1])).text


async def test_moves_in_own_games_come_before_the_puzzle(chat: Chat) -> None:
    from tests.bot.test_service import start_game

    game_id = await start_game(chat, "ashtarashki")
    puzzle = first("ashtarashki", lambda p: True)
    await open_puzzle(chat, puzzle)
    reply = await chat.one("Ann", "c3-d4")  # legal in Ann's game (White to move)
    assert reply.game_id == game_id


async def test_top_puzzles_and_the_ratings(chat: Chat) -> None:
    assert "Nobody has solved a puzzle" in (await chat.one("Ann", "top puzzles")).text
    for name in ("Ann", "Bob"):
        puzzle = first("kamisado", lambda p: p.turns == 1)
        await open_puzzle(chat, puzzle)
        await chat.one(name, puzzle.line[0])
    puzzle = first("kamisado", lambda p: p.turns >= 2 and any(p.refutations[0].values()))
    await open_puzzle(chat, puzzle)
    await chat.one("Bob", next(m for m, r in puzzle.refutations[0].items() if r))
    text = (await chat.one("Cid", "top puzzles")).text
    assert text.index("Ann") < text.index("Bob"), text
    assert "solved 1 of 1 · streak 1" in text and "solved 1 of 2 · streak 0 (best 1)" in text


async def test_puzzle_usage_and_unknown_words(chat: Chat) -> None:
    assert "puzzle [game]" in (await chat.one("Ann", "puzzle sideways")).text
    assert "No puzzle is open" in (await chat.one("Ann", "puzzle solution")).text
    reply = await chat.one("Ann", "puzzle krepost easy")
    assert "Puzzle Krepost" in reply.text and "easy" in reply.text
    assert (await chat.one("Ann", "puzzle a1-a2-a3")).text.startswith("The puzzle: 'a1-a2-a3': ")  # and why


async def test_the_daily_puzzle_is_posted_once_at_its_hour_with_yesterdays_solution(store: SqliteStore,
                                                                                    clock: Clock) -> None:
    config = ServiceConfig(render_boards=False, rate_limit=1000)
    one, two = Service(store, config=config, clock=clock), Service(store, config=config, clock=clock)
    chat = Chat(one)
    clock.now = 1_700_000_000.0  # 2023-11-14 22:13 UTC
    assert "not a value" in (await chat.one("Ann", "settings chat zone Mars/Olympus", is_admin=True)).text
    assert "Saved: time zone: +03:00." in (await chat.one("Ann", "settings chat zone +03:00", is_admin=True)).text
    saved = await chat.one("Ann", "settings chat puzzle daily 9:30 krepost", is_admin=True)
    assert "every day at 09:30 (Krepost)" in saved.text
    day = 86_400.0
    midnight = 1_699_920_000.0 + day  # 2023-11-15 00:00 UTC, 03:00 in the chat
    clock.now = midnight + 6 * 3600  # 09:00 in the chat: not yet
    assert not [r for r in await one.tick() if "Puzzle of the day" in r.text]
    clock.now = midnight + 6.5 * 3600 + 60
    posted = [r for r in await one.tick() + await two.tick() if "Puzzle of the day" in r.text]
    assert len(posted) == 1 and "2023-11-15" in posted[0].text and "Krepost" in posted[0].text
    assert posted[0].delivery is not None
    await one.sent(posted[0], "m1")
    chat_row = await store.chat("test", "g1")
    session = await store.puzzle_session(chat_row.id)
    assert session is not None and session.day == "2023-11-15"
    puzzle = shipped("krepost")[session.number - 1]
    for _, text in attacker_moves(puzzle):
        reply = await chat.one("Bob", text)
    assert "🏆 Bob solved it" in reply.text
    assert not [r for r in await one.tick() if "Puzzle of the day" in r.text]
    clock.now += day
    [next_day] = [r for r in await two.tick() if "Puzzle of the day" in r.text]
    assert "Yesterday's puzzle" in next_day.text and " · ".join(puzzle.line) in next_day.text
    assert "Solved by Bob." in next_day.text
    assert "Saved: daily puzzle: off." in (await chat.one("Ann", "settings chat puzzle off", is_admin=True)).text


async def test_an_unsent_daily_puzzle_is_sent_again(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)
    chat = Chat(service)
    clock.now = 1_699_920_000.0 + 86_400.0 + 10 * 3600
    await chat.one("Ann", "settings chat puzzle daily 08:00", is_admin=True)
    [posted] = [r for r in await service.tick() if "Puzzle of the day" in r.text]
    await service.unsent(posted)
    clock.now += 600
    again = [r for r in await service.redeliver() if "Puzzle of the day" in r.text]
    assert len(again) == 1 and again[0].text == posted.text and again[0].delivery == posted.delivery


def test_every_theme_has_words_and_every_set_is_shipped() -> None:
    for game in GAMES:
        puzzles = shipped(game)
        assert len(puzzles) >= 300
        assert {p.theme for p in puzzles} <= set(THEMES)
        assert {p.difficulty for p in puzzles} == {"easy", "normal", "hard"}
        assert [p.number for p in puzzles] == list(range(1, len(puzzles) + 1))


async def test_a_puzzle_in_a_private_chat(service: Service) -> None:
    alone = Chat(service, chat_id="p1", private=True)
    puzzle = first("ashtarashki", lambda p: p.turns == 1)
    await open_puzzle(alone, puzzle)
    assert "there is no stone of black on h8" in (await alone.one("Ann", "puzzle h8-g7-f6")).text
    assert "🏆 Ann solved it" in (await alone.one("Ann", puzzle.line[0])).text
    assert "No puzzle is open" in (await alone.one("Ann", "puzzle hint")).text


@pytest.mark.parametrize(("number", "typed"), [(183, "a7-a6"), (79, "b7-b8")])
async def test_a_krepost_answer_that_leaves_out_the_prisoner_completes_the_puzzle(chat: Chat, number: int,
                                                                                    typed: str) -> None:
    puzzle = find("krepost", number)
    assert puzzle is not None and puzzle.turns == 1
    chat_id = await open_puzzle(chat, puzzle)
    reply = await chat.one("Ann", typed)  # any prisoner completes it: one is taken, the puzzle is solved
    assert "🏆 Ann solved it" in reply.text, reply.text
    assert not reply.choices  # a finished puzzle has no buttons
    assert await chat.service.store.puzzle_session(chat_id) is None


async def test_an_answer_that_fits_several_moves_midway_is_asked_about(chat: Chat) -> None:
    puzzle = find("krepost", 296)
    assert puzzle is not None
    await open_puzzle(chat, puzzle)
    await chat.one("Ann", puzzle.line[0])
    reply = await chat.one("Ann", "e5-d5")  # the last step: prisoners d6 and others all win
    assert "🏆 Ann solved it" in reply.text or reply.choices, reply.text


async def test_an_illegal_answer_says_why_and_a_game_of_the_sender_does_not_swallow_the_answer(chat: Chat) -> None:
    puzzle = first("kamisado", lambda p: p.turns >= 1)
    await open_puzzle(chat, puzzle)
    refused = await chat.one("Ann", "a8-a1")  # reads as a move, not one this position allows
    assert refused.text.startswith("The puzzle: ") and "no game here" not in refused.text, refused.text
    assert await chat.say("Ann", "what a nice puzzle") == []  # chatter stays chatter
    from tests.bot.test_service import start_game

    await start_game(chat, "krepost", first="Bob", second="Cid")  # Bob plays Krepost here: White, placing now
    answer = attacker_moves(puzzle)[0][1]
    reply = await chat.one("Bob", answer)  # no Krepost move: the puzzle takes it
    assert "✔ Bob" in reply.text or "🏆 Bob solved it" in reply.text, reply.text
    krepost_puzzle = find("krepost", 183)
    assert krepost_puzzle is not None
    await open_puzzle(chat, krepost_puzzle)
    refused = await chat.one("Bob", "@e9")  # refused in Bob's game and in the puzzle: each one's reason
    lines = refused.text.splitlines()
    assert lines[0] == "'@e9' cannot be played:" and len(lines) == 3, lines
    assert lines[1].startswith("In game #") and lines[1].endswith("'@e9': white places stones only on ranks 1–4")
    assert lines[2].startswith("For the puzzle: '@e9': ")
