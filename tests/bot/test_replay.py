"""replay: a game of the chat as one animated GIF, for anyone in the chat."""

from __future__ import annotations

import io

from PIL import Image, ImageSequence

from bot.service import Service
from render.replay import EVENT_MS, LAST_MS, MAX_FRAMES, MAX_SECONDS, ReplayFrame, replay_gif
from rules import get_game
from tests.bot.conftest import Chat
from tests.bot.test_service import play_out, start_game


def _frames(gif: bytes | None) -> list[int]:
    """Each frame's pause in milliseconds."""
    assert gif is not None and gif[:6] == b"GIF89a"
    return [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]


async def test_a_finished_game_replays_turn_by_turn_and_ends_on_its_result(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "ashtarashki")
    await play_out(chat, service, game_id, seed=3)
    row = await service.store.game(game_id)
    turns = len([m for m in row.moves if not m.startswith("!")])
    reply = await chat.one("Carol", f"replay #{game_id}")  # a spectator: the game is public in its chat
    durations = _frames(reply.animation)
    assert len(durations) == min(turns + 1, MAX_FRAMES)
    assert durations[-1] == LAST_MS and sum(durations) <= MAX_SECONDS * 1000
    assert f"Replay of game #{game_id}" in reply.text and f"{turns} turns" in reply.text


def test_a_long_game_is_sped_up_and_keeps_its_events() -> None:
    game = get_game("krepost")
    start = game.new_state()
    move = start.legal_moves()[0]
    after = start.play(move)
    frames = [ReplayFrame(start, caption="start")]
    for turn in range(1, 400):  # the pictures need not be a real game: what is chosen and for how long is tested
        frames.append(ReplayFrame(after if turn % 2 else start, (move,), caption=str(turn), event=turn % 50 == 0))
    assert len(frames) > MAX_FRAMES
    durations = _frames(replay_gif(frames, size=160))
    assert len(durations) == MAX_FRAMES and sum(durations) <= MAX_SECONDS * 1000
    assert durations.count(EVENT_MS) == sum(f.event for f in frames)  # every event kept, at its full pause
    assert durations[-1] == LAST_MS


async def test_a_game_going_on_and_one_of_another_chat(chat: Chat, service: Service) -> None:
    game_id = await start_game(chat, "kamisado", "single")
    await chat.one("Bob", "a8-a6")
    reply = await chat.one("Ann", "replay")
    assert len(_frames(reply.animation)) == 2 and "1 turn." in reply.text  # the start, and the position now
    second = await start_game(chat, "ashtarashki", first="Cid", second="Dan")
    assert f"Replay of game #{game_id}:" in (await chat.one("Cid", f"replay {game_id}")).text  # a bare number is the game
    assert f"Replay of game #{second}:" in (await chat.one("Ann", f"replay {second}")).text
    elsewhere = Chat(service, chat_id="g2")
    refused = await elsewhere.one("Dan", f"replay #{game_id}")
    assert refused.animation is None and f"#{game_id}" in refused.text
    assert "replay #" in (await elsewhere.one("Dan", "replay")).text  # no game of his: how to pick one


def test_a_refill_frame_says_what_was_chosen_and_marks_nothing_of_the_last_round() -> None:
    import random

    from bot.service.commands.replay import replay_frames
    from bot.service.texts import Words

    game = get_game("kamisado")
    state, stored, rng = game.new_state(match="standard"), [], random.Random(3)
    after_refill = 0
    while after_refill < 2:  # to the second round, and two moves into it
        move = rng.choice(list(state.legal_moves()))
        stored.append(game.format_move(state, move))
        state = state.play(move)
        after_refill += state.round > 1
    frames = replay_frames("kamisado", {"match": "standard"}, stored, state, {"white": "Ann", "black": "Bob"}, Words("en"))
    refill = next(f for f in frames if "refill the home rows" in f.caption)
    assert "chose to refill the home rows from the" in refill.caption
    assert not refill.last_move and not refill.earlier_move


def test_every_character_of_a_move_caption_is_in_the_caption_font() -> None:
    from render.canvas import caption_font

    face = caption_font(40)
    missing = face.getmask("\ue000").getbbox(), bytes(face.getmask("\ue000"))
    for character in "↖↑↗←→↓↙↘–—·½…×:":
        assert (face.getmask(character).getbbox(), bytes(face.getmask(character))) != missing, character


def test_a_long_caption_is_never_cut() -> None:
    from render.canvas import caption_band

    short = caption_band(320, "Game over. Ann wins.")
    long = caption_band(320, " ".join(["The count: White 47, Black 46 (prisoners plus the opponent's stones)."] * 4))
    assert long.height > 2 * short.height
