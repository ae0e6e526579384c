"""The files an open project carries are there, and agree on the release."""

import re
import tomllib

from tests.hosting.conftest import ROOT


def test_the_licence_is_mit_for_the_projects_contributors():
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License")
    assert "Copyright (c) 2026 Above the Line contributors" in licence


def test_the_security_policy_says_how_to_report_and_what_is_in_scope():
    policy = (ROOT / "SECURITY.md").read_text()
    assert "## Reporting a problem" in policy
    assert "## What is in scope" in policy


def test_the_contributors_guide_covers_what_a_newcomer_asks():
    guide = (ROOT / "CONTRIBUTING.md").read_text()
    for needed in (
        "make check",
        "make format",
        "-m pytest",
        "## Adding a question kind",
        "## Adding a lesson",
        "## How CI runs",
        "## How the code is laid out",
    ):
        assert needed in guide, needed


def test_the_newest_release_in_the_changelog_is_the_projects_version():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    releases = re.findall(r"^## (\d+\.\d+\.\d+) - (\d{4}-\d{2}-\d{2})$", changelog, flags=re.M)
    assert releases, "no release in CHANGELOG.md"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert releases[0][0] == project["version"]


def test_the_readme_links_the_hosting_guide():
    assert "(docs/hosting.md)" in (ROOT / "README.md").read_text()
