"""The engines are loaded before the first test here, as the bot loads them at its start: a test that gives a search
a time budget must not see it spent loading compiled code on a busy machine."""

from __future__ import annotations

import pytest

import ai


@pytest.fixture(scope="session", autouse=True)
def engines_loaded() -> None:
    ai.warm_up()
