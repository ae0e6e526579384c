"""Hand-record pages: deals in the address, or a file; nothing kept, every refusal explained."""

from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db

HERE = Path(__file__).parent / "files"
BOARD_1 = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"


def test_the_page_offers_both_ways_in(client):
    page = client.get("/hands/")
    assert page.status_code == 200
    assert b'name="deals"' in page.content and b'name="file"' in page.content


def test_deals_in_the_address_draw_each_board_round_the_table(client):
    page = client.get("/hands/?" + urlencode({"deals": f"{BOARD_1}\n7 {BOARD_1}"}))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="hand-record"') == 2
    assert 'data-board="1"' in html and 'data-board="7"' in html
    # West's hearts, with 10 written as the bridge world writes it; the table's tricks; par.
    assert "A K Q 7 4 2" in html and "A 10 9 7 6 2" in html
    assert 'data-par="980"' in html and "to North–South" in html
    # Board 7: South deals, both sides vulnerable. 6S would score 1430, so East-West save in
    # 7HX, five down vulnerable: 1400.
    assert 'data-par="1400"' in html and "Dealer South" in html
    assert "7 hearts doubled</span></span>-5 by E or W" in html


def test_the_sheet_links_to_an_address_that_keeps_its_deals(client):
    page = client.get("/hands/?" + urlencode({"deals": BOARD_1, "per_page": "4"}))
    assert page.context["share"].startswith("?deals=1+N%3AAQT94")
    assert "per_page=4" in page.context["share"]


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ("N:AQT94.T53.KQ8.T9 63.J98.J53.K8654", "Line 1: A deal has four hands"),
        (BOARD_1.replace("Q32", "QT2"), "dealt twice"),
        ("hello", "Line 1: a line is a deal"),
        ("\n".join([BOARD_1] * 37), "up to 36 boards"),
    ],
)
def test_a_deal_that_cannot_be_read_is_refused_with_its_line(client, deals, message):
    page = client.get("/hands/?" + urlencode({"deals": deals}))
    assert page.status_code == 422
    assert message in page.content.decode()


def test_a_file_with_a_bom_comments_and_question_marks_is_drawn(client):
    upload = SimpleUploadedFile("club.pbn", (HERE / "club_night_bom_crlf.pbn").read_bytes())
    page = client.post("/hands/file/", {"file": upload, "per_page": "6"})
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="hand-record"') == 2
    first, second = page.context["pages"][0]
    # Board 1: the file's par agrees with the solver's, so nothing is listed.
    assert (first.record.par_score, first.notes, first.disagreements) == (980, (), ())
    # Board 2 is written with both sides vulnerable (the file's value is used, and the
    # difference from the board number's is said); its stated par is not the solver's.
    assert second.record.vulnerable == "both"
    assert second.notes == ("The file says vulnerable: both sides; board 2 is vulnerable: N-S",)
    assert second.disagreements == ("Par: the file says +1430 to N-S, we find +1400",)
    assert "The file says vulnerable: both sides; board 2 is vulnerable: N-S." in html


def test_a_file_that_is_not_pbn_gets_a_clear_message(client):
    upload = SimpleUploadedFile("notes.txt", b"Bring biscuits on Tuesday.\n")
    page = client.post("/hands/file/", {"file": upload})
    assert page.status_code == 422
    assert "This is not a PBN hand-record file" in page.content.decode()


def test_a_file_over_two_megabytes_is_refused_unread(client):
    upload = SimpleUploadedFile("big.pbn", b"%" * 2_000_001)
    page = client.post("/hands/file/", {"file": upload})
    assert page.status_code == 422
    assert "larger than 2 MB" in page.content.decode()


def test_a_file_is_posted_not_fetched(client):
    assert client.get("/hands/file/").status_code == 405


def test_an_address_drawing_sheets_without_end_is_asked_to_wait(client, frozen_clock):
    # The clock stands still: 31 requests on a loaded machine could otherwise straddle the
    # limit's one-minute window, and the 31st would be counted in a fresh one.
    address = "/hands/?" + urlencode({"deals": BOARD_1})
    answers = [client.get(address).status_code for _ in range(31)]
    assert answers[:30] == [200] * 30
    assert answers[30] == 429
    assert client.get(address).headers["Retry-After"]
