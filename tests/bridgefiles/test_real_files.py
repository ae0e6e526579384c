"""Every real file of ../shared/bridge-files/files/ is read, scored and checked.

The figures asserted are the files' own (and their README's findings), not the code's.
"""

import os
from fractions import Fraction

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
    "bbo_hand_sample.lin": (1, 1),
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


def test_the_shared_files_are_there_when_ci_requires_them():
    """Every test of a real file skips without ../shared/bridge-files; CI sets
    REQUIRE_SHARED_FILES=1 so that a missing folder fails the run instead of passing it."""
    if os.environ.get("REQUIRE_SHARED_FILES") != "1":
        pytest.skip("REQUIRE_SHARED_FILES is not set: the real files' tests may skip")
    assert FILES.is_dir(), f"the shared real bridge files are not at {FILES}"
    assert set(NAMES) <= {p.name for p in FILES.iterdir()}


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
def test_the_ffb_file_agrees_with_the_engine_on_every_board_figure():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    assert checked.kind == "pairs"
    assert checked.scale == "international"  # top 42 at 22 tables: 2 for each score beaten
    assert [d for d in checked.disagreements if d.board] == []
    # 656 scores, 660 rows' MP and percentages both ways, and 44 pairs' 3 totals.
    assert checked.compared == 656 + 660 * 4 + 44 * 3


@needs_files
def test_the_ffb_files_board_1_is_factored_up_for_its_adjusted_score():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    board = next(b for b in checked.boards if b.board.number == 1)
    # The file's rows of board 1: 4S made, 28.3 and 13.7, 67 % and 33 %; A+ A+ 25.2 each.
    made = board.rows[0]
    assert (made.ns_score, made.result.stated["mp_ns"], made.result.stated["mp_ew"]) == (
        420,
        "28.3",
        "13.7",
    )
    assert made.ns.matchpoints == Fraction(85, 3)  # (27 + 1) x 22 / 21 - 1
    adjusted = board.rows[-1]
    assert adjusted.result.artificial == ("A+", "A+")
    assert adjusted.ns.matchpoints == adjusted.ew.matchpoints == Fraction("25.2")


@needs_files
def test_the_ffb_ranking_is_the_files_and_its_rounded_totals_are_explained():
    checked = read("ffb_magic_contest_seance1.pbn").checked
    [(_, standings)] = checked.standings
    assert len(standings) == 44
    assert [d for d in checked.disagreements if d.what == "rank"] == []
    totals = [d for d in checked.disagreements if d.what == "total matchpoints"]
    # The README: pair 7's printed 771.2 is the sum of its rounded board figures; 771.10 exact.
    pair_7 = next(d for d in totals if d.row == "pair 7")
    assert (pair_7.file_figure, pair_7.engine_figure) == ("771.2", "771.1")
    assert all("as printed" in d.why for d in checked.disagreements)


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


@needs_files
def test_a_lin_hand_with_no_result_is_scored_from_its_play():
    [board] = read("bbo_hand_sample.lin").checked.boards
    [row] = board.rows
    # The README: 3NT by N, 6 tricks, -300 (board 15, N-S vulnerable).
    assert (row.result.contract, row.result.declarer, row.result.tricks) == ("3NT", "N", 6)
    assert row.ns_score == -300


@needs_files
def test_bridgewebs_agrees_with_its_usebio_companion_but_on_the_averaged_board():
    """The PBN states no figures; its scorer's USEBIO file does (README: BriAn, top 10)."""
    from xml.etree import ElementTree

    from scoring.adjusted import adjusted_matchpoints

    usebio = ElementTree.parse(FILES / "bridgewebs_wgc_2025-04-09.usebio.xml").getroot()
    stated = {}
    for board in usebio.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER"))
        for line in board.iter("TRAVELLER_LINE"):
            key = (number, line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))
            stated[key] = (line.findtext("SCORE"), Fraction(line.findtext("NS_MATCH_POINTS")))
    checked = read("bridgewebs_wgc_2025-04-09.pbn").checked
    scores_agree, differ = 0, set()
    for scored in checked.boards:
        entries = [r.ns_score if r.ns_score is not None else r.result.artificial[0]
                   for r in scored.rows]  # fmt: skip
        ours = adjusted_matchpoints(entries, "international")
        for row, mp in zip(scored.rows, ours, strict=True):
            score, mp_stated = stated[(scored.board.number, row.result.ns_pair, row.result.ew_pair)]
            if row.ns_score is not None:
                assert int(score) == row.ns_score
                scores_agree += 1
            if mp_stated != mp.matchpoints:
                differ.add(scored.board.number)
    assert scores_agree == 143
    # Board 21 has an average: BriAn gives the others their plain matchpoints among 5
    # results; the engine factors them up to 6 tables (Neuberg), as the FFB's program does.
    assert differ == {21}


@needs_files
@pytest.mark.parametrize("name", [n for n in NAMES if n.endswith(".pbn")])
def test_our_reader_and_endplays_agree_on_every_board(name):
    """endplay reads these whole files (not the broken ones ours must): where it does, its
    board numbers, dealers, vulnerabilities and deals are ours."""
    from endplay.parsers import pbn as endplay_pbn

    from bridgefiles.pbn import decode

    theirs = endplay_pbn.loads(decode((FILES / name).read_bytes()))
    ours = {b.number: b for b in read(name).contents.boards}
    assert {b.board_num for b in theirs} == set(ours)
    vulnerable = {0: "none", 1: "both", 2: "NS", 3: "EW"}
    for board in theirs:
        mine = ours[board.board_num]
        assert "NESW"[board.dealer.value] == mine.dealer
        assert vulnerable[board.vul.value] == mine.vulnerable
        assert board.deal.to_pbn() == mine.deal


@needs_files
def test_realbridge_matches_net_the_files_own_imps_and_get_victory_points():
    checked = read("realbridge_ecq2021_teams.pbn").checked
    # 15 matches; WALES-ITALY was never played, so 14, TURKEY-SWITZERLAND on 9 boards.
    assert len(checked.matches) == 14
    assert {m.boards for m in checked.matches} == {10, 9}
    for match in checked.matches:
        # The file's ScoreIMP at each table where the first-named team sits N-S (its HomeTeam).
        stated = sum(
            int(row.result.stated["imp_ns"])
            for scored in checked.boards
            for row in scored.rows
            if row.result.teams == (match.home, match.visit) and row.imps is not None
        )
        assert match.home_imps - match.visit_imps == stated, match.home
        assert match.result.vp.ours + match.result.vp.theirs == pytest.approx(20)
