"""The service's seams: button payloads, one presenter, engine and renderer per game, errors in the player's words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ai
from bot.presenters import presenter_for
from bot.service import menu
from bot.service.payloads import (
    LIMIT,
    AcceptChallenge,
    AnswerOffer,
    Confirm,
    DeclineChallenge,
    PickStone,
    PlayMove,
    Withdraw,
    decode,
    encode,
)
from render import board_png, board_svg, renderer
from rules import all_games
from tests.bot.conftest import Chat
from tests.bot.test_service import start_game

ids = st.integers(min_value=0, max_value=2**63 - 1)
squares = st.builds(lambda f, r: f"{f}{r}", st.sampled_from("abcdefghijkl"), st.integers(min_value=1, max_value=12))
payloads = st.one_of(
    st.builds(AcceptChallenge, ids), st.builds(DeclineChallenge, ids), st.builds(PlayMove, ids, ids, ids, st.booleans()),
    st.builds(Confirm, ids, ids, st.sampled_from(["resign", "abort", "keep", "count"])),
    st.builds(Withdraw, ids, st.booleans()),
    st.builds(PickStone, ids, ids, squares),
    st.builds(AnswerOffer, ids, st.sampled_from(["takeback", "draw"]), st.booleans()),
)


@given(payloads)
def test_every_payload_comes_back_as_itself_within_the_limit(payload: object) -> None:
    text = encode(payload)  # type: ignore[arg-type]
    assert len(text.encode()) <= LIMIT
    assert decode(text) == payload


@given(st.text(max_size=80))
def test_any_string_decodes_to_a_payload_or_none(text: str) -> None:
    decoded = decode(text)
    assert decoded is None or encode(decoded) == text or decode(encode(decoded)) == decoded


def test_payloads_that_would_be_cut_are_refused() -> None:
    with pytest.raises(ValueError, match="longer than 64 bytes"):
        encode(PlayMove(10**30, 10**30, 10**30))
    with pytest.raises(ValueError, match="impossible id"):
        encode(AcceptChallenge(2**63))
    assert decode("m:1:2") is None and decode("a:²") is None and decode("s:1:2:z9") is None


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.key)
def test_every_game_has_a_presenter_an_engine_and_a_renderer(game: object) -> None:
    key = game.key  # type: ignore[attr-defined]
    state = game.new_state()  # type: ignore[attr-defined]
    assert presenter_for(key).key == key
    assert ai.engine_for(key).key == key and set(ai.engine_for(key).plans) == set(ai.LEVELS[1:])
    assert board_png(state, size=160)[:4] == b"\x89PNG"
    assert board_svg(state).startswith("<svg")
    assert renderer(key).diagram(state)


def test_the_menu_comes_from_the_command_table() -> None:
    assert menu()[0] == "play" and "move" in menu() and "m" not in menu() and "start" not in menu()


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "white must move the green tower (on b1)"),
    ("ru", "белые ходят башней цвета «зелёный» (на b1)"),
    ("fa", "سفید باید برج سبز (روی b1) را حرکت دهد"),
    ("hu", "világos a zöld tornyával lép (b1)"),
])
async def test_a_refused_move_is_explained_in_the_players_language(chat: Chat, language: str, expected: str) -> None:
    game_id = await start_game(chat, "kamisado", "single")
    assert "played" in (await chat.one("Bob", f"#{game_id} h8-h3")).text  # Black starts; White must move green
    await chat.say("Ann", f"lang {language}")
    reply = await chat.one("Ann", f"#{game_id} purple l5")
    assert expected in reply.text, reply.text
    assert "'purple l5'" in reply.text


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever in the file (a function's own imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_imports_only_go_down_the_layers() -> None:
    root = Path(__file__).resolve().parents[2]
    below = {"rules": ("rules",), "storage": ("rules", "storage"), "render": ("rules", "render"),
             "ai": ("rules", "ai")}
    for package, allowed in below.items():
        for path in (root / package).rglob("*.py"):
            for module in _imported(path):
                top = module.split(".")[0]
                if top in ("bot", "ai", "render", "storage", "rules"):
                    assert top in allowed, f"{path.relative_to(root)} imports {module}: imports go down the layers"
    service = root / "bot" / "service"
    for path in service.rglob("*.py"):
        for module in _imported(path):
            assert not module.startswith(("bot.web", "bot.console", "bot.telegram", "bot.discord")), (
                f"{path.relative_to(root)} imports the front end {module}")
            dispatcher = path.parent == service and path.name in ("core.py", "__init__.py")
            if not dispatcher and "commands" not in path.relative_to(service).parts:
                assert not module.startswith("bot.service.commands"), (
                    f"{path.relative_to(root)} imports {module}: only the dispatcher knows the commands")
