"""The rules core: every game's states, legal moves and notation. Standard library only.

>>> from rules import get_game
>>> game = get_game("kamisado")
>>> state = game.new_state(match="single")
>>> len(state.legal_moves())
102
"""

from rules.ashtarashki import Ashtarashki
from rules.core import Game, GameRecord, Option, Outcome, ReplayError, State
from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError, Reason
from rules.kamisado import Kamisado
from rules.krepost import Krepost
from rules.registry import all_games, get_game, register

register(Kamisado())
register(Ashtarashki())
register(Krepost())

__all__ = [
    "AmbiguousMoveError",
    "Game",
    "GameRecord",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "Option",
    "Outcome",
    "Reason",
    "ReplayError",
    "State",
    "all_games",
    "get_game",
    "register",
]
