"""A teacher keeps a bridge file: theirs alone, a limit, deleted with a day to bring it back.

Alice keeps her class's file. Bob, another teacher, gets 404 for every page of it; a
visitor is asked to log in. Nothing is kept unless the box is ticked.
"""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from bridgefiles import services
from bridgefiles.models import SavedFile
from tests.factories import ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db
TUESDAY = Path(__file__).parent / "files" / "tuesday_class.pbn"


def _signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def _send(client, keep=True, name="tuesday.pbn", data=None):
    # Each name its own file (a comment line of its name): the same file is kept only once.
    data = data if data is not None else TUESDAY.read_bytes() + f"% {name}\n".encode()
    form = {"file": SimpleUploadedFile(name, data)}
    if keep:
        form["keep"] = "on"
    return client.post("/files/", form)


@pytest.fixture
def alice():
    """A teacher who keeps files."""
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    """Another teacher: sees none of Alice's files."""
    return UserFactory(username="bob")


def test_a_kept_file_opens_on_its_own_page_read_as_when_it_was_sent(alice):
    client = _signed_in(alice)
    response = _send(client)
    saved = SavedFile.objects.get(owner=alice)
    assert (
        response.status_code == 302 and response["Location"] == f"/files/saved/{saved.public_id}/"
    )
    assert (saved.name, saved.event, saved.board_count) == ("tuesday.pbn", "Tuesday class", 3)
    assert bytes(saved.data) == TUESDAY.read_bytes() + b"% tuesday.pbn\n"
    page = client.get(response["Location"]).content.decode()
    assert 'data-board-count="3"' in page and "The file is kept" in page
    assert "/hands/?deals=" in page  # its hand records
    ClassroomFactory(teacher=alice)
    assert (
        "Make a class quiz from these boards" in client.get(response["Location"]).content.decode()
    )
    listing = client.get("/files/saved/").content.decode()
    assert 'data-saved-count="1"' in listing and saved.public_id in listing


def test_nothing_is_kept_unless_the_box_is_ticked(alice, client):
    assert _send(_signed_in(alice), keep=False).status_code == 200
    assert _send(client, keep=True).status_code == 200  # a visitor: the box is not theirs
    assert not SavedFile.all_objects.exists()


def test_the_box_is_offered_only_to_a_signed_in_teacher(alice, client):
    assert 'name="keep"' not in client.get("/files/").content.decode()
    assert 'name="keep"' in _signed_in(alice).get("/files/").content.decode()


def test_another_teachers_file_is_not_found_on_any_of_its_pages(alice, bob):
    _send(_signed_in(alice))
    saved = SavedFile.objects.get()
    other = _signed_in(bob)
    assert other.get(f"/files/saved/{saved.public_id}/").status_code == 404
    assert other.post(f"/files/saved/{saved.public_id}/delete/").status_code == 404
    assert other.post(f"/files/saved/{saved.public_id}/restore/").status_code == 404
    assert saved.public_id not in other.get("/files/saved/").content.decode()
    assert SavedFile.objects.filter(pk=saved.pk).exists()


def test_a_visitor_is_asked_to_log_in(alice, client):
    _send(_signed_in(alice))
    saved = SavedFile.objects.get()
    for path in ("/files/saved/", f"/files/saved/{saved.public_id}/"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_deleted_file_can_be_brought_back_for_a_day_then_is_gone(alice):
    client = _signed_in(alice)
    _send(client)
    saved = SavedFile.objects.get()
    response = client.post(f"/files/saved/{saved.public_id}/delete/", follow=True)
    page = response.content.decode()
    assert "is deleted" in page and "Bring it back" in page and 'data-saved-count="0"' in page
    assert client.get(f"/files/saved/{saved.public_id}/").status_code == 404
    assert client.post(f"/files/saved/{saved.public_id}/restore/").status_code == 302
    assert client.get(f"/files/saved/{saved.public_id}/").status_code == 200

    client.post(f"/files/saved/{saved.public_id}/delete/")
    SavedFile.all_objects.filter(pk=saved.pk).update(
        deleted_at=timezone.now() - timedelta(hours=services.UNDO_HOURS + 1)
    )
    assert client.post(f"/files/saved/{saved.public_id}/restore/").status_code == 404
    _send(client, name="next.pbn")  # the next file kept clears the old one out for good
    assert not SavedFile.all_objects.filter(pk=saved.pk).exists()


def test_a_teacher_keeps_at_most_the_limit(alice, monkeypatch):
    monkeypatch.setattr(services, "SAVED_PER_TEACHER", 2)
    client = _signed_in(alice)
    _send(client, name="one.pbn")
    _send(client, name="two.pbn")
    response = _send(client, name="three.pbn")
    page = response.content.decode()
    assert response.status_code == 200 and "You keep 2 files" in page
    assert 'data-board-count="3"' in page  # still read, only not kept
    assert SavedFile.objects.filter(owner=alice).count() == 2
    # Deleting one, keeping another, then bringing the first back: refused, the list is full.
    first = SavedFile.objects.get(name="one.pbn")
    client.post(f"/files/saved/{first.public_id}/delete/")
    _send(client, name="three.pbn")
    page = client.post(f"/files/saved/{first.public_id}/restore/", follow=True).content.decode()
    assert "delete one before you bring this one back" in page
    assert SavedFile.objects.filter(owner=alice).count() == 2


def test_a_file_over_a_megabyte_is_read_but_not_kept(alice):
    data = b"% padding\n" * 110_000 + TUESDAY.read_bytes()
    page = _send(_signed_in(alice), data=data).content.decode()
    assert "too large to keep" in page and 'data-board-count="3"' in page
    assert not SavedFile.objects.exists()


def test_the_same_file_sent_twice_is_kept_once(alice):
    client = _signed_in(alice)
    first, again = _send(client), _send(client)
    assert first["Location"] == again["Location"]
    assert SavedFile.objects.filter(owner=alice).count() == 1


def test_the_daily_purge_deletes_for_good_only_files_deleted_over_a_day_ago(alice, bob):
    from django.core.management import call_command

    _send(_signed_in(alice), name="old.pbn")
    _send(_signed_in(bob), name="recent.pbn")
    _send(_signed_in(bob), name="kept.pbn")
    long_ago = timezone.now() - timedelta(hours=services.UNDO_HOURS + 1)
    SavedFile.objects.filter(name="old.pbn").update(deleted_at=long_ago)
    SavedFile.objects.filter(name="recent.pbn").update(deleted_at=timezone.now())
    call_command("purge_deleted_files")
    left = sorted(SavedFile.all_objects.values_list("name", flat=True))
    assert left == ["kept.pbn", "recent.pbn"]


OURS = Path(__file__).parent / "files"
USBF = (
    settings.BASE_DIR.parent / "shared" / "bridge-files" / "files" / "bbo_vugraph_usbf2010_sf.lin"
)


def test_a_kept_pairs_session_reopens_ranked_with_its_score_pad_pairs_page(alice):
    client = _signed_in(alice)
    data = (OURS / "bom_crlf.pbn").read_bytes()
    page = client.get(_send(client, name="club.pbn", data=data)["Location"]).content.decode()
    assert "read as a pairs session" in page and "data-standing=" in page
    [address] = re.findall(r'href="(/scorepad/pairs/\?[^"]+)"', page)
    pairs = client.get(address.replace("&amp;", "&")).content.decode()
    assert 'data-standing="N-S 1"' in pairs and 'data-standing="E-W 4"' in pairs


@pytest.mark.skipif(not USBF.exists(), reason=f"the shared real bridge files are not at {USBF}")
def test_a_kept_team_match_reopens_with_its_imps_and_victory_points(alice):
    client = _signed_in(alice)
    response = _send(client, name=USBF.name, data=USBF.read_bytes())
    page = client.get(response["Location"]).content.decode()
    # The README: Nickell 30 - Fleisher 41 over boards 46-60 (15 boards).
    assert "read as a teams match" in page and "data-match" in page
    assert "Nickell 30 IMPs, Fleisher 41 IMPs over 15 boards" in page
