"""The tests' one fixed time. A module that wants the clock held at it asks for the
`frozen_clock` fixture (tests/conftest.py), by argument or with
`pytest.mark.usefixtures("frozen_clock")`."""

from datetime import UTC, datetime

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
