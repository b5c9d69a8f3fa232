"""Installing what the tests need from Debian's packages, once, when it is missing (CI's fresh machines)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable


def apt_install(package: str, present: Callable[[], bool], program: str) -> str | None:
    """Make sure ``package`` is installed (``present()`` says whether it is); the reason why not, or None.
    ``program`` names what ``present`` looks for, in the reason."""
    if present():
        return None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return f"{package} is not installed and cannot be installed here (apt-get as root is needed)"
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "--no-install-recommends", package]):
        done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=1200)
        if done.returncode != 0 and command[1] == "install":
            return f"apt-get install {package} failed: {done.stderr.strip()[-500:]}"
    return None if present() else f"apt-get installed {package} but no {program} was found"
