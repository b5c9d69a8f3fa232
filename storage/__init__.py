"""Persistence of users, chats, challenges, games and ratings. Imports the rules core only."""

from storage.models import Challenge, Chat, ConflictError, GameRow, NotFoundError, Rating, StoreError, User
from storage.sqlite import SqliteStore, verify_replay

__all__ = [
    "Challenge", "Chat", "ConflictError", "GameRow", "NotFoundError", "Rating", "SqliteStore", "StoreError", "User",
    "verify_replay",
]
