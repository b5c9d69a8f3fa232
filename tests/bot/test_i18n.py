"""Every catalogue has every key with the same placeholders; Persian is marked right-to-left."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.i18n import CATALOGUES, RLM, mark_direction, supported, text
from rules.errors import MESSAGES

REFERENCE = CATALOGUES["en"]


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("language", sorted(CATALOGUES))
def test_catalogue_has_every_key_and_the_same_placeholders(language: str) -> None:
    catalogue = {k: v for k, v in CATALOGUES[language].items() if not k.startswith("error.")}
    assert set(catalogue) == set(REFERENCE)
    for key, template in REFERENCE.items():
        assert placeholders(catalogue[key]) == placeholders(template), key
        assert catalogue[key].strip(), key


@pytest.mark.parametrize("language", ["ru", "fa", "hu"])
def test_translations_are_not_english_copies(language: str) -> None:  # (a command's own words stay as typed)
    same = [k for k, v in CATALOGUES[language].items() if v == REFERENCE.get(k) and len(v) > 12 and "{" not in v]
    assert not same, same


def test_rules_summaries_state_the_decisions() -> None:
    for language in CATALOGUES:
        assert "docs/rules/kamisado.md" in text(language, "rules.kamisado")
    english = text("en", "rules.kamisado")
    assert "repeats" in english and "series" in english and "never on a round's first move" in english
    assert "not joined to the garrison" in text("en", "rules.krepost")
    assert "half stone the second player wins ties" in text("en", "rules.krepost")
    assert "you choose the branch" in text("en", "rules.ashtarashki")


def test_persian_lines_are_marked_right_to_left() -> None:
    marked = mark_direction("fa", "یک\nدو")
    assert all(line.startswith(RLM) for line in marked.split("\n"))
    assert mark_direction("en", "one\ntwo") == "one\ntwo"


def test_language_codes() -> None:
    assert supported("ru-RU") == "ru" and supported("HU") == "hu" and supported("de") is None and supported(None) is None


# -- every key is used, and every key used exists ------------------------------------------------

BOT = Path(__file__).resolve().parents[2] / "bot"
_LITERAL = re.compile(r"""(?:\bwords|\bw|\bself|\btext\(\w+,)\s*\(?\s*["']([a-z_]+(?:\.[a-z_]+)+|[a-z_]+)["']""")


_DOTTED = re.compile(r"""["']([a-z_]+(?:\.[a-z_]+)+)["']""")


def literal_keys() -> set[str]:
    """Keys written out in the code: in calls of the catalogue (``w("help")``), or any dotted key literal."""
    found = set()
    for path in BOT.rglob("*.py"):
        if "i18n" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        found |= set(_LITERAL.findall(source)) | set(_DOTTED.findall(source))
    return found & set(REFERENCE)


def derived_keys() -> set[str]:
    """Keys the bot builds from names the rules, the commands and the front ends declare."""
    from ai.puzzles import DIFFICULTIES
    from ai.puzzles.build import GOALS, THEMES
    from ai.review import NOTES, VERDICTS
    from bot.discord_commands import OPTIONS
    from bot.service.commands import menu
    from bot.service.commands.info import HELP_TOPICS
    from bot.service.payloads import OFFERS
    from rules import all_games
    from rules.kamisado import COLOURS

    games = [g.key for g in all_games()]
    keys = {f"{family}.{key}" for key in games for family in ("name", "rules", "examples", "legend")}
    keys |= {f"discord.option.{name}" for name in OPTIONS}
    keys |= {f"reason.{reason}" for game in all_games() for reason in game.outcome_reasons}
    keys |= {f"help.{topic}" for topic in (*HELP_TOPICS, "vacation")}
    keys |= {f"side.{side}" for side in ("white", "black")} | {f"colour.{colour}" for colour in COLOURS}
    keys |= {f"{family}.{side}" for side in ("left", "right") for family in ("button", "refill")}
    keys |= {f"{offer}.{what}" for offer in OFFERS for what in ("asked", "refused")}
    keys |= {f"count.confirm_{verdict}" for verdict in ("win", "lose", "draw")}
    keys |= {f"tournament.leave_{when}_{system}" for system in ("swiss", "roundrobin") for when in ("later", "free")}
    keys |= {f"puzzle.{family}.{goal}" for family in ("lost", "not_at_once") for goals in GOALS.values() for goal in goals}
    from bot.service.app import LANGUAGE_SOURCES
    from storage.links import LINK_FAILURES

    keys |= {f"settings.lang_{source}" for source in LANGUAGE_SOURCES}
    from bot.service.commands.settings import CHAT_SETTINGS, USER_SETTINGS

    keys |= {f"setting.{name}" for name in {*USER_SETTINGS, *CHAT_SETTINGS} - {"pages"}}  # pages: a message of its own
    keys |= {f"platform.{name}" for name in ("telegram", "discord", "console")}
    keys |= {f"review.note.{note}" for note in NOTES}
    keys |= {f"link.{failure}" for failure in LINK_FAILURES}
    keys |= {"option.shown"} | {f"option.{option.describe(value)}" for game in all_games() for option in game.option_spec
                                for value in option.words.values()}
    keys |= {f"menu.{name}" for name in menu()} | {"language.name"}
    keys |= {f"verdict.{verdict}" for verdict in VERDICTS}
    keys |= {f"puzzle.theme.{theme}" for theme in THEMES} | {f"puzzle.{level}" for level in DIFFICULTIES}
    keys |= {f"puzzle.goal.{goal}" for goals in GOALS.values() for goal in goals}
    keys |= {f"scoring.{key}" for key in games} | {f"tournament.status.{s}" for s in ("open", "finished", "cancelled")}
    from bot.web.html import PLAY_WORDS, SCRIPT_WORDS, STEPS

    keys |= {f"web.{name}" for name, _ in STEPS} | {f"web.{name}" for name in SCRIPT_WORDS}
    keys |= {f"web.play.{name}" for name in PLAY_WORDS}
    keys |= {f"web.play.signin_{why}" for why in ("unknown", "used", "expired")}
    keys |= {f"web.play.telegram_{why}" for why in ("refused", "expired")}
    from bot.service.payloads import OFFER_COLUMNS

    keys |= {f"web.play.offer_{kind}" for kind in OFFER_COLUMNS}
    from bot.service.lessons import LESSONS

    keys |= {f"learn.{game}.{step.key}.{part}" for game, lesson in LESSONS.items() for step in lesson.steps
             for part in ("task", "hint", "done")}
    keys |= {f"learn.why.not_{step.goal.name}" for lesson in LESSONS.values() for step in lesson.steps if step.goal.name}
    from bot.service.commands.settings import BOARD_KINDS
    from bot.web.html import EXPLORE_WORDS, KEYBOARD_WORDS

    keys |= {f"web.explore.{name}" for name in EXPLORE_WORDS}

    keys |= {f"web.keyboard.{name}" for name in KEYBOARD_WORDS} | {f"settings.board.{kind}" for kind in BOARD_KINDS}
    keys |= {f"square.{game}.{side}" for game in ("kamisado", "ashtarashki", "krepost") for side in ("white", "black")}
    keys |= {f"square.ashtarashki.{side}_covered" for side in ("white", "black")}
    keys |= {f"square.krepost.fortress_{side}" for side in ("white", "black")}
    keys |= {f"square.kamisado.teeth_{teeth}" for teeth in range(1, 5)}
    from bot.service.notices import NOTICE_PLACES

    keys |= {f"notices.{place}" for place in NOTICE_PLACES}
    keys |= {f"settings.about.{name}" for name in USER_SETTINGS} | {f"settings.about.chat.{name}" for name in CHAT_SETTINGS}
    keys |= {f"web.settings.reminders_{kind}" for kind in ("on", "daily", "every", "off")}
    return keys


def test_every_catalogue_key_is_used_and_every_used_key_exists() -> None:
    used = literal_keys() | derived_keys()
    assert derived_keys() <= set(REFERENCE), sorted(derived_keys() - set(REFERENCE))
    assert set(REFERENCE) - used == set(), sorted(set(REFERENCE) - used)


@pytest.mark.parametrize("language", ["ru", "fa", "hu"])
def test_every_rules_error_is_translated_with_its_placeholders(language: str) -> None:
    codes = {f"error.{code}": template for code, template in MESSAGES.items()}
    catalogue = CATALOGUES[language]
    assert {k for k in catalogue if k.startswith("error.")} == set(codes)
    for key, english in codes.items():
        assert placeholders(catalogue[key]) <= placeholders(english) | {"text"}, key


@pytest.mark.parametrize("language", sorted(CATALOGUES))
def test_a_result_is_never_put_in_parentheses(language: str) -> None:
    """A result says its reason in parentheses ("ann wins (stones home on the finish rank)."); a line that put the
    result itself in parentheses would nest them, which no reader (and no screen reader) follows."""
    for key, template in CATALOGUES[language].items():
        for found in re.finditer(r"\{result\}", template):
            before = template[:found.start()]
            assert before.count("(") == before.count(")"), (key, template)
