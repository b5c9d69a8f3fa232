"""Kamisado: the rules of one round, sumo matches, notation and records."""

from rules.kamisado.board import COLOURS
from rules.kamisado.game import Kamisado
from rules.kamisado.moves import KamisadoMove, KamisadoOutcome, Pass, RefillMove, RoundResult
from rules.kamisado.state import KamisadoState

__all__ = ["COLOURS", "Kamisado", "KamisadoMove", "KamisadoOutcome", "KamisadoState", "Pass", "RefillMove", "RoundResult"]
