"""Issue 31's first "Done when": a club night's PBN (boards with a ScoreTable) is a pairs
session whose matchpoints, percentages and ranking are the file's where the file is right,
and whose disagreements name every row where it is not, each with a true reason.

The club night is our own: two boards at three tables, N-S pairs 1-3 and E-W pairs 4-6,
every figure worked by hand below (ACBL scale, a top of 2).
"""

from bridgefiles.services import bridge_file_read

HEADER = (
    '[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;'
    'Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R"]'
)
# Board 1: +430, +420, +400 give N-S 2, 1, 0. Board 2 (N-S vulnerable): +110, -100, +140
# give N-S 1, 0, 2. Totals of 4: pair 6 2 + 2 = 4, pair 1 2 + 1 = 3, pairs 3 and 5 2
# (tied third), pair 2 1 + 0 = 1, pair 4 0 + 0 = 0.
RIGHT = f"""% Thursday pairs
[Event "Thursday pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal ""]
{HEADER}
 1  1  4 3NT N 10    430      -    2    0 100   0
 2  2  5 4S  N 10    420      -    1    1  50  50
 3  3  6 3NT N  9    400      -    0    2   0 100

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal ""]
{HEADER}
 1  1  5 2H  S  8    110      -    1    1  50  50
 2  2  6 3H  S  8      -    100    0    2   0 100
 3  3  4 2H  S  9    140      -    2    0 100   0

[TotalScoreTable "Rank\\2R;PairId\\2R;TotalScoreMP\\5R;TotalPercentage\\6R;Names\\20L"]
 1  6   4.0 100.00 "Cy Cole - Di Dunn"
 2  1   3.0  75.00 "Ann Able - Bo Bell"
 3  3   2.0  50.00 "Eve Eng - Flo Fox"
 3  5   2.0  50.00 "Gus Gray - Hal Hunt"
 5  2   1.0  25.00 "Ian Ivy - Jo Jones"
 6  4   0.0   0.00 "Kit Kerr - Lu Lee"
"""


def read(text):
    return bridge_file_read(name="thursday.pbn", data=text.encode())


def _planted(text: str) -> str:
    """The same night with figures a scorer got wrong: board 1 table 2's N-S matchpoints,
    board 2 table 3's E-W percentage; pair 2's totals added from the wrong board figure
    (as printed), pair 5's totals wrong outright, and pair 4 ranked fifth."""
    for right, wrong in (
        (" 2  2  5 4S  N 10    420      -    1 ", " 2  2  5 4S  N 10    420      -  1.5 "),
        ("9    140      -    2    0 100   0", "9    140      -    2    0 100  10"),
        (" 5  2   1.0  25.00", " 5  2   1.5  37.50"),
        (" 3  5   2.0  50.00", " 3  5   2.5  62.50"),
        (" 6  4   0.0   0.00", " 5  4   0.0   0.00"),
    ):
        assert right in text
        text = text.replace(right, wrong)
    return text


def test_a_club_night_right_throughout_is_the_files_session():
    read_ = read(RIGHT)
    checked = read_.checked
    assert read_.contents.problems == [] and checked.kind == "pairs"
    assert checked.disagreements == []
    # 6 scores, 6 rows' MP and percentages both ways, 6 pairs' rank, total and percentage.
    assert checked.compared == 6 + 6 * 4 + 6 * 3
    [(_, standings)] = checked.standings
    assert [(s.pair, s.place, s.matchpoints) for s in standings] == [
        ("6", 1, 4),
        ("1", 2, 3),
        ("3", 3, 2),
        ("5", 3, 2),
        ("2", 5, 1),
        ("4", 6, 0),
    ]


def test_every_wrong_row_is_named_with_the_files_figure_the_engines_and_why():
    checked = read(_planted(RIGHT)).checked
    found = [
        (d.board, d.row, d.what, d.file_figure, d.engine_figure) for d in checked.disagreements
    ]
    assert sorted(found) == sorted(
        [
            (1, "2", "N-S matchpoints", "1.5", "1.0"),
            (2, "3", "E-W percentage", "10", "0"),
            (0, "pair 2", "total matchpoints", "1.5", "1.0"),
            (0, "pair 2", "total percentage", "37.50", "25.00"),
            (0, "pair 5", "total matchpoints", "2.5", "2.0"),
            (0, "pair 5", "total percentage", "62.50", "50.00"),
            (0, "pair 4", "rank", "5", "6"),
        ]
    )
    why = {(d.row, d.what): d.why for d in checked.disagreements}
    # Pair 2's totals are its board figures as the file printed them: the file's sum.
    assert "as printed" in why["pair 2", "total matchpoints"]
    assert "as printed" in why["pair 2", "total percentage"]
    # Pair 5's are not (its board figures add up to 2): no rounding explains them.
    assert "as printed" not in why["pair 5", "total matchpoints"]
    assert "5: 1 + 1 = 2 of 4" in why["pair 5", "total matchpoints"]
    # Pair 4 is alone at the bottom: no tie to break.
    assert "tie" not in why["pair 4", "rank"]
    assert "4: 0 + 0 = 0 of 4" in why["pair 4", "rank"]
