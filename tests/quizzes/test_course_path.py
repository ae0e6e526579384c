"""The course teaches in order: a lesson's questions need nothing taught after it.

`needs()` reads a question as a beginner would, straight from its situation and the
engine, without asking the question kind what it practises: which concepts must the
learner know to read the situation and to work out every answer box? Every lesson's
"Check yourself" and "Practise this skill" draws (quizzes.generator with the lesson's
taught skills) must need only skills taught at or before that lesson.
"""

from __future__ import annotations

import pytest

from quizzes.generator import SKILL_KINDS, generate, kinds_for
from quizzes.kinds import KINDS
from quizzes.skills import COURSE, EVERYTHING, taught_through
from scoring import Contract, FourDeal, PlayedDeal, Rubber, score_deal

SEEDS_PER_LESSON = 3000


def _deal_needs(deal: PlayedDeal, *, extra_tricks: bool = True) -> set[str]:
    """What a deal shows: doubling, a slam, a failed contract, extra tricks, honors."""
    contract = Contract.parse(deal.contract)
    needs = set()
    if contract.doubling.value:
        needs.add("doubles")
    if contract.level >= 6:
        needs.add("slams")
    if deal.tricks < contract.tricks_needed:
        needs.add("undertricks")
    if extra_tricks and deal.tricks > contract.tricks_needed:
        needs.add("overtricks")
    if deal.honors:
        needs.add("honors")
    return needs


def _sheet_needs(history) -> set[str]:
    """What a sheet of earlier deals shows: their concepts, and a game line once drawn."""
    deals = [PlayedDeal.from_data(d) for d in history]
    needs = set().union(*(_deal_needs(d) for d in deals)) if deals else set()
    rubber = Rubber()
    rubber.record_all(deals)
    if any(rubber.games(side) for side in ("we", "they")):
        needs.add("games")
    return needs


def _vulnerability_matters(deal: PlayedDeal, form: str) -> bool:
    both = {score_deal(deal.contract, deal.tricks, v, form=form).total for v in (False, True)}
    return len(both) > 1


def _rubber_deal_needs(s) -> set[str]:
    deal = PlayedDeal.from_data(s["deal"])
    needs = {"sheet", "trick_score"} | _deal_needs(deal) | _sheet_needs(s["history"])
    asks = s.get("asks", ("game", "rubber_over"))
    if "game" in asks:
        needs.add("games")
    if "rubber_over" in asks:
        needs.add("rubber")
    rubber = Rubber()
    rubber.record_all([PlayedDeal.from_data(d) for d in s["history"]])
    before = rubber.vulnerable(deal.declarer)
    plain = Rubber()
    plain.record_all([PlayedDeal.from_data(d) for d in s["history"]])
    flipped = plain.record_deal(deal, vulnerable=not before)
    record = rubber.record_deal(deal)
    figures = {(e.side, e.points) for e in record.entries}
    if figures != {(e.side, e.points) for e in flipped.entries}:
        needs.add("vulnerability")
    if record.ends_rubber:
        needs.add("rubber")  # the rubber bonus is in the answer
    return needs


def _four_deal_needs(s) -> set[str]:
    needs = {"chicago", "vulnerability", "games", "trick_score"}
    needs |= _deal_needs(PlayedDeal.from_data(s["deal"]))
    for d in s["history"]:
        needs |= _deal_needs(PlayedDeal.from_data(d))
    FourDeal(form=s["form"], first_dealer=s["first_dealer"])  # a form the engine knows
    return needs


def _duplicate_deal_needs(s) -> set[str]:
    deal = PlayedDeal.from_data(s["deal"])
    needs = {"duplicate", "trick_score"} | _deal_needs(deal)
    if s["form"] == "simplicity":
        needs.add("simplicity")
    if _vulnerability_matters(deal, s["form"]) or not s["show_vulnerability"]:
        needs.add("vulnerability")
    return needs


def _undertricks_needs(s) -> set[str]:
    contract = Contract.parse(s["contract"])
    deal = PlayedDeal("we", s["contract"], contract.tricks_needed - s["down"])
    return {"undertricks", "vulnerability"} | _deal_needs(deal)


def _vulnerability_needs(s) -> set[str]:
    variant = s["variant"]
    if variant == "board":
        return {"vulnerability", "duplicate"}
    if variant == "chicago":
        return {"vulnerability", "chicago"}
    return {"vulnerability", "games"} | _sheet_needs(s["history"])


def _rubber_total_needs(s) -> set[str]:
    return {"rubber", "games"} | _sheet_needs(s["history"])


def _game_check_needs(s) -> set[str]:
    deal = PlayedDeal.from_data(s["deal"])
    needs = {"games"} | _sheet_needs(s["history"]) | _deal_needs(deal, extra_tricks=False)
    rubber = Rubber()
    rubber.record_all([PlayedDeal.from_data(d) for d in [*s["history"], s["deal"]]])
    if rubber.is_finished:
        needs.add("rubber")
    return needs


def _overtrick_value_needs(s) -> set[str]:
    contract = Contract.parse(s["contract"])
    deal = PlayedDeal("we", s["contract"], contract.tricks_needed + s["over"])
    needs = {"overtricks"} | _deal_needs(deal)
    if _vulnerability_matters(deal, "rubber"):
        needs.add("vulnerability")
    return needs


def _team_board_needs(s) -> set[str]:
    """Both rooms scored from N-S's side with the board's vulnerability, then compared."""
    needs = {"imps", "duplicate", "trick_score"}
    for room in s["rooms"]:
        deal = PlayedDeal.from_data(room)
        needs |= _deal_needs(deal)
        if _vulnerability_matters(deal, "duplicate"):
            needs.add("vulnerability")
    return needs


NEEDS = {
    # Lesson 1 teaches that extra tricks go above the line, not what they are worth.
    "line_place": lambda s: (
        {"sheet"} | _deal_needs(PlayedDeal.from_data(s["deal"]), extra_tricks=False)
    ),
    "trick_value": lambda s: {"trick_score"} | _deal_needs(PlayedDeal.from_data(s["deal"])),
    "game_check": _game_check_needs,
    "overtrick_value": _overtrick_value_needs,
    "doubled_above": lambda s: (
        {"doubles"}
        | _overtrick_value_needs(s) - {"overtricks"}
        | ({"overtricks"} if s["over"] else set())
    ),
    "slam_bonus": lambda s: (
        {"slams", "vulnerability"} | _deal_needs(PlayedDeal.from_data(s["deal"]))
    ),
    "rubber_deal": _rubber_deal_needs,
    "four_deal": _four_deal_needs,
    "duplicate_deal": _duplicate_deal_needs,
    "undertricks": _undertricks_needs,
    "vulnerability": _vulnerability_needs,
    # Undoubled undertricks, 50 or 100 each: the vulnerability lesson's own figures.
    "vulnerability_cost": lambda s: {"vulnerability", "games"} | _sheet_needs(s["history"]),
    "rubber_total": _rubber_total_needs,
    "honors": lambda s: {"honors"},
    "partners": lambda s: {"partners"},
    "victory_points": lambda s: {"victory_points"},
    # A traveller shows each table's score: reading it needs duplicate scores, not scoring.
    "matchpoint_row": lambda s: {"matchpoints", "duplicate"},
    "imp_scale": lambda s: {"imps"},
    "butler_datum": lambda s: {"imps", "duplicate"},
    "team_board": _team_board_needs,
    "match_vp": lambda s: {"match_vp", "imps"},
    # A game bid and made against a doubled sacrifice, both scored at duplicate, then compared.
    "par_score": lambda s: (
        {"par", "duplicate", "trick_score", "games", "vulnerability"}
        | _deal_needs(PlayedDeal("we", s["game"], s["game_tricks"]))
        | _deal_needs(PlayedDeal("they", s["save"], s["save_tricks"]))
    ),
}


def needs(kind_key: str, situation: dict) -> set[str]:
    return NEEDS[kind_key](situation)


def test_every_kind_has_a_reading_of_what_it_needs():
    assert set(KINDS) <= set(NEEDS)


def test_the_course_path_is_the_order_of_the_lessons():
    from lessons.course import TOPICS

    assert tuple(lesson.skill for lesson in TOPICS) == COURSE


@pytest.mark.slow
@pytest.mark.parametrize("lesson", COURSE)
def test_no_question_of_a_lesson_needs_a_later_lesson(lesson):
    taught = taught_through(lesson)
    seen_kinds = set()
    for seed in range(SEEDS_PER_LESSON):
        single_idea = (True, False, None)[seed % 3]
        kind, situation = generate(None, seed, lesson, taught, single_idea)
        seen_kinds.add(kind.key)
        beyond = needs(kind.key, situation) - taught
        assert not beyond, (lesson, seed, kind.key, situation, beyond)
        assert lesson in kind.skills(situation)
    assert seen_kinds, lesson


@pytest.mark.parametrize("lesson", COURSE)
def test_each_lesson_can_draw_its_own_questions(lesson):
    """A few seeds on every run (the slow test above draws thousands)."""
    taught = taught_through(lesson)
    assert kinds_for(lesson, taught)
    for seed in range(20):
        kind, situation = generate(None, seed, lesson, taught)
        assert not needs(kind.key, situation) - taught, (lesson, seed, situation)


def test_a_two_hearts_made_exactly_is_what_the_trick_score_lesson_deals():
    taught = taught_through("trick_score")
    for seed in range(300):
        kind, situation = generate("rubber_deal", seed, "trick_score", taught)
        deal = PlayedDeal.from_data(situation["deal"])
        contract = Contract.parse(deal.contract)
        assert situation["history"] == []
        assert deal.tricks == contract.tricks_needed
        assert not contract.doubling.value and contract.level <= 5 and not deal.honors
        assert situation["asks"] == []


def test_free_practice_still_draws_everything():
    drawn = {generate(None, seed)[0].key for seed in range(400)}
    assert drawn == set(KINDS)
    doubled = sum(
        bool(Contract.parse(generate("duplicate_deal", seed)[1]["deal"]["contract"]).doubling.value)
        for seed in range(200)
    )
    assert doubled > 20


def test_every_skill_is_practised_by_kinds_that_exist():
    assert set(SKILL_KINDS) == EVERYTHING
    assert {key for keys in SKILL_KINDS.values() for key in keys} <= set(KINDS)


@pytest.mark.parametrize("lesson", COURSE)
def test_a_lesson_starts_with_a_single_idea_question_where_it_has_one(lesson):
    kinds = kinds_for(lesson, taught_through(lesson), single_idea=True)
    # Par compares two whole deals: its lesson has no single-idea question to start with.
    whole_deals = ("rubber", "chicago", "duplicate", "simplicity", "par")
    assert KINDS[kinds[0]].single_idea or lesson in whole_deals
