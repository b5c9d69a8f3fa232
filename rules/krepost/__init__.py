"""Krepost (Fortress): placing, stepping and jumping stones, encirclement and prisoners."""

from rules.krepost.game import Krepost
from rules.krepost.move import KrepostMove, KrepostOutcome
from rules.krepost.notation import position_text
from rules.krepost.state import KrepostState

__all__ = ["Krepost", "KrepostMove", "KrepostOutcome", "KrepostState", "position_text"]
