"""Every real file of ../shared/bridge-files/files/ is read, scored and checked.

The figures asserted are the files' own (and their README's findings), not the code's.
"""

from decimal import Decimal

import pytest
from django.conf import settings

from bridgefiles.services import bridge_file_read

FILES = settings.BASE_DIR.parent / "shared" / "bridge-files" / "files"
NAMES = [
    "bbo_aba17901_pbntools.pbn",
    "bbo_hand_sample.lin",
    "bbo_teammatch_tm17360.lin",
    "bbo_vugraph_usbf2010_sf.lin",
    "bigdeal_psbridge.pbn",
    "bkp_bridgecomposer_latin1.pbn",
    "bridgewebs_wgc_2025-04-09.pbn",
    "commongame_bridgecomposer_crlf.pbn",
    "dealer4_rr2.pbn",
    "eytc1998_export.pbn",
    "ffb_magic_contest_seance1.pbn",
    "kops_chorzow_2013_pbntools.pbn",
    "realbridge_ecq2021_teams.pbn",
    "wbtc2015_swe_pol_lintopbn.pbn",
]
# (boards, results) each file holds, from the README's description of it.
SHAPES = {
    "bbo_aba17901_pbntools.pbn": (2, 56),
    "bbo_hand_sample.lin": (1, 0),
    "bbo_teammatch_tm17360.lin": (18, 36),
    "bbo_vugraph_usbf2010_sf.lin": (15, 30),
    "bigdeal_psbridge.pbn": (32, 0),
    "bkp_bridgecomposer_latin1.pbn": (15, 0),
    "bridgewebs_wgc_2025-04-09.pbn": (24, 144),
    "commongame_bridgecomposer_crlf.pbn": (36, 0),
    "dealer4_rr2.pbn": (16, 0),
    "eytc1998_export.pbn": (20, 40),
    "ffb_magic_contest_seance1.pbn": (30, 660),
    "kops_chorzow_2013_pbntools.pbn": (27, 108),
    # 299 records, less the 20 of WALES-ITALY's match that was never played.
    "realbridge_ecq2021_teams.pbn": (10, 279),
    "wbtc2015_swe_pol_lintopbn.pbn": (16, 32),
}

needs_files = pytest.mark.skipif(
    not FILES.is_dir(), reason=f"the shared real bridge files are not at {FILES}"
)


def read(name):
    return bridge_file_read(name=name, data=(FILES / name).read_bytes())


@needs_files
@pytest.mark.parametrize("name", NAMES)
def test_every_real_file_is_read_whole(name):
    imported = read(name)
    boards, results = SHAPES[name]
    assert len(imported.contents.boards) == boards
    assert sum(len(b.results) for b in imported.contents.boards) == results
    assert imported.contents.problems == []
    # The README: in every file the dealer and vulnerability agree with the board numbers.
    assert not [n for n in imported.contents.notes if "normally dealt" in n.message]
    for board in imported.contents.boards:
        cards = "".join(board.hands.values()).replace(".", "")
        assert len(cards) in (0, 52), (name, board.number)


@needs_files
def test_the_ffb_file_agrees_with_the_engine_on_every_played_board():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    assert checked.kind == "pairs"
    assert checked.scale == "international"  # top 42 at 22 tables: 2 for each score beaten
    assert checked.disagreements == []
    # 656 scores; MP and percentages both ways on the 26 boards with no adjusted score.
    assert checked.compared == 656 + 26 * 22 * 4


@needs_files
def test_the_ffb_files_board_3_figures_are_the_engines():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    board = next(b for b in checked.boards if b.board.number == 3)
    first = board.rows[0]
    # The file's first row of board 3, as it prints it.
    assert first.result.stated["score_ns"] == str(first.ns_score)
    assert first.ns.top == 42
    assert Decimal(first.result.stated["mp_ns"]) == Decimal(str(float(first.ns.matchpoints)))


@needs_files
def test_the_ffb_boards_with_an_adjusted_score_say_they_are_not_compared():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    left_out = {b.board.number for b in checked.boards if b.not_compared}
    assert left_out == {1, 2, 9, 14}  # the README: A+ A+ on 1, 2, 14; A- A+ on 9
    assert checked.session is not None
    assert len(checked.session.travellers) == 26


@needs_files
def test_the_ffb_names_come_from_its_total_score_table():
    contents = read("ffb_magic_contest_seance1.pbn").contents
    names = {n.pair: n.names for n in contents.totals}
    assert len(names) == 44
    assert names["7"] == "Philippe CHESNY - Rémi LEGRAS"  # Latin-1 in the file


@needs_files
def test_realbridge_names_the_one_table_whose_partner_is_missing():
    checked = read("realbridge_ecq2021_teams.pbn").checked
    # 279 scores and 279 IMP figures compared; one IMP figure has no partner table.
    assert checked.compared == 558
    [only] = checked.disagreements
    assert (only.board, only.row, only.file_figure) == (20, "6", "-1")
    assert "partner table is missing" in only.why


@pytest.mark.parametrize(
    ("name", "home", "visit"),
    [
        ("wbtc2015_swe_pol_lintopbn.pbn", 37, 39),
        ("eytc1998_export.pbn", 46, 108),
        ("bbo_vugraph_usbf2010_sf.lin", 30, 41),
        ("bbo_teammatch_tm17360.lin", 42, 14),
    ],
)
@needs_files
def test_teams_matches_are_imped_as_the_readme_finds(name, home, visit):
    checked = read(name).checked
    assert checked.disagreements == []
    [match] = checked.matches
    assert (match.home_imps, match.visit_imps) == (home, visit)
    assert match.result.vp.ours + match.result.vp.theirs == pytest.approx(20)


@needs_files
def test_bridgewebs_reads_doubles_passes_and_an_average():
    contents = read("bridgewebs_wgc_2025-04-09.pbn").contents
    results = [r for b in contents.boards for r in b.results]
    assert sum(r.passed_out for r in results) == 2
    assert [b.number for b in contents.boards if any(r.artificial for r in b.results)] == [21]
    assert any(r.contract and r.contract.endswith("X") for r in results)  # 3D* is 3DX
