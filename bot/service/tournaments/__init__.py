"""A chat's tournaments: its rounds begun, moved on and finished (:mod:`.rounds`), each round paired
(:mod:`.pairings`), the boards scored (:mod:`.standings`) and the standings shown as text and picture (:mod:`.table`)."""

from bot.service.tournaments.rounds import FEWEST, MOST, after_games, begin_round, due, playing_now, retried, withdraw
from bot.service.tournaments.table import boards_of

__all__ = ["FEWEST", "MOST", "after_games", "begin_round", "boards_of", "due", "playing_now", "retried", "withdraw"]
