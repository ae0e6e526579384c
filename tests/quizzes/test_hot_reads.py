"""The reads on every question page and answer: the question comes with its answer in one
query, and a browser's learner is its own only until an account claims it."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory

from quizzes import selectors, services
from quizzes.models import Question
from tests.factories import LearnerFactory

pytestmark = pytest.mark.django_db


def test_a_question_is_read_with_its_answer_in_one_query_answered_or_not(
    django_assert_num_queries,
):
    learner = LearnerFactory()
    question = services.question_new(learner=learner, kind="rubber_deal", seed=7)
    lookup = {"pk": learner.pk, "user": None}
    with django_assert_num_queries(1):
        found = selectors.question_for_learner(learner=lookup, public_id=question.public_id)
        with pytest.raises(Question.answer.RelatedObjectDoesNotExist):
            _ = found.answer  # known to be unanswered: no second query asks
    assert found.created.tzinfo is not None and found.situation == question.situation
    answer, _ = services.answer_submit(question=found, given={"answer": 0})
    with django_assert_num_queries(1):
        again = selectors.question_for_learner(learner=lookup, public_id=question.public_id)
        assert again.answer == answer
        assert again.answer.given == {"answer": 0}


def test_a_question_is_found_for_a_signed_in_learner_and_for_no_one_else(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="x")
    bob = django_user_model.objects.create_user("bob", password="x")
    question = services.question_new(learner=LearnerFactory(user=ann), kind="undertricks", seed=3)
    LearnerFactory(user=bob)
    public_id = question.public_id
    assert selectors.question_for_learner(learner={"user": ann}, public_id=public_id) == question
    assert selectors.question_for_learner(learner={"user": bob}, public_id=public_id) is None
    assert selectors.question_for_learner(learner=None, public_id=public_id) is None


def _browser(learner_pk):
    request = RequestFactory().get("/practice/")
    request.user = AnonymousUser()
    request.session = SessionStore()
    request.session[services.SESSION_KEY] = learner_pk
    return request


def test_the_browsers_learner_is_no_longer_its_own_once_an_account_claims_it(
    django_user_model,
):
    learner = LearnerFactory()
    assert services.learner_for_request(_browser(learner.pk)) == learner
    learner.user = django_user_model.objects.create_user("ann", password="x")
    learner.save()
    assert services.learner_for_request(_browser(learner.pk)) is None
    assert services.learner_for_request(_browser(learner.pk + 1000)) is None
