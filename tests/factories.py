"""factory-boy factories for the models tests need; each makes what it points at."""

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from assignments.models import Assignment
from classes.models import Classroom, Membership
from quizzes.models import (
    Answer,
    Learner,
    Question,
    ReviewCard,
    SheetDrill,
    SheetStep,
    SkillProgress,
)

PASSWORD = "a-long-test-password-8c1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"teacher{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)


class LearnerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Learner


class QuestionFactory(factory.django.DjangoModelFactory):
    """A stored question as served; its situation is given when the test needs a real one."""

    class Meta:
        model = Question

    learner = factory.SubFactory(LearnerFactory)
    kind = "rubber_deal"
    seed = 0
    situation = factory.LazyFunction(dict)


class AnswerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Answer

    question = factory.SubFactory(QuestionFactory)
    given = factory.LazyFunction(dict)
    correct = False


class SkillProgressFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SkillProgress

    learner = factory.SubFactory(LearnerFactory)
    skill = "sheet"


class ReviewCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReviewCard

    learner = factory.SubFactory(LearnerFactory)
    key = "sheet"
    card = factory.LazyFunction(dict)
    due = factory.LazyFunction(timezone.now)
    last_review = factory.LazyFunction(timezone.now)


class SheetDrillFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SheetDrill

    learner = factory.SubFactory(LearnerFactory)
    form = SheetDrill.Form.RUBBER
    seed = 0
    deals = factory.LazyFunction(list)


class SheetStepFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SheetStep

    drill = factory.SubFactory(SheetDrillFactory)
    number = factory.Sequence(lambda n: n + 1)
    question = factory.SubFactory(
        QuestionFactory,
        learner=factory.SelfAttribute("..drill.learner"),
        source=Question.Source.SHEET,
    )


class ClassroomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Classroom

    teacher = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Class {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    classroom = factory.SubFactory(ClassroomFactory)
    learner = factory.SubFactory(LearnerFactory)
    display_name = factory.Sequence(lambda n: f"Student {n}")


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    classroom = factory.SubFactory(ClassroomFactory)
    title = factory.Sequence(lambda n: f"Review {n}")
    kinds = factory.LazyFunction(lambda: ["undertricks", "duplicate_deal"])
    skills = factory.LazyFunction(list)
    question_count = 4
    same_for_everyone = False
    attempts_allowed = 1
    show_answers = Assignment.ShowAnswers.IMMEDIATELY
    layout = Assignment.Layout.ALL_ON_ONE_PAGE
    published_at = factory.LazyFunction(timezone.now)  # set for the class, not a draft


# -- answers, computed through the engine from the stored question ---------------------------


def right_answer(question) -> dict:
    """What a learner who scores correctly types: the engine's answer, as form data."""
    from quizzes.kinds import kind_for

    answer = kind_for(question.kind).solve(question.situation).answer
    return {name: str(value) for name, value in answer.items()}


def wrong_answer(question) -> dict:
    """The right answer with its first field changed, so it is marked wrong."""
    from quizzes.kinds import kind_for

    kind = kind_for(question.kind)
    data = right_answer(question)
    first = kind.fields(question.situation)[0]
    if first.type == "choice":
        data[first.name] = next(v for v, _ in first.choices if v != data[first.name])
    elif first.type in ("half", "decimal"):  # as typed: 2.5, 13.52 (never 14.350000000000001)
        data[first.name] = str(round(float(data[first.name]) + 10, 2))
    else:
        data[first.name] = str(int(data[first.name]) + 10)
    return data


def student_client(membership: Membership):
    """A browser whose session is the student's learner (as after joining or their link)."""
    from django.test import Client

    client = Client()
    session = client.session
    session["learner"] = membership.learner_id
    session.save()
    return client


def take_check(learner, skill: str, right: int = 3) -> None:
    """A lesson check of three questions on `skill`, the first `right` of them answered
    right at the first try and the rest wrong (and wrong again at the second try)."""
    from quizzes import services
    from quizzes.kinds import kind_for

    for number in range(3):
        question = services.question_new(
            learner=learner, skill=skill, source="check", upto=skill, seed=1000 + number
        )
        answer = kind_for(question.kind).solve(question.situation).answer
        if number < right:
            services.answer_submit(question=question, given=answer)
        else:
            wrong = dict(answer)
            first = kind_for(question.kind).fields(question.situation)[0]
            if first.type == "choice":
                wrong[first.name] = next(v for v, _ in first.choices if v != answer[first.name])
            else:
                wrong[first.name] = answer[first.name] + 10
            given, _ = services.answer_submit(question=question, given=wrong)
            services.retry_submit(answer=given, given=wrong)
