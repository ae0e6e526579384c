"""Spaced review scheduled by FSRS, on a fixed clock."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model

from quizzes import selectors, services
from quizzes.kinds import kind_for
from quizzes.models import ReviewCard
from tests.factories import LearnerFactory

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TWO_HEARTS = {"history": [], "deal": {"declarer": "we", "contract": "2H", "tricks": 8}}
DOUBLED = {"history": [], "deal": {"declarer": "we", "contract": "2HX", "tricks": 8}}


def _answer(learner, situation, *, right=True, when=START, **wrong):
    kind = kind_for("rubber_deal")
    given = dict(kind.solve(situation).answer)
    if not right:
        given.update(wrong or {"we_below": given["we_below"] + 10})
    question = services.question_fixed(
        learner=learner, kind="rubber_deal", situation=situation, source="practice"
    )
    with time_machine.travel(when, tick=False):
        services.answer_submit(question=question, given=given)


def _due(learner, key):
    return ReviewCard.objects.get(learner=learner, key=key).due


def test_a_right_answer_moves_the_skills_next_review_later():
    learner = LearnerFactory()
    _answer(learner, TWO_HEARTS)
    first = _due(learner, "trick_score")
    assert first >= START + timedelta(days=1)
    _answer(learner, TWO_HEARTS, when=first)
    assert _due(learner, "trick_score") > first + timedelta(days=1)


def test_a_wrong_answer_brings_the_skill_back_within_a_day():
    learner = LearnerFactory()
    _answer(learner, TWO_HEARTS)
    later = _due(learner, "trick_score")
    _answer(learner, TWO_HEARTS, right=False, when=later)
    assert _due(learner, "trick_score") <= later + timedelta(days=1)
    card = ReviewCard.objects.get(learner=learner, key="trick_score")
    assert (card.reviews, card.lapses) == (2, 1)


def test_a_wrong_box_reschedules_its_own_skill_and_not_the_others():
    learner = LearnerFactory()
    _answer(learner, TWO_HEARTS, right=False, they_above=30)
    assert _due(learner, "sheet") < START + timedelta(hours=1)
    assert _due(learner, "trick_score") >= START + timedelta(days=1)


def test_a_misunderstanding_shown_is_scheduled_and_comes_back_soon():
    learner = LearnerFactory()
    answer = kind_for("rubber_deal").solve(DOUBLED).answer
    _answer(learner, DOUBLED, right=False, we_above=answer["we_above"] - 50)  # no insult
    assert _due(learner, "mistake:insult_forgotten") < START + timedelta(hours=1)
    assert _due(learner, "doubles") < START + timedelta(hours=1)
    # Answered right later, the misunderstanding moves out with it.
    _answer(learner, DOUBLED, when=START + timedelta(hours=2))
    assert _due(learner, "mistake:insult_forgotten") > START + timedelta(days=1)


def test_a_misunderstanding_never_shown_is_not_scheduled():
    learner = LearnerFactory()
    _answer(learner, DOUBLED)
    assert not ReviewCard.objects.filter(learner=learner, key__startswith="mistake:").exists()


def test_due_reviews_come_most_overdue_first():
    learner = LearnerFactory()
    services.review_record(learner_id=learner.pk, right=["games"], wrong=[], now=START)
    services.review_record(
        learner_id=learner.pk, right=["sheet"], wrong=[], now=START + timedelta(days=1)
    )
    assert selectors.due_keys(learner=learner, now=START) == []
    assert selectors.due_keys(learner=learner, now=START + timedelta(days=60)) == ["games", "sheet"]


def test_a_learner_who_makes_an_account_keeps_their_schedule():
    browser = LearnerFactory()
    _answer(browser, TWO_HEARTS)
    due = _due(browser, "trick_score")
    user = get_user_model().objects.create_user("ada", password="a long passphrase 1")
    account = LearnerFactory(user=user)
    services.review_record(
        learner_id=account.pk, right=["games"], wrong=[], now=START - timedelta(days=3)
    )
    services.learner_for_user(user=user, session_learner=browser)
    assert _due(account, "trick_score") == due
    assert ReviewCard.objects.filter(learner=account).count() >= 3  # theirs and the browser's


def test_the_card_reviewed_last_stands_when_both_learners_have_one():
    browser, account = LearnerFactory(), LearnerFactory()
    services.review_record(learner_id=account.pk, right=["sheet"], wrong=[], now=START)
    later = START + timedelta(days=5)
    services.review_record(learner_id=browser.pk, right=[], wrong=["sheet"], now=later)
    services.learner_merge(source=browser, target=account)
    card = ReviewCard.objects.get(learner=account, key="sheet")
    assert card.last_review == later and card.lapses == 1


def test_cards_reviewed_at_once_are_each_scheduled_from_their_own_past():
    from quizzes import review

    learner = LearnerFactory()
    services.review_record(learner_id=learner.pk, right=["sheet", "games"], wrong=[], now=START)
    services.review_record(learner_id=learner.pk, right=[], wrong=["slams"], now=START)
    before = {card.key: card.card for card in ReviewCard.objects.filter(learner=learner)}
    later = START + timedelta(days=3)
    skills = ["sheet", "games", "slams", "honors"]  # two alike, one apart, one new
    services.review_record(learner_id=learner.pk, right=skills, wrong=[], now=later)
    after = {card.key: card.card for card in ReviewCard.objects.filter(learner=learner)}
    for key in skills:
        assert after[key] == review.review(before.get(key), right=True, now=later), key
    assert after["sheet"] == after["games"] != after["slams"]
