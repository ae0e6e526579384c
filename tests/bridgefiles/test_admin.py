"""Kept bridge files in the staff admin (/admin/): found by name or owner, bytes untouched.

Sam is site staff; Hughes keeps a file; Alice teaches, with no staff rights.
"""

import pytest
from django.test import Client

from bridgefiles.models import SavedFile
from bridgefiles.services import bridge_file_read, saved_file_create, saved_file_delete
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
DATA = b'[Event "Tuesday class"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'


@pytest.fixture
def sam():
    client = Client()
    client.force_login(UserFactory(username="sam", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def kept():
    hughes = UserFactory(username="hughes", email="hughes@example.org")
    read = bridge_file_read(name="tuesday.pbn", data=DATA)
    return saved_file_create(owner=hughes, name="tuesday.pbn", data=DATA, read=read)


def test_staff_find_a_kept_file_by_its_owner_with_its_size(sam, kept):
    page = sam.get("/admin/bridgefiles/savedfile/", {"q": "hughes@"}).content.decode()
    assert "tuesday.pbn" in page and f"{len(DATA)}\xa0bytes" in page
    other = sam.get("/admin/bridgefiles/savedfile/", {"q": "nobody"}).content.decode()
    assert "tuesday.pbn" not in other


def test_staff_see_a_deleted_file_and_can_bring_it_back(sam, kept):
    saved_file_delete(saved=kept)
    assert "tuesday.pbn" in sam.get("/admin/bridgefiles/savedfile/").content.decode()
    change = f"/admin/bridgefiles/savedfile/{kept.pk}/change/"
    assert sam.get(change).status_code == 200
    response = sam.post(change, {"name": "tuesday.pbn", "event": "", "deleted_at_0": ""})
    assert response.status_code == 302
    assert SavedFile.objects.filter(pk=kept.pk).exists()


def test_the_bytes_are_shown_nowhere_and_cannot_be_changed(sam, kept):
    change = f"/admin/bridgefiles/savedfile/{kept.pk}/change/"
    page = sam.get(change).content.decode()
    assert 'name="data"' not in page and 'name="digest"' not in page
    assert 'name="owner"' not in page and 'name="board_count"' not in page
    assert "Tuesday class" in page  # the event, which staff may correct
    sent = {"name": "renamed.pbn", "event": "", "data": "[Board 9]", "digest": "0" * 64}
    assert sam.post(change, sent).status_code == 302
    kept.refresh_from_db()
    assert (kept.name, bytes(kept.data), kept.board_count) == ("renamed.pbn", DATA, 1)
    assert kept.digest != "0" * 64


def test_a_file_cannot_be_added_by_hand_and_a_teacher_is_sent_to_the_staff_login(sam, kept):
    assert sam.get("/admin/bridgefiles/savedfile/add/").status_code == 403
    alice = Client()
    alice.force_login(UserFactory(username="alice"))
    response = alice.get("/admin/bridgefiles/savedfile/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
