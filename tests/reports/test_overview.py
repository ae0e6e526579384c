"""The class-wide view: students against assignments with averages and a CSV, each student's
level per skill, last activity, and who needs attention; its queries do not grow with the
class."""

import csv
import io
from datetime import timedelta

import pytest
import time_machine
from django.test import Client

from assignments import services
from classes import services as class_services
from quizzes import services as practice
from quizzes.models import Answer
from scoring import MISTAKES
from tests.clock import NOW
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
    wrong_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


def _answer(item, right: bool):
    data = right_answer(item.question) if right else wrong_answer(item.question)
    given = cleaned_answer(item.question, data)
    services.attempt_answer(item=item, given=given)


def _work(assignment, membership, rights: list[bool], *, hand_in=True):
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    items = list(attempt.items.select_related("question", "attempt__assignment"))
    for item, right in zip(items, rights, strict=False):
        _answer(item, right)
    if hand_in:
        services.attempt_submit(attempt=attempt)
    return attempt


def _class(size: int, assignments: int = 2):
    teacher = UserFactory()
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    works = [
        AssignmentFactory(classroom=classroom, title=f"Week {n + 1}", question_count=4)
        for n in range(assignments)
    ]
    students = [
        MembershipFactory(classroom=classroom, display_name=f"Student {n:02d}") for n in range(size)
    ]
    client = Client()
    client.force_login(teacher)
    return client, classroom, works, students


def _overview(client, classroom) -> str:
    response = client.get(f"/teachers/classes/{classroom.public_id}/overview/")
    assert response.status_code == 200
    return response.content.decode()


def test_each_student_has_a_cell_per_assignment_and_an_average(db):
    client, classroom, (week1, week2), (ann, ben, cleo) = _class(3)
    _work(week1, ann, [True, True, True, False])  # 3 / 4: 75%
    _work(week2, ann, [True, True, True, True])  # 4 / 4: 100%
    _work(week1, ben, [True], hand_in=False)  # in progress
    services.allowance_set(assignment=week1, membership=cleo, excused=True)
    page = _overview(client, classroom)
    assert ">3 / 4 (75%)<" in page and ">4 / 4 (100%)<" in page
    assert ">In progress: 1 / 4<" in page
    assert '<td data-status="excused">Excused</td>' in page
    assert '<td class="num">88%</td>' in page  # Ann: (75 + 100) / 2, halves up
    # Averages count work handed in (or closed): Ben's, still in progress, not yet; and
    # they say how many of the class they count (Cleo, excused from week 1, is not one).
    assert (
        '<tfoot><tr><th scope="row">Class average</th>'
        '<td data-counted="1" data-of="2">75% <span class="muted" data-state="partial-average">'
        "(the 1 of 2 students with a mark)</span></td>"
        '<td data-counted="1" data-of="3">100% <span class="muted" data-state="partial-average">'
        "(the 1 of 3 students with a mark)</span></td>"
    ) in page


def test_a_class_average_after_a_reset_says_how_many_it_counts_and_how_many_were_reset(db):
    # Six students hand in; the teacher resets four of them, two of whom start again without
    # handing in: the average is of the two with a mark, and the page says so.
    client, classroom, (week1,), students = _class(6, assignments=1)
    for n, student in enumerate(students):
        attempt = _work(week1, student, [True, True, n % 2 == 0, False])
        if n >= 2:
            services.attempt_reset(attempt=attempt)
    page = _overview(client, classroom)
    assert '<td data-counted="2" data-of="6">63% ' in page  # (75 + 50) / 2, halves up
    assert "(the 2 of 6 students with a mark; 4 reset, with none since)" in page
    # Once everyone has a mark again, the average is plain.
    for student in students[2:]:
        _work(week1, student, [True, True, True, True])
    page = _overview(client, classroom)
    assert 'data-state="partial-average"' not in page


def test_a_student_who_answered_practice_yesterday_shows_that_as_last_activity(db):
    client, classroom, works, (ann,) = _class(1, assignments=1)
    with time_machine.travel(NOW - timedelta(days=1), tick=False):
        question = practice.question_new(learner=ann.learner, kind="undertricks", seed=4)
        practice.answer_submit(
            question=question, given=cleaned_answer(question, right_answer(question))
        )
    page = _overview(client, classroom)
    assert "<td>23 Nov, 12:00</td>" in page
    # One answer, right: the skill is being learned (five right in a row to master it).
    assert 'data-skill="undertricks" data-level="learning">Learning<' in page


def test_an_attempt_left_idle_for_two_days_needs_attention_and_one_day_does_not(db):
    client, classroom, (week1,), (ann, ben) = _class(2, assignments=1)
    with time_machine.travel(NOW - timedelta(days=3), tick=False):
        _work(week1, ann, [True], hand_in=False)
    with time_machine.travel(NOW - timedelta(hours=20), tick=False):
        _work(week1, ben, [True], hand_in=False)
    page = _overview(client, classroom)
    assert f'data-attention="{ann.public_id}"' in page
    assert "started “Week 1” and has given no answer for 3 days." in page
    assert f'data-attention="{ben.public_id}"' not in page


def test_the_same_named_mistake_three_times_needs_attention(db):
    client, classroom, (week1,), (ann,) = _class(1, assignments=1)
    attempt = _work(week1, ann, [False, False, False, False])
    named = Answer.objects.filter(question__assignment_item__attempt=attempt)
    named.update(mistakes=["insult_forgotten"])
    page = _overview(client, classroom)
    assert f'data-attention="{ann.public_id}"' in page
    assert "the same mistake 4 times in assignments: " + MISTAKES["insult_forgotten"].name in page


def test_who_needs_attention_is_said_in_the_teachers_language_with_its_plurals(db):
    from tests.i18n.test_teacher_words import page as page_in

    client, classroom, (week1,), (ann,) = _class(1, assignments=1)
    with time_machine.travel(NOW - timedelta(days=3), tick=False):
        attempt = _work(week1, ann, [False, False, False], hand_in=False)
    named = Answer.objects.filter(question__assignment_item__attempt=attempt)
    named.update(mistakes=["insult_forgotten"])
    page = page_in(client, "fr", "reports:classroom_overview", classroom.public_id)
    assert "a commencé « Week 1 » et n'a donné aucune réponse depuis 3 jours." in page
    assert "la même erreur 3 fois dans les devoirs\u00a0: " in page
    page = page_in(client, "nl", "reports:classroom_overview", classroom.public_id)
    assert "is aan ‘Week 1’ begonnen en heeft al 3 dagen geen antwoord gegeven." in page
    assert "dezelfde fout 3 keer in opdrachten: " in page


def test_nobody_needs_attention_in_a_class_that_is_up_to_date(db):
    client, classroom, (week1,), (ann,) = _class(1, assignments=1)
    _work(week1, ann, [True, True, True, True])
    assert "Nobody right now" in _overview(client, classroom)


def test_the_csv_has_a_row_per_student_and_a_column_per_assignment(db):
    client, classroom, (week1, week2), (ann, ben) = _class(2)
    _work(week1, ann, [True, True, False, False])
    response = client.get(f"/teachers/classes/{classroom.public_id}/overview.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Student", "Week 1", "Week 2", "Average (%)", "Last activity (UTC)"]
    assert rows[1] == ["Student 00", "50", "", "50", "2026-11-24 12:00"]
    assert rows[2] == ["Student 01", "", "", "", ""]


@pytest.mark.parametrize("size", [3, 30])
def test_the_class_wide_view_makes_the_same_queries_for_3_or_30_students(
    db, size, django_assert_num_queries
):
    client, classroom, works, students = _class(size, assignments=10)
    for n, student in enumerate(students):
        _work(works[n % 10], student, [True, n % 2 == 0], hand_in=n % 3 == 0)
    # The session, the user, the class, the answers waiting to be counted, the students,
    # the assignments, the allowances, the attempts with their counts, the skill levels,
    # the last answers, the mistakes, the class's live classes at the tables (none here).
    with django_assert_num_queries(12):
        _overview(client, classroom)


def test_drafts_removed_students_and_reset_attempts_are_left_out(db):
    client, classroom, (week1, week2), (ann, ben) = _class(2)
    services.assignment_withdraw(assignment=week2)
    attempt = _work(week1, ann, [True, True, True, True])
    services.attempt_reset(attempt=attempt)
    class_services.membership_remove(membership=ben)
    page = _overview(client, classroom)
    assert "Week 2" not in page
    assert ben.display_name not in page
    assert ">4 / 4 (100%)<" not in page


def test_averages_round_halves_up_as_every_per_cent_on_the_pages(db):
    client, classroom, (week1, week2), (ann,) = _class(1)
    _work(week1, ann, [True, True, False, False])  # 50%
    _work(week2, ann, [True, True, True, False])  # 75%
    page = _overview(client, classroom)
    assert '<td class="num">63%</td>' in page  # 62.5 up, not to the even 62
