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
    failed_last: float = 0.0  # monotonic time of the latest failure
    reason: str = ""


@dataclass
class _Platform:
    hearing: _Way = field(default_factory=_Way)  # updates, the gateway
    sending: _Way = field(default_factory=_Way)  # messages, edits, answers

    def failing(self, now: float, lapse: float) -> list[tuple[str, _Way]]:
        """The ways that do not work now. A send that failed ``lapse`` seconds ago, with none tried since while the
        platform is heard, says nothing of now: the bot had nothing more to send (what it owes is tried again sooner)."""
        ways = [("hearing", self.hearing)] if self.hearing.down_since is not None else []
        if self.sending.down_since is not None and (ways or now - self.sending.failed_last <= lapse):
            ways.append(("sending", self.sending))
        return ways

    def down_since(self, now: float, lapse: float) -> float | None:
        """Since when the platform has not been reached both ways (the earlier failure of the two), or ``None``."""
        failing = [way.down_since for _, way in self.failing(now, lapse) if way.down_since is not None]
        return min(failing) if failing else None

    def reason(self, now: float, lapse: float) -> str:
        return "; ".join(f"{name}: {way.reason}" for name, way in self.failing(now, lapse))


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
        METRICS.platform_state(platform, state.down_since(self._clock(), self.unhealthy_after) is None)

    def unreachable(self, platform: str, reason: str, *, sending: bool = False) -> None:
        """A call that sends (``sending``), or one that hears from the platform, got no answer, for ``reason``."""
        state = self._platforms.setdefault(platform, _Platform())
        way = state.sending if sending else state.hearing
        now = self._clock()
        if way.down_since is None:
            way.down_since = now
        way.failed_last, way.reason = now, reason[:200]
        METRICS.platform_state(platform, False)

    def healthy(self) -> bool:
        """False once every platform served has been unreachable for longer than ``unhealthy_after``."""
        if not self._platforms:
            return True
        now = self._clock()
        lapse = self.unhealthy_after
        return any((since := p.down_since(now, lapse)) is None or now - since <= lapse for p in self._platforms.values())

    def report(self) -> dict[str, Any]:
        """Each platform: ``reached`` (bool), and while it is not, for how many seconds and why."""
        now = self._clock()
        out: dict[str, Any] = {}
        for name, state in sorted(self._platforms.items()):
            down_since = state.down_since(now, self.unhealthy_after)
            if down_since is None:
                out[name] = {"reached": True}
            else:
                out[name] = {"reached": False, "down_seconds": round(now - down_since, 1),
                             "error": state.reason(now, self.unhealthy_after)}
        return out
