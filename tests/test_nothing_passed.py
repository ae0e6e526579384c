"""The suite's guard against a run that proves nothing (tests/nothing_passed.py)."""

import pytest

from tests.conftest import ROOT
from tests.nothing_passed import NOTHING_PASSED

pytest_plugins = ["pytester"]
# Each test starts a pytest of its own in a new process: seconds apiece.
pytestmark = pytest.mark.slow


@pytest.fixture
def run(pytester, monkeypatch):
    # A separate pytest, outside this project's settings, with only the guard loaded.
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE", raising=False)

    def run(source: str):
        pytester.makepyfile(test_sample=source)
        return pytester.runpytest_subprocess("-p", "tests.nothing_passed", "-p", "no:django")

    return run


SKIPPED = "import pytest\n\n@pytest.mark.skip\ndef test_one():\n    pass\n"


def test_a_run_where_every_test_is_skipped_fails(run):
    result = run(SKIPPED)
    assert result.ret == 1
    result.stdout.fnmatch_lines([f"*{NOTHING_PASSED}*"])


def test_a_run_where_a_test_passes_succeeds(run):
    result = run(SKIPPED + "\n\ndef test_two():\n    pass\n")
    assert result.ret == 0
    assert NOTHING_PASSED not in result.stdout.str()


def test_a_failing_run_keeps_its_own_exit_code(run):
    result = run("def test_one():\n    assert False\n")
    assert result.ret == 1
    assert NOTHING_PASSED not in result.stdout.str()
