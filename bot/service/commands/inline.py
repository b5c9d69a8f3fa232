"""Games offered where the bot is no member of the chat: what a front end shows for ``@bot kamisado standard``
(Telegram's inline mode), before anyone chose one. Choosing an offer is then an ordinary ``play`` in the chat of
that one message, whose game lives there (see :mod:`bot.telegram_app`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.presenters import presenter_for
from bot.service.commands.challenges import read_play
from bot.service.commands.info import game_key
from bot.service.options import OptionError, describe
from bot.service.texts import Words
from rules import all_games


@dataclass(frozen=True)
class Offer:
    """One game offered: ``play`` is what choosing it plays (``kamisado standard``, at most 64 bytes: it travels as
    the result's id), ``title`` and ``about`` what the list shows, ``caption`` the challenge's first words."""

    play: str
    game: str
    options: dict[str, object]
    title: str
    about: str
    caption: str


def offers(typed: str, words: Words, challenger: str, *, pages: bool) -> list[Offer]:
    """The games ``typed`` asks for (every game, when it names none) with their options as ``play`` reads them;
    none when the options do not read (the list stays empty, as a search that found nothing). Typed moves never
    reach the bot there: a game some of whose moves have no button is offered only with ``pages`` (played there)."""
    parts = typed.split()
    key = game_key(parts[0]) if parts else None
    keys = [key] if key is not None else [game.key for game in all_games()]
    rest = [word for word in parts[1:] if not word.startswith("@")] if key is not None else []  # anyone: no one named
    found = []
    for each in keys:
        try:
            request = read_play(each, rest)
        except (OptionError, ValueError):
            continue
        play = " ".join([each, *rest])
        if request.against_bot or len(play.encode()) > 64:
            continue  # the bot plays in chats it is a member of; a result's id holds 64 bytes
        about = describe(words, each, request.options, request.time_per_move if request.time_given else None,
                         request.rated)
        by_buttons = presenter_for(each).every_move_by_buttons
        if not by_buttons and not pages:
            continue
        wording = "inline.challenge" if by_buttons else "inline.challenge_page"
        found.append(Offer(play, each, dict(request.options), words.game(each), about,
                           words(wording, user=challenger, game=words.game(each), about=about)))
    return found
