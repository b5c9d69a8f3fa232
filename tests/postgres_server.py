"""A throwaway PostgreSQL server for the tests, on a free port of 127.0.0.1.

The server comes from the machine's package manager: when no ``initdb`` is found and the tests run
as root on a Debian-like machine, ``apt-get install postgresql`` puts it there. When that is not
possible the PostgreSQL half of the tests is skipped, and the reason is printed loudly.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.fakes.loopback import free_port
from tests.packages import apt_install

BANNER = "\n" + "!" * 78 + "\n"


def _initdb() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or [shutil.which("initdb") or ""]
    return Path(found[-1]) if found[-1] else None


def install() -> str | None:
    """Make sure PostgreSQL's server programs are here; the reason why not, or None."""
    return apt_install("postgresql", lambda: _initdb() is not None, "initdb")


class PostgresServer:
    """``start()`` runs a new cluster in a temporary folder; ``url(database)`` connects to it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bot-postgres-"))
        self.port = free_port()
        self._as_postgres: list[str] = []

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as_postgres, *command], capture_output=True, text=True, timeout=120, check=True)

    def start(self) -> None:
        initdb = _initdb()
        assert initdb is not None
        bin_dir = initdb.parent
        if os.geteuid() == 0:  # the server refuses to run as root
            shutil.chown(self.folder, "postgres")
            self._as_postgres = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run(str(initdb), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self._bin = bin_dir
        self.resume()

    def resume(self) -> None:
        """Start the server (again, after :meth:`halt`: its databases are as they were)."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(str(self._bin / "pg_ctl"), "-D", str(self.folder / "data"), "-o", options, "-l",
                  str(self.folder / "log"), "-w", "start")

    def halt(self) -> None:
        """Stop the server at once, as a crash or an outage would (:meth:`resume` brings it back)."""
        self._run(str(self._bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        self._run(str(self._bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q",
                  "-c", f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, AttributeError):
            self._run(str(self._bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def start_or_explain() -> tuple[PostgresServer | None, str | None]:
    """A running server, or None with the reason (also written to stderr, impossible to miss)."""
    reason = install()
    if reason is None:
        server = PostgresServer()
        try:
            server.start()
            return server, None
        except (subprocess.SubprocessError, OSError) as exc:
            detail = getattr(exc, "stderr", "") or ""
            reason = f"PostgreSQL did not start: {exc} {detail.strip()[-500:]}"
            server.stop()
    sys.stderr.write(f"{BANNER}SKIPPING THE POSTGRESQL TESTS: {reason}{BANNER}")
    return None, reason


@contextlib.contextmanager
def database_or_none(given: str | None, name: str) -> Iterator[str | None]:
    """``given`` (a database URL), or a new database ``name`` on a throwaway server started for the ``with`` block
    and stopped after it; ``None`` (the reason printed) when there can be none. For the benches."""
    if given is not None:
        yield given
        return
    server, reason = start_or_explain()
    if server is None:
        print(f"PostgreSQL: skipped ({reason})")
        yield None
        return
    try:
        yield server.create_database(name)
    finally:
        server.stop()
