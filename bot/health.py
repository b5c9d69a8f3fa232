"""Whether this process reaches the chat platforms it serves, for ``/healthz`` and the ``bot_platform_up`` metric.

Each front end says what it sees: a call the platform answered (:meth:`PlatformHealth.reached`: any answer below
500, even a refusal, is the platform at work) or one it did not (:meth:`PlatformHealth.unreachable`: no connection,
a timeout, a 5xx; Discord's gateway closing). Hearing from a platform and sending to it are told apart (``sending``):
a platform is reached only while both work, since updates that arrive while no answer gets out serve nobody.
``/healthz`` reports each platform and answers 503 once none of the platforms the process serves has been reached for
longer than ``UNHEALTHY_AFTER``: a process that reaches one of
two platforms still serves its players there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.metrics import METRICS


@dataclass
class _Way:
    down_since: float | None = None  # monotonic time of the first failure since the last success
    reason: str = ""


@dataclass
class _Platform:
    hearing: _Way = field(default_factory=_Way)  # updates, the gateway
    sending: _Way = field(default_factory=_Way)  # messages, edits, answers

    @property
    def down_since(self) -> float | None:
        """Since when the platform has not been reached both ways (the earlier failure of the two), or ``None``."""
        failing = [way.down_since for way in (self.hearing, self.sending) if way.down_since is not None]
        return min(failing) if failing else None

    @property
    def reason(self) -> str:
        return "; ".join(f"{name}: {way.reason}" for name, way in (("hearing", self.hearing), ("sending", self.sending))
                         if way.down_since is not None)


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

    def reached(self, platform: str, *, sending: bool = False) -> None:
        """The platform answered a call: one that sends (``sending``), or one that hears from it."""
        state = self._platforms.setdefault(platform, _Platform())
        way = state.sending if sending else state.hearing
        way.down_since, way.reason = None, ""
        METRICS.platform_state(platform, state.down_since is None)

    def unreachable(self, platform: str, reason: str, *, sending: bool = False) -> None:
        """A call that sends (``sending``), or one that hears from the platform, got no answer, for ``reason``."""
        state = self._platforms.setdefault(platform, _Platform())
        way = state.sending if sending else state.hearing
        if way.down_since is None:
            way.down_since = self._clock()
        way.reason = reason[:200]
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
            down_since = state.down_since
            if down_since is None:
                out[name] = {"reached": True}
            else:
                out[name] = {"reached": False, "down_seconds": round(now - down_since, 1), "error": state.reason}
        return out
