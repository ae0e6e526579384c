"""Seats, pairs, a board's vulnerability and a form's vulnerability rule are enums that are
still the text they always were: stored, compared, written and read back alike."""

import json

import pytest

from scoring import (
    BoardVulnerability,
    DuplicateSession,
    Pair,
    Seat,
    Traveller,
    Vulnerability,
    board_conditions,
    find_form,
    pair_of,
    score_board,
)
from scoring.errors import InvalidForm, InvalidSide
from scoring.sides import PAIRS, SEATS


def test_the_stored_text_of_each_member_is_what_the_engine_stored_before():
    assert [seat.value for seat in Seat] == ["N", "E", "S", "W"]
    assert [pair.value for pair in Pair] == ["NS", "EW"]
    assert [v.value for v in BoardVulnerability] == ["none", "NS", "EW", "both"]
    assert [v.value for v in Vulnerability] == ["games_won", "chicago", "cavendish", "board"]
    assert SEATS == ("N", "E", "S", "W") and PAIRS == ("NS", "EW")


@pytest.mark.parametrize(
    "member, text",
    [(Seat.SOUTH, "S"), (Pair.EW, "EW"), (BoardVulnerability.BOTH, "both")],
)
def test_a_member_reads_writes_and_compares_as_its_text(member, text):
    assert member == text and text == member and hash(member) == hash(text)
    assert f"{member}" == text and str(member) == text and repr(member) == repr(text)
    assert json.dumps({member: member}) == json.dumps({text: text})
    assert {text: 1}[member] == 1


def test_board_conditions_give_enums_equal_to_the_old_tuples():
    dealer, vulnerable = board_conditions(2)
    assert (dealer, vulnerable) == ("E", "NS")
    assert dealer is Seat.EAST and vulnerable is BoardVulnerability.NS
    assert vulnerable.full_name == "North–South" and dealer.full_name == "East"


def test_a_seat_given_as_plain_text_is_held_as_a_seat():
    board = Traveller(3)
    row = board.record("1", "S", "4S", tricks=10)
    assert row.declarer is Seat.SOUTH and row.declarer == "S"
    assert score_board(2, "W", "3NT", 9).declarer is Seat.WEST
    assert pair_of("E") is Pair.EW and Seat.EAST.pair is Pair.EW


def test_a_seat_that_is_not_one_is_refused_with_the_same_words():
    with pytest.raises(InvalidSide, match=r"The declarer sits N, E, S or W, got 'NS'"):
        score_board(1, "NS", "4H", 10)


def test_a_direction_may_be_given_as_text_or_as_a_pair():
    board = Traveller(3)
    board.record("1", "S", "4S", tricks=10)
    board.record("2", "E", "5DX", tricks=9)
    assert board.matchpoints("EW") == board.matchpoints(Pair.EW)
    assert board.scores(Pair.NS) == board.scores("NS") == (420, 500)


def test_a_sessions_winner_is_a_pair():
    session = DuplicateSession()
    session.record(1, "S", "4H", tricks=10)
    assert session.winner is Pair.NS and session.winner == "NS"


def test_a_form_built_with_its_vulnerability_as_text_holds_the_enum():
    form = find_form("rubber").with_changes(vulnerability="chicago")
    assert form.vulnerability is Vulnerability.CHICAGO
    assert find_form("duplicate").vulnerability == "board"


def test_a_form_with_an_unknown_vulnerability_rule_is_refused():
    with pytest.raises(InvalidForm, match="vulnerability is one of games_won, chicago"):
        find_form("rubber").with_changes(vulnerability="sometimes")
