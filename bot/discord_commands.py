"""Discord's slash commands: each is a line the service reads (``/play kamisado`` is ``play kamisado``), with its
words in English and, where Discord has the language (Russian, Hungarian; Persian falls back to English), the bot's
own words from the catalogues: the same menu Telegram shows in each language."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from ai import LEVELS
from bot.i18n import CATALOGUES, LANGUAGES, supported, text
from rules import all_games

if TYPE_CHECKING:
    from bot.discord_app import DiscordFront

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=g.key, value=g.key) for g in all_games()]
LEVEL_CHOICES = [app_commands.Choice(name=n, value=n) for n in LEVELS]
LANGUAGE_CHOICES = [app_commands.Choice(name=text(c, "language.name"), value=c) for c in LANGUAGES]
OPTIONS = ("game_kind", "game", "opponent", "bot", "level", "options", "move", "code", "length", "action", "language",
           "change", "what")  # the options' words in the catalogues: discord.option.<one of these>
KIND_OF_GAME = ("play", "rules", "stats", "top", "learn")  # their ``game`` is a kind of game; elsewhere, one of yours
T = TypeVar("T")


def described(**keys: str) -> Callable[[T], T]:
    """``app_commands.describe`` with each parameter's English words from the catalogue (``discord.option.<key>``)."""
    assert set(keys.values()) <= set(OPTIONS), keys
    return app_commands.describe(**{name: text("en", f"discord.option.{key}") for name, key in keys.items()})


class CatalogueTranslator(app_commands.Translator):
    """The commands' and their options' descriptions in the Discord user's language, from the bot's catalogues (a
    command's is its line in Telegram's menu); ``None`` (Discord shows the English) where there is none."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        language = supported(locale.value)
        if language is None or language == "en":
            return None
        key = self.key_of(context)
        said = CATALOGUES[language].get(key) if key else None
        return said[:100] if said else None  # Discord takes at most 100 characters

    @staticmethod
    def key_of(context: app_commands.TranslationContext[Any, Any]) -> str | None:
        """The catalogue's key for what ``context`` asks to translate, if it has one."""
        where = context.location
        if where is app_commands.TranslationContextLocation.command_description:
            return f"menu.{context.data.name}"
        if where is app_commands.TranslationContextLocation.parameter_description:
            parameter = context.data
            if parameter.name == "game":
                return "discord.option.game_kind" if parameter.command.name in KIND_OF_GAME else "discord.option.game"
            return f"discord.option.{parameter.name}"
        return None


def register_commands(tree: app_commands.CommandTree[Any], front: DiscordFront) -> None:
    """The slash commands on ``tree``, each a line the service reads (``/play kamisado`` is ``play kamisado``), their
    words in English and, through :class:`CatalogueTranslator` (which the client sets on the tree before the commands are
    sent), in every language Discord and the bot share."""
    @tree.error
    async def failed(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """A command that failed before or while it ran is still answered (Discord would say "The application did not
        respond"), privately, in the presser's language."""
        log.error("the command %s failed", interaction.command.name if interaction.command else "?", exc_info=error)
        language = supported(str(interaction.locale)) or front.service.config.default_language
        answer = text(language, "internal_error")
        from bot.discord_posting import SEND_ERRORS

        with contextlib.suppress(*SEND_ERRORS, discord.ClientException):
            if interaction.response.is_done():
                await interaction.followup.send(answer, ephemeral=True)
            else:
                await interaction.response.send_message(answer, ephemeral=True)

    async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = await front.service.game_choices("discord", str(interaction.user.id), str(interaction.locale))
        return [app_commands.Choice(name=label[:100], value=f"#{number}") for number, label in choices
                if current.lower() in label.lower()][:25]

    @tree.command(name="play", description="Start a game: against someone, anyone, or the bot")
    @described(game="game_kind", opponent="opponent", bot="bot", level="level", options="options")
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    async def play(interaction: discord.Interaction, game: str, opponent: discord.User | None = None,
                   bot: bool = False, level: str | None = None, options: str = "") -> None:
        words = [f"play {game}"]
        if opponent is not None:
            words.append(f"@{opponent.id}")
        if bot or level:
            words.append(f"bot level={level or 'normal'}")
        words.append(options)
        await front.on_command(interaction, " ".join(w for w in words if w), introduce=opponent)

    @tree.command(name="move", description="Make a move")
    @described(move="move", game="game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def move(interaction: discord.Interaction, move: str, game: str | None = None) -> None:
        await front.on_command(interaction, f"move {game} {move}" if game else f"move {move}")

    def simple(name: str, description: str, with_game: bool = False) -> None:
        if with_game:
            @tree.command(name=name, description=description)
            @described(game="game")
            @app_commands.autocomplete(game=game_autocomplete)
            async def with_game_command(interaction: discord.Interaction, game: str | None = None) -> None:
                await front.on_command(interaction, f"{name} {game or ''}".strip())
        else:
            @tree.command(name=name, description=description)
            async def plain_command(interaction: discord.Interaction) -> None:
                await front.on_command(interaction, name)

    for name, description in (("board", "Show the board"), ("resign", "Resign the game"),
                              ("takeback", "Ask to take back your last move (or agree)"),
                              ("draw", "Propose to stop and count (Krepost), or agree"), ("export", "The game's record"),
                              ("moves", "The moves of a game"), ("abort", "Call a game off before you have moved")):
        simple(name, description, with_game=True)
    for name, description in (("games", "Your games in progress"), ("help", "All commands"),
                              ("accept", "Accept a challenge"), ("decline", "Decline a challenge"),
                              ("cancel", "Withdraw your challenge"),
                              ("rematch", "Play your last game here again, colours swapped"),
                              ("unlink", "Separate your linked accounts again"),
                              ("signin", "A private link that signs you in on the game pages")):
        simple(name, description)

    @tree.command(name="link", description="One player on Telegram and Discord: empty for a code, or the code you got")
    @described(code="code")
    async def link(interaction: discord.Interaction, code: str = "") -> None:
        await front.on_command(interaction, f"link {code}".strip())

    @tree.command(name="vacation", description="Pause your clocks: '5d'; 'end' ends it; empty: days left")
    @described(length="length")
    async def vacation(interaction: discord.Interaction, length: str = "") -> None:
        await front.on_command(interaction, f"vacation {length}".strip())

    @tree.command(name="admin", description="For server managers: 'abort #12', 'deadline #12 2d', 'evidence #12'")
    @app_commands.default_permissions(manage_guild=True)
    @described(action="action")
    async def admin(interaction: discord.Interaction, action: str) -> None:
        await front.on_command(interaction, f"admin {action}")

    @tree.command(name="rules", description="The rules of a game, in short")
    @app_commands.choices(game=GAME_CHOICES)
    @described(game="game_kind")
    async def rules(interaction: discord.Interaction, game: str) -> None:
        await front.on_command(interaction, f"rules {game}")

    @tree.command(name="lang", description="Your language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @described(language="language")
    async def lang(interaction: discord.Interaction, language: str) -> None:
        await front.on_command(interaction, f"lang {language}")

    @tree.command(name="settings", description="Show or change settings, e.g. 'colorblind on', 'chat time 1d'")
    @described(change="change")
    async def settings(interaction: discord.Interaction, change: str = "") -> None:
        await front.on_command(interaction, f"settings {change}".strip())

    @tree.command(name="stats", description="Your ratings")
    @app_commands.choices(game=GAME_CHOICES)
    @described(game="game_kind")
    async def stats(interaction: discord.Interaction, game: str | None = None) -> None:
        await front.on_command(interaction, f"stats {game or ''}".strip())

    @tree.command(name="top", description="The best players (of a game, or of the puzzles)")
    @app_commands.choices(game=[*GAME_CHOICES, app_commands.Choice(name="puzzles", value="puzzles")])
    @described(game="game_kind")
    async def top(interaction: discord.Interaction, game: str | None = None) -> None:
        await front.on_command(interaction, f"top {game or ''}".strip())

    @tree.command(name="puzzle", description="A puzzle: 'kamisado hard', 'hint', 'solution', 'new', or your move")
    @described(what="what")
    async def puzzle(interaction: discord.Interaction, what: str = "") -> None:
        await front.on_command(interaction, f"puzzle {what}".strip())

    @tree.command(name="learn", description="A game's three-minute first lesson (only you see it), or your lessons")
    @app_commands.choices(game=GAME_CHOICES)
    @described(game="game_kind", what="what")
    async def learn(interaction: discord.Interaction, game: str | None = None, what: str = "") -> None:
        await front.on_command(interaction, f"learn {game or ''} {what}".strip())

    @tree.command(name="tournament", description="This channel's tournament: 'new kamisado swiss rounds=5', 'join', "
                                                 "'start', 'leave', 'cancel', or the standings")
    @described(what="what")
    async def tournament(interaction: discord.Interaction, what: str = "") -> None:
        await front.on_command(interaction, f"tournament {what}".strip())
