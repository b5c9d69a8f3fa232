"""Krepost in a chat: the extra turn after a detachment's last stone is taken."""

from __future__ import annotations

from bot.presenters import Presenter
from bot.service.texts import Words
from rules.core import State
from rules.krepost import KrepostState


class KrepostPresenter(Presenter):
    key = "krepost"

    def events(self, before: State, after: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(after, KrepostState)
        if after.extra_turn and after.to_play:
            return [words("krepost.extra_turn", player=names[after.to_play])]
        return []


PRESENTER = KrepostPresenter()
