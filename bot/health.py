"""Whether this process reaches the chat platforms it serves, for ``/healthz`` and the ``bot_platform_up`` metric.

Each front end says what it sees: a call the platform answered (:meth:`PlatformHealth.reached`: any answer below
500, even a refusal, is the platform at work) or one it did not (:meth:`PlatformHealth.unreachable`: no connection,
a timeout, a 5xx; Discord's gateway closing). ``/healthz`` reports each platform and answers 503 once none of the
platforms the process serves has been reached for longer than ``UNHEALTHY_AFTER``: a process that reaches one of
two platforms still serves its players there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.metrics import METRICS


@dataclass
class _Platform:
    down_since: float | None = None  # monotonic time of the first failure since the last success
    reason: str = ""


class PlatformHealth:
    """The platforms this process serves and whether each answers."""

    def __init__(self, unhealthy_after: float = 300.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.unhealthy_after = unhealthy_after
        self._clock = clock
        self._platforms: dict[str, _Platform] = {}

    def serving(self, platform: str) -> None:
        """``platform`` is one this process serves (reported from now on, up until it fails)."""
        self._platforms.setdefault(platform, _Platform())
        METRICS.platform_state(platform, True)

    def reached(self, platform: str) -> None:
        state = self._platforms.setdefault(platform, _Platform())
        state.down_since, state.reason = None, ""
        METRICS.platform_state(platform, True)

    def unreachable(self, platform: str, reason: str) -> None:
        state = self._platforms.setdefault(platform, _Platform())
        if state.down_since is None:
            state.down_since = self._clock()
        state.reason = reason[:200]
        METRICS.platform_state(platform, False)

    def healthy(self) -> bool:
        """False once every platform served has been unreachable for longer than ``unhealthy_after``."""
        if not self._platforms:
            return True
        now = self._clock()
        return any(p.down_since is None or now - p.down_since <= self.unhealthy_after for p in self._platforms.values())

    def report(self) -> dict[str, Any]:
        """Each platform: ``reached`` (bool), and while it is not, for how many seconds and why."""
        now = self._clock()
        out: dict[str, Any] = {}
        for name, state in sorted(self._platforms.items()):
            if state.down_since is None:
                out[name] = {"reached": True}
            else:
                out[name] = {"reached": False, "down_seconds": round(now - state.down_since, 1), "error": state.reason}
        return out
