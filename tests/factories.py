"""factory-boy factories for the models tests need; each makes what it points at."""

import hashlib

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from assignments.models import Assignment, Attempt
from bridgefiles.models import SavedFile
from classes.models import Classroom, Membership, TeacherSettings
from common.ids import JOIN_CODE_ALPHABET
from live.models import LiveQuestion, LiveSession, Player, TableResult
from live.names import name_key
from quizzes.generator import generate
from quizzes.models import (
    Answer,
    Learner,
    Question,
    ReviewCard,
    SheetDrill,
    SheetStep,
    SkillProgress,
)
from scorepad.models import ScorePad

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
    # A fixed seed per test (the sequence restarts with each test, tests/conftest.py), so a
    # test draws the same questions whatever ran before it and on whichever worker.
    secret_seed = factory.Sequence(lambda n: 20261124 + n)
    kinds = factory.LazyFunction(lambda: ["undertricks", "duplicate_deal"])
    skills = factory.LazyFunction(list)
    question_count = 4
    same_for_everyone = False
    attempts_allowed = 1
    show_answers = Assignment.ShowAnswers.IMMEDIATELY
    layout = Assignment.Layout.ALL_ON_ONE_PAGE
    published_at = factory.LazyFunction(timezone.now)  # set for the class, not a draft


class AttemptFactory(factory.django.DjangoModelFactory):
    """A student's first go at an assignment of their own class (no questions drawn yet)."""

    class Meta:
        model = Attempt

    assignment = factory.SubFactory(AssignmentFactory)
    membership = factory.SubFactory(
        MembershipFactory, classroom=factory.SelfAttribute("..assignment.classroom")
    )
    number = 1


class TeacherSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeacherSettings

    user = factory.SubFactory(UserFactory)
    time_zone = "America/New_York"  # not UTC, so that a test can see the zone was read


class ScorePadFactory(factory.django.DjangoModelFactory):
    """A signed-in player's rubber with no deal entered yet."""

    class Meta:
        model = ScorePad

    user = factory.SubFactory(UserFactory)
    kind = ScorePad.Kind.RUBBER


# A file of one board, as a teacher sends it (the deal is the test files' own).
ONE_BOARD_PBN = (
    b'[Event "Tuesday class"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    b'[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
)


class SavedFileFactory(factory.django.DjangoModelFactory):
    """A kept PBN file of one board; its digest is its bytes' SHA-256, as when kept."""

    class Meta:
        model = SavedFile

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"class-{n}.pbn")
    event = "Tuesday class"
    board_count = 1
    data = ONE_BOARD_PBN
    digest = factory.LazyAttribute(lambda f: hashlib.sha256(f.data).hexdigest())


def _session_code(n: int) -> str:
    """The n-th code of six characters of the join codes' alphabet (n in base 31)."""
    base = len(JOIN_CODE_ALPHABET)
    return "".join(JOIN_CODE_ALPHABET[n // base**i % base] for i in reversed(range(6)))


class LiveSessionFactory(factory.django.DjangoModelFactory):
    """A quiz-mode live class in its lobby, with a code to read out and no questions yet."""

    class Meta:
        model = LiveSession

    teacher = factory.SubFactory(UserFactory)
    title = factory.Sequence(lambda n: f"Tuesday {n}")
    code = factory.Sequence(_session_code)
    secret_seed = factory.Sequence(lambda n: 20261124 + n)  # as AssignmentFactory's
    kinds = factory.LazyFunction(lambda: ["undertricks"])
    question_count = 5


class LiveQuestionFactory(factory.django.DjangoModelFactory):
    """A question of a live class, not asked yet; its situation is the generator's."""

    class Meta:
        model = LiveQuestion

    class Params:
        seed = 0

    session = factory.SubFactory(LiveSessionFactory)
    position = factory.Sequence(lambda n: n)  # the services number them from 0
    kind = "undertricks"
    situation = factory.LazyAttribute(lambda q: generate(q.kind, q.seed)[1])


class PlayerFactory(factory.django.DjangoModelFactory):
    """A phone that joined a live class with a typed name."""

    class Meta:
        model = Player

    session = factory.SubFactory(LiveSessionFactory)
    learner = factory.SubFactory(LearnerFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    name_key = factory.LazyAttribute(lambda p: name_key(p.name))


class TableResultFactory(factory.django.DjangoModelFactory):
    """A played board at table 1: 4S by South, made with ten tricks."""

    class Meta:
        model = TableResult

    session = factory.SubFactory(LiveSessionFactory, mode=LiveSession.Mode.TABLES)
    board = factory.LazyAttribute(lambda r: r.session.first_board)
    table = 1
    declarer = "S"
    contract = "4S"
    tricks = 10


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


def cleaned_answer(question, data: dict) -> dict:
    """Form data as the question's answer form cleans it (numbers as numbers): what a page
    hands the services. Data the form refuses fails the test, with the form's messages."""
    from quizzes.forms import answer_form
    from quizzes.kinds import kind_for

    form = answer_form(kind_for(question.kind).fields(question.situation), data=data)
    assert form.is_valid(), form.errors
    return form.cleaned_data


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
