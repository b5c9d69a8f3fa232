"""Kamisado in a chat: passes, rounds and teeth in words, the tower to move, refill buttons."""

from __future__ import annotations

import re
from typing import Any

from bot.presenters import Button, MoveButton, Presenter, StoneButton
from bot.service.texts import Words
from render.kamisado import COLOUR_CODES
from rules.core import State
from rules.kamisado import COLOURS, KamisadoMove, KamisadoState, RefillMove
from rules.kamisado.board import HOME_RANK, PLAYER_INDEX, SQUARE_COLOUR, SQUARE_INDEX

_COLOUR_WORD = re.compile(r"\b(" + "|".join(COLOURS) + r")\b")


class KamisadoPresenter(Presenter):
    key = "kamisado"

    def events(self, before: State, move: Any, after: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(before, KamisadoState) and isinstance(after, KamisadoState)
        lines = []
        mover = before.to_play or ""
        if isinstance(move, KamisadoMove) and move.push:
            lines.append(self._push(before, move, after, names, words))
        if isinstance(move, RefillMove):
            lines.append(words("kamisado.refilled", player=names[mover], side=words(f"refill.{move.side}")))
        lines += [words("kamisado.pass", player=names[p.player], colour=words.colour(p.colour)) for p in after.passes]
        for result in after.rounds[len(before.rounds):]:
            lines.append(words("kamisado.round", round=result.number, winner=names[result.winner],
                               reason=words(f"reason.{result.reason}"), black=after.score["black"],
                               white=after.score["white"]))
            if result.tower is not None:
                lines.append(words("kamisado.tooth", player=names[result.winner], colour=words.colour(result.tower),
                                   teeth=result.teeth, points=result.points))
        return lines

    def _push(self, before: KamisadoState, move: KamisadoMove, after: KamisadoState, names: dict[str, str],
              words: Words) -> str:
        """What a sumo push did: which towers went back, who lost the turn, which tower moves next and why."""
        mover = before.to_play or "black"
        enemy = "white" if mover == "black" else "black"
        pushed = [words.colour(c) for c in COLOURS if before.square_of(enemy, c) != after.square_of(enemy, c)]
        return words("kamisado.push", player=names[mover], colour=words.colour(move.colour), towers=words.join(pushed),
                     opponent=names[enemy], next=words.colour(after.forced or move.colour))

    def status(self, state: State, names: dict[str, str], words: Words, lines: list[str]) -> list[str]:
        assert isinstance(state, KamisadoState)
        player = state.to_play or ""
        if state.match != "single":
            lines = [*lines, words("kamisado.match", round=state.round, black=state.score["black"],
                                   white=state.score["white"], target=state.target)]
        if state.phase == "refill":
            previews = []
            for choice in (m for m in state.legal_moves() if isinstance(m, RefillMove)):
                refilled = state.play(choice)
                rank = HOME_RANK[PLAYER_INDEX[player]] + 1
                row = [refilled.tower_at(f"{file}{rank}") for file in "abcdefgh"]
                previews.append(words("kamisado.refill_preview", choice=words(f"button.{choice.side}"),
                                      player=names[player], row=words.join(words.colour(t[1]) for t in row if t)))
            return [words("kamisado.refill", player=names[player]), *previews]
        if state.forced is not None:
            return [*lines, words("kamisado.tower", player=names[player], colour=words.colour(state.forced),
                                  square=state.square_of(player, state.forced))]
        return [*lines, words("kamisado.free", player=names[player])]

    def ending(self, state: State, names: dict[str, str], words: Words) -> list[str]:
        assert isinstance(state, KamisadoState)
        if state.match == "single":
            return []
        return [words("ending.score", black=state.score["black"], white=state.score["white"], target=state.target)]

    def legend(self, state: State, words: Words) -> str:
        codes = words.join(f"{code}={words.colour(colour)}" for colour, code in COLOUR_CODES.items())
        return words("legend.kamisado", codes=codes)

    def square_words(self, state: State, square: str, words: Words) -> str:
        assert isinstance(state, KamisadoState)
        index = SQUARE_INDEX[square]
        colour = words("square.kamisado.square", colour=words.colour(COLOURS[SQUARE_COLOUR[index]]))
        tower = state.board[index]
        if tower < 0:
            return words("square.empty") + "; " + colour
        side = "white" if tower // 8 == PLAYER_INDEX["white"] else "black"
        said = words(f"square.kamisado.{side}", colour=words.colour(COLOURS[tower % 8]))
        teeth = state.teeth[tower]
        return said + (", " + words(f"square.kamisado.teeth_{teeth}") if teeth else "") + "; " + colour

    def hint(self, state: State, words: Words) -> str:
        assert isinstance(state, KamisadoState)
        if state.forced is None or not state.to_play:
            return ""
        targets = sorted({m.end for m in state.legal_moves() if isinstance(m, KamisadoMove)})
        line = words("kamisado.tower", player=words.side(state.to_play), colour=words.colour(state.forced),
                     square=state.square_of(state.to_play, state.forced))
        line = line[:1].upper() + line[1:]  # a line of its own begins with a capital, whatever the side's word
        return line + " " + words("move.hint_targets", targets=words.join(targets))

    def board_buttons(self, state: State, words: Words) -> list[Button]:
        assert isinstance(state, KamisadoState)
        legal = state.legal_moves()
        if state.phase == "refill":
            return [MoveButton(words(f"button.{m.side}"), m) for m in legal if isinstance(m, RefillMove)]
        if state.forced is not None:
            return [MoveButton(self.move_label(state, m), m) for m in legal[:25]]
        # A round's free first move: a tower to pick, then where it goes (typed moves do not reach every chat).
        starts = sorted({m.start for m in legal if isinstance(m, KamisadoMove)})
        return [StoneButton(square, f"{words.colour(_colour_on(state, square))} {square}") for square in starts]

    def moves_from(self, state: State, square: str) -> list[MoveButton]:
        assert isinstance(state, KamisadoState)
        return [MoveButton(self.move_label(state, m), m) for m in state.legal_moves()
                if isinstance(m, KamisadoMove) and m.start == square][:25]

    def move_label(self, state: State, move: Any) -> str:
        if isinstance(move, KamisadoMove):
            return move.end + (" ⇑" if move.push else "")
        return super().move_label(state, move)

    def beside(self, state: State, words: Words) -> str:
        assert isinstance(state, KamisadoState)
        return words("beside.kamisado", black=state.score["black"], white=state.score["white"])

    def tap_label(self, state: State, tap: str, words: Words) -> str:
        return words(f"button.{tap}")  # the round winner fills from the left or the right

    def page_hint(self, state: State, words: Words) -> str | None:
        assert isinstance(state, KamisadoState)
        return words("web.play.hint_refill") if state.phase == "refill" else None

    def move_text(self, notation: str, words: Words) -> str:
        if words.language == "en":
            return notation
        coloured = _COLOUR_WORD.sub(lambda m: words.colour(m.group(1)), notation)
        return coloured.replace(" push ", f" {words('notation.push')} ")  # a word the notation reads in that language


def _colour_on(state: KamisadoState, square: str) -> str:
    tower = state.tower_at(square)
    assert tower is not None, f"no tower on {square}"
    return tower[1]


PRESENTER = KamisadoPresenter()
