"""Properties that hold over every contract, doubling, vulnerability and trick count."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import FOUR_DEAL_FORMS, Contract, Doubling, FourDeal, Rubber, Strain, score_deal

levels = st.integers(min_value=1, max_value=7)
strains = st.sampled_from(list(Strain))
doublings = st.sampled_from(list(Doubling))
contracts = st.builds(Contract, levels, strains, doublings)
tricks = st.integers(min_value=0, max_value=13)
vulnerable = st.booleans()
forms = st.sampled_from(["duplicate", "rubber", "chicago", "chicago_no_carry", "simplicity"])
sides = st.sampled_from(["we", "they"])


@given(contracts, tricks, vulnerable, forms)
def test_total_is_the_signed_sum_of_the_items(contract, taken, vul, form):
    result = score_deal(contract, taken, vul, form=form)
    signed = sum(i.points if i.side == "declarer" else -i.points for i in result.items)
    assert result.total == signed


@given(contracts, tricks, vulnerable, forms)
def test_every_item_has_positive_points_a_label_and_a_reason(contract, taken, vul, form):
    for item in score_deal(contract, taken, vul, form=form).items:
        assert item.points > 0
        assert item.label and item.reason and len(item.reason) < 120


@given(contracts, st.integers(min_value=1, max_value=13), vulnerable, forms)
def test_one_trick_more_never_scores_less(contract, taken, vul, form):
    fewer = score_deal(contract, taken - 1, vul, form=form).total
    more = score_deal(contract, taken, vul, form=form).total
    assert more >= fewer


@given(contracts, tricks, vulnerable)
def test_penalty_never_shrinks_as_tricks_fall(contract, taken, vul):
    needed = contract.tricks_needed
    if taken >= needed or taken == 0:
        return
    assert (
        score_deal(contract, taken - 1, vul).defender_points
        > score_deal(contract, taken, vul).defender_points
    )


@given(levels, strains, tricks, vulnerable, forms)
def test_doubled_made_scores_at_least_undoubled_made(level, strain, taken, vul, form):
    plain = Contract(level, strain)
    if taken < plain.tricks_needed:
        return
    undoubled = score_deal(plain, taken, vul, form=form).total
    doubled = score_deal(Contract(level, strain, Doubling.DOUBLED), taken, vul, form=form).total
    redoubled = score_deal(Contract(level, strain, Doubling.REDOUBLED), taken, vul, form=form).total
    assert redoubled >= doubled >= undoubled


@given(levels, strains, tricks, vulnerable)
def test_doubled_defeat_costs_at_least_undoubled_defeat(level, strain, taken, vul):
    plain = Contract(level, strain)
    if taken >= plain.tricks_needed:
        return
    undoubled = score_deal(plain, taken, vul).total
    doubled = score_deal(Contract(level, strain, Doubling.DOUBLED), taken, vul).total
    assert doubled <= undoubled < 0


@given(contracts, tricks)
def test_vulnerable_stakes_are_never_smaller(contract, taken):
    nv = score_deal(contract, taken, False).total
    v = score_deal(contract, taken, True).total
    assert (v >= nv) if nv > 0 else (v <= nv)


@given(contracts, tricks, vulnerable)
def test_only_the_trick_score_goes_below_the_line(contract, taken, vul):
    for item in score_deal(contract, taken, vul, form="rubber").items:
        assert (item.place.value == "below") == (item.key == "trick_score")


@given(contracts, tricks, vulnerable)
def test_a_made_contract_scores_for_declarer_a_defeated_one_for_defenders(contract, taken, vul):
    result = score_deal(contract, taken, vul)
    if result.made:
        assert result.total > 0 and result.defender_points == 0
    else:
        assert result.total < 0 and result.declarer_points == 0


deals = st.lists(st.tuples(sides, contracts, tricks), min_size=1, max_size=12)


@settings(max_examples=200)
@given(deals)
def test_rubber_totals_are_sums_of_entries_and_games_never_exceed_two(played):
    rubber = Rubber()
    for declarer, contract, taken in played:
        if rubber.is_finished:
            break
        rubber.record(declarer, contract, taken)
    rubber.finish()
    for side in ("we", "they"):
        assert rubber.total(side) == sum(
            rubber.column(side, "above") + rubber.column(side, "below")
        )
        assert rubber.games(side) <= 2
    assert sum(1 for s in ("we", "they") if rubber.games(s) == 2) <= 1
    assert rubber.is_finished


@settings(max_examples=200)
@given(
    st.sampled_from(FOUR_DEAL_FORMS),
    sides,
    st.lists(st.tuples(sides, contracts, tricks), min_size=4, max_size=4),
)
def test_a_chukker_has_exactly_four_deals_with_deal_4_both_vulnerable(form, first, played):
    chukker = FourDeal(form=form, first_dealer=first)
    records = [chukker.record(*deal) for deal in played]
    assert chukker.is_finished
    assert records[0].vulnerable == frozenset()
    assert records[3].vulnerable == frozenset({"we", "they"})
    assert chukker.difference == chukker.total("we") - chukker.total("they")
