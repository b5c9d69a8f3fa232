"""What players meet: commands, messages and endings, tried as a new user would."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.service import Service
from rules import get_game
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


async def test_a_game_number_may_stand_before_any_command_about_a_game(chat: Chat, service: Service) -> None:
    first = await start_game(chat, "ashtarashki")
    second = await start_game(chat, "krepost")
    assert (await chat.one("Ann", f"#{first} board")).game_id == first
    assert (await chat.one("Ann", f"board #{second}")).game_id == second
    assert "resigned" in (await chat.one("Ann", f"#{second} resign yes")).text
    assert (await service.store.game(second)).status == "finished"
    assert (await service.store.game(first)).status == "active"
    assert f"Record of game #{first}" in (await chat.one("Ann", f"#{first} export")).text


async def test_buttons_for_moves_that_look_alike_say_the_whole_move(chat: Chat) -> None:
    await start_game(chat, "kamisado", "single")  # Bob is Black and starts
    reply = await chat.one("Bob", "d4")  # two towers can reach d4
    labels = [choice.label for row in reply.choices for choice in row]
    assert len(labels) == 2 and len(set(labels)) == 2 and all("d4" in label for label in labels), labels


async def test_a_krepost_count_states_the_score(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost", "half")
    await chat.one("Ann", f"#{game_id} @e4")
    asked = await chat.one("Ann", "draw")
    assert "The count: White 48, Black 47" in asked.text  # the proposal says what the count would be
    question = await chat.one("Bob", "draw")  # a rated game ends: Bob is asked first, with the count
    assert "Counting now loses game #1 47:48" in question.text and "The game is rated" in question.text
    assert (await chat.service.store.game(game_id)).status == "active"
    ended = await chat.one("Bob", "draw yes")
    assert "counted by agreement" in ended.text
    assert "The count: White 48, Black 47" in ended.text  # Bob has one stone fewer in hand
    exported = await chat.one("Ann", f"export #{game_id}")
    assert exported.text.split("\n")[:2] == [f"Record of game #{game_id}:",
                                              "# The count: White 48, Black 47 (prisoners plus the opponent's stones in hand)."]


async def test_the_bot_agrees_to_count_only_when_it_wins(chat: Chat, service: Service) -> None:
    reply = await chat.one("Ann", "play krepost bot white level=beginner")
    game_id = reply.game_id
    await chat.one("Ann", "@e4")  # the bot answers with a placement: 47 to 47, a tie without the half stone
    declined = await chat.one("Ann", "draw")
    assert "plays on" in declined.text and "The count:" in declined.text
    assert (await service.store.game(game_id or 0)).status == "active"
    row = await service.store.game(game_id or 0)
    assert row.state["to_play"] == "white"
    await chat.one("Ann", "e4-e5")  # a step instead of a placement: counted now, the bot would lead
    question = await chat.one("Ann", "draw")  # that loses: asked first, never a game thrown away by one word
    assert "Counting now loses game #1 46:47. Stop and count anyway?" in question.text, question.text
    assert [c.label for c in question.choices[0]] == ["Yes, count", "No, play on"]
    assert (await service.store.game(game_id or 0)).status == "active"
    accepted = await chat.one("Ann", "", payload=question.choices[0][0].payload)
    assert "Bot (beginner) wins (counted by agreement)" in accepted.text, accepted.text
    assert accepted.closes


async def test_a_newcomers_draw_against_the_bot_in_the_placing_asks_first(chat: Chat, service: Service) -> None:
    reply = await chat.one("Ann", "play krepost bot black level=easy")
    game_id = reply.game_id or 0
    await chat.one("Ann", "@e9")
    question = await chat.one("Ann", "draw")  # Black is a stone behind during the placing: counting loses
    assert "Counting now loses game #1 46:47" in question.text, question.text
    kept = await chat.one("Ann", "", payload=question.choices[0][1].payload, message_id="q1")
    assert "goes on" in kept.text and kept.closes
    again = await chat.one("Ann", "", payload=question.choices[0][0].payload, message_id="q1")  # its other button
    assert "answered already" in again.text
    row = await service.store.game(game_id)
    assert row.status == "active" and row.result is None


async def test_a_no_typed_to_the_bots_own_question_says_what_is_true(service: Service) -> None:
    private = Chat(service, chat_id="ann", private=True)
    await private.one("Ann", "play krepost bot black level=easy")
    await private.one("Ann", "@e9")
    question = await private.one("Ann", "resign")
    assert [c.label for c in question.choices[0]] == ["Yes, resign", "No, play on"]
    answer = (await private.one("Ann", "no")).text
    assert "challenge" not in answer.split(":")[0] and "nothing happens unless you press its 'Yes'" in answer, answer
    assert (await private.one("Ann", "decline")).text == answer
    russian = (await private.one("Ann", "lang ru"), await private.one("Ann", "нет"))[1].text
    assert russian.startswith("Отклонять нечего"), russian


async def test_no_refuses_a_count_and_says_so(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "krepost", "half")
    asked = await chat.one("Ann", "draw")
    refused = await chat.one("Bob", "no")
    assert refused.text == "Bob plays on: no count.", refused.text
    assert (await service.store.game(game_id)).draw_by is None
    late = await chat.one("Bob", "", payload=asked.choices[0][0].payload)  # the refused offer's "Yes" (no message id)
    assert "answered already" in late.text
    assert (await service.store.game(game_id)).status == "active"
    assert await chat.say("Bob", "no") == []  # nothing to refuse: "no" in a group is chatter


async def test_a_match_shows_its_score_and_its_end(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "standard")
    board = await chat.one("Bob", f"board #{game_id}")
    assert "Round 1 · score Black 0, White 0 · the match is to 3" in board.text
    ended = await chat.one("Bob", "resign yes")
    assert "Final score: Black 0, White 0 (the match was to 3)" in ended.text


async def test_an_ashtarashki_ending_gives_points_and_balls(chat: Chat) -> None:
    await start_game(chat, "ashtarashki")
    ended = await chat.one("Bob", "resign yes")
    assert "Points: White 1, Black 0" in ended.text and "Balls: White 0, Black 0" in ended.text


async def test_each_bot_level_has_its_own_rating_and_lines_are_not_repeated(chat: Chat, service: Service) -> None:
    for level in ("easy", "hard"):
        await chat.one("Ann", f"play krepost bot white level={level}")
        await chat.one("Ann", "resign yes")
    stats = await chat.one("Ann", "stats")
    assert stats.text.count("Krepost") == 1  # this chat is everywhere she played: one line, not two
    top = await chat.one("Ann", "top krepost")
    assert "Bot (easy)" in top.text and "Bot (hard)" in top.text
    assert top.text.count("Bot (easy)") == 1


async def test_words_a_new_player_tries(chat: Chat) -> None:
    assert "kamisado, ashtarashki, krepost" in (await chat.one("Ann", "rules")).text
    assert "kamisado, ashtarashki, krepost" in (await chat.one("Ann", "play")).text
    assert "Kamisado (Peter Burley)" in (await chat.one("Ann", "rules kami")).text
    assert "show the board" in (await chat.one("Ann", "help board")).text
    assert "There is no command 'frobnicate'" in (await chat.one("Ann", "help frobnicate")).text
    assert "contradict" in (await chat.one("Ann", "play krepost 3x2 3x3")).text
    assert "contradict" in (await chat.one("Ann", "play krepost white black")).text
    assert "yourself" in (await chat.one("Ann", "play krepost @Ann")).text
    said = (await chat.one("Ann", "settings flip purple")).text
    assert "'purple' is not a value for own side at the bottom. settings flip on|off" in said and "\n" not in said
    assert "There is no setting 'colour'. Yours: lang, board," in (await chat.one("Ann", "settings colour purple")).text
    assert "14 days" in (await chat.one("Ann", "vacation 999d")).text


async def test_moves_abort_and_rematch(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    assert "No moves yet" in (await chat.one("Ann", "moves")).text
    await chat.one("Ann", "c3-d4")
    assert "1. M3c3—d4" in (await chat.one("Bob", f"#{game_id} moves")).text
    assert "cannot be called off" in (await chat.one("Ann", "abort")).text  # Ann has moved
    called_off = await chat.one("Bob", "abort")  # Bob has not
    assert "called off by Bob" in called_off.text
    row = await service.store.game(game_id)
    assert row.status == "aborted" and await service.store.ratings_of(row.white_id) == []
    again = await chat.one("Bob", "rematch")
    assert "Bob challenges you" in again.text or "challenges you" in again.text
    started = await chat.one("Ann", "accept")
    new = await service.store.game(started.game_id or 0)
    assert new.white_id == row.black_id and new.black_id == row.white_id  # colours swapped


async def test_a_rematch_asked_by_both_players_starts_the_game(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await chat.one("Bob", "abort")
    await chat.one("Bob", "rematch")
    started = await chat.say("Ann", "rematch")  # Bob asked already: Ann's rematch answers his, not a second challenge
    assert any(reply.game_id not in (None, game_id) for reply in started), [r.text for r in started]
    assert await service.store.open_challenges(chat_id=(await service.store.game(game_id)).chat_id) == []
    new = await service.store.game(next(r.game_id for r in started if r.game_id not in (None, game_id)) or 0)
    old = await service.store.game(game_id)
    assert (new.white_id, new.black_id) == (old.black_id, old.white_id)  # colours swapped


async def test_a_rematch_against_the_bot_starts_at_once(chat: Chat) -> None:
    first = await chat.one("Ann", "play krepost bot white level=easy")
    await chat.one("Ann", "abort")
    second = await chat.one("Ann", "rematch")
    assert second.game_id == (first.game_id or 0) + 1 and "Bot (easy)" in second.text


async def test_a_move_that_loses_at_once_is_asked_about(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "single")  # Bob (Black) starts
    await chat.one("Bob", "h8-h5")  # White must move yellow now, and some of its moves hand Black the round
    row = await service.store.game(game_id)
    game = get_game("kamisado")
    state = game.state_from_dict(row.state)

    def hands_a_win(move: object) -> bool:
        after = state.play(move)
        if after.to_play != "black":  # a pass gives White another move: nothing handed over
            return False
        return any(getattr(after.play(reply).outcome(), "winner", None) == "black" for reply in after.legal_moves())

    losing = next(m for m in state.legal_moves() if hands_a_win(m))
    await chat.say("Ann", "settings warnings on")  # a rated game between people: only when asked for
    question = await chat.one("Ann", game.format_move(state, losing))
    assert question.text.startswith("Careful: after") and question.private_to == "ann"
    assert len((await service.store.game(game_id)).moves) == 1  # not played
    [played] = await chat.press("Ann", question.choices[0][0].payload)
    assert "Ann played" in played.text and len((await service.store.game(game_id)).moves) == 2


async def test_no_warning_coaches_a_rated_game_between_people(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "single")
    await chat.one("Bob", "h8-h5")
    state = get_game("kamisado").state_from_dict((await service.store.game(game_id)).state)
    for move in state.legal_moves():  # any move of White: played at once, losing or not, nobody is coached
        after = state.play(move)
        if after.to_play == "black" and any(getattr(after.play(r).outcome(), "winner", None) == "black"
                                            for r in after.legal_moves()):
            played = await chat.one("Ann", get_game("kamisado").format_move(state, move))
            assert "Ann played" in played.text and "Careful" not in played.text
            break
    else:
        raise AssertionError("no losing move to try")


async def test_sumo_pushes_and_refills_are_explained(chat: Chat, service: Service) -> None:
    import random

    from rules.kamisado import KamisadoMove, RefillMove

    game_id = await start_game(chat, "kamisado", "marathon")
    rng = random.Random(11)
    names = {"white": "Ann", "black": "Bob"}
    seen = set()
    game = get_game("kamisado")
    for _ in range(3000):
        row = await service.store.game(game_id)
        if row.status != "active" or seen == {"push", "refill"}:
            break
        state = game.state_from_dict(row.state)
        legal = list(state.legal_moves())
        pushes = [m for m in legal if isinstance(m, KamisadoMove) and m.push]
        if state.phase == "refill":
            board = await chat.one(names[state.to_play], f"board #{game_id}")
            assert "Fill from the left — " in board.text and "Fill from the right — " in board.text
        move = rng.choice(pushes or legal)
        player = names[state.to_play]
        reply = await chat.one(player, f"#{game_id} {game.format_move(state, move)}")
        if reply.game_id is None and "Careful" in reply.text:
            [reply] = await chat.press(player, reply.choices[0][0].payload)
        if pushes:
            seen.add("push")
            assert "sumo pushed" in reply.text and "loses the turn" in reply.text, reply.text
        if isinstance(move, RefillMove):
            seen.add("refill")
            assert f"chose to refill the home rows from the {move.side}" in reply.text
    assert seen == {"push", "refill"}


async def test_takebacks_against_the_bot_only_in_unrated_games(chat: Chat, service: Service) -> None:
    rated = await chat.one("Ann", "play ashtarashki bot white level=beginner")
    await chat.one("Ann", "c3-d4")
    refused = await chat.one("Ann", "takeback")
    assert "unrated" in refused.text and len((await service.store.game(rated.game_id or 0)).moves) == 2
    await chat.one("Ann", "resign yes")
    unrated = await chat.one("Ann", "play ashtarashki bot white level=beginner unrated")
    assert "unrated" in unrated.text
    await chat.one("Ann", "c3-d4")
    undone = await chat.one("Ann", "takeback")
    assert "Moves taken back: 2" in undone.text and (await service.store.game(unrated.game_id or 0)).moves == []
    await chat.one("Ann", "resign yes")
    ann = await service.store.find_user("test", "ann")
    assert ann is not None
    [rating] = [r for r in await service.store.ratings_of(ann.id) if r.scope == "all"]
    assert rating.games == 1  # the unrated game counted for nobody


async def test_the_text_diagram_speaks_the_players_language(store: object, clock: object) -> None:
    from bot.service import ServiceConfig

    service = Service(store, config=ServiceConfig(render_boards=False, text_diagrams=True), clock=clock)  # type: ignore[arg-type]
    chat = Chat(service)
    await chat.one("Ann", "lang ru")
    board = await chat.one("Ann", "play krepost bot white level=beginner")
    assert board.diagram is not None and "в руке 48, пленных 0" in board.diagram and "prisoners" not in board.diagram
    kamisado = await chat.one("Ann", "play kamisado bot white level=beginner single")
    key = kamisado.diagram.splitlines()[10] if kamisado.diagram else ""  # under the board and its file letters
    assert key.startswith("● чёрные  ○ белые") and "br=коричневый" in key and "brown" not in key, kamisado.diagram


async def test_an_illegal_kamisado_move_lists_the_targets_once(chat: Chat) -> None:
    await start_game(chat, "kamisado", "single")  # Bob is Black and starts
    await chat.one("Bob", "a8-a6")  # a6 is green: Ann must move her green tower (b1)
    refused = await chat.one("Ann", "h1-h2")
    assert "green" in refused.text and refused.text.count("b5") == 1, refused.text
    unreadable = await chat.one("Ann", "b1-a9")  # no target list in the error: the hint gives it
    assert unreadable.text.count("b5") == 1, unreadable.text


async def test_a_bare_move_goes_to_the_one_game_that_can_read_it(chat: Chat, service: Service) -> None:
    kamisado = await start_game(chat, "kamisado", "single")  # Bob is Black and starts
    krepost = await start_game(chat, "krepost", first="Bob", second="Ann")  # Bob is White and starts
    answer = await chat.one("Ann", "@e9")  # a Krepost placement: Ann waits there, and Kamisado cannot read it
    assert answer.text == f"It is not your turn in #{krepost}.", answer.text
    assert len((await service.store.game(kamisado)).moves) == 0
    played = await chat.one("Bob", "@e4")  # Bob may move in both: only Krepost reads a placement
    assert played.game_id == krepost and len((await service.store.game(krepost)).moves) == 1
    played = await chat.one("Bob", "a8-a6")  # only Kamisado reads it
    assert played.game_id == kamisado and len((await service.store.game(kamisado)).moves) == 1
    assert await chat.say("Bob", "what a nice day") == []  # chatter in a group is left alone


async def test_a_bare_number_goes_to_the_kamisado_game(chat: Chat, service: Service) -> None:
    first = await start_game(chat, "krepost")
    second = await start_game(chat, "krepost", first="Carol", second="Ann")  # Carol is White: her turn
    kamisado = await start_game(chat, "kamisado", "single", first="Bob", second="Ann")  # Ann is Black: her turn
    assert (await service.store.game(first)).white_id != (await service.store.game(second)).white_id
    asked = await chat.one("Ann", "4")  # Krepost cannot read a number; Kamisado can (any tower may open)
    assert "↑4" in asked.text and asked.choices, asked.text
    played = (await chat.press("Ann", asked.choices[0][0].payload))[0]
    assert played.game_id == kamisado and len((await service.store.game(kamisado)).moves) == 1


COUNT_NEAR = """
12 . . . . . . . . . . . .
11 . . . . . . . . . . . .
10 . . . . . . . . . . . .
 9 . . . . B B . . . . . .
 8 . . . . . . . . . . . .
 7 . . . . . . . . . . . .
 6 . . . . . . . . . . . .
 5 . . . . . . . . . . . .
 4 . . . . W W . . . . . .
 3 . . . . . . . . . . . .
 2 . . . . . . . . . . . .
 1 . . . . . . . . . . . .
White: 10 in hand, 0 prisoners. Black: 10 in hand, 3 prisoners.
White to move. 199 turns since the last prisoner.
"""


@pytest.mark.parametrize("quiet", [199, 198])  # the count after Ann's turn, or after Bob's answer, whatever it is
async def test_the_warning_before_the_count_says_what_the_count_will_say(chat: Chat, service: Service,
                                                                        db_path: Path, quiet: int) -> None:
    game_id = await start_game(chat, "krepost", "unrated")
    row = await service.store.game(game_id)
    # The game began from this position (as a puzzle would).
    options = {**row.options, "position": COUNT_NEAR.replace("199 turns", f"{quiet} turns")}
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(options), game_id))
    row = await service.store.game(game_id)
    state = get_game("krepost").new_state(**options)
    await service.store.update_game(row, state=state.to_dict(), verified=True)
    service.forget_game(game_id)
    question = await chat.one("Ann", "e4-e5")  # any turn without a prisoner is the 200th: the count follows
    assert question.text.startswith("Careful: after e4-e5 the game will be counted: Bob wins"), question.text
    assert "Black 13" in question.text and "at once with" not in question.text


async def test_a_persian_list_of_moves_speaks_persian(chat: Chat) -> None:
    await start_game(chat, "kamisado", "single")  # Bob is Black and starts
    await chat.say("Bob", "lang fa")
    listed = (await chat.one("Bob", "d4")).text  # two towers can reach d4
    assert "قهوه‌ای" in listed and "، " in listed and "brown" not in listed, listed


async def test_the_games_and_options_help_lists_are_joined_with_persian_commas(chat: Chat) -> None:
    await chat.one("Ann", "lang fa")
    listed = (await chat.one("Ann", "rules")).text
    assert "kamisado، ashtarashki، krepost" in listed, listed
    assert ", " not in (await chat.one("Ann", "help")).text
    await chat.one("Ann", "lang en")
    assert "kamisado, ashtarashki, krepost" in (await chat.one("Ann", "rules")).text


async def test_an_answered_question_is_dead_and_a_takeback_yes_is_no_new_request(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    question = await chat.one("Ann", "resign")
    kept = await chat.one("Ann", "", payload=question.choices[0][1].payload, message_id="41")
    assert "goes on" in kept.text
    late = await chat.one("Ann", "", payload=question.choices[0][0].payload, message_id="41")  # "Yes, resign" after all
    assert "answered already" in late.text and late.closes
    assert (await service.store.game(game_id)).status == "active"

    board = await chat.one("Ann", "board")
    move = next(choice for row in board.choices for choice in row if choice.payload.startswith("m:"))
    await chat.say("Ann", "", payload=move.payload)
    asked = await chat.one("Ann", "takeback")
    own = await chat.one("Ann", "", payload=asked.choices[0][0].payload, message_id="42")  # the asker's own "Yes"
    assert own.text == "That is your own offer: your opponent answers it." and not own.closes
    assert (await service.store.game(game_id)).takeback_by == (await service.store.game(game_id)).white_id
    refused = await chat.one("Bob", "", payload=asked.choices[0][1].payload, message_id="42")
    assert refused.text == "Bob refused the takeback."
    again = await chat.one("Bob", "", payload=asked.choices[0][0].payload, message_id="42")
    assert "answered already" in again.text
    assert len((await service.store.game(game_id)).moves) == 1 and (await service.store.game(game_id)).takeback_by is None


async def test_a_board_that_did_not_arrive_is_named_on_the_next_one_and_not_sent_after_it(chat: Chat, service: Service,
                                                                                          clock: Clock) -> None:
    await start_game(chat, "ashtarashki")  # Ann is White
    first = await chat.one("Ann", "c3-d4")
    assert first.delivery is not None and "c3" in first.text
    await service.unsent(first)  # Telegram answered 502: it is owed again a little later
    second = await chat.one("Bob", "b6-a5")  # meanwhile the next move: one board says both
    assert "c3" in second.text and "d4" in second.text and "b6" in second.text, second.text
    await service.sent(second, "m2")
    clock.now += 3600
    assert not [r for r in await service.redeliver() if r.image is not None]  # the older board is not sent after it
