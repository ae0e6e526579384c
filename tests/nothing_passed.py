"""A pytest plugin: a run in which no test passed fails, whatever else happened.

pytest itself fails a run that collects nothing (exit code 5) but passes one in which
every test was skipped, and a CI that skipped everything proves nothing. Loaded for the
whole suite by `-p tests.nothing_passed` in pyproject.toml.
"""

NOTHING_PASSED = "No test passed: failing the run, since it proves nothing."

_passed: list[str] = []


def pytest_runtest_logreport(report):
    if report.when == "call" and report.passed:
        _passed.append(report.nodeid)


def _proves_nothing(exitstatus) -> bool:
    return exitstatus == 0 and not _passed


def pytest_sessionfinish(session, exitstatus):
    if _proves_nothing(exitstatus):
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus):
    # Called after pytest_sessionfinish with the same, original exit status.
    if _proves_nothing(exitstatus):
        terminalreporter.write_line(NOTHING_PASSED, red=True)
