"""BBO's LIN files as hand records: each board's deal once, the fourth hand worked out.

The real files are read from ../shared/bridge-files/files/ (see its README), never copied.
"""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from handrecords.reading import InvalidFile, read_hand_records

FILES = Path(__file__).resolve().parents[3] / "shared" / "bridge-files" / "files"
shared = pytest.mark.skipif(not FILES.is_dir(), reason=f"the shared files are not at {FILES}")
# Board 1 of BBO team match 17360 (README), md| with three hands: East's is the rest.
TM_BOARD_1 = "N:KT84.T64.J7.K987 AQ975.A97.AKQ4.5 32.Q3.T632.QJT63 J6.KJ852.985.A42"


@shared
@pytest.mark.parametrize(
    ("name", "boards", "first"),
    [
        ("bbo_hand_sample.lin", 1, 15),  # one hand, board 15 (ah|Board 15)
        ("bbo_teammatch_tm17360.lin", 18, 1),  # open and closed: each board once
        ("bbo_vugraph_usbf2010_sf.lin", 15, 46),  # boards 46 to 60
    ],
)
def test_each_real_lin_file_gives_every_board_once(name, boards, first):
    read = read_hand_records((FILES / name).read_bytes())
    assert len(read) == boards and read[0].board == first
    assert len({b.board for b in read}) == boards
    assert all(not b.notes for b in read)  # dealer and vulnerability are the numbers'


@shared
def test_a_missing_fourth_hand_is_the_cards_left_over():
    read = read_hand_records((FILES / "bbo_teammatch_tm17360.lin").read_bytes())
    assert read[0].deal == TM_BOARD_1


def test_a_lin_file_with_no_whole_deal_is_refused():
    with pytest.raises(InvalidFile, match="no complete deal"):
        read_hand_records(b"qx|o1|md|3S23H3Q,|sv|o|")


@shared
@pytest.mark.django_db
def test_a_lin_file_is_drawn_on_the_hand_records_page(client):
    data = (FILES / "bbo_hand_sample.lin").read_bytes()
    upload = SimpleUploadedFile("sample.lin", data)
    page = client.post("/hands/file/", {"file": upload, "per_page": "6"}).content.decode()
    assert 'data-board="15"' in page and "data-par=" in page


def test_the_modules_docstring_examples_run():
    import doctest

    from handrecords import lin

    result = doctest.testmod(lin)
    assert result.failed == 0 and result.attempted > 0
