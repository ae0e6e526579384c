"""The reads on every answer (the question, the browser's learner) are written as SQL, and
give the very instance the ORM would: every field converted alike (times aware, JSON
decoded), marked as loaded from the database."""

import pytest

from quizzes import selectors, services
from quizzes.models import Learner, Question

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def _same_as_the_orms(instance):
    orm = type(instance).objects.get(pk=instance.pk)
    assert _fields(instance) == _fields(orm)
    assert (instance._state.adding, instance._state.db) == (False, orm._state.db)


def test_a_question_read_for_its_learner_is_the_orms_question_answered_or_not(
    django_assert_num_queries,
):
    learner = Learner.objects.create()
    question = services.question_new(learner=learner, kind="rubber_deal", seed=7)
    lookup = {"pk": learner.pk, "user": None}
    found = selectors.question_for_learner(learner=lookup, public_id=question.public_id)
    _same_as_the_orms(found)
    assert found.created.tzinfo is not None and isinstance(found.situation, dict)
    with django_assert_num_queries(0), pytest.raises(Question.answer.RelatedObjectDoesNotExist):
        _ = found.answer  # known to be unanswered: no query asks
    answer, _ = services.answer_submit(question=found, given={"answer": 0})
    again = selectors.question_for_learner(learner=lookup, public_id=question.public_id)
    _same_as_the_orms(again)
    assert again.answer == answer


def test_the_browsers_learner_is_the_orms_and_none_once_an_account_claims_it(
    django_user_model,
):
    learner = Learner.objects.create()
    _same_as_the_orms(selectors.learner_of_browser(pk=learner.pk))
    learner.user = django_user_model.objects.create_user("ann", password="x")
    learner.save()
    assert selectors.learner_of_browser(pk=learner.pk) is None
    assert selectors.learner_of_browser(pk=learner.pk + 1000) is None
