"""The service's knobs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceConfig:
    """The service's knobs; every one has a sensible default."""

    default_language: str = "en"
    ai_time_budget: float = 2.0
    max_text: int = 2000
    rate_limit: int = 20  # events per user …
    rate_window: float = 60.0  # … in this many seconds
    remind_after: int = 12 * 3600  # first reminder, at most this long after the last move
    final_warning: int = 3600  # second reminder, at most this long before the deadline
    render_boards: bool = True
    board_size: int = 640
    text_diagrams: bool = False  # for text-only front ends (the terminal chat)
    shared_database: bool = False  # other processes write to the same database: read games fresh
    admins: tuple[str, ...] = ()  # "platform:user id" of the bot's operators, admins in every chat
    vacation_days: int = 14  # per player and calendar year
    open_challenges: int = 3  # per user and chat: a new one replaces the oldest
    challenge_expiry: int = 7 * 86400  # seconds an open challenge waits for an answer
    public_url: str | None = None  # where the web pages are reached (https://…): board messages link to them
