"""The gradebook and its CSV: every student, the attempt that counts, class statistics,
and a fixed number of database queries whatever the size of the class."""

import csv
import html
import io
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from assignments import services
from assignments.models import Assignment, Attempt, AttemptQuestion
from assignments.selectors import question_labels
from classes.models import Membership
from quizzes.models import Answer
from quizzes.skills import MISTAKE_SKILLS
from reports import export
from reports.gradebook import gradebook_report
from scoring import MISTAKES
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    TeacherSettingsFactory,
    cleaned_answer,
    right_answer,
    wrong_answer,
)

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def _class_with_work(size: int, attempts_allowed: int = 1):
    """A class of `size`: a fifth never start; the rest answer, some wrong; half hand in."""
    classroom = ClassroomFactory()
    assignment = AssignmentFactory(
        classroom=classroom, question_count=4, attempts_allowed=attempts_allowed
    )
    for n in range(size):
        member = MembershipFactory(classroom=classroom, display_name=f"Student {n:02}")
        if n % 5 == 4:
            continue
        attempt = services.attempt_start(assignment=assignment, membership=member)
        for item in attempt.items.select_related("question", "attempt__assignment"):
            wrong = (n + item.position) % 3 == 0
            data = wrong_answer(item.question) if wrong else right_answer(item.question)
            services.attempt_answer(item=item, given=cleaned_answer(item.question, data))
        if n % 2 == 0:
            services.attempt_submit(attempt=attempt)
    return classroom, assignment


# -- a fixed number of queries --------------------------------------------------------------

# Drawn: the session, the user, the assignment with its class, both of its gradebook stamps
# (assignments/stamps.py), and the students with their own terms (allowances), attempts and
# answers: five, for any size of class. Kept (nothing changed since): the same but the last.
GRADEBOOK_QUERIES = 5
GRADEBOOK_KEPT_QUERIES = 4
# The CSV: the session, the user, the assignment with its class, the students with their
# attempts, and the answers given on the attempts that count (reports.gradebook.answers_given).
CSV_QUERIES = 5


def _hand_in_one(assignment):
    """One more student hands in, so the next gradebook is drawn again (its stamp moved)."""
    attempt = Attempt.objects.filter(assignment=assignment, submitted_at=None).first()
    services.attempt_submit(attempt=attempt)


@pytest.mark.parametrize("size", [5, 60])
def test_the_gradebook_page_and_csv_make_the_same_queries_for_5_or_60_students(
    client, django_assert_num_queries, size
):
    classroom, assignment = _class_with_work(size)
    client.force_login(classroom.teacher)
    url = f"/teachers/assignments/{assignment.public_id}/"
    with django_assert_num_queries(CSV_QUERIES):
        response = client.get(f"{url}gradebook.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert len(rows) == size + 1
    client.get(url)  # the first look makes the stamps of a class its factory made
    _hand_in_one(assignment)
    with django_assert_num_queries(GRADEBOOK_QUERIES):
        response = client.get(url)
    assert response.status_code == 200
    assert response.content.decode().count('data-status="') == size
    with django_assert_num_queries(GRADEBOOK_KEPT_QUERIES):
        kept = client.get(url)
    assert _tables(kept) == _tables(response)


def _tables(response) -> str:
    page = response.content.decode()
    return page[page.index('<h2 id="students-title">') :]


# -- what it shows --------------------------------------------------------------------------


def test_every_student_is_in_the_gradebook_with_status_and_score():
    classroom, assignment = _class_with_work(5)
    book = gradebook_report(assignment=assignment, now=timezone.now())
    statuses = {row.membership.display_name: row.status for row in book.rows}
    assert statuses == {
        "Student 00": "submitted",
        "Student 01": "in_progress",
        "Student 02": "submitted",
        "Student 03": "in_progress",
        "Student 04": "not_started",
    }
    for row in book.rows:
        if row.status == "not_started":
            assert (row.answered, row.right, row.started) == (0, 0, None)
            continue
        items = AttemptQuestion.objects.filter(attempt__membership_id=row.membership.id)
        right = items.filter(question__answer__correct=True).count()
        assert (row.answered, row.right, row.total) == (4, right, 4)
        assert row.marks == [
            item.question.answer.correct
            for item in items.select_related("question__answer").order_by("position")
        ]


def test_question_and_skill_statistics_count_each_students_attempt_that_counts():
    classroom, assignment = _class_with_work(5)
    book = gradebook_report(assignment=assignment, now=timezone.now())
    answers = [
        item.question.answer
        for item in AttemptQuestion.objects.filter(attempt__assignment=assignment)
        .select_related("question__answer")
        .order_by("position")
    ]
    assert sum(stat.answered for stat in book.questions) == len(answers) == 16
    assert sum(stat.right for stat in book.questions) == sum(a.correct for a in answers)
    assert book.skills
    for stat in book.skills:
        assert 0 <= stat.right <= stat.answered
    named = [key for a in answers for key in a.mistakes]
    shown = [key for stat in book.questions for key, _, _ in stat.top_mistakes]
    assert set(shown) <= set(named)


def test_a_question_and_a_skill_show_the_share_right_and_the_named_mistakes(client):
    """The ready-made quiz, the same for everyone. Question 3c: THEY's 4D doubled, not
    vulnerable, down five, so WE score 1100 (-1100 to the declarer).

    Ann answers everything right; Ben and Cal too, except 3c, where they count the undertricks
    as undoubled (-250); Dee answers only 3c, with the sign reversed (+1100); Eve never starts.
    """
    classroom = ClassroomFactory()
    assignment = services.assignment_create_review_quiz(classroom=classroom)
    labels = question_labels(assignment)
    position_3c = next(i for i, label in enumerate(labels) if label.startswith("3c:"))
    given_3c = {"Ann": None, "Ben": -250, "Cal": -250, "Dee": 1100}
    for name in ["Ann", "Ben", "Cal", "Dee", "Eve"]:
        member = MembershipFactory(classroom=classroom, display_name=name)
        if name == "Eve":
            continue
        attempt = services.attempt_start(assignment=assignment, membership=member)
        for item in attempt.items.select_related("question", "attempt__assignment"):
            right = cleaned_answer(item.question, right_answer(item.question))
            if item.position == position_3c:
                assert right == {"answer": -1100}  # the documents' figure: WE 1100
                given = {"answer": given_3c[name]} if given_3c[name] else right
            elif name == "Dee":
                continue
            else:
                given = right
            services.attempt_answer(item=item, given=given)

    book = gradebook_report(assignment=assignment, now=timezone.now())
    undoubled, sign = MISTAKES["undoubled_scale_when_doubled"], MISTAKES["sign_reversed"]
    mistakes = [(undoubled.key, undoubled.name, 2), (sign.key, sign.name, 1)]
    question = book.questions[position_3c]
    assert (question.answered, question.right, question.percent) == (4, 1, 25)
    assert question.top_mistakes == mistakes
    # The duplicate skill is question 3, a to d: Ann, Ben and Cal answer all four, Dee one.
    (duplicate,) = [stat for stat in book.skills if stat.key == "duplicate"]
    assert (duplicate.answered, duplicate.right, duplicate.percent) == (13, 10, 77)
    # Each mistake counts against the skill it belongs to: the sign under duplicate, the
    # undoubled scale under doubles, never the other way round.
    assert duplicate.top_mistakes == [(sign.key, sign.name, 1)]
    (doubles,) = [stat for stat in book.skills if stat.key == "doubles"]
    assert doubles.top_mistakes == [(undoubled.key, undoubled.name, 2)]
    for stat in book.skills:
        assert all(MISTAKE_SKILLS[key] == stat.key for key, _, _ in stat.top_mistakes), stat.key

    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    row = f'data-position="{position_3c + 1}" data-right="1" data-answered="4"'
    assert row in page
    assert 'data-skill="duplicate" data-right="10" data-answered="13"' in page


def test_the_best_handed_in_attempt_counts():
    classroom = ClassroomFactory()
    assignment = AssignmentFactory(classroom=classroom, question_count=2, attempts_allowed=3)
    member = MembershipFactory(classroom=classroom)
    scores = []
    for wrong_count in (1, 0, 2):  # attempt 2 is the best
        attempt = services.attempt_start(assignment=assignment, membership=member)
        for item in attempt.items.select_related("question", "attempt__assignment"):
            data = wrong_answer(item.question) if item.position < wrong_count else None
            data = data or right_answer(item.question)
            services.attempt_answer(item=item, given=cleaned_answer(item.question, data))
        services.attempt_submit(attempt=attempt)
        scores.append(2 - wrong_count)
    row = gradebook_report(assignment=assignment, now=timezone.now()).rows[0]
    assert (row.right, row.attempts_used) == (max(scores), 3)


def test_a_student_unsubmitted_after_the_due_date_is_shown_closed():
    classroom, assignment = _class_with_work(2)
    assignment.due_at = timezone.now()
    assignment.save()
    book = gradebook_report(assignment=assignment, now=timezone.now())
    assert [row.status for row in book.rows] == ["submitted", "closed"]


def test_the_csv_never_lets_a_students_name_run_as_a_formula(client):
    member = MembershipFactory(display_name='=HYPERLINK("http://x")')
    assignment = AssignmentFactory(classroom=member.classroom)
    client.force_login(member.classroom.teacher)
    response = client.get(f"/teachers/assignments/{assignment.public_id}/gradebook.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[1][0].startswith("'=")
    assert response["Content-Disposition"].startswith("attachment; filename=")


@pytest.mark.parametrize(
    "text, cell",
    [("Sam", "Sam"), ("=1+1", "'=1+1"), ("+44", "'+44"), ("-x", "'-x"), ("@SUM", "'@SUM")],
)
def test_safe_cell(text, cell):
    assert export.safe_cell(text) == cell


def test_the_csv_opens_in_excel_as_utf8_and_says_which_assignment_and_when_due(client):
    member = MembershipFactory(display_name="María José Ñ.")
    due = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assignment = AssignmentFactory(classroom=member.classroom, title="Week 3", due_at=due)
    client.force_login(member.classroom.teacher)
    response = client.get(f"/teachers/assignments/{assignment.public_id}/gradebook.csv")
    assert response.content.startswith("\ufeff".encode())  # Excel reads UTF-8 with this mark
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, row = rows[0], rows[1]
    assert header[0] == "Student" and row[0] == "María José Ñ."
    assert row[header.index("Assignment")] == "Week 3"
    assert row[header.index("Due (UTC)")] == "2026-12-01 18:00"


def test_a_blank_handed_in_counts_as_wrong_in_the_per_question_figures_as_in_the_scores(client):
    assignment = AssignmentFactory(question_count=2)
    plans = {"Ana": (True, True, True), "Bea": (True, None, True), "Cal": (False, False, True)}
    plans["Dan"] = (True, None, False)  # still working: the blank is not counted yet
    for name, (first, second, hand_in) in plans.items():
        member = MembershipFactory(classroom=assignment.classroom, display_name=name)
        attempt = services.attempt_start(assignment=assignment, membership=member)
        for item, right in zip(attempt.items.order_by("position"), (first, second), strict=True):
            if right is not None:
                data = right_answer(item.question) if right else wrong_answer(item.question)
                services.attempt_answer(item=item, given=cleaned_answer(item.question, data))
        if hand_in:
            services.attempt_submit(attempt=attempt)
    book = gradebook_report(assignment=assignment, now=timezone.now())
    second = book.questions[1]
    assert (second.right, second.answered, second.blank) == (1, 3, 1)
    handed_in = [row for row in book.rows if row.status == "submitted"]
    assert sum(s.right for s in book.questions) == sum(row.right for row in book.rows)
    assert sum(s.answered for s in book.questions) == sum(r.total for r in handed_in) + 1
    client.force_login(assignment.classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert '<td class="num">1 of 3, 1 left blank</td>' in page


def test_blanks_of_an_attempt_closed_by_its_due_date_count_as_wrong_in_the_figures_as_in_its_score(
    client,
):
    now = timezone.now()
    assignment = AssignmentFactory(question_count=2, due_at=now + timedelta(hours=1))
    plans = {"Ana": (True, None, False), "Bea": (True, None, False), "Cal": (True, True, True)}
    for name, (first, second, hand_in) in plans.items():
        member = MembershipFactory(classroom=assignment.classroom, display_name=name)
        if name == "Bea":  # a later due date: still working when the class's has passed
            services.allowance_set(assignment=assignment, membership=member, due_at=now + DAY)
        attempt = services.attempt_start(assignment=assignment, membership=member)
        for item, right in zip(attempt.items.order_by("position"), (first, second), strict=True):
            if right is not None:
                data = right_answer(item.question) if right else wrong_answer(item.question)
                services.attempt_answer(item=item, given=cleaned_answer(item.question, data))
        if hand_in:
            services.attempt_submit(attempt=attempt)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=now - timedelta(minutes=1))
    assignment.refresh_from_db()

    book = gradebook_report(assignment=assignment, now=now)
    by_name = {row.membership.display_name: row for row in book.rows}
    assert [by_name[n].status for n in plans] == ["closed", "in_progress", "submitted"]
    assert (by_name["Ana"].right, by_name["Ana"].total) == (1, 2)  # the blank is wrong
    second = book.questions[1]
    assert (second.right, second.answered, second.blank) == (1, 2, 1)  # Cal's, and Ana's blank
    over = [row for row in book.rows if row.status in ("submitted", "closed")]
    assert sum(s.answered for s in book.questions) == sum(r.total for r in over) + 1  # Bea's
    assert any(stat.blank == 1 for stat in book.skills)  # and in its skills' figures
    client.force_login(assignment.classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert '<td class="num">1 of 2, 1 left blank</td>' in page


def test_the_csv_says_a_student_is_excused_and_gives_their_own_later_due_date(client):
    due, later = datetime(2026, 12, 1, 18, 0, tzinfo=UTC), datetime(2026, 12, 4, 9, 0, tzinfo=UTC)
    assignment = AssignmentFactory(title="Week 3", due_at=due)
    ana = MembershipFactory(classroom=assignment.classroom, display_name="Ana")
    bea = MembershipFactory(classroom=assignment.classroom, display_name="Bea")
    MembershipFactory(classroom=assignment.classroom, display_name="Cal")
    services.allowance_set(assignment=assignment, membership=ana, excused=True)
    services.allowance_set(assignment=assignment, membership=bea, due_at=later)
    client.force_login(assignment.classroom.teacher)
    response = client.get(f"/teachers/assignments/{assignment.public_id}/gradebook.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, by_name = rows[0], {row[0]: row for row in rows[1:]}
    status, due_column = header.index("Status"), header.index("Due (UTC)")
    assert by_name["Ana"][status] == "Excused"
    assert by_name["Bea"][status] == "Not started" == by_name["Cal"][status]
    assert by_name["Bea"][due_column] == "2026-12-04 09:00"
    assert by_name["Ana"][due_column] == "2026-12-01 18:00" == by_name["Cal"][due_column]


@pytest.mark.parametrize(
    ("part", "whole", "percent"),
    [(1, 8, 13), (3, 8, 38), (5, 8, 63), (0, 8, 0), (8, 8, 100), (1, 3, 33), (2, 3, 67)],
)
def test_percentages_round_halves_up_every_time(part, whole, percent):
    from reports.gradebook import percent_of

    assert percent_of(part, whole) == percent


def test_the_class_page_lists_its_assignments_newest_first(client):
    classroom = ClassroomFactory()
    older = AssignmentFactory(classroom=classroom, title="First week")
    newer = AssignmentFactory(classroom=classroom, title="Second week")
    Assignment.objects.filter(pk=older.pk).update(created=datetime(2026, 1, 1, tzinfo=UTC))
    Assignment.objects.filter(pk=newer.pk).update(created=datetime(2026, 2, 1, tzinfo=UTC))
    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/classes/{classroom.public_id}/").content.decode()
    assert "newest first" in page
    assert page.index("Second week") < page.index("First week")


# -- the page's tables ------------------------------------------------------------------------


def _cells(page: str, student) -> list[str]:
    """The header cell and the cells of a student's row, as HTML."""
    row = page[page.index(f'data-student="{student.public_id}"') :]
    row = row[: row.index("</tr>")]
    return re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)


def test_a_students_name_is_shown_as_text_never_as_markup(client):
    classroom, assignment = _class_with_work(1)
    started = Membership.objects.get(classroom=classroom)
    started.display_name = '<b>Ann & "Bo"</b>'
    started.save()
    waiting = MembershipFactory(classroom=classroom, display_name="<i>Cy</i>")
    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert "<b>Ann" not in page and "<i>Cy" not in page
    work = f"/teachers/assignments/{assignment.public_id}/students/{started.public_id}/"
    ann = f'<a href="{work}">&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;</a>'
    assert _cells(page, started)[0] == ann
    # Every student links to their page (their work, and what they alone are allowed).
    cy = f"/teachers/assignments/{assignment.public_id}/students/{waiting.public_id}/"
    assert _cells(page, waiting)[0] == f'<a href="{cy}">&lt;i&gt;Cy&lt;/i&gt;</a>'


@pytest.mark.parametrize("public_id", ["hE3x_Zq-9aKQ2wLp", "a&b'c d", "Ñandú%"])
def test_each_student_links_to_their_page_whatever_their_id(client, public_id):
    """The site's ids need no quoting; any other is quoted and escaped as {% url %} would."""
    classroom, assignment = _class_with_work(1)
    Membership.objects.filter(classroom=classroom).update(public_id=public_id)
    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    work = reverse("assignments:student_work", args=[assignment.public_id, public_id])
    row = page[page.index(f'data-student="{html.escape(public_id)}"') :]
    assert row.startswith(f'data-student="{html.escape(public_id)}" data-status="')
    assert f'<th scope="row"><a href="{html.escape(work)}">Student 00</a></th>' in row


def test_the_students_table_shows_times_in_the_time_zone_and_minutes_taken(client):
    """Ann handed in after 12 minutes; Ben has not, and last answered 7 minutes in.
    Both started at 23:30 UTC on 9 March: 05:00 on the 10th in India (UTC+5:30), the
    teacher's time zone."""
    classroom, assignment = _class_with_work(2)
    ann, ben = Membership.objects.filter(classroom=classroom).order_by("display_name")
    start = datetime(2026, 3, 9, 23, 30, tzinfo=UTC)
    Attempt.objects.filter(assignment=assignment).update(started=start)
    Attempt.objects.filter(membership=ann).update(submitted_at=start + timedelta(minutes=12))
    items = AttemptQuestion.objects.filter(attempt__membership=ben).order_by("position")
    for minutes, item in zip([1, 7, 2, 3], items, strict=True):
        Answer.objects.filter(question=item.question).update(
            created=start + timedelta(minutes=minutes)
        )
    TeacherSettingsFactory(user=classroom.teacher, time_zone="Asia/Kolkata")
    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    # Student, status, score, answered, attempts, started, handed in, minutes.
    assert _cells(page, ann)[4:] == ["1", "10 Mar, 05:00", "10 Mar, 05:12", "12"]
    assert _cells(page, ben)[4:] == ["1", "10 Mar, 05:00", "–", "7"]


def test_the_question_table_lists_each_questions_commonest_named_mistakes(client):
    classroom, assignment = _class_with_work(10)
    wrong_at_first = Answer.objects.filter(
        question__assignment_item__attempt__assignment=assignment,
        question__assignment_item__position=0,
        correct=False,
    )
    wrong_at_first.update(mistakes=["sign_reversed"])
    client.force_login(classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    book = gradebook_report(assignment=assignment, now=timezone.now())
    first, *others = book.questions
    count = first.mistakes["sign_reversed"]
    assert count >= 1
    mistake = html.escape(MISTAKES["sign_reversed"].name)
    row = page[page.index('data-position="1"') :]
    row = row[: row.index("</tr>")]
    assert (
        f'<ul class="plain-list"><li data-mistake="sign_reversed">{mistake} '
        f'<span class="muted">({count})</span></li></ul>'
    ) in row
    unnamed = next(stat for stat in others if stat.answered and not stat.mistakes)
    row = page[page.index(f'data-position="{unnamed.key}"') :]
    assert '<span class="muted">None named</span>' in row[: row.index("</tr>")]


# -- the same set for everyone, a fresh set at each attempt ---------------------------------


def _answer_and_hand_in(assignment, member, marks):
    """One attempt of `member`, answered right or wrong position by position, handed in."""
    attempt = services.attempt_start(assignment=assignment, membership=member)
    items = attempt.items.select_related("question", "attempt__assignment").order_by("position")
    for item, right in zip(items, marks, strict=True):
        data = right_answer(item.question) if right else wrong_answer(item.question)
        services.attempt_answer(item=item, given=cleaned_answer(item.question, data))
    services.attempt_submit(attempt=attempt)
    return attempt


def _same_set_two_attempts():
    """Anna hands in 5/5 then 3/5 (attempt 1 counts); Ben 3/5 then 4/5 (attempt 2 counts)."""
    assignment = AssignmentFactory(question_count=5, same_for_everyone=True, attempts_allowed=2)
    plans = {
        "Anna": [(1, 1, 1, 1, 1), (1, 0, 1, 0, 1)],
        "Ben": [(1, 0, 1, 1, 0), (1, 1, 1, 1, 0)],
    }
    done = {}
    for name, tries in plans.items():
        member = MembershipFactory(classroom=assignment.classroom, display_name=name)
        done[name] = [_answer_and_hand_in(assignment, member, marks) for marks in tries]
    return assignment, plans, done


def test_per_question_figures_of_a_set_for_everyone_never_pool_different_attempts_questions():
    assignment, plans, done = _same_set_two_attempts()
    book = gradebook_report(assignment=assignment, now=timezone.now())
    assert [row.right for row in book.rows] == [5, 4]  # Anna's attempt 1, Ben's attempt 2
    assert [s.number for s in book.question_sets] == [1, 2]
    for number, question_set in enumerate(book.question_sets, start=1):
        # Like with like: both students were asked the same questions at this attempt.
        asked = [
            [item.question.situation for item in done[name][number - 1].items.order_by("position")]
            for name in plans
        ]
        assert asked[0] == asked[1]
        rights = [sum(plans[name][number - 1][p] for name in plans) for p in range(5)]
        assert [s.right for s in question_set.questions] == rights
        assert [s.answered for s in question_set.questions] == [2] * 5
    # The first attempts' set differs from the second's (a retry is no free marks).
    first, second = (done["Anna"][0].items.order_by("position"), done["Anna"][1].items)
    assert [i.question.situation for i in first] != [
        i.question.situation for i in second.order_by("position")
    ]


def test_the_gradebook_page_says_each_attempts_set_has_its_own_table(client):
    assignment, _, _ = _same_set_two_attempts()
    client.force_login(assignment.classroom.teacher)
    page = client.get(f"/teachers/assignments/{assignment.public_id}/").content.decode()
    assert "The questions of attempt 1" in page and "The questions of attempt 2" in page
    assert "each set has its own table, counted over every attempt at it" in page
    assert "Counted over each student's attempt that counts" not in page
    assert page.count('data-position="3"') == 2


@pytest.mark.parametrize("size", [3, 12])
def test_the_gradebook_of_a_set_for_everyone_makes_the_same_queries_for_3_or_12_students(
    client, django_assert_num_queries, size
):
    assignment = AssignmentFactory(question_count=2, same_for_everyone=True, attempts_allowed=2)
    for n in range(size):
        member = MembershipFactory(classroom=assignment.classroom, display_name=f"Student {n:02}")
        for _ in range(2):
            _answer_and_hand_in(assignment, member, (n % 2, 1))
    client.force_login(assignment.classroom.teacher)
    url = f"/teachers/assignments/{assignment.public_id}/"
    client.get(url)  # the first look makes the stamps of a class its factory made
    services.allowance_set(
        assignment=assignment, membership=member, due_at=timezone.now() + DAY, excused=False
    )
    with django_assert_num_queries(GRADEBOOK_QUERIES):
        response = client.get(url)
    assert response.content.decode().count('<h3 id="set-') == 2
