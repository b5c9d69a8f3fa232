"""Every storage test that takes ``database_url`` runs against SQLite and against PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/db.sqlite3"
    return str(request.getfixturevalue("postgres_url"))
