"""Kamisado: the rules of one round, sumo matches, notation and records."""

from rules.kamisado.board import COLOURS
from rules.kamisado.game import Kamisado
from rules.kamisado.state import KamisadoMove, KamisadoOutcome, KamisadoState, Pass, RefillMove, RoundResult

__all__ = ["COLOURS", "Kamisado", "KamisadoMove", "KamisadoOutcome", "KamisadoState", "Pass", "RefillMove", "RoundResult"]
