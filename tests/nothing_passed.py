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


_failed_for_nothing: list[bool] = []


def pytest_sessionfinish(session, exitstatus):
    if exitstatus == 0 and not _passed:
        session.exitstatus = 1
        _failed_for_nothing.append(True)


def pytest_terminal_summary(terminalreporter):
    # Called after pytest_sessionfinish has set the flag; the line stands among the summaries.
    if _failed_for_nothing:
        terminalreporter.write_line(NOTHING_PASSED, red=True)
