"""The bridge-file page through the test client: a form, a read file, clear refusals."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db
OURS = Path(__file__).parent / "files"
FFB = (
    settings.BASE_DIR.parent / "shared" / "bridge-files" / "files" / "ffb_magic_contest_seance1.pbn"
)


def send(client, name, data):
    return client.post("/files/", {"file": SimpleUploadedFile(name, data)})


def test_the_page_offers_a_multipart_form(client):
    response = client.get("/files/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file"' in html


def test_the_score_pad_links_to_it(client):
    assert 'href="/files/"' in client.get("/scorepad/").content.decode()


def test_a_post_without_a_file_says_what_to_do(client):
    response = client.post("/files/", {})
    assert response.status_code == 422
    assert "Choose a .pbn or .lin file" in response.content.decode()


def test_a_file_that_is_not_pbn_is_refused_on_the_form(client):
    response = send(client, "results.csv", (OURS / "not_pbn.csv").read_bytes())
    assert response.status_code == 422
    assert "not a PBN file" in response.content.decode()


def test_a_broken_file_shows_its_boards_and_its_problems_by_line(client):
    response = send(client, "broken.pbn", (OURS / "broken.pbn").read_bytes())
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-board-count="2"' in html
    assert "Line 8:" in html and "Line 24:" in html
    assert 'data-disagreements="1"' in html


def test_the_files_text_is_never_echoed_unescaped(client):
    text = b'[Event "<script>alert(1)</script>"]\n[Board "1"]\n[Contract "<b>x</b>"]\n'
    html = send(client, "<i>name</i>.pbn", text).content.decode()
    assert "<script>alert(1)" not in html and "<b>x</b>" not in html
    assert "&lt;script&gt;" in html


def test_a_boards_traveller_opens_on_the_score_pad(client):
    html = send(client, "bom.pbn", (OURS / "bom_crlf.pbn").read_bytes()).content.decode()
    [address] = re.findall(r'href="(/scorepad/traveller/\?[^"]+)"', html)
    page = client.get(address.replace("&amp;", "&"))
    assert page.status_code == 200
    assert "data-traveller" in page.content.decode() or "+430" in page.content.decode()


@pytest.mark.skipif(not FFB.exists(), reason=f"the shared real bridge files are not at {FFB}")
def test_a_club_night_is_ranked_with_the_names_from_the_file(client):
    response = send(client, FFB.name, FFB.read_bytes())
    html = response.content.decode()
    assert response.status_code == 200
    # Only the totals differ: the file adds up its rounded board figures (README).
    assert 'data-disagreements="19"' in html
    assert "Philippe CHESNY - Rémi LEGRAS" in html
    assert html.count("data-standing=") == 44


def test_a_file_over_the_limit_is_refused_before_it_is_read(client):
    response = send(client, "big.pbn", b"%" * (5 * 1024 * 1024 + 100 * 1024))
    assert response.status_code == 422
    assert "over 5 MB" in response.content.decode()


def test_a_file_under_the_limit_but_large_stays_in_memory(client, monkeypatch):
    # Over Django's 2.5 MB in-memory threshold: still read, never written to a temporary file.
    from django.core.files import uploadhandler

    def no_disk(*args, **kwargs):
        raise AssertionError("the upload went to a temporary file on disk")

    monkeypatch.setattr(uploadhandler.TemporaryFileUploadHandler, "new_file", no_disk)
    data = b"% padding\n" * 300_000 + (OURS / "bom_crlf.pbn").read_bytes()[3:]
    response = send(client, "large.pbn", data)
    assert response.status_code == 200
    assert 'data-board-count="1"' in response.content.decode()


def test_the_form_needs_its_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    data = (OURS / "bom_crlf.pbn").read_bytes()
    response = strict.post("/files/", {"file": SimpleUploadedFile("a.pbn", data)})
    assert response.status_code == 403


def test_a_small_session_opens_whole_on_the_score_pads_pairs_page(client):
    html = send(client, "bom.pbn", (OURS / "bom_crlf.pbn").read_bytes()).content.decode()
    [address] = re.findall(r'href="(/scorepad/pairs/\?[^"]+)"', html)
    page = client.get(address.replace("&amp;", "&")).content.decode()
    # Board 1: N-S 1 +430 beats N-S 3's -50: the file's MP_NS 1 and 0 (top 1).
    assert 'data-standing="N-S 1"' in page and 'data-standing="E-W 4"' in page


@pytest.mark.skipif(not FFB.exists(), reason=f"the shared real bridge files are not at {FFB}")
def test_a_club_night_too_big_for_the_pairs_page_is_not_sent_there(client):
    html = send(client, FFB.name, FFB.read_bytes()).content.decode()
    assert "data-pairs-address" not in html


USBF = FFB.with_name("bbo_vugraph_usbf2010_sf.lin")


@pytest.mark.skipif(not USBF.exists(), reason=f"the shared real bridge files are not at {USBF}")
def test_a_lin_team_match_shows_its_imps_and_victory_points(client):
    html = send(client, USBF.name, USBF.read_bytes()).content.decode()
    # The README: Nickell 30 - Fleisher 41 over boards 46-60 (15 boards).
    assert "Nickell 30 IMPs, Fleisher 41 IMPs over 15 boards" in html
    assert "data-match" in html


def test_tables_numbered_in_a_file_are_tables_not_a_teams_match(client):
    # [Table "1"] and [Table "2"], with no teams and no Open or Closed room: a class night.
    path = OURS / "tuesday_class.pbn"
    html = send(client, path.name, path.read_bytes()).content.decode()
    assert "read as results at several tables" in html and "The match" not in html
