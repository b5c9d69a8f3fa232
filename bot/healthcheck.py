"""``python -m bot.healthcheck``: exit 0 when the running bot's ``/healthz`` on this machine answers 200.

For container health checks: it imports nothing of the bot beyond the standard library, so it answers in tens of
milliseconds however busy the machine is (``HTTP_LISTEN`` from the environment says where to ask).
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def check(listen: str | None, timeout: float = 4.0) -> tuple[bool, str]:
    """Ask ``/healthz`` at ``listen`` (``host:port``; a wildcard host means this machine): (healthy, what it said)."""
    if not listen:
        return False, "HTTP_LISTEN is not set, so there is no /healthz to ask"
    host, _, port = listen.rpartition(":")
    host = "127.0.0.1" if host in ("0.0.0.0", "::", "[::]", "") else host.strip("[]")
    if ":" in host:
        host = f"[{host}]"
    try:
        with urllib.request.urlopen(f"http://{host}:{port}/healthz", timeout=timeout) as response:
            return response.status == 200, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:  # 503: unhealthy, and the body says why
        return False, exc.read().decode("utf-8", "replace")
    except (OSError, ValueError) as exc:
        return False, str(exc)


def main() -> int:
    healthy, said = check(os.environ.get("HTTP_LISTEN", "").strip() or None)
    print(said)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
