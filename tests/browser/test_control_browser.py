"""A teacher's control of what they made, in a real browser at phone and desktop sizes, axe
clean at every step: a later due date for one student, two records of one student merged
and the merge undone, an assignment deleted and brought back, one question of a draft
replaced, a time zone chosen, the whole class on one page."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from assignments import services
from assignments.models import Allowance, Attempt
from classes import services as class_services
from classes.models import Membership
from quizzes import services as practice
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


@pytest.fixture
def check(axe_check, no_horizontal_overflow):
    def run(page):
        axe_check(page)
        no_horizontal_overflow(page)

    return run


@pytest.fixture
def thursday(browser_session):
    teacher = UserFactory(username="mr_okafor")
    classroom = ClassroomFactory(teacher=teacher, name="Thursday improvers")
    due = timezone.now() + timedelta(days=1)
    assignment = AssignmentFactory(
        classroom=classroom, title="Doubled contracts", question_count=2, due_at=due
    )
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    ana_p = MembershipFactory(classroom=classroom, display_name="Ana P.")
    services.attempt_submit(attempt=services.attempt_start(assignment=assignment, membership=ana))
    return teacher, classroom, assignment, ana, ana_p


def test_one_student_gets_a_later_due_date_and_sees_it(
    page, new_page, screen, live_server, browser_session, thursday, check
):
    teacher, classroom, assignment, ana, _ = thursday
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/assignments/{assignment.public_id}/")
    page.get_by_role("link", name="Ana", exact=True).click()
    expect(page.get_by_role("heading", name="Just for Ana")).to_be_visible()
    check(page)
    later = timezone.localtime(assignment.due_at + timedelta(days=3))
    page.get_by_label("Their own due date").fill(later.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Extra attempts").fill("1")
    page.get_by_role("button", name="Save for Ana").click()
    expect(page.get_by_text("Saved for Ana.")).to_be_visible()
    check(page)
    allowance = Allowance.objects.get(membership=ana)
    to_the_minute = later.replace(second=0, microsecond=0)
    assert (allowance.due_at, allowance.extra_attempts) == (to_the_minute, 1)

    page.goto(f"{live_server.url}/teachers/assignments/{assignment.public_id}/")
    expect(page.locator(f'[data-student="{ana.public_id}"]')).to_contain_text(
        later.strftime("Due %-d %b, %H:%M")
    )

    student = new_page(screen)
    browser_session(student, **{practice.SESSION_KEY: ana.learner_id})
    student.goto(f"{live_server.url}/join/a/{assignment.public_id}/")
    expect(student.get_by_text("a later date, for you")).to_be_visible()
    expect(student.get_by_role("button", name="Start attempt 2")).to_be_visible()
    check(student)


def test_a_wrong_due_date_for_one_student_is_explained_beside_the_field(
    page, live_server, browser_session, thursday, check
):
    teacher, classroom, assignment, ana, _ = thursday
    browser_session(page, user=teacher)
    page.goto(
        f"{live_server.url}/teachers/assignments/{assignment.public_id}/students/{ana.public_id}/"
    )
    earlier = timezone.localtime(assignment.due_at - timedelta(hours=2))
    page.get_by_label("Their own due date").fill(earlier.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Save for Ana").click()
    expect(page.locator("#id_due_at-error")).to_contain_text("later than the class")
    check(page)
    assert not Allowance.objects.filter(membership=ana).exists()


def test_two_records_of_one_student_are_merged_and_the_merge_undone(
    page, live_server, browser_session, thursday, check
):
    teacher, classroom, assignment, ana, ana_p = thursday
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/classes/{classroom.public_id}/")
    page.get_by_role("link", name="Merge Ana", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Merge “Ana”")
    expect(page.get_by_text("You can undo the merge")).to_be_visible()
    check(page)
    page.get_by_label("Keep this record").select_option(label="Ana P.")
    page.get_by_role("button", name="Merge the two records").click()
    expect(page.get_by_text("1 attempt moved to Ana P.")).to_be_visible()
    students = page.get_by_role("region", name="Students")
    expect(students.get_by_role("rowheader")).to_have_text(["Ana P."])
    expect(page.get_by_role("heading", name="Merged records")).to_be_visible()
    check(page)
    assert not Membership.objects.filter(pk=ana.pk).exists()
    assert Attempt.objects.filter(membership=ana_p).count() == 1

    page.get_by_role("button", name="Undo the merge of Ana", exact=True).click()
    expect(page.get_by_text("Merge undone: Ana has their own record again")).to_be_visible()
    expect(students.get_by_role("rowheader")).to_have_text(["Ana", "Ana P."])
    expect(page.get_by_role("heading", name="Merged records")).to_have_count(0)
    check(page)
    attempts = Attempt.objects.filter(assignment=assignment)
    assert list(attempts.values_list("membership", "number")) == [(ana.pk, 1)]


def test_an_assignment_deleted_by_mistake_is_brought_back(
    page, live_server, browser_session, thursday, check
):
    teacher, classroom, assignment, *_ = thursday
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/assignments/{assignment.public_id}/")
    page.get_by_role("link", name="Delete it…").click()
    expect(page.get_by_text("1 student started it")).to_be_visible()
    check(page)
    page.get_by_role("button", name="Delete the assignment").click()
    expect(page.get_by_role("heading", name="Recently deleted")).to_be_visible()
    check(page)
    page.locator(f'[data-deleted="{assignment.public_id}"]').get_by_role("button").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Doubled contracts")
    expect(page.get_by_text("Brought back, as it was.")).to_be_visible()


def test_one_question_of_a_draft_is_replaced_from_the_preview(
    page, live_server, browser_session, thursday, check
):
    teacher, classroom, *_ = thursday
    draft = AssignmentFactory(
        classroom=classroom,
        title="Undertricks, a draft",
        kinds=["undertricks"],
        question_count=3,
        same_for_everyone=True,
        published_at=None,
        secret_seed=20261124,
    )
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/assignments/{draft.public_id}/preview/")
    page.get_by_role("button", name="Start", exact=True).click()
    replace = page.get_by_role("button", name="Replace this question")
    expect(replace).to_have_count(3)
    check(page)
    second = page.locator("article.question").nth(1)
    before = second.locator(".question__situation").inner_text()
    replace.nth(1).click()
    expect(page.get_by_text("Question 2 replaced by another of the same kind")).to_be_visible()
    expect(
        page.locator("article.question").nth(1).locator(".question__situation")
    ).not_to_have_text(before)
    check(page)


def test_a_teacher_takes_the_time_zone_their_device_offers(
    new_page, screen, live_server, browser_session, thursday, check
):
    teacher, *_ = thursday
    page = new_page(screen, timezone_id="America/New_York")
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/settings/")
    expect(page.get_by_text("Your device says its zone is America/New_York")).to_be_visible()
    check(page)
    page.get_by_role("button", name="Use it and save").click()  # one press saves it
    expect(page.get_by_text("Times in America/New_York")).to_be_visible()


def test_the_whole_class_on_one_page(page, live_server, browser_session, thursday, check):
    teacher, classroom, assignment, ana, ana_p = thursday
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/classes/{classroom.public_id}/")
    page.get_by_role("link", name=re.compile("See the whole class")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday improvers: the whole class")
    row = page.locator(f'.overview tbody tr[data-student="{ana.public_id}"]').first
    expect(row.locator("td").first).to_have_text("0 / 2 (0%)")
    expect(page.get_by_role("heading", name="Needs attention")).to_be_visible()
    check(page)
    # The one CSV of the whole class downloads from the page.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download this table (CSV)").click()
    assert download.value.suggested_filename.endswith(".csv")


def test_the_class_page_with_everything_on_it_fits_a_phone(
    new_page, live_server, browser_session, thursday, no_horizontal_overflow
):
    teacher, classroom, assignment, ana, ana_p = thursday
    gone = AssignmentFactory(classroom=classroom, title="Undertricks doubled and redoubled")
    services.assignment_delete(assignment=gone)
    AssignmentFactory(classroom=classroom, title="A draft", published_at=None)
    # A name with no space to break at (a spreadsheet formula, say) on each list.
    long = '=HYPERLINK("http://evil.example","click")'
    class_services.membership_remove(
        membership=MembershipFactory(classroom=classroom, display_name=long)
    )
    cy = MembershipFactory(classroom=classroom, display_name=long.replace("click", "clack"))
    services.membership_merge(source=cy, target=ana)
    page = new_page("phone")
    browser_session(page, user=teacher)
    page.goto(f"{live_server.url}/teachers/classes/{classroom.public_id}/")
    expect(page.get_by_role("heading", name="Recently deleted")).to_be_visible()
    expect(page.get_by_role("heading", name="Removed students")).to_be_visible()
    no_horizontal_overflow(page)
