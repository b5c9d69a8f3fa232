"""Ashtarashki: numbered stones, retreats, capture chains, notation, positions and records."""

from rules.ashtarashki.board import AshtarashkiMove, AshtarashkiOutcome
from rules.ashtarashki.game import Ashtarashki
from rules.ashtarashki.notation import position_text, short_form
from rules.ashtarashki.state import AshtarashkiState

__all__ = ["Ashtarashki", "AshtarashkiMove", "AshtarashkiOutcome", "AshtarashkiState", "position_text", "short_form"]
