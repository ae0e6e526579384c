import pytest


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    # A run in which nothing passed proves nothing: make it fail loudly.
    passed = len(terminalreporter.stats.get("passed", []))
    if exitstatus == 0 and passed == 0:
        terminalreporter.write_line("No test passed: failing the run.", red=True)
        terminalreporter._session.exitstatus = 1


@pytest.fixture(autouse=True)
def _test_settings(settings):
    # Tests create many users; the production hasher is deliberately slow.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests and the live server speak plain HTTP; production keeps HTTPS-only
    # cookies and the redirect (tests/config/test_settings.py checks them there).
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
