"""Hand records: the solver's tricks and par, every par score the engine's own figure."""

import random

import pytest
from django.core.cache import cache

from handrecords import services
from handrecords.deals import RANKS
from handrecords.values import SEATS, STRAINS, SUITS, InvalidDeal

pytestmark = pytest.mark.django_db

# The Common Game CG-2025-1190-0321, board 1 (commongame_bridgecomposer_crlf.pbn): its file
# states DoubleDummyTricks "7c5c67c5c61181711817", OptimumScore "NS 980", ParContract "NS 6S=".
BOARD_1 = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"


def shuffled_deal(rng: random.Random) -> str:
    pack = [suit + rank for suit in SUITS for rank in RANKS]
    rng.shuffle(pack)
    hands = []
    for seat in range(4):
        cards = pack[seat * 13 : seat * 13 + 13]
        hands.append(".".join("".join(c[1] for c in cards if c[0] == suit) for suit in SUITS))
    return "N:" + " ".join(hands)


def test_the_table_and_par_of_a_published_hand_record():
    record = services.hand_record_make(deal=BOARD_1, board=1)
    assert (record.dealer, record.vulnerable) == ("N", "none")
    # Rows N, E, S, W; columns C, D, H, S, NT.
    assert record.tricks_for("N", "S") == 12 and record.tricks_for("S", "D") == 12
    assert record.tricks_for("E", "H") == 8 and record.tricks_for("W", "NT") == 1
    assert record.par_score == 980
    [six_spades] = record.par_contracts
    assert (six_spades.contract, six_spades.declarers, six_spades.result_text) == (
        "6S",
        ("N", "S"),
        "=",
    )


def test_a_deal_given_from_east_is_the_same_deal():
    from_east = "E:63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32 AQT94.T53.KQ8.T9"
    assert services.hand_record_make(deal=from_east, board=1).deal == BOARD_1


def random_table(rng: random.Random):
    """Tricks for N, E, S, W in C, D, H, S, NT: partners within a trick, E-W the rest."""
    columns = []
    for _strain in STRAINS:
        north = rng.choice((rng.randint(0, 13), rng.randint(5, 11)))
        south = min(13, max(0, north + rng.choice((0, 0, 0, -1, 1))))
        columns.append((north, 13 - north, south, 13 - south))
    return tuple(tuple(column[seat] for column in columns) for seat in range(4))


def test_the_engine_scores_every_par_contract_as_the_solver_does_over_4000_tables():
    # The solver finds par from a table of tricks alone: tables of every shape, each with
    # every dealer and vulnerability, many of them with doubled sacrifices.
    rng = random.Random(20261127)
    sacrifices = 0
    for _ in range(250):
        tricks = random_table(rng)
        for dealer in SEATS:
            for vulnerable in ("none", "NS", "EW", "both"):
                solver, contracts = services.par_of_table(
                    tricks, dealer=dealer, vulnerable=vulnerable
                )
                if not contracts:
                    assert solver == 0
                for contract in contracts:
                    assert contract.score_ns == solver, (tricks, dealer, vulnerable, contract)
                    seat = SEATS.index(contract.declarers[0])
                    assert contract.tricks == tricks[seat][STRAINS.index(contract.strain)]
                    sacrifices += contract.doubled
    assert sacrifices > 100


@pytest.mark.slow
def test_the_engine_scores_par_as_the_solver_does_on_200_dealt_boards():
    rng = random.Random(20261127)
    sacrifices = 0
    for board in range(1, 201):
        record = services.hand_record_make(deal=shuffled_deal(rng), board=board)
        for contract in record.par_contracts:
            assert contract.score_ns == record.solver_par_score, (board, record.deal, contract)
            sacrifices += contract.doubled
        if not record.par_contracts:
            assert record.solver_par_score == 0
        assert record.par_score == record.solver_par_score
    # Doubled sacrifices were among them, so the engine's penalty scale was compared too.
    assert sacrifices > 0


ROW_NS = (6, 6, 3, 10, 6)
ROW_EW = (7, 7, 9, 3, 7)
GAME_OR_SACRIFICE = (ROW_NS, ROW_EW, ROW_NS, ROW_EW)
"""North-South take 10 tricks in spades; East-West 9 in hearts."""


def test_a_sacrifice_doubled_is_par_when_it_costs_less_than_the_game():
    # North-South vulnerable make 4S: 620. East-West, not vulnerable, go two down in 5HX:
    # 300, less than 620.
    solver, contracts = services.par_of_table(GAME_OR_SACRIFICE, dealer="N", vulnerable="NS")
    assert solver == 300
    assert {(c.contract, c.result_text, c.pair) for c in contracts} == {("5HX", "-2", "EW")}


def test_par_moves_with_vulnerability():
    scores = {
        vulnerable: services.par_of_table(GAME_OR_SACRIFICE, dealer="N", vulnerable=vulnerable)[0]
        for vulnerable in ("none", "NS", "EW", "both")
    }
    # 4S is worth 420 or 620; 5HX two down costs East-West 300, or 500 vulnerable.
    assert scores == {"none": 300, "NS": 300, "EW": 420, "both": 500}


def test_the_solved_deal_is_cached_per_deal_vulnerability_and_dealer(monkeypatch):
    cache.clear()
    calls = []
    solve = services.double_dummy_tricks
    monkeypatch.setattr(services, "double_dummy_tricks", lambda d: calls.append(d) or solve(d))
    services.hand_record_make(deal=BOARD_1, board=1)
    services.hand_record_make(deal=BOARD_1, board=17)  # same dealer and vulnerability
    assert len(calls) == 1
    first = services.hand_record_make(deal=BOARD_1, board=2)  # East deals, NS vulnerable
    assert len(calls) == 1  # the table depends on the cards alone
    assert cache.get(f"handrecords:{services.CACHE_VERSION}:par:{BOARD_1.replace(' ', '_')}:NS:E")
    # Par itself moved: 6S vulnerable is worth 1430, so East-West, not vulnerable, save in
    # 7HX five down for 1100.
    [save] = first.par_contracts
    assert (save.contract, save.result, save.pair, first.par_score) == ("7HX", -5, "EW", 1100)


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("AQT94.T53.KQ8.T9 63.J98.J53.K8654", "starts with the seat"),
        ("N:AQT94.T53.KQ8.T9 63.J98.J53.K8654", "four hands"),
        ("N:AQT94.T53.KQ8 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32", "four suits"),
        ("N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q3Z", "not a card"),
        ("N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.QT2", "twice"),
        ("N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q", "13 cards"),
        ("N:" + "A" * 200, "about 69"),
    ],
)
def test_a_deal_that_is_not_one_pack_is_refused_with_a_reason(deal, message):
    with pytest.raises(InvalidDeal, match=message):
        services.hand_record_make(deal=deal, board=1)


def test_every_seat_is_drawn_with_its_own_thirteen_cards():
    record = services.hand_record_make(deal=BOARD_1, board=1)
    assert [hand.seat for hand in record.hands] == list(SEATS)
    assert record.hand("W").suits == ("J85", "AKQ742", "4", "Q32")


def test_a_cache_that_cannot_be_reached_costs_a_solve_not_the_page(monkeypatch):
    from django.db import OperationalError

    def refuse(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services.cache, "get", refuse)
    monkeypatch.setattr(services.cache, "set", refuse)
    assert services.hand_record_make(deal=BOARD_1, board=1).par_score == 980
