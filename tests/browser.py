"""Chromium from the system's packages, driven headless by Playwright (no browser is downloaded from anywhere else)."""

from __future__ import annotations

import shutil

from tests.packages import apt_install

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]


def chromium() -> str | None:
    """The system Chromium's program, or ``None``."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def install() -> str | None:
    """Make sure Chromium is here (Debian's ``chromium`` package); the reason why not, or None."""
    return apt_install("chromium", lambda: chromium() is not None, "chromium program")
