"""A player's quiet hours (``settings quiet 22:00-07:30``, in their own time zone, ``settings zone``): nothing is sent to
them then. A notice that falls inside them waits for their end; a turn's last warning comes before them when the
deadline would fall inside them; and a deadline that falls inside quiet hours that began before the turn did (so no
warning could come first) is moved to their end, with the time of a last warning added.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

from bot.service.options import OptionError, daily_time, zone_of

LONGEST = 12 * 60  # minutes quiet hours may last
AHEAD = 600  # seconds before quiet hours that a last warning brought before them comes (ticks come every 30 s)


@dataclass(frozen=True)
class Quiet:
    """Quiet hours from ``start`` to ``end`` (minutes after midnight; ``end`` before ``start``: across midnight) in
    ``zone``."""

    start: int
    end: int
    zone: tzinfo

    @classmethod
    def of(cls, prefs: dict[str, Any]) -> Quiet | None:
        """A player's quiet hours, from their settings; ``None`` when they have none."""
        span = prefs.get("quiet")
        if not span:
            return None
        start, end = span.split("-")
        return cls(_minutes(start), _minutes(end), zone_of(prefs.get("zone")))

    def window(self, at: float) -> tuple[float, float] | None:
        """The quiet window (its start and end, as timestamps) that holds ``at``, or ``None``.

        >>> from datetime import UTC
        >>> quiet = Quiet(22 * 60, 8 * 60, UTC)  # 22:00-08:00 UTC
        >>> night = datetime(2026, 11, 27, 23, 30, tzinfo=UTC).timestamp()
        >>> [datetime.fromtimestamp(t, UTC).strftime("%d %H:%M") for t in quiet.window(night)]
        ['27 22:00', '28 08:00']
        >>> quiet.window(datetime(2026, 11, 27, 12, 0, tzinfo=UTC).timestamp()) is None
        True
        """
        for start, end in self._windows_near(at):
            if start <= at < end:
                return start, end
        return None

    def _windows_near(self, at: float) -> list[tuple[float, float]]:
        """The quiet windows of the local days around ``at`` (each day's start, in the zone's own clock time: a
        change of summer time moves them as the player's clock moves)."""
        day = datetime.fromtimestamp(at, self.zone).date()
        found = []
        for offset in (-1, 0, 1):
            local = day + timedelta(days=offset)
            begin = datetime(local.year, local.month, local.day, tzinfo=self.zone) + timedelta(minutes=self.start)
            finish_day = local + timedelta(days=1) if self.end <= self.start else local
            finish = datetime(finish_day.year, finish_day.month, finish_day.day, tzinfo=self.zone) + timedelta(
                minutes=self.end)
            found.append((begin.timestamp(), finish.timestamp()))
        return found


def _minutes(text: str) -> int:
    hours, minutes = daily_time(text).split(":")
    return int(hours) * 60 + int(minutes)


def quiet_span(text: str) -> str:
    """``22:00-07:30`` as a setting is written (``22-7.30`` is no span; ``22-7`` is ``22:00-07:00``);
    :class:`OptionError` for no span, an empty one, or one longer than :data:`LONGEST` (a night, not a day: a deadline
    moved out of quiet hours must not make every turn a day longer).

    >>> quiet_span("22-7"), quiet_span("23:30-06:45")
    ('22:00-07:00', '23:30-06:45')
    >>> quiet_span("08-07")
    Traceback (most recent call last):
    ...
    bot.service.options.OptionError: 08-07
    """
    start, dash, end = text.partition("-")
    if not dash:
        raise OptionError(text)
    span = f"{daily_time(start)}-{daily_time(end)}"
    length = (_minutes(span[6:]) - _minutes(span[:5])) % (24 * 60)
    if length == 0 or length > LONGEST:
        raise OptionError(text)
    return span


def held(quiet: Quiet | None, at: float) -> float:
    """When a notice due at ``at`` may be sent: then, or at the end of the quiet hours it falls in."""
    window = quiet.window(at) if quiet else None
    return window[1] if window else at


def last_warning(quiet: Quiet | None, warn: float, deadline: float) -> float:
    """When a turn's last warning is sent, due at ``warn`` before ``deadline``: then, or before the quiet hours that the
    warning or the deadline falls in (never inside them)."""
    if quiet is None:
        return warn
    for at in (deadline - 1, warn):
        window = quiet.window(at)
        if window and window[0] <= warn:
            warn = window[0] - AHEAD
    return warn


def placed_deadline(quiet: Quiet | None, began: float, deadline: float, warning: float) -> float:
    """The deadline of a turn begun at ``began``: ``deadline``, or, when it falls inside quiet hours and the player had
    less than ``warning`` (the time a last warning gives) of the turn before those hours began, the end of those hours
    plus ``warning``. A deadline is never moved earlier.

    >>> from datetime import UTC
    >>> quiet, hour = Quiet(22 * 60, 7 * 60, UTC), 3600
    >>> night = datetime(2026, 11, 27, 22, 0, tzinfo=UTC).timestamp()
    >>> placed_deadline(quiet, night - 300, night + 2 * hour, 1800) - night  # five minutes before: to 07:30
    34200.0
    >>> placed_deadline(quiet, night - 11 * hour, night + hour, 1800) - night  # a day's turn: kept (warned at 21:50)
    3600.0
    """
    window = quiet.window(deadline) if quiet else None
    if window and window[0] - began < warning:
        return window[1] + warning
    return deadline


__all__ = ["Quiet", "held", "last_warning", "placed_deadline", "quiet_span"]
