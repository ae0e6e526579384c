"""The score pad's replay and deal form, without the database: the engine decides everything."""

import pytest

from lessons import deals
from scorepad.forms import DealForm
from scorepad.play import DealRejected, Setup, replay
from scoring import BackScore, PlayedDeal, draw_partnerships, five_player_rotation


def stored(deal) -> dict:
    return {
        "declarer": deal.declarer,
        "contract": deal.contract,
        "tricks": deal.tricks,
        "honors": deal.honors,
        "honors_side": deal.honors_side,
    }


SAMPLE = [stored(d) for d in deals.SAMPLE_RUBBER]
FOUR_HANDS = [stored(d) for d in deals.FOUR_HANDS]
CHICAGO_ROUND = [stored(d) for d in deals.CHICAGO_ROUND]


@pytest.mark.parametrize(
    ("setup", "played", "ended", "we", "they", "hundreds"),
    [
        # rules §8.1, the sample rubber: an 18 rubber
        (Setup(kind="rubber"), SAMPLE, False, 2380, 550, 18),
        # rules §8.4 as rubber, stopped after four hands, fifty rounds down: +16
        (Setup(kind="rubber", fifty="down"), FOUR_HANDS, True, 1690, 120, 16),
        # rules §8.4 as Chicago without carry-over, THEY deal first: +23
        (
            Setup(kind="chukker", form="chicago_no_carry", first_dealer="they"),
            FOUR_HANDS,
            False,
            2490,
            170,
            23,
        ),
        # rules §8.6, a Chicago round, WE deal first: +6
        (
            Setup(kind="chukker", form="chicago", first_dealer="we"),
            CHICAGO_ROUND,
            False,
            1650,
            1070,
            6,
        ),
    ],
)
def test_replay_gives_the_documents_figures(setup, played, ended, we, they, hundreds):
    play = replay(setup, played, ended)
    outcome = play.outcome()
    assert (outcome.totals["we"], outcome.totals["they"], outcome.hundreds) == (we, they, hundreds)
    assert play.sheet.is_finished


@pytest.mark.parametrize(
    ("first_dealer", "played", "victory_points"),
    [
        # rules §8.6: WE win by 580, 15 VP to 5 (the scale of rules §5), WE named first
        ("we", CHICAGO_ROUND, {"we": 15, "they": 5}),
        # rules §8.4's first deal alone: THEY lead by 120 (3S+1), 11 VP to 9, THEY first
        ("they", FOUR_HANDS[:1], {"they": 11, "we": 9}),
        ("we", [], {"we": 10, "they": 10}),
    ],
)
def test_a_chukkers_victory_points_are_the_engines_for_each_side(
    first_dealer, played, victory_points
):
    setup = Setup(kind="chukker", form="chicago", first_dealer=first_dealer)
    outcome = replay(setup, played).outcome()
    assert outcome.victory_points == victory_points
    assert list(outcome.victory_points) == list(victory_points)


def test_a_rubber_game_goes_on_to_the_next_rubber():
    play = replay(Setup(kind="rubber"), [*SAMPLE, stored(deals.Deal("they", "1NT", 7))])
    assert [r.number for r in play.rubbers] == [1, 2]
    assert play.rubbers[1].sheet.total("they") == 40
    assert play.lines[-1].title == "Rubber 2, deal 1"


def test_stopping_a_game_between_rubbers_leaves_the_finished_rubber_alone():
    play = replay(Setup(kind="rubber"), SAMPLE, ended=True)
    assert len(play.rubbers) == 1 and not play.rubbers[0].sheet.ended_early
    assert play.outcome().totals == {"we": 2380, "they": 550}


def test_back_score_is_the_engines_for_each_finished_rubber():
    players = tuple(draw_partnerships(deals.DRAWN_CARDS).order)
    setup = Setup(kind="rubber", players=players, scorer="Mr Smith")
    play = replay(setup, SAMPLE)
    expected = BackScore(list(players))
    expected.add_rubber(deals.sample_rubber(), we=deals.WE_PLAYERS, they=deals.THEY_PLAYERS)
    assert {p: play.back_score.total(p) for p in players} == {p: expected.total(p) for p in players}


@pytest.mark.parametrize("rubber", [1, 2, 3, 4, 5])
def test_five_players_sit_as_the_engines_rotation_says(rubber):
    draw = draw_partnerships(deals.DRAWN_CARDS)
    setup = Setup(kind="rubber", players=tuple(draw.order), scorer="Mr Smith")
    # Each rubber: WE make two quick games.
    quick = [{"declarer": "we", "contract": "4S", "tricks": 10}] * 2
    play = replay(setup, quick * (rubber - 1))
    table = five_player_rotation(draw, rubber)[-1]
    assert play.next_deal.rubber.table == table
    assert set(play.next_deal.rubber.we) | set(play.next_deal.rubber.they) == set(table.seats)


def test_the_scorers_pair_is_we_and_north_south_while_the_scorer_sits_out():
    draw = draw_partnerships(deals.DRAWN_CARDS)
    setup = Setup(kind="rubber", players=tuple(draw.order), scorer="Charlie")
    first = replay(setup, []).next_deal.rubber
    assert first.sitting_out == "Charlie"
    assert first.we == (first.table.north, first.table.south)


def test_chukker_says_who_deals_and_who_is_vulnerable_next():
    setup = Setup(kind="chukker", form="cavendish", first_dealer="they")
    play = replay(setup, CHICAGO_ROUND[:1])
    # Cavendish, deal 2: WE deal, and the dealer's opponents (THEY) are vulnerable.
    assert (play.next_deal.dealer, play.next_deal.vulnerable) == ("we", frozenset({"they"}))


def test_duplicate_boards_are_scored_on_their_own_with_board_vulnerability():
    board = {"board": 2, "declarer": "N", "contract": "4HX", "tricks": 11}
    play = replay(Setup(kind="duplicate"), [board])
    # board 2: NS vulnerable, so 4HX+1 is 990 (rules §8.4)
    assert (play.boards[0].ns, play.boards[0].ew) == (990, 0)
    assert (play.next_deal.board, play.next_deal.dealer, play.next_deal.vulnerable) == (
        3,
        "S",
        "EW",
    )


@pytest.mark.parametrize(
    ("setup", "played", "message"),
    [
        (
            Setup(kind="chukker", form="chicago"),
            [*CHICAGO_ROUND, CHICAGO_ROUND[0]],
            "This chukker has had its four deals",
        ),
        (
            Setup(kind="duplicate"),
            [{"board": 1, "passed_out": True}, {"board": 1, "passed_out": True}],
            "Board 1 is already on this sheet",
        ),
        (
            Setup(kind="duplicate"),
            [
                {
                    "board": 1,
                    "declarer": "N",
                    "contract": "4S",
                    "tricks": 10,
                    "honors": "four_trumps",
                }
            ],
            "Honors are not scored in duplicate",
        ),
        (
            Setup(kind="rubber"),
            [{"declarer": "we", "contract": "4S", "tricks": 14}],
            "13 tricks is the most a side can take",
        ),
    ],
)
def test_replay_refuses_what_the_engine_refuses_and_says_which_deal(setup, played, message):
    with pytest.raises(DealRejected, match=message) as refused:
        replay(setup, played)
    assert refused.value.position == len(played)


# -- the deal form: each engine message beside its own field ----------------------------------


def form(scoring_form="rubber", **typed):
    data = {"revision": "0", "declarer": "we", "level": "4", "strain": "H", "tricks": "10"}
    return DealForm({**data, **typed}, scoring_form=scoring_form)


@pytest.mark.parametrize(
    ("typed", "field", "message"),
    [
        ({"tricks": "14"}, "tricks", "13 tricks is the most a side can take, got 14"),
        ({"tricks": "-1"}, "tricks", "Tricks must be 0 to 13, got -1"),
        ({"level": "8"}, "level", "Level must be 1 to 7, got 8"),
        ({"level": "0"}, "level", "Level must be 1 to 7, got 0"),
        ({"honors": "four_aces"}, "honors", "Four aces count only at notrump"),
        (
            {"strain": "NT", "honors": "four_trumps"},
            "honors",
            "At notrump there are no trump honors: only four aces count",
        ),
        ({"level": ""}, "level", "Enter the level bid, 1 to 7"),
        ({"strain": ""}, "strain", "Choose the strain: clubs, diamonds, hearts, spades or notrump"),
    ],
)
def test_deal_form_puts_the_engines_message_beside_the_field(typed, field, message):
    bound = form(**typed)
    assert not bound.is_valid()
    assert bound.errors[field] == [message]
    assert bound.deal is None


def test_the_doubling_is_one_choice_so_a_contract_is_never_doubled_and_redoubled():
    assert [value for value, _ in form().fields["doubling"].choices] == ["", "X", "XX"]
    bound = form(doubling="XXX")
    assert not bound.is_valid()
    assert "doubling" in bound.errors


def test_a_page_drawn_before_sends_two_ticks_and_is_still_read():
    bound = form(doubled="1", redoubled="1", declarer="they", tricks="9")
    assert bound.is_valid(), bound.errors
    assert bound.deal.contract == "4HXX"


@pytest.mark.parametrize(
    ("typed", "deal"),
    [
        ({}, {"declarer": "we", "contract": "4H", "tricks": 10}),
        (
            {"doubling": "XX", "declarer": "they", "tricks": "9"},
            {"declarer": "they", "contract": "4HXX", "tricks": 9},
        ),
        (
            {"strain": "NT", "level": "3", "honors": "four_aces", "honors_side": "they"},
            {
                "declarer": "we",
                "contract": "3NT",
                "tricks": 10,
                "honors": "four_aces",
                "honors_side": "they",
            },
        ),
        (
            {"honors": "five_trumps"},
            {
                "declarer": "we",
                "contract": "4H",
                "tricks": 10,
                "honors": "five_trumps",
                "honors_side": "we",
            },
        ),
        ({"passed_out": "1", "level": "", "strain": "", "tricks": ""}, {"passed_out": True}),
    ],
)
def test_deal_form_stores_the_deal_as_data(typed, deal):
    bound = form(**typed)
    assert bound.is_valid(), bound.errors
    assert bound.deal.as_data() == deal


def test_duplicate_deal_form_asks_for_board_and_seat_and_never_honors():
    bound = DealForm(
        {
            "revision": "0",
            "board": "5",
            "declarer": "S",
            "level": "3",
            "strain": "NT",
            "tricks": "9",
        },
        scoring_form="duplicate",
    )
    assert bound.is_valid(), bound.errors
    assert bound.deal.as_data() == {"board": 5, "declarer": "S", "contract": "3NT", "tricks": 9}
    assert "honors" not in bound.fields


@pytest.mark.parametrize(
    "deal",
    [
        {"declarer": "they", "contract": "1NTXX", "tricks": 6},
        {
            "declarer": "we",
            "contract": "6H",
            "tricks": 12,
            "honors": "four_trumps",
            "honors_side": "we",
        },
        {"passed_out": True},
    ],
)
def test_a_stored_deal_fills_the_form_back_in_unchanged(deal):
    initial = DealForm.initial_for(PlayedDeal.from_data(deal), revision=3)
    data = {
        k: ("1" if v is True else str(v)) for k, v in initial.items() if v not in (None, "", False)
    }
    if deal.get("passed_out"):
        data["passed_out"] = "1"
    bound = DealForm(data, scoring_form="rubber")
    assert bound.is_valid(), bound.errors
    assert bound.deal.as_data() == deal
