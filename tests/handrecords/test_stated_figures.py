"""Real hand-record files state double-dummy tricks and par: the solver's figures against theirs.

The files are read from ../shared/bridge-files/files/ (see its README), never copied here.
"""

from pathlib import Path

import pytest

from handrecords.reading import read_hand_records
from handrecords.services import hand_records_make
from handrecords.stated import stated_par, stated_score_ns, stated_tricks

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[3] / "shared" / "bridge-files" / "files"
# Every file that states figures; each agrees with the solver on every board.
STATING = {
    "commongame_bridgecomposer_crlf.pbn": 36,
    "bkp_bridgecomposer_latin1.pbn": 15,
    "bridgewebs_wgc_2025-04-09.pbn": 24,
    "realbridge_ecq2021_teams.pbn": 10,
    "ffb_magic_contest_seance1.pbn": 30,
}
needs_files = pytest.mark.skipif(not FILES.is_dir(), reason="../shared/bridge-files is absent")


def disagreements(name: str, first: int | None = None) -> tuple[int, list]:
    boards = read_hand_records((FILES / name).read_bytes())[:first]
    sheets = hand_records_make(boards=boards)
    stating = sum(bool(board.stated) for board in boards)
    return stating, [(s.record.board, line) for s in sheets for line in s.disagreements]


@needs_files
@pytest.mark.parametrize(
    "name", ["commongame_bridgecomposer_crlf.pbn", "bkp_bridgecomposer_latin1.pbn"]
)
def test_the_first_boards_of_a_hand_record_agree_with_the_solver(name):
    stating, found = disagreements(name, first=3)
    assert stating == 3
    assert found == []


@needs_files
@pytest.mark.slow
@pytest.mark.parametrize(("name", "boards"), STATING.items())
def test_every_stated_figure_of_a_real_file_agrees_with_the_solver(name, boards):
    stating, found = disagreements(name)
    assert stating == boards
    assert found == [], "\n".join(f"board {board}: {line}" for board, line in found)


def test_the_pbn_tricks_tag_is_read_declarers_n_s_e_w_and_notrump_first():
    tricks = stated_tricks("7c5c67c5c61181711817")
    assert (tricks["N", "NT"], tricks["N", "S"], tricks["S", "D"], tricks["E", "H"]) == (
        7,
        12,
        12,
        8,
    )
    assert stated_tricks("****") is None


@pytest.mark.parametrize(
    ("text", "ns"),
    [("NS 980", 980), ("EW 980", -980), ("NS -100", -100), ("NS +90", 90), ("?", None)],
)
def test_an_optimum_score_is_read_from_the_named_pairs_side(text, ns):
    assert stated_score_ns(text) == ns


def test_a_par_contract_with_a_sacrifice_or_two_choices_is_read():
    assert stated_par("NS 4SX-1") == {("NS", "4SX", "-1")}
    assert stated_par("EW 6H=; EW 6S=") == {("EW", "6H", "="), ("EW", "6S", "=")}
    assert stated_par("E 3N+2") == {("EW", "3NT", "+2")}
    assert stated_par("nonsense") is None
