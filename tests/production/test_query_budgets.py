"""Every page makes a small, fixed number of queries, however much a learner has done.

Each budget is asserted with django_assert_max_num_queries, and each page is counted twice:
for a learner with one answered question and for one with sixty, on every skill. The two
counts must be equal, so no page grows a query per row.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quizzes import services
from quizzes.kinds import KINDS
from quizzes.models import Learner, Question
from quizzes.skills import SKILLS
from tests.factories import LearnerFactory, UserFactory, right_answer
from tests.pages import PUBLIC_PAGES

pytestmark = pytest.mark.django_db

SMALL, LARGE = 1, 60
HTMX = {"HX-Request": "true"}

# Budgets: what each page needs now, with a little room. A page over its budget, or one
# whose count grows with data, fails here before it is slow in a classroom.
ANONYMOUS_PAGE = 2  # a visitor with no session: none at all today
# The session, the learner, and their place on the course: progress, reviews due, checks
# passed and today's set (the next step).
LESSON_PAGE = 7
PRACTICE_HOME = 9  # the course standing, and today's set: done today, the streak
PROGRESS_PAGE = 8  # the course standing, today's set, the slip that keeps coming back
QUESTION_PAGE = 5
CHECK_PAGE = 5
NEW_QUESTION = 7  # with the count of the last hour's questions (quizzes/limits.py)
# The session, the question with its answer, the answer, progress on all its skills in one
# statement (three when a skill is new to the learner: counted on no row, the missing rows
# made, all counted), and the review schedule: its cards read, then written in one upsert.
ANSWER = 10


def _learner_with_history(client, answered: int):
    """This browser's learner, with `answered` questions of every kind answered."""
    client.post("/practice/new/", {"kind": "undertricks"})
    learner = Learner.objects.get(pk=client.session[services.SESSION_KEY])
    # The question measured below (seed 999) has been seen before: its skills have progress.
    services.answer_submit(question=_unanswered(learner), given={"answer": 0})
    kinds = sorted(KINDS)
    for n in range(answered):
        question = services.question_new(learner=learner, kind=kinds[n % len(kinds)], seed=n)
        fields = KINDS[question.kind].fields(question.situation)
        given = {f.name: (f.choices[0][0] if f.choices else 0) for f in fields}
        services.answer_submit(question=question, given=given)
    for n in range(3 if answered > 1 else 1):
        services.question_new(learner=learner, skill="undertricks", seed=n, source="check")
    return learner


def _count(client, method: str, path: str, data=None, ok=None, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(path, data or {}, headers=headers)
    assert response.status_code < 400 or response.status_code == ok, (path, response.status_code)
    return len(queries)


def _unanswered(learner, kind="undertricks", seed=999) -> Question:
    return services.question_new(learner=learner, kind=kind, seed=seed)


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_every_public_page_needs_almost_no_queries_for_a_new_visitor(
    client, path, django_assert_max_num_queries
):
    with django_assert_max_num_queries(ANONYMOUS_PAGE):
        response = client.get(path)
    assert response.status_code in (200, 302)


# Pages of a learner: (budget, method, path or a function of the learner giving one, data)
LEARNER_PAGES = {
    "lessons": (LESSON_PAGE, "get", "/lessons/", None),
    "topic lesson with check-yourself": (LESSON_PAGE, "get", "/lessons/undertricks/", None),
    "sample deal": (LESSON_PAGE, "get", "/lessons/sample-rubber/3/", None),
    "practice home": (PRACTICE_HOME, "get", "/practice/", None),
    "progress": (PROGRESS_PAGE, "get", "/practice/progress/", None),
    "check yourself": (CHECK_PAGE, "get", "/practice/check/undertricks/", None),
    "new question": (NEW_QUESTION, "post", "/practice/new/", {"kind": "undertricks"}),
    "new question, weakest skill": (NEW_QUESTION, "post", "/practice/new/", {"weakest": "1"}),
}


def _measure_learner_pages(client, answered):
    _learner_with_history(client, answered)
    return {
        name: _count(client, method, path, data)
        for name, (_, method, path, data) in LEARNER_PAGES.items()
    }


def test_learner_pages_cost_the_same_queries_with_one_answer_or_sixty(client, django_user_model):
    from django.test import Client

    small = _measure_learner_pages(client, SMALL)
    large = _measure_learner_pages(Client(), LARGE)
    assert small == large


@pytest.mark.parametrize("name", sorted(LEARNER_PAGES))
def test_learner_pages_stay_within_their_budgets(client, name, django_assert_max_num_queries):
    _learner_with_history(client, LARGE)
    budget, method, path, data = LEARNER_PAGES[name]
    with django_assert_max_num_queries(budget):
        response = getattr(client, method)(path, data or {})
    assert response.status_code < 400


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_question_page_and_its_answer_stay_within_budget(
    client, kind, django_assert_max_num_queries
):
    learner = _learner_with_history(client, LARGE)
    question = _unanswered(learner, kind)
    path = f"/practice/q/{question.public_id}/"
    with django_assert_max_num_queries(QUESTION_PAGE):
        assert client.get(path).status_code == 200
    with django_assert_max_num_queries(QUESTION_PAGE):
        assert client.get(path, headers={"HX-Request": "true"}).status_code == 200
    with django_assert_max_num_queries(ANSWER):  # perhaps this learner's first slam
        assert client.post(path, right_answer(question)).status_code == 302
    with django_assert_max_num_queries(QUESTION_PAGE):
        assert client.get(path).status_code == 200  # the feedback


@pytest.mark.slow  # five new learners for every kind: a sweep, not the inner loop
def test_a_learners_first_answer_stays_within_the_same_budget():
    from django.test import Client

    worst = {}
    for kind in sorted(KINDS):
        for _ in range(5):
            browser = Client()  # a new learner: no progress on any skill yet
            path = browser.post("/practice/new/", {"kind": kind})["Location"]
            question = Question.objects.get(public_id=path.rstrip("/").rsplit("/", 1)[1])
            worst[kind] = max(
                worst.get(kind, 0), _count(browser, "post", path, right_answer(question))
            )
    assert max(worst.values()) <= ANSWER, worst


def test_question_and_answer_cost_the_same_with_one_answer_or_sixty(client):
    from django.test import Client

    counts = []
    for browser, answered in ((client, SMALL), (Client(), LARGE)):
        learner = _learner_with_history(browser, answered)
        question = _unanswered(learner)
        path = f"/practice/q/{question.public_id}/"
        counts.append(
            (
                _count(browser, "get", path),
                _count(browser, "get", path, None, **HTMX),
                _count(browser, "post", path, right_answer(question)),
                _count(browser, "get", path),
                _count(browser, "post", path, right_answer(question), **HTMX),
            )
        )
    assert counts[0] == counts[1]
    assert counts[0][2] <= ANSWER


# -- teachers ------------------------------------------------------------------------------


def _class_that_handed_in(teacher, students: int):
    """A class of `students`, each of whom answered every question and handed in."""
    from assignments import services as assignment_services
    from classes import services as class_services

    classroom = class_services.classroom_create(teacher=teacher, name=f"Class of {students}")
    assignment = assignment_services.assignment_create(
        classroom=classroom,
        title="Review",
        kinds=["undertricks", "duplicate_deal"],
        skills=[],
        question_count=3,
        same_for_everyone=False,
    )
    for n in range(students):
        learner = LearnerFactory()
        membership, _ = class_services.membership_join(
            classroom=classroom,
            display_name=f"Student {n}",
            learner_for_join=lambda learner=learner: learner,
        )
        attempt = assignment_services.attempt_start(assignment=assignment, membership=membership)
        for item in attempt.items.select_related("question"):
            assignment_services.attempt_answer(item=item, given=right_answer(item.question))
        assignment_services.attempt_submit(attempt=attempt)
    return classroom, assignment


# The gradebook and its CSV are also counted exactly, for 5 and 60 students, in
# tests/reports/test_gradebook.py. Here: every page of a teacher, and a budget for each.
TEACHER_PAGE = 7  # the session, the user, the class or assignment, its students, their work
WORKSHEET = 6  # the same; one sheet per student also reads the sets students were given
# The session, the user, the assignment, its two stamps (assignments/stamps.py), and its students
# with their work and answers in one query; four while its tables are kept (nothing changed).
GRADEBOOK = 5
CLASS_VIEW = 12  # the whole class: the same, for every assignment of the class


def _teacher_pages(classroom, assignment) -> dict[str, tuple[int, str]]:
    student = assignment.classroom.memberships.filter(is_preview=False).order_by("id").first()
    base = f"/teachers/assignments/{assignment.public_id}"
    return {
        "dashboard": (TEACHER_PAGE, "/teachers/"),
        "class": (TEACHER_PAGE, f"/teachers/classes/{classroom.public_id}/"),
        "the whole class": (CLASS_VIEW, f"/teachers/classes/{classroom.public_id}/overview/"),
        "the whole class, CSV": (
            CLASS_VIEW,
            f"/teachers/classes/{classroom.public_id}/overview.csv",
        ),
        "new assignment": (
            TEACHER_PAGE,
            f"/teachers/classes/{classroom.public_id}/assignments/new/",
        ),
        "assignment editor": (TEACHER_PAGE, f"{base}/edit/"),
        "gradebook": (GRADEBOOK, f"{base}/"),
        "gradebook CSV": (GRADEBOOK, f"{base}/gradebook.csv"),
        "student work": (TEACHER_PAGE, f"{base}/students/{student.public_id}/"),
        "worksheet": (WORKSHEET, f"{base}/worksheet/"),
        "worksheet per student": (WORKSHEET, f"{base}/worksheet/?for=students"),
        "answer key": (WORKSHEET, f"{base}/answer-key/"),
        "answer key per student": (WORKSHEET, f"{base}/answer-key/?for=students"),
    }


def _some_not_started(assignment, count: int):
    """Students who joined but never opened the assignment: per-student sheets draw theirs."""
    from classes import services as class_services

    for n in range(count):
        learner = LearnerFactory()
        class_services.membership_join(
            classroom=assignment.classroom,
            display_name=f"Late {n}",
            learner_for_join=lambda learner=learner: learner,
        )


def test_teacher_pages_stay_within_their_budgets_and_cost_the_same_for_five_or_sixty(client):
    teacher = UserFactory(username="teacher")
    client.force_login(teacher)
    counts = []
    for students in (5, 60):
        classroom, assignment = _class_that_handed_in(teacher, students)
        _some_not_started(assignment, 2)
        pages = _teacher_pages(classroom, assignment)
        counts.append({name: _count(client, "get", path) for name, (_, path) in pages.items()})
        for name, (budget, _) in pages.items():
            assert counts[-1][name] <= budget, (students, name, counts[-1][name], budget)
    assert counts[0] == counts[1]


# -- students --------------------------------------------------------------------------------------

STUDENT_PAGE = 7  # the session, the learner, their place in the class, the assignment, the work
# The answer, progress and review saved, the student's own terms read; with htmx, the work
# read again. And the gradebook's revision counted (assignments/stamps.py: one UPDATE with F()),
# in the answer's transaction (a savepoint here, two statements). 15 before the stamp; the
# answer alone is 16, with htmx 18.
STUDENT_ANSWER = 18
# A join also creates the learner, the membership, the personal link and the session (and
# looks for sessions of an earlier link to end), and checks the join-code rate limits, the
# browser's and the address's, which the database cache keeps (django-ratelimit adds each
# key before reading it: five statements a key), and counts the class's gradebook revision
# (one UPDATE, and an INSERT the first time), and counts the class's students against its
# limit (classes/limits.py). 23 before the stamp (24 with it, 25 with the limit; 19 again).
JOIN = 25
# On PostgreSQL each of the cache's reads and writes inside a transaction (here the test's
# own) takes a savepoint, so that a cache that fails cannot spoil the request's transaction
# (config/caches.py): two rate-limit keys, up to twelve statements more (twice as many with
# a wrong code, whose limits are read, then counted).
CACHE_SAVEPOINTS_ON_POSTGRESQL = 12
JOIN_WITH_A_WRONG_CODE = 38  # the two limits are read, then counted


def _student_with_assignments(client, *, classmates: int, questions: int, layout: str):
    """A browser that joined a class of `classmates` with two assignments of `questions`,
    one handed in and one half answered, and a third class of its own with one more."""
    from assignments import services as assignment_services

    classes = []
    for n in range(2):
        teacher = UserFactory(username=f"t{n}-{classmates}-{questions}")
        classroom, _ = _class_that_handed_in(teacher, classmates)
        classes.append(classroom)
    client.post("/join/", {"code": classes[0].join_code, "display_name": "Dana"})
    client.post("/join/", {"code": classes[1].join_code, "display_name": "Dana"})
    learner = Learner.objects.get(pk=client.session[services.SESSION_KEY])
    # Every skill practised before, so each answer below counts progress the same way.
    services.progress_record(learner_id=learner.pk, skills=list(SKILLS), right=True)
    membership = learner.memberships.get(classroom=classes[0])
    made = []
    for title in ("Handed in", "Half way"):
        assignment = assignment_services.assignment_create(
            classroom=classes[0],
            title=title,
            kinds=["undertricks", "duplicate_deal"],
            skills=[],
            question_count=questions,
            same_for_everyone=False,
            layout=layout,
            show_answers="immediately",
        )
        attempt = assignment_services.attempt_start(assignment=assignment, membership=membership)
        items = list(attempt.items.select_related("question", "attempt__assignment"))
        for item in items[: len(items) // 2] if title == "Half way" else items:
            assignment_services.attempt_answer(item=item, given=right_answer(item.question))
        if title == "Handed in":
            assignment_services.attempt_submit(attempt=attempt)
        made.append(assignment)
    return made


def _student_pages(assignment) -> dict[str, tuple[int, str, str, dict | None, dict]]:
    """(budget, method, path, data, headers) for what a student opens and sends."""
    from assignments.models import AttemptQuestion

    unanswered = (
        AttemptQuestion.objects.filter(attempt__assignment=assignment, question__answer=None)
        .select_related("question")
        .order_by("position")
    )
    first, second = unanswered[0].question, unanswered[1].question
    base = f"/join/a/{assignment.public_id}"
    return {
        "join": (JOIN, "get", "/join/", None, {}),
        "your classes": (STUDENT_PAGE, "get", "/join/classes/", None, {}),
        "assignment": (STUDENT_PAGE, "get", f"{base}/", None, {}),
        "assignment, at a question": (STUDENT_PAGE, "get", f"{base}/?n=2", None, {}),
        "answer": (STUDENT_ANSWER, "post", f"{base}/q/{first.public_id}/", right_answer(first), {}),
        "answer, htmx": (
            STUDENT_ANSWER,
            "post",
            f"{base}/q/{second.public_id}/",
            right_answer(second),
            HTMX,
        ),
        "replayed answer": (
            STUDENT_ANSWER,
            "post",
            f"{base}/q/{first.public_id}/",
            right_answer(first),
            {},
        ),
    }


@pytest.mark.parametrize("layout", ["one", "all"])
def test_student_pages_stay_within_their_budgets_and_cost_the_same_for_5_or_60(layout):
    """5 or 60 classmates, and 6 or 50 questions: each page within its budget both times,
    and the same queries both times."""
    from django.test import Client

    counts = []
    for classmates, questions in ((5, 6), (60, 50)):
        browser = Client()
        _, assignment = _student_with_assignments(
            browser, classmates=classmates, questions=questions, layout=layout
        )
        pages = _student_pages(assignment)
        counts.append(
            {
                name: _count(browser, method, path, data, **headers)
                for name, (_, method, path, data, headers) in pages.items()
            }
        )
        for name, (budget, *_) in pages.items():
            assert counts[-1][name] <= budget, (classmates, name, counts[-1][name], budget)
    assert counts[0] == counts[1]


def test_joining_a_class_stays_within_its_budget(client):
    from classes import services as class_services

    teacher = UserFactory(username="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Joiners")
    joined = _count(client, "post", "/join/", {"code": classroom.join_code, "display_name": "Eve"})
    again = _count(client, "post", "/join/", {"code": classroom.join_code, "display_name": "Eve"})
    wrong = _count(client, "post", "/join/", {"code": "ZZZZ-ZZZZ", "display_name": "Eve"}, ok=422)
    savepoints = CACHE_SAVEPOINTS_ON_POSTGRESQL if connection.vendor == "postgresql" else 0
    assert joined <= JOIN + savepoints and again <= JOIN + savepoints, (joined, again)
    assert wrong <= JOIN_WITH_A_WRONG_CODE + 2 * savepoints, wrong
