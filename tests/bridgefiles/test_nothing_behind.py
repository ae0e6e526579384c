"""Issue 31: a broken file gets line-numbered messages and leaves nothing behind, even when
the teacher asked to keep it (Alice teaches; she ticks "keep" every time)."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from assignments.models import Assignment
from bridgefiles.models import SavedFile
from bridgefiles.services import NO_BOARDS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
OURS = Path(__file__).parent / "files"
# Tags, so a PBN file, but not one board that can be read: each one's line is reported.
NO_BOARD = b'% two boards, both broken\n[Board "three"]\n[Dealer "N"]\n\n[Board "0"]\n'


@pytest.fixture
def alice():
    client = Client()
    client.force_login(UserFactory(username="alice"))
    return client


def _send(client, name, data):
    return client.post("/files/", {"file": SimpleUploadedFile(name, data), "keep": "on"})


def test_a_file_with_no_board_to_read_shows_its_lines_and_is_not_kept(alice):
    response = _send(alice, "none.pbn", NO_BOARD)
    page = response.content.decode()
    assert response.status_code == 200 and NO_BOARDS in page
    assert "Line 2:" in page and "Line 5:" in page
    assert not SavedFile.all_objects.exists()


@pytest.mark.parametrize(
    "name, data",
    [
        ("results.csv", (OURS / "not_pbn.csv").read_bytes()),
        ("binary.pbn", b"\x00\x01PK" * 100),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_and_nothing_is_kept(alice, name, data):
    response = _send(alice, name, data)
    assert response.status_code == 422
    assert not SavedFile.all_objects.exists() and not Assignment.objects.exists()


def test_a_file_with_broken_parts_keeps_its_sound_boards_only_as_sent(alice):
    data = (OURS / "broken.pbn").read_bytes()
    response = _send(alice, "broken.pbn", data)
    [saved] = SavedFile.objects.all()
    assert response.status_code == 302 and saved.board_count == 2  # boards 1 and 4
    page = alice.get(response["Location"]).content.decode()
    assert "Line 8:" in page and "Line 17:" in page
