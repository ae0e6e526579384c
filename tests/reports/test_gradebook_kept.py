"""The gradebook's tables are kept once drawn, and drawn again as soon as anything in them
changes: a kept table never shows a class as it was.

Ms Hart teaches the class; Ann and Ben are her students. Ann has started the assignment
and answered one question; Ben has not started. Each test looks at the gradebook (so that
its tables are kept), changes something the way the site does, and looks again.
"""

import re
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from assignments import services, stamps
from assignments.models import Assignment, Attempt
from classes import services as class_services
from classes.models import Membership
from tests.clock import NOW
from tests.factories import (
    LearnerFactory,
    TeacherSettingsFactory,
    UserFactory,
    cleaned_answer,
    right_answer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


def _join(classroom, name: str) -> Membership:
    learner = LearnerFactory()
    membership, _ = class_services.membership_join(
        classroom=classroom, display_name=name, learner_for_join=lambda: learner
    )
    return membership


def _answer(attempt, count: int = 1) -> None:
    items = attempt.items.select_related("question", "attempt__assignment").order_by("position")
    for item in items[:count]:
        services.attempt_answer(
            item=item, given=cleaned_answer(item.question, right_answer(item.question))
        )


@pytest.fixture
def hart():
    """Ms Hart's class, as the site makes it: Ann has answered one of three, Ben nothing."""
    teacher = UserFactory(username="ms-hart")
    classroom = class_services.classroom_create(teacher=teacher, name="Year 9 bridge club")
    assignment = services.assignment_create(
        classroom=classroom,
        title="Undertricks",
        kinds=["undertricks"],
        skills=[],
        question_count=3,
        same_for_everyone=True,
        due_at=NOW + timedelta(days=7),
        attempts_allowed=2,
    )
    ann, ben = _join(classroom, "Ann"), _join(classroom, "Ben")
    attempt = services.attempt_start(assignment=assignment, membership=ann)
    _answer(attempt)
    browser = Client()
    browser.force_login(teacher)
    return browser, assignment, ann, ben, attempt


def _page(browser, assignment) -> str:
    response = browser.get(f"/teachers/assignments/{assignment.public_id}/")
    assert response.status_code == 200
    return response.content.decode()


def _row(page: str, membership: Membership) -> dict | None:
    """The student's row: its status and answered count, or None if not in the table."""
    found = re.search(
        rf'<tr data-student="{membership.public_id}" data-status="([a-z_]+)" '
        rf'data-right="(\d+)" data-answered="(\d+)">(.*?)</tr>',
        page,
    )
    if found is None:
        return None
    status, right, answered, cells = found.groups()
    return {"status": status, "answered": int(answered), "cells": cells}


def test_a_kept_table_is_served_as_it_was_drawn_while_nothing_changes(hart):
    browser, assignment, ann, _, _ = hart
    first = _page(browser, assignment)
    zone = timezone.get_current_timezone_name()
    key = stamps.gradebook_key(assignment=assignment, zone=zone)
    assert key is not None
    tables = first[first.index('<h2 id="students-title">') :]
    assert _page(browser, assignment).endswith(tables)
    assert stamps.gradebook_key(assignment=assignment, zone=zone) == key


def test_a_new_answer_shows_at_once(hart):
    browser, assignment, ann, _, attempt = hart
    assert _row(_page(browser, assignment), ann)["answered"] == 1
    _answer(attempt, count=2)
    assert _row(_page(browser, assignment), ann)["answered"] == 2


def test_a_hand_in_shows_at_once(hart):
    browser, assignment, ann, _, attempt = hart
    assert _row(_page(browser, assignment), ann)["status"] == "in_progress"
    services.attempt_submit(attempt=attempt)
    page = _page(browser, assignment)
    assert _row(page, ann)["status"] == "submitted"
    assert "1 handed in, 0 in progress" in page


def test_a_new_attempt_shows_at_once(hart):
    browser, assignment, _, ben, _ = hart
    assert _row(_page(browser, assignment), ben)["status"] == "not_started"
    services.attempt_start(assignment=assignment, membership=ben)
    assert _row(_page(browser, assignment), ben)["status"] == "in_progress"


def test_a_due_date_moved_for_the_class_shows_at_once(hart):
    browser, assignment, ann, _, _ = hart
    assert _row(_page(browser, assignment), ann)["status"] == "in_progress"
    services.assignment_update(assignment=assignment, due_at=NOW - timedelta(hours=1))
    assert _row(_page(browser, assignment), ann)["status"] == "closed"


def test_one_students_later_due_date_and_excuse_show_at_once(hart):
    browser, assignment, ann, ben, _ = hart
    services.assignment_update(assignment=assignment, due_at=NOW - timedelta(hours=1))
    assert _row(_page(browser, assignment), ann)["status"] == "closed"
    services.allowance_set(assignment=assignment, membership=ann, due_at=NOW + timedelta(days=2))
    services.allowance_set(assignment=assignment, membership=ben, excused=True)
    page = _page(browser, assignment)
    assert _row(page, ann)["status"] == "in_progress"
    assert '<span class="badge">Due ' in _row(page, ann)["cells"]
    assert '<span class="badge">Excused</span>' in _row(page, ben)["cells"]


def test_a_reset_and_its_undoing_show_at_once(hart):
    browser, assignment, ann, _, attempt = hart
    assert _row(_page(browser, assignment), ann)["status"] == "in_progress"
    services.attempt_reset(attempt=attempt)
    assert _row(_page(browser, assignment), ann)["status"] == "not_started"
    services.attempt_restore(attempt=attempt)
    assert _row(_page(browser, assignment), ann)["status"] == "in_progress"


def test_students_joining_leaving_and_merged_show_at_once(hart):
    browser, assignment, ann, ben, _ = hart
    _page(browser, assignment)
    cy = _join(assignment.classroom, "Cy")
    page = _page(browser, assignment)
    assert _row(page, cy)["status"] == "not_started"
    class_services.membership_remove(membership=ben)
    assert _row(_page(browser, assignment), ben) is None
    class_services.membership_restore(membership=ben)
    assert _row(_page(browser, assignment), ben) is not None
    services.membership_merge(source=ann, target=cy)
    page = _page(browser, assignment)
    assert _row(page, ann) is None
    assert _row(page, cy)["status"] == "in_progress"
    ann.refresh_from_db()
    services.membership_unmerge(source=ann)
    page = _page(browser, assignment)
    assert (_row(page, ann)["status"], _row(page, cy)["status"]) == ("in_progress", "not_started")


def test_a_due_date_passing_closes_the_kept_table_with_no_write(hart, frozen_clock):
    browser, assignment, ann, _, _ = hart
    services.assignment_update(assignment=assignment, due_at=NOW + timedelta(hours=1))
    assert _row(_page(browser, assignment), ann)["status"] == "in_progress"
    frozen_clock.shift(timedelta(hours=1))
    assert _row(_page(browser, assignment), ann)["status"] == "closed"


def test_the_teachers_new_time_zone_shows_at_once(hart):
    browser, assignment, ann, _, attempt = hart
    Attempt.objects.filter(pk=attempt.pk).update(started=NOW.replace(hour=23, minute=30))
    services.attempt_reset(attempt=attempt)  # a write through the site, after the one above
    services.attempt_restore(attempt=attempt)
    assert "(UTC)" in _page(browser, assignment)
    TeacherSettingsFactory(user=assignment.classroom.teacher, time_zone="Asia/Kolkata")
    browser.force_login(assignment.classroom.teacher)  # the zone is read at login
    page = _page(browser, assignment)
    assert "(Asia/Kolkata)" in page and "(UTC)" not in page
    assert ", 05:00</td>" in _row(page, ann)["cells"]  # 23:30 UTC is 05:00 in India


# Every write that changes what an assignment's gradebook shows, or might: each moves its
# stamp, so that no table kept before it is served after it.
CHANGES = {
    "answer": lambda a, ann, attempt: _answer(attempt, count=2),
    "hand-in": lambda a, ann, attempt: services.attempt_submit(attempt=attempt),
    "new attempt": lambda a, ann, attempt: services.attempt_start(
        assignment=a, membership=Membership.objects.get(display_name="Ben")
    ),
    "settings": lambda a, ann, attempt: services.assignment_update(
        assignment=a, due_at=NOW + timedelta(days=9)
    ),
    "allowance": lambda a, ann, attempt: services.allowance_set(
        assignment=a, membership=ann, extra_attempts=1
    ),
    "reset": lambda a, ann, attempt: services.attempt_reset(attempt=attempt),
    "withdraw": lambda a, ann, attempt: services.assignment_withdraw(assignment=a),
    "delete": lambda a, ann, attempt: services.assignment_delete(assignment=a),
    "restore": lambda a, ann, attempt: services.assignment_restore(assignment=a),
    "join": lambda a, ann, attempt: _join(a.classroom, "Cy"),
    "remove": lambda a, ann, attempt: class_services.membership_remove(membership=ann),
    "merge": lambda a, ann, attempt: services.membership_merge(
        source=Membership.objects.get(display_name="Ben"), target=ann
    ),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_every_change_moves_the_stamp_of_the_gradebooks_key(hart, change):
    _, assignment, ann, _, attempt = hart
    before = stamps.gradebook_key(assignment=assignment, zone="UTC")
    CHANGES[change](assignment, ann, attempt)
    assert stamps.gradebook_key(assignment=assignment, zone="UTC") != before


@pytest.mark.parametrize("change", ["publish", "redraw", "replace a question"])
def test_changes_to_a_draft_move_its_stamp(change):
    classroom = class_services.classroom_create(teacher=UserFactory(), name="Drafts")
    draft = services.assignment_create(
        classroom=classroom,
        title="Draft",
        kinds=["undertricks"],
        skills=[],
        question_count=2,
        same_for_everyone=True,
        publish=False,
    )
    before = stamps.gradebook_key(assignment=draft, zone="UTC")
    if change == "publish":
        services.assignment_publish(assignment=draft)
    elif change == "redraw":
        services.assignment_redraw(assignment=draft)
    else:
        services.assignment_replace_question(assignment=draft, position=1)
    assert stamps.gradebook_key(assignment=draft, zone="UTC") != before


def test_emptying_every_cache_keeps_the_stamps(hart):
    # The counters are rows of their own: a cache culled or emptied cannot take them back
    # to a value that a kept table was drawn under.
    from django.core.cache import caches

    _, assignment, _, _, _ = hart
    before = stamps.gradebook_key(assignment=assignment, zone="UTC")
    stamps.assignment_changed(assignment_id=assignment.pk)
    moved = stamps.gradebook_key(assignment=assignment, zone="UTC")
    for cache in caches.all():
        cache.clear()
    assert stamps.gradebook_key(assignment=assignment, zone="UTC") == moved != before


def test_two_changes_at_once_both_count():
    # The first change of an assignment makes its counter; a second finds it and counts on.
    stamps.assignment_changed(assignment_id=10**9)
    stamps.assignment_changed(assignment_id=10**9)
    from assignments.models import GradebookRevision

    assert GradebookRevision.objects.get(key=f"assignment:{10**9}").number == 2


def test_staff_changing_a_due_date_in_the_admin_moves_the_stamp(hart, admin_client):
    _, assignment, ann, _, _ = hart
    before = stamps.gradebook_key(assignment=assignment, zone="UTC")
    Assignment.objects.filter(pk=assignment.pk).update(due_at=None)  # not through the site
    assert stamps.gradebook_key(assignment=assignment, zone="UTC") == before
    form = admin_client.get(f"/admin/assignments/assignment/{assignment.pk}/change/").context[
        "adminform"
    ]
    data = {
        name: value
        for name, value in form.form.initial.items()
        if name in form.form.fields and value is not None
    }
    data.update(
        {
            "classroom": assignment.classroom_id,
            "kinds": '["undertricks"]',
            "skills": "[]",
            "leave_out": "[]",
            "fixed_questions": "[]",
            "replaced": "{}",
            "due_at_0": "2040-01-01",
            "due_at_1": "09:00:00",
        }
    )
    response = admin_client.post(f"/admin/assignments/assignment/{assignment.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert stamps.gradebook_key(assignment=assignment, zone="UTC") != before


# -- two app servers, each with its own cache --------------------------------------------------


@contextmanager
def _on_server(settings, name: str):
    """Requests served by one app server: its own cache of fragments (in its own memory),
    the database (and the stamps in its cache) shared with every other server."""
    settings.CACHES = {
        **settings.CACHES,
        "fragments": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"fragments-of-{name}",
        },
    }
    yield


def test_two_servers_with_their_own_caches_never_show_a_stale_table(hart, settings):
    browser, assignment, ann, ben, attempt = hart
    for server in ("one", "two"):  # each draws the table and keeps it
        with _on_server(settings, server):
            assert _row(_page(browser, assignment), ann)["status"] == "in_progress"
    with _on_server(settings, "two"):
        services.attempt_submit(attempt=attempt)  # the hand-in, through server two
        assert _row(_page(browser, assignment), ann)["status"] == "submitted"
    with _on_server(settings, "one"):  # server one kept the table from before it
        assert _row(_page(browser, assignment), ann)["status"] == "submitted"
        services.allowance_set(assignment=assignment, membership=ben, excused=True)
    with _on_server(settings, "two"):
        assert "Excused" in _row(_page(browser, assignment), ben)["cells"]
