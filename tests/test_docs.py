"""The documents a newcomer and an operator read: short where they start, linked where they go on, and in step with
the code (the version, each schema migration)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from storage.migrations import MIGRATIONS, NAMES

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_readme_is_what_a_newcomer_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 160
    for needed in ("./run", "./test", "root", "apt", "play kamisado bot", "docs/operating.md", "docs/playing.md",
                   "docs/pages.md", "docs/developing.md", "CHANGELOG.md"):
        assert needed in readme, needed


def test_every_link_between_the_documents_leads_somewhere() -> None:
    for document in DOCUMENTS:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", document.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://")):
                continue
            assert (document.parent / target).exists(), f"{document.name} links to {target}"


def test_the_changelog_names_this_version_and_every_schema_migration() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert f"## {version} " in changelog
    assert len(NAMES) == len(MIGRATIONS)
    for number, name in enumerate(NAMES, 1):
        assert f"- schema {number}: " in changelog, number
        assert name.split(";")[0].split(":")[0] in changelog, name
