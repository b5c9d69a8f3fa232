"""Board pictures: valid PNGs of the right size, pixels where the state says, flips, determinism."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render import board_png
from render.canvas import BACKGROUND, HIGHLIGHT, LAST_MOVE, SCALE, make_frame
from render.kamisado import BLACK_TOWER, PALETTE, WHITE_TOWER
from rules import get_game
from rules.kamisado.board import COLOURS, SQUARE_COLOUR

kamisado = get_game("kamisado")
ashtarashki = get_game("ashtarashki")
krepost = get_game("krepost")


def picture(state: Any, **options: Any) -> Image.Image:
    data = board_png(state, **options)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def point(
    files: int, square: str, perspective: str = "white", size: int = 640, dx: float = 0.0, dy: float = 0.0
) -> tuple[int, int]:
    """Where a square's centre is in the final picture (offsets in cells)."""
    frame = make_frame(size, files, files, perspective)
    file = "abcdefghijkl".index(square[0])
    rank = int(square[1:]) - 1
    x, y = frame.centre(file, rank)
    return round((x + dx * frame.cell) / SCALE), round((y + dy * frame.cell) / SCALE)


def close(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


@pytest.mark.parametrize("game", [kamisado, ashtarashki, krepost], ids=lambda g: g.key)
def test_png_is_valid_with_the_requested_width_and_a_header(game: Any) -> None:
    for size in (320, 640):
        image = picture(game.new_state(), size=size)
        assert image.width == size and size < image.height < size * 1.2


def test_kamisado_squares_show_their_palette_colour() -> None:
    image = picture(kamisado.new_state())
    for square in range(8, 56):  # ranks 2 to 7 are empty at the start
        name = f"{'abcdefgh'[square % 8]}{square // 8 + 1}"
        assert close(image.getpixel(point(8, name)), PALETTE[COLOURS[SQUARE_COLOUR[square]]]), name


def test_kamisado_towers_show_owner_and_colour_where_the_state_has_them() -> None:
    image = picture(kamisado.new_state())
    for file in "abcdefgh":
        for rank, body in (("1", WHITE_TOWER), ("8", BLACK_TOWER)):
            square = f"{file}{rank}"
            tower = kamisado.new_state().tower_at(square)
            assert tower is not None
            assert close(image.getpixel(point(8, square)), PALETTE[tower[1]]), square
            assert close(image.getpixel(point(8, square, dx=0.3)), body), square


def test_flipping_puts_a_square_at_the_mirrored_place() -> None:
    state = kamisado.new_state()
    white_view = picture(state)
    black_view = picture(state, perspective="black")
    assert point(8, "a1") == point(8, "h8", perspective="black")
    assert close(white_view.getpixel(point(8, "a1", dx=0.3)), WHITE_TOWER)
    assert close(black_view.getpixel(point(8, "a1", dx=0.3)), BLACK_TOWER)
    assert close(black_view.getpixel(point(8, "a1", perspective="black", dx=0.3)), WHITE_TOWER)


def test_the_last_move_and_the_forced_tower_are_marked() -> None:
    state = kamisado.new_state()
    move = kamisado.parse_move(state, "h8-h3")
    after = state.play(move)
    image = picture(after, last_move=move)
    plain = picture(after)
    edge = point(8, "h8", dx=-0.46)
    assert close(image.getpixel(edge), LAST_MOVE, 30) and not close(plain.getpixel(edge), LAST_MOVE, 30)
    assert after.forced == "green"
    ring = point(8, after.square_of("white", "green"), dy=-0.47)
    assert close(image.getpixel(ring), HIGHLIGHT, 30)


def test_hints_mark_the_given_squares() -> None:
    state = kamisado.new_state()
    image = picture(state, hints=["d4"])
    assert close(image.getpixel(point(8, "d4")), HIGHLIGHT)
    assert close(picture(state).getpixel(point(8, "d4")), PALETTE["brown"])


def test_colourblind_mode_adds_a_symbol_to_every_square() -> None:
    state = kamisado.new_state()
    plain, marked = picture(state), picture(state, colorblind=True)
    differing = 0
    for square in range(8, 56):
        name = f"{'abcdefgh'[square % 8]}{square // 8 + 1}"
        spot = point(8, name, dx=-0.34, dy=-0.34)
        colour = PALETTE[COLOURS[SQUARE_COLOUR[square]]]
        assert close(plain.getpixel(spot), colour)
        differing += not close(marked.getpixel(spot), colour)
    assert differing == 48


def test_ashtarashki_stones_appear_where_the_state_has_them() -> None:
    state = ashtarashki.new_state()
    image = picture(state)
    for file in "abcdefgh":
        for rank in range(1, 9):
            square = f"{file}{rank}"
            stone = state.stone_at(square)
            pixel = image.getpixel(point(8, square, dy=0.3))
            if stone is None:
                assert not close(pixel, (246, 244, 236)) and not close(pixel, (34, 34, 38)), square
            else:
                assert close(pixel, (246, 244, 236) if stone[0] == "white" else (34, 34, 38)), square


def test_krepost_stones_and_the_prisoner_mark() -> None:
    state = krepost.new_state(position="\n".join(
        [f"{r:>2} " + " ".join("." for _ in range(12)) for r in range(12, 3, -1)]
        + [" 3 . . . . W . . . . . . .", " 2 . . . . W . . . . . . .", " 1 . . . . . . . . . . . ."]))
    image = picture(state)
    assert close(image.getpixel(point(12, "e3", dy=0.25)), (246, 244, 236))
    assert not close(image.getpixel(point(12, "f3", dy=0.25)), (246, 244, 236))


@pytest.mark.parametrize("game", [kamisado, ashtarashki, krepost], ids=lambda g: g.key)
def test_the_same_state_gives_the_same_bytes(game: Any) -> None:
    state = game.new_state()
    rng = random.Random(1)
    move = None
    for _ in range(9):
        move = rng.choice(list(state.legal_moves()))
        state = state.play(move)
    assert board_png(state, last_move=move) == board_png(state, last_move=move)


def test_every_phase_of_every_game_renders() -> None:
    from render.__main__ import samples

    phases = set()
    for name, state, last, options in samples():
        image = picture(state, last_move=last, **options)
        assert image.width == 640, name
        phases.add((state.game_key, state.phase))
    assert {("kamisado", "play"), ("kamisado", "refill"), ("kamisado", "over"), ("ashtarashki", "over"),
            ("krepost", "over"), ("krepost", "play"), ("ashtarashki", "play")} <= phases


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        board_png(kamisado.new_state(), perspective="red")
    with pytest.raises(ValueError):
        board_png(kamisado.new_state(), size=10)


def test_the_background_frames_the_board() -> None:
    image = picture(kamisado.new_state())
    assert close(image.getpixel((2, image.height - 2)), BACKGROUND)


def test_gallery_command_writes_pictures(tmp_path: Any) -> None:
    from render.__main__ import main

    assert main(["gallery", str(tmp_path), "--size", "200"]) == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert "kamisado-refill.png" in files and "krepost-over.png" in files and "ashtarashki-chain.png" in files


def test_an_extra_turn_marks_both_turns_and_arrows_stay_under_the_pieces() -> None:
    """A player's moves in a row are all marked; a Kamisado arrow is drawn beneath the towers."""
    from rules.krepost import KrepostMove

    state = get_game("krepost").new_state()
    first, second = KrepostMove(("e4",)), KrepostMove(("f4",))
    after = state.play(first)
    one = board_png(after, last_move=[second], size=320)
    both = board_png(after, last_move=[first, second], size=320)
    assert one != both  # the earlier turn is marked too
    start = kamisado.new_state()
    move = kamisado.parse_move(start, "h8-h3")
    moved = start.play(move)
    marked, plain = picture(moved, last_move=move), picture(moved)
    landing = point(8, "h3", dy=-0.1)  # on the moved tower, where the arrow head points
    assert marked.getpixel(landing) == plain.getpixel(landing)  # the tower covers the arrow, not the other way
    between = point(8, "h5")
    assert marked.getpixel(between) != plain.getpixel(between)  # the arrow shows between the squares


@pytest.mark.parametrize("game", [kamisado, ashtarashki, krepost], ids=lambda g: g.key)
def test_a_picture_put_together_looks_as_the_whole_board_drawn_twice_as_large_and_reduced(game: Any) -> None:
    """The pieces kept from earlier pictures and the shapes laid on patches give the picture that drawing everything
    on one canvas twice as large and reducing it gives (the other way, with Pillow's own canvas), to within a shade
    at the edges of shapes; every kind of mark appears along a game, from both sides, in two sizes."""
    from PIL import ImageChops

    from render import renderer
    from render.canvas import new_picture

    rng = random.Random(3)
    state, last, earlier = game.new_state(), None, None
    compared = 0
    for turn in range(60):
        moves = list(state.legal_moves())
        if not moves or state.is_over:
            break
        earlier, last = last, rng.choice(moves)
        state = state.play(last)
        if turn % 6:
            continue
        perspective, size, colourblind = ("white", "black")[turn % 2], (640, 320)[turn % 12 // 6], turn % 4 == 0
        options = dict(last_move=last, earlier_move=earlier, hints=["c3", "d4"], colorblind=colourblind)
        composed = picture(state, perspective=perspective, size=size, **options)
        module = renderer(game.key)
        frame = module.frame_for(state, size, perspective)
        whole, draw = new_picture(frame)
        module.paint_board(draw, frame, state, colourblind)
        module.paint(draw, frame, state, **options)
        difference = ImageChops.difference(composed, whole.reduce(SCALE)).convert("L").histogram()
        pixels = sum(difference)
        mean = sum(level * count for level, count in enumerate(difference)) / pixels
        assert mean < 1.0 and sum(difference[64:]) < pixels * 0.001, (turn, mean, sum(difference[64:]))
        compared += 1
    assert compared >= 4
