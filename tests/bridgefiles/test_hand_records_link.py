"""From a file's page to its boards' hand records (the /hands/ page, deals in its address)."""

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bridgefiles.boards import FileBoard, FileContents
from bridgefiles.selectors import hand_record_addresses
from bridgefiles.services import FileImport

pytestmark = pytest.mark.django_db
TUESDAY = Path(__file__).parent / "files" / "tuesday_class.pbn"
HANDS = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _hands(deal):
    return dict(zip("NESW", deal[2:].split(), strict=True))


def test_a_files_page_links_to_its_hand_records(client):
    page = client.post(
        "/files/", {"file": SimpleUploadedFile(TUESDAY.name, TUESDAY.read_bytes())}
    ).content.decode()
    [address] = re.findall(r'<a href="(/hands/\?[^"]+)">boards 1 to 3</a>', page)
    sheet = client.get(address.replace("&amp;", "&"))
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert all(f'data-board="{n}"' in html for n in (1, 2, 3))


def test_a_long_file_is_linked_a_page_at_a_time_and_a_board_missing_a_hand_is_left_out():
    boards = [FileBoard(n, n, "N", "none", _hands(HANDS)) for n in range(1, 41)]
    boards[4].hands.pop("W")  # board 5: three hands, nothing for the solver
    read = FileImport("long.pbn", FileContents(boards, [], []), checked=None)
    addresses = hand_record_addresses(read=read)
    assert [(first, last) for first, last, _ in addresses] == [(1, 37), (38, 40)]
    [deals] = parse_qs(urlsplit(addresses[0][2]).query)["deals"]
    numbers = [int(line.split()[0]) for line in deals.splitlines()]
    assert numbers == [n for n in range(1, 38) if n != 5]
