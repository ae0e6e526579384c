import pytest

from tests import control


@pytest.fixture
def alice():
    """Alice, a teacher, logged in: her user and her client."""
    client = control.alice()
    return client.user, client
