"""Chromium from the system's packages, driven headless by Playwright (no browser is downloaded from anywhere else)."""

from __future__ import annotations

import os
import shutil
import subprocess

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]


def chromium() -> str | None:
    """The system Chromium's program, or ``None``."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def install() -> str | None:
    """Make sure Chromium is here (Debian's ``chromium`` package); the reason why not, or None."""
    if chromium() is not None:
        return None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return "Chromium is not installed and cannot be installed here (apt-get as root is needed)"
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"]):
        done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=1200)
        if done.returncode != 0 and command[1] == "install":
            return f"apt-get install chromium failed: {done.stderr.strip()[-500:]}"
    return None if chromium() is not None else "apt-get installed chromium but no chromium program was found"
