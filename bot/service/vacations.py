"""Players' vacations as the clocks see them: who is away until when, the deadline of a turn that passes to them,
and how much of the year's allowance is used (taking one is the ``vacation`` command)."""

from __future__ import annotations

import time as clock_time
from datetime import datetime

from bot.service.options import zone_of
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


def when(at: float, zone: str | None = None) -> str:
    """``at`` as a date and time on the clock of ``zone`` (a player's setting; UTC without one), the zone named.

    >>> when(1_800_000_000), when(1_800_000_000, "Europe/Budapest"), when(1_800_000_000, "+03:30")
    ('2027-01-15 08:00 UTC', '2027-01-15 09:00 Europe/Budapest', '2027-01-15 11:30 UTC+03:30')
    """
    if not zone or zone.upper() in ("UTC", "GMT", "Z"):
        return clock_time.strftime("%Y-%m-%d %H:%M UTC", clock_time.gmtime(at))
    shown = datetime.fromtimestamp(at, zone_of(zone)).strftime("%Y-%m-%d %H:%M")
    return f"{shown} {'UTC' + zone if zone[0] in '+-' else zone}"
