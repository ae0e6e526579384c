"""The rules of rules §1-§6, one behaviour per test, with the corners."""

import pytest

from scoring import (
    ClubRound,
    Contract,
    Doubling,
    FourDeal,
    GameOver,
    InvalidContract,
    InvalidForm,
    InvalidHonors,
    InvalidSide,
    InvalidTricks,
    Kind,
    Place,
    Rubber,
    ScoringError,
    Strain,
    board_conditions,
    draw_partnerships,
    find_form,
    five_player_rotation,
    score_deal,
    undertrick_penalty,
    victory_points,
)

# -- contracts --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, level, strain, doubling",
    [
        ("4HX", 4, Strain.HEARTS, Doubling.DOUBLED),
        ("3NT", 3, Strain.NOTRUMP, Doubling.NONE),
        ("1ntxx", 1, Strain.NOTRUMP, Doubling.REDOUBLED),
        ("7C", 7, Strain.CLUBS, Doubling.NONE),
        (" 2 s x ", 2, Strain.SPADES, Doubling.DOUBLED),
        ("4♥X", 4, Strain.HEARTS, Doubling.DOUBLED),
        ("3N", 3, Strain.NOTRUMP, Doubling.NONE),
        ("5d", 5, Strain.DIAMONDS, Doubling.NONE),
    ],
)
def test_contract_parse_reads_level_strain_and_doubling(text, level, strain, doubling):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubling) == (level, strain, doubling)


def test_contract_repr_reads_back():
    contract = Contract.parse("1ntxx")
    assert eval(repr(contract), {"Contract": Contract}) == contract


@pytest.mark.parametrize(
    "text, message",
    [
        ("8H", "Level must be 1 to 7, got 8"),
        ("0NT", "Level must be 1 to 7, got 0"),
        ("4Q", "Can't read '4Q' as a contract"),
        ("", "Can't read '' as a contract"),
        ("HX4", "Can't read 'HX4' as a contract"),
        ("4HXXX", "Can't read '4HXXX' as a contract"),
    ],
)
def test_bad_contract_text_raises_invalid_contract_with_a_clear_message(text, message):
    with pytest.raises(InvalidContract, match=message.replace("(", r"\(")):
        Contract.parse(text)


def test_invalid_contract_is_a_value_error():
    assert issubclass(InvalidContract, ValueError)
    assert issubclass(ScoringError, ValueError)


def test_a_contract_can_only_be_redoubled_after_a_double():
    with pytest.raises(InvalidContract, match="can only be redoubled after a double"):
        Contract.from_parts(4, "H", redoubled=True)
    assert str(Contract.from_parts(4, "H", doubled=True, redoubled=True)) == "4HXX"


@pytest.mark.parametrize(
    "tricks, message",
    [(14, "13 tricks is the most a side can take"), (-1, "Tricks must be 0 to 13, got -1")],
)
def test_tricks_outside_0_to_13_are_refused(tricks, message):
    with pytest.raises(InvalidTricks, match=message):
        score_deal("4H", tricks)


def test_tricks_must_be_a_whole_number():
    with pytest.raises(InvalidTricks):
        score_deal("4H", "10")


# -- trick score, overtricks, insult, slams ---------------------------------------------


@pytest.mark.parametrize(
    "contract, trick_score",
    [
        ("1C", 20),
        ("3D", 60),
        ("2H", 60),
        ("4S", 120),
        ("1NT", 40),
        ("3NT", 100),
        ("7NT", 220),
        ("2SX", 120),
        ("1NTX", 80),
        ("1SXX", 120),
        ("3NTXX", 400),
    ],
)
def test_trick_score_per_odd_trick_bid(contract, trick_score):
    assert score_deal(contract, Contract.parse(contract).tricks_needed).trick_score == trick_score


def test_the_books_six_tricks_score_nothing_unless_a_slip_is_replayed():
    # 2H made takes 8 tricks, but only the 2 over the book score: 60. The replayed slip
    # (every trick counted) gives 8 x 30 = 240, and makes it a game.
    assert score_deal("2H", 8, form="rubber").trick_score == 60
    slip = find_form("rubber").with_changes(book_tricks_scored=True)
    assert find_form("rubber").book_tricks_scored is False
    assert score_deal("2H", 8, form=slip).trick_score == 240
    assert score_deal("2H", 8, form=slip).completes_game
    assert score_deal("2H", 9, form=slip).total == 240 + 30  # the overtrick as before


def test_doubled_two_spades_counts_120_toward_game():
    assert score_deal("2SX", 8, form="rubber").completes_game


def test_one_spade_redoubled_is_a_game_contract():
    assert score_deal("1SXX", 7, form="rubber").completes_game


@pytest.mark.parametrize(
    "contract, vulnerable, each",
    [
        ("3C", False, 20),
        ("3H", True, 30),
        ("1NT", False, 30),  # notrump overtricks are 30, not 40
        ("2DX", False, 100),
        ("2DX", True, 200),
        ("2DXX", False, 200),
        ("2DXX", True, 400),
    ],
)
def test_overtrick_values(contract, vulnerable, each):
    needed = Contract.parse(contract).tricks_needed
    item = score_deal(contract, needed + 2, vulnerable, form="rubber").item("overtricks")
    assert item.points == 2 * each
    assert item.place is Place.ABOVE


def test_making_a_redoubled_contract_earns_100():
    assert score_deal("2CXX", 8, form="rubber").item("insult").points == 100


def test_slam_bonus_is_for_tricks_bid_not_tricks_taken():
    # rules §8.1, the sample rubber deal 8: 6C making 13 earns the small slam bonus only.
    assert score_deal("6C", 13, True, form="rubber").item("slam_bonus").points == 750
    assert score_deal("5C", 13, False).item("slam_bonus") is None


@pytest.mark.parametrize(
    "contract, vulnerable, bonus",
    [("6S", False, 500), ("6S", True, 750), ("7NT", False, 1000), ("7NT", True, 1500)],
)
def test_slam_bonuses(contract, vulnerable, bonus):
    result = score_deal(contract, Contract.parse(contract).tricks_needed, vulnerable)
    assert result.item("slam_bonus").points == bonus


def test_slam_and_honor_bonuses_are_not_doubled():
    plain = score_deal("6H", 12, True, form="rubber", honors="four_trumps")
    redoubled = score_deal("6HXX", 12, True, form="rubber", honors="four_trumps")
    assert plain.item("slam_bonus").points == redoubled.item("slam_bonus").points == 750
    assert plain.item("honors").points == redoubled.item("honors").points == 100


# -- undertricks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "down, doubling, vulnerable, penalty",
    [
        (1, "", False, 50),
        (4, "", False, 200),
        (1, "", True, 100),
        (4, "", True, 400),
        (1, "X", False, 100),
        (2, "X", False, 300),
        (3, "X", False, 500),
        (4, "X", False, 800),
        (5, "X", False, 1100),
        (1, "X", True, 200),
        (2, "X", True, 500),
        (3, "X", True, 800),
        (4, "X", True, 1100),
        (5, "X", True, 1400),
        (1, "XX", False, 200),
        (2, "XX", False, 600),
        (3, "XX", False, 1000),
        (4, "XX", False, 1600),
        (5, "XX", False, 2200),
        (1, "XX", True, 400),
        (2, "XX", True, 1000),
        (3, "XX", True, 1600),
        (4, "XX", True, 2200),
        (5, "XX", True, 2800),
    ],
)
def test_undertrick_table(down, doubling, vulnerable, penalty):
    # rules §1, the undertrick table (a club's scoring card prints the same to 5 down).
    assert undertrick_penalty(down, doubling, vulnerable) == penalty
    contract = f"4S{doubling}"
    assert score_deal(contract, 10 - down, vulnerable).total == -penalty


def test_fourth_doubled_undertrick_not_vulnerable_costs_300():
    assert undertrick_penalty(4, "X", False) - undertrick_penalty(3, "X", False) == 300


def test_undertricks_are_scored_by_the_defenders_above_the_line():
    item = score_deal("3NT", 7, form="rubber").items[0]
    assert (item.kind, item.side, item.place) == (Kind.UNDERTRICKS, "defenders", Place.ABOVE)


# -- duplicate bonuses -----------------------------------------------------------------


def test_duplicate_part_score_bonus_is_50_and_not_added_to_a_game():
    assert score_deal("2H", 8).item("part_score_bonus").points == 50
    game = score_deal("4H", 10)
    assert game.item("part_score_bonus") is None
    assert game.item("game_bonus").points == 300


def test_duplicate_has_no_honors():
    with pytest.raises(InvalidHonors, match="not scored in duplicate"):
        score_deal("4H", 10, honors="four_trumps")


def test_rubber_deal_has_no_game_or_part_score_bonus():
    result = score_deal("4H", 10, form="rubber")
    assert result.item("game_bonus") is None and result.item("part_score_bonus") is None


# -- honors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract, honors, points",
    [("4H", "four_trumps", 100), ("4H", "five_trumps", 150), ("3NT", "four_aces", 150)],
)
def test_honor_values(contract, honors, points):
    assert score_deal(contract, 10, form="rubber", honors=honors).item("honors").points == points


def test_honors_held_by_a_defender_score_for_the_defenders_even_when_the_contract_makes():
    result = score_deal("4S", 10, form="rubber", honors="four_trumps", honors_side="defenders")
    assert result.item("honors").side == "defenders"
    assert result.defender_points == 100


def test_honors_count_for_declarer_even_when_the_contract_fails():
    result = score_deal("4S", 8, form="rubber", honors="five_trumps")
    assert result.declarer_points == 150
    assert result.defender_points == 100


def test_four_aces_count_only_at_notrump():
    with pytest.raises(InvalidHonors, match="Four aces count only at notrump"):
        score_deal("4H", 10, form="rubber", honors="four_aces")


def test_trump_honors_do_not_exist_at_notrump():
    with pytest.raises(InvalidHonors, match="only four aces"):
        score_deal("3NT", 9, form="rubber", honors="four_trumps")


def test_unknown_honors_name_is_refused():
    with pytest.raises(InvalidHonors, match="Unknown honors"):
        score_deal("4H", 10, form="rubber", honors="three_trumps")


# -- rubber -----------------------------------------------------------------------------


def test_a_game_cancels_the_opponents_part_score_for_game_purposes():
    rubber = Rubber()
    rubber.record("we", "2C", 8)  # 40 toward game
    rubber.record("they", "4S", 10)  # they make game
    rubber.record("we", "2H", 8)  # 60: only 60 in the new game, not 100
    assert rubber.games("we") == 0
    assert rubber.part_score("we") == 60
    assert rubber.total("we") == 100  # the 40 is still on the sheet


def test_two_part_scores_make_a_game():
    rubber = Rubber()
    rubber.record("we", "2H", 8)
    deal = rubber.record("we", "2NT", 8)
    assert deal.game_to == "we" and rubber.vulnerable("we")


def test_rubber_bonus_700_two_games_to_none_and_500_two_to_one():
    quick = Rubber()
    quick.record("we", "4H", 10)
    assert quick.record("we", "3NT", 9).entries[-1].points == 700
    long = Rubber()
    long.record("we", "4H", 10)
    long.record("they", "4H", 10)
    last = long.record("we", "3NT", 9)
    assert [e.points for e in last.entries if e.item.kind is Kind.RUBBER_BONUS] == [500]


def test_recording_after_the_rubber_is_won_is_refused():
    rubber = Rubber()
    rubber.record("we", "4H", 10)
    rubber.record("we", "4H", 10)
    with pytest.raises(GameOver, match="rubber is over"):
        rubber.record("they", "1C", 7)


def test_vulnerability_in_rubber_comes_from_games_won():
    rubber = Rubber()
    assert not rubber.vulnerable("we")
    rubber.record("we", "3NT", 9)
    assert rubber.vulnerable("we") and not rubber.vulnerable("they")
    # Vulnerable now: one down undoubled costs 100.
    assert rubber.record("we", "4S", 9).points("they") == 100


def test_unfinished_rubber_only_game_earns_300():
    rubber = Rubber()
    rubber.record("we", "4H", 10)
    added = rubber.finish()
    assert [(e.side, e.points) for e in added] == [("we", 300)]
    assert rubber.is_finished


def test_unfinished_rubber_only_part_score_earns_100():
    rubber = Rubber()
    rubber.record("they", "2C", 8)
    assert [(e.side, e.points) for e in rubber.finish()] == [("they", 100)]


def test_unfinished_rubber_both_games_and_both_part_scores_earn_nothing():
    rubber = Rubber()
    rubber.record("we", "4H", 10)
    rubber.record("they", "4H", 10)
    rubber.record("we", "1C", 7)
    rubber.record("they", "1C", 7)
    assert rubber.finish() == []


def test_finish_on_a_finished_rubber_adds_nothing():
    rubber = Rubber()
    rubber.record("we", "4H", 10)
    rubber.record("we", "4H", 10)
    total = rubber.total("we")
    assert rubber.finish() == []
    assert rubber.total("we") == total


def test_unknown_side_is_refused_with_a_clear_message():
    with pytest.raises(InvalidSide, match="must be 'we' or 'they'"):
        Rubber().record("us", "4H", 10)


def test_honors_side_defaults_to_the_declaring_side_on_a_sheet():
    rubber = Rubber()
    rubber.record("they", "4H", 10, honors="four_trumps")
    assert rubber.column("they", "above") == [100]
    rubber2 = Rubber()
    rubber2.record("they", "4H", 10, honors="four_trumps", honors_side="we")
    assert rubber2.column("we", "above") == [100]


def test_a_bad_deal_changes_nothing_on_the_sheet():
    rubber = Rubber()
    rubber.record("we", "2C", 8)
    before = list(rubber.entries)
    with pytest.raises(ScoringError):
        rubber.record("we", "8C", 14)
    assert rubber.entries == before and len(rubber.deals) == 1


# -- four-deal bridge --------------------------------------------------------------------


def test_chicago_vulnerability_by_deal_number_dealer_side():
    chukker = FourDeal(form="chicago", first_dealer="we")
    assert [chukker.dealer(n) for n in (1, 2, 3, 4)] == ["we", "they", "we", "they"]
    assert [chukker.vulnerable("we", n) for n in (1, 2, 3, 4)] == [False, False, True, True]
    assert [chukker.vulnerable("they", n) for n in (1, 2, 3, 4)] == [False, True, False, True]


def test_cavendish_vulnerability_is_the_dealers_opponents():
    chukker = FourDeal(form="cavendish", first_dealer="we")
    assert [chukker.vulnerable("we", n) for n in (1, 2, 3, 4)] == [False, True, False, True]


def test_passed_out_deal_is_redealt_by_the_same_dealer_with_the_same_vulnerability():
    chukker = FourDeal(form="chicago", first_dealer="we")
    chukker.record("we", "1C", 7)
    passed = chukker.record_passed_out()
    assert passed.passed_out and passed.deal_in_chukker == 2 and passed.dealer == "they"
    assert chukker.deal_number == 2
    again = chukker.record("they", "2H", 8)
    assert again.deal_in_chukker == 2 and again.vulnerable == frozenset({"they"})


def test_chicago_part_scores_carry_over_to_make_a_game_with_its_bonus():
    chukker = FourDeal(form="chicago", first_dealer="we")
    chukker.record("we", "2H", 8)
    second = chukker.record("we", "2NT", 8)  # deal 2: dealer they; we not vulnerable
    assert second.game_to == "we"
    assert second.result.item("game_bonus").points == 300


def test_chicago_fourth_deal_part_score_earns_100():
    chukker = FourDeal(form="chicago", first_dealer="we")
    for _ in range(3):
        chukker.record("we", "1C", 6)
    last = chukker.record("they", "2D", 8)
    assert last.result.item("fourth_deal_bonus").points == 100


def test_chicago_fourth_deal_part_score_completing_a_game_gets_the_game_bonus_not_100():
    chukker = FourDeal(form="chicago", first_dealer="we")
    chukker.record("they", "1C", 6)
    chukker.record("they", "1C", 6)
    chukker.record("we", "2H", 8)  # 60 carried
    last = chukker.record("we", "2C", 8)  # 60 + 40: game, vulnerable on deal 4
    assert last.result.item("game_bonus").points == 500
    assert last.result.item("fourth_deal_bonus") is None


def test_chicago_game_cancels_the_opponents_part_score():
    chukker = FourDeal(form="chicago", first_dealer="we")
    chukker.record("they", "2C", 8)
    chukker.record("we", "4H", 10)
    chukker.record("they", "2C", 8)  # 40 only, not 80: no game
    assert chukker.games("they") == 0


def test_chicago_no_carry_gives_every_part_score_50():
    chukker = FourDeal(form="chicago_no_carry", first_dealer="we")
    chukker.record("we", "2H", 8)
    second = chukker.record("we", "2NT", 8)
    assert second.result.item("part_score_bonus").points == 50
    assert second.result.item("game_bonus") is None


def test_chukker_ends_after_four_deals():
    chukker = FourDeal(form="chicago", first_dealer="they")
    for _ in range(4):
        chukker.record("we", "1C", 7)
    assert chukker.is_finished
    with pytest.raises(GameOver, match="four deals"):
        chukker.record("we", "1C", 7)


def test_chukker_refuses_a_form_without_deal_number_vulnerability():
    with pytest.raises(InvalidForm):
        FourDeal(form="duplicate")


# -- duplicate boards ---------------------------------------------------------------------


def test_unknown_form_is_refused():
    with pytest.raises(InvalidForm, match="Unknown form"):
        find_form("contract")


def test_board_numbers_start_at_1():
    with pytest.raises(InvalidForm, match="start at 1"):
        board_conditions(0)


# -- club rounds ---------------------------------------------------------------------------


def test_club_round_starts_a_new_rubber_when_one_is_won_inside_the_round():
    club = ClubRound()
    assert club.dealer == "N"
    club.record("we", "4H", 10)
    club.record("we", "3NT", 9)  # rubber won, 700
    club.record("they", "4S", 10)  # new rubber: they are not vulnerable
    club.record("they", "1C", 7)
    assert len(club.rubbers) == 2
    # The second rubber is unfinished: they have the only game (300) and the only
    # part-score in the unfinished game (100).
    assert club.rubbers[1].column("they", "above")[-2:] == [300, 100]
    assert club.is_finished
    assert club.total("we") == 120 + 100 + 700
    assert club.total("they") == 120 + 20 + 300 + 100
    assert club.difference == 380
    assert club.victory_points() == {"we": 14, "they": 6}


def test_victory_points_refuse_a_negative_difference():
    with pytest.raises(ScoringError, match="never negative"):
        victory_points(-10)


# -- players ---------------------------------------------------------------------------------


def test_five_player_rotation_everyone_sits_out_once_and_partners_everyone_once():
    draw = draw_partnerships({"A": "AS", "B": "KS", "C": "QS", "D": "JS", "E": "2C"})
    tables = five_player_rotation(draw)
    assert [t.sitting_out for t in tables] == ["E", "D", "C", "B", "A"]
    partnerships = [frozenset(pair) for t in tables for pair in t.pairs]
    assert len(partnerships) == len(set(partnerships)) == 10


def test_a_tie_in_rank_goes_to_the_higher_suit():
    draw = draw_partnerships({"a": "9D", "b": "9H", "c": "9C", "d": "9S"})
    assert draw.order == ("d", "b", "a", "c")


def test_the_split_honors_explanation_agrees_that_four_in_one_hand_score_100():
    """A learner who counted honors shared between hands is told the rule whole: four of
    the five in one hand do count (100), so "all of them in one hand" would mislead."""
    from scoring import MISTAKES
    from scoring.tables import honors_rows

    explanation = MISTAKES["split_honors_counted"].explanation
    assert "four of the five" in explanation
    for _holding, points in honors_rows():  # the engine's own figures, each named
        assert str(points) in explanation


@pytest.mark.parametrize("side", ["we", "they"])
def test_a_second_game_wins_the_rubber_and_the_first_makes_a_side_vulnerable(side):
    from scoring import Rubber

    rubber = Rubber()
    assert rubber.standing_after(side) == (frozenset({side}), False)
    rubber.record(side, "3NT", tricks=9)
    assert rubber.standing_after(None) == (frozenset({side}), False)
    assert rubber.standing_after(side)[1] is True
    other_side = "they" if side == "we" else "we"
    assert rubber.standing_after(other_side) == (frozenset({"we", "they"}), False)
    # The sheet itself is as it was: one game, not won.
    assert rubber.games(side) == 1 and not rubber.is_finished
