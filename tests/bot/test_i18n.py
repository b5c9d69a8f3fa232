"""Every catalogue has every key with the same placeholders; Persian is marked right-to-left."""

from __future__ import annotations

import string

import pytest

from bot.i18n import CATALOGUES, RLM, mark_direction, supported, text

REFERENCE = CATALOGUES["en"]


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("language", sorted(CATALOGUES))
def test_catalogue_has_every_key_and_the_same_placeholders(language: str) -> None:
    catalogue = CATALOGUES[language]
    assert set(catalogue) == set(REFERENCE)
    for key, template in REFERENCE.items():
        assert placeholders(catalogue[key]) == placeholders(template), key
        assert catalogue[key].strip(), key


@pytest.mark.parametrize("language", ["ru", "fa", "hu"])
def test_translations_are_not_english_copies(language: str) -> None:
    same = [k for k, v in CATALOGUES[language].items() if v == REFERENCE[k] and len(v) > 12 and "{" not in v]
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
