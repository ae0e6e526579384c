"""The question generator: deterministic per seed, with a realistic spread."""

import collections

import pytest

from quizzes.generator import SKILL_KINDS, generate
from quizzes.kinds import KINDS, UnknownQuestion
from quizzes.kinds.sheets import chukker_so_far, play_rubber
from quizzes.skills import SKILLS
from scoring import Contract


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_same_seed_gives_the_same_question(kind):
    for seed in (0, 1, 99, 2**40 + 7):
        assert generate(kind, seed) == generate(kind, seed)


def test_different_seeds_give_different_questions():
    situations = {repr(generate("duplicate_deal", seed)[1]) for seed in range(50)}
    assert len(situations) > 45


def test_same_seed_and_skill_give_the_same_question():
    assert generate(None, 5, skill="slams") == generate(None, 5, skill="slams")


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_a_question_for_a_skill_exercises_that_skill(skill):
    for seed in range(20):
        kind, situation = generate(None, seed, skill=skill)
        assert skill in kind.skills(situation)
        assert kind.key in SKILL_KINDS[skill]


def test_unknown_kind_and_skill_are_refused():
    with pytest.raises(UnknownQuestion):
        generate("bidding", 1)
    with pytest.raises(UnknownQuestion):
        generate(None, 1, skill="squeezes")


def _deal_asked(kind, s):
    """(contract, tricks taken, declarer vulnerable?, honors) of the deal a question is about."""
    if kind == "duplicate_deal":
        deal = s["deal"]
        return Contract.parse(deal["contract"]), deal["tricks"], s["vulnerable"], deal.get("honors")
    if kind == "undertricks":
        contract = Contract.parse(s["contract"])
        return contract, contract.tricks_needed - s["down"], s["vulnerable"], None
    # Sheet kinds: vulnerability comes from the sheet (games won, or the deal of the chukker).
    deal = s["deal"]
    if kind == "rubber_deal":
        vulnerable = play_rubber(s["history"]).vulnerable(deal["declarer"])
    else:
        chukker = chukker_so_far(s)
        vulnerable = chukker.vulnerable(deal["declarer"], len(s["history"]) + 1)
    return Contract.parse(deal["contract"]), deal["tricks"], vulnerable, deal.get("honors")


DEAL_KINDS = ("duplicate_deal", "rubber_deal", "four_deal", "undertricks")
SPREAD_SEEDS = range(400)


@pytest.mark.parametrize("kind", DEAL_KINDS)
def test_deals_spread_over_levels_strains_doublings_vulnerability_and_results(kind):
    seen = collections.defaultdict(set)
    for seed in SPREAD_SEEDS:
        contract, tricks, vulnerable, _ = _deal_asked(kind, generate(kind, seed)[1])
        seen["level"].add(contract.level)
        seen["strain"].add(contract.strain.value)
        seen["doubling"].add(contract.doubling.value)
        seen["vulnerable"].add(vulnerable)
        seen["made"].add(tricks >= contract.tricks_needed)
    assert seen["level"] == set(range(1, 8))
    assert seen["strain"] == {"C", "D", "H", "S", "NT"}
    assert seen["doubling"] == {"", "X", "XX"}
    assert seen["vulnerable"] == {True, False}
    # An undertrick question is about a contract that failed; every other kind has both.
    assert seen["made"] == ({False} if kind == "undertricks" else {True, False})


@pytest.mark.parametrize("kind", ["duplicate_deal", "rubber_deal", "four_deal"])
def test_honors_and_far_off_results_come_sometimes(kind):
    honors = far_off = 0
    for seed in SPREAD_SEEDS:
        contract, tricks, _, held = _deal_asked(kind, generate(kind, seed)[1])
        honors += bool(held)
        far_off += abs(tricks - contract.tricks_needed) >= 3
    # Sometimes: present, but far from the common case.
    assert 10 <= honors <= 0.3 * len(SPREAD_SEEDS)
    assert 10 <= far_off <= 0.25 * len(SPREAD_SEEDS)


def test_undertrick_questions_go_from_one_down_to_seven_down():
    downs = collections.Counter(generate("undertricks", seed)[1]["down"] for seed in SPREAD_SEEDS)
    assert set(downs) == set(range(1, 8))
    # Three or more down, where the doubled penalties climb, is asked often.
    assert sum(n for down, n in downs.items() if down >= 3) > 0.3 * len(SPREAD_SEEDS)


def test_four_deal_questions_cover_every_deal_of_the_chukker_and_both_forms():
    seen = collections.defaultdict(set)
    for seed in SPREAD_SEEDS:
        s = generate("four_deal", seed)[1]
        seen["deal"].add(len(s["history"]) + 1)
        seen["form"].add(s["form"])
        seen["first_dealer"].add(s["first_dealer"])
    assert seen == {
        "deal": {1, 2, 3, 4},
        "form": {"chicago", "cavendish"},
        "first_dealer": {"we", "they"},
    }


def test_doubled_and_redoubled_contracts_come_less_often():
    counts = collections.Counter(
        Contract.parse(generate("duplicate_deal", seed)[1]["deal"]["contract"]).doubling.value
        for seed in range(400)
    )
    assert counts[""] > counts["X"] > counts["XX"] > 0


def test_tricks_are_mostly_near_the_contract():
    near = 0
    for seed in range(400):
        deal = generate("duplicate_deal", seed)[1]["deal"]
        near += abs(deal["tricks"] - Contract.parse(deal["contract"]).tricks_needed) <= 2
    assert near > 0.7 * 400


def test_rubber_questions_start_from_a_rubber_in_progress():
    with_games = 0
    for seed in range(200):
        kind, s = generate("rubber_deal", seed)
        rubber_before = kind.solve(s).sheet
        assert len(rubber_before.deals) == len(s["history"]) + 1
        with_games += any(d.game_to for d in rubber_before.deals[:-1])
    assert with_games > 20


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_fields_skills_and_facts(kind):
    k = KINDS[kind]
    for seed in range(30):
        _, s = generate(kind, seed)
        assert k.fields(s)
        assert set(k.skills(s)) <= set(SKILLS)
        answer = k.solve(s).answer
        assert set(answer) == {f.name for f in k.fields(s)}
        # The facts shown to assistive tools are never the answer itself.
        assert "answer" not in k.attributes(s)
