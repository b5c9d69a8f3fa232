"""Players' vacations as the clocks see them: who is away until when, the deadline of a turn that passes to them,
and how much of the year's allowance is used (taking one is the ``vacation`` command)."""

from __future__ import annotations

import time as clock_time

from storage import User

DAY = 86400
MIN_CHARGE = 3600  # the shortest vacation, and the least an ended one costs


def on_vacation_until(user: User, now: float) -> float | None:
    """When the user's vacation ends, or None when they are not on vacation."""
    until = (user.prefs.get("vacation") or {}).get("until")
    return float(until) if until is not None and until > now else None


def deadline_for(user: User, now: float, per_move: int) -> float:
    """The deadline of a turn that passes to ``user`` at ``now``: it starts counting after a vacation."""
    return max(now, on_vacation_until(user, now) or now) + per_move


def year_of(now: float) -> str:
    """The calendar year of ``now`` (UTC), as the allowance is counted."""
    return clock_time.strftime("%Y", clock_time.gmtime(now))


def used_this_year(user: User, now: float) -> float:
    """Seconds of vacation the user has taken (or booked) in the calendar year of ``now``."""
    return float((user.prefs.get("vacation_used") or {}).get(year_of(now), 0))


def when(now: float) -> str:
    return clock_time.strftime("%Y-%m-%d %H:%M UTC", clock_time.gmtime(now))
