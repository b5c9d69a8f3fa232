"""Choosing moves for the bot's own side. Imports the rules core only."""

from ai.baseline import greedy_move, random_move

__all__ = ["greedy_move", "random_move"]
