"""Teachers and students in a real browser: a class from sign-up to gradebook, worksheets on
paper, and every teaching page through axe-core and the keyboard, at phone and desktop sizes.

Only the journey drives sign-up, the class and the assignment through the pages; the other
tests build the same kind of class with the factories and sign the browser in directly.

The people (as in tests/quizzes/test_teaching_story.py):
- Ms Hughes teaches "Tuesday beginners"; she sees the class, its work and its paper.
- Ann answered every question of "After lesson 3", one of them wrong, and handed it in.
- Ben answered the first question and stopped.
- Cleo joined and has not started anything: the student pages start from her browser.
"""

import re
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from assignments import services
from assignments.models import Assignment
from quizzes import services as practice
from quizzes.kinds import kind_for
from quizzes.models import Question
from tests.browser.keyboard import assert_tab_reaches_every_control
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    wrong_answer,
)

pytestmark = pytest.mark.browser

# The printable width of an A4 page under print-worksheet.css (210 mm less two 12 mm
# margins), in CSS pixels: US Letter's is wider (725 px), so a sheet that fits A4 fits both.
A4_PRINTABLE = {"width": round((210 - 2 * 12) / 25.4 * 96), "height": 1000}
# What the site wraps around a page, none of which belongs on paper.
SITE_CONTROLS = "nav, button, .button, form, .site-header, .site-footer, .skip-link, .no-print"


# -- answering, as a student types --------------------------------------------------------


def answer_question(article, *, right: bool) -> None:
    """Fill in the question shown in `article` with the engine's answer (or a wrong one)."""
    question = Question.objects.get(public_id=article.get_attribute("id").removeprefix("q-"))
    data = right_answer(question) if right else wrong_answer(question)
    for name, value in data.items():
        choice = article.locator(f'input[type=radio][name="{name}"][value="{value}"]')
        if choice.count():
            choice.check()
        else:
            article.locator(f'input[name="{name}"]').fill(value)
    # "Check my answer", or "Save my answer" where the answers are shown later.
    article.get_by_role("button", name=re.compile(r"^(Check|Save) my answer$")).click()


def _given(question, data):
    """Form data as the answer form cleans it (numbers as ints)."""
    fields = kind_for(question.kind).fields(question.situation)
    return {f.name: data[f.name] if f.type == "choice" else int(data[f.name]) for f in fields}


def _work(assignment, membership, *, answered: int, wrong=(), hand_in=False) -> None:
    attempt = services.attempt_start(assignment=assignment, membership=membership)
    items = attempt.items.select_related("question", "attempt__assignment").order_by("position")
    for item in list(items)[:answered]:
        question = item.question
        data = wrong_answer(question) if item.position in wrong else right_answer(question)
        services.attempt_answer(item=item, given=_given(question, data))
    if hand_in:
        services.attempt_submit(attempt=attempt)


# -- the journey -----------------------------------------------------------------------------


def test_a_teacher_signs_up_sets_an_assignment_and_sees_a_students_answers_in_the_gradebook(
    page, new_page, screen, live_server, axe_check, no_horizontal_overflow, screenshot
):
    """Every page on the way also passes axe-core and fits the screen."""
    site = live_server.url

    def check(a_page, name=""):
        no_horizontal_overflow(a_page)
        axe_check(a_page)
        if name:
            screenshot(a_page, name)

    # Ms Hughes signs up from the teachers' page: the account can teach at once.
    page.goto(site + "/teachers/")
    page.get_by_role("link", name="Create a teacher account").click()
    expect(page).to_have_url(site + "/accounts/signup/")
    check(page)
    page.get_by_label("Username").fill("ms_hughes")
    page.get_by_label("Email address").fill("hughes@example.org")
    page.get_by_label("Password", exact=True).fill("club-night-7-trumps")
    page.get_by_label("Password confirmation").fill("club-night-7-trumps")
    page.get_by_role("button", name="Create my account").click()
    expect(page).to_have_url(site + "/teachers/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your classes")
    expect(page.locator(".site-account")).to_contain_text("Signed in as ms_hughes")
    check(page)

    page.get_by_role("link", name="Make a new class").click()
    page.get_by_label("Name of the class").fill("Tuesday beginners")
    page.get_by_role("button", name="Make the class").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    code = page.locator("[data-join-code]")
    expect(code).to_have_attribute("data-join-code", re.compile(r"^[A-Z0-9]{8}$"))
    join_code = code.get_attribute("data-join-code")
    check(page, "teachers-class")

    page.get_by_role("link", name="Set a new assignment").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "New assignment for Tuesday beginners"
    )
    page.get_by_label("Title").fill("After lesson 3")
    page.get_by_label("Duplicate: score one deal").check()
    page.get_by_label("Undertricks: what the defenders score").check()
    page.get_by_label("Number of questions").fill("3")
    page.get_by_label("Right away, after each answer").check()
    page.get_by_label("One question at a time").check()
    check(page, "teachers-assignment-new")
    page.get_by_role("button", name="Set it for the class").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("After lesson 3")
    expect(page.locator(".messages")).to_contain_text("Assignment set.")
    check(page)
    gradebook = page.url

    # Sam joins from a second browser, typing the code as it is read out.
    student = new_page(screen)
    student.goto(site + "/join/")
    check(student)
    spoken = f"{join_code[:4]} {join_code[4:]}".lower()
    student.get_by_label("Class code").fill(spoken)
    student.get_by_label("Your name").fill("Sam P.")
    student.get_by_role("button", name="Join the class").click()
    expect(student.get_by_role("heading", level=1)).to_have_text(
        "Welcome to Tuesday beginners, Sam P."
    )
    expect(student.locator("[data-personal-link]")).to_contain_text(site + "/join/back/")
    check(student, "student-welcome")

    student.get_by_role("link", name="Go to your assignments").click()
    expect(student.locator("tr[data-assignment]")).to_contain_text("Not started")
    check(student)
    student.get_by_role("link", name="After lesson 3").click()
    check(student)
    student.get_by_role("button", name="Start").click()

    # One question at a time: two right, the second wrong, each marked as it is answered.
    for number, right in enumerate([True, False, True], 1):
        expect(student.locator(".take-label")).to_have_text(f"Question {number} of 3")
        if number == 1:
            check(student)
        article = student.locator("article[data-question-kind]")
        answer_question(article, right=right)
        verdict = article.locator(".feedback__verdict")
        expect(verdict).to_have_text("Right!" if right else "Not quite.")
        expect(verdict).to_be_focused()
        expect(student.locator(".take-progress")).to_contain_text(f"Answered {number} of 3")
        if number == 2:
            check(student, "student-question-answered")
        if number < 3:
            student.get_by_role("link", name="Next question →").click()
    student.get_by_role("button", name="Hand in my answers").click()
    expect(student.locator(".score")).to_have_text("You got 2 of 3 right.")
    check(student, "student-handed-in")

    # Back in Ms Hughes's browser: the gradebook has Sam's result.
    page.goto(gradebook)
    row = page.locator("tr[data-student]")
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("data-status", "submitted")
    expect(row).to_have_attribute("data-right", "2")
    expect(row).to_have_attribute("data-answered", "3")
    expect(row).to_contain_text("2 / 3 (67%)")
    expect(page.get_by_text("1 student: 1 handed in")).to_be_visible()
    check(page, "teachers-gradebook")

    page.get_by_role("link", name="Sam P.").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Sam P.: After lesson 3")
    expect(page.locator('[data-correct="yes"]')).to_have_count(2)
    expect(page.locator('[data-correct="no"]')).to_have_count(1)
    check(page, "teachers-student-work")


# -- a class set up directly -----------------------------------------------------------------


@pytest.fixture
def tuesday(browser_session):
    """Ms Hughes's class with two assignments and three students; see the module docstring."""
    teacher = UserFactory(username="ms_hughes")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    # Rubber deals put a score sheet and a breakdown in the answer key: the widest paper.
    lesson3 = AssignmentFactory(
        classroom=classroom,
        title="After lesson 3",
        kinds=["rubber_deal", "duplicate_deal", "undertricks", "vulnerability"],
        skills=["honors"],
        question_count=5,
        show_answers=Assignment.ShowAnswers.AFTER_SUBMIT,
        layout=Assignment.Layout.ONE_AT_A_TIME,
    )
    doubles = AssignmentFactory(
        classroom=classroom,
        title="Doubles review",
        kinds=["duplicate_deal", "undertricks"],
        question_count=2,
        show_answers=Assignment.ShowAnswers.IMMEDIATELY,
        layout=Assignment.Layout.ALL_ON_ONE_PAGE,
    )
    ann, ben, cleo = (
        MembershipFactory(classroom=classroom, display_name=name) for name in ("Ann", "Ben", "Cleo")
    )
    _work(lesson3, ann, answered=5, wrong={1}, hand_in=True)
    _work(lesson3, ben, answered=1)

    def as_teacher(page):
        browser_session(page, user=teacher)

    def as_student(page, membership):
        browser_session(page, **{practice.SESSION_KEY: membership.learner_id})

    return SimpleNamespace(
        teacher=teacher,
        classroom=classroom,
        lesson3=lesson3,
        doubles=doubles,
        ann=ann,
        ben=ben,
        cleo=cleo,
        as_teacher=as_teacher,
        as_student=as_student,
    )


# What the journey does not pass through: each a few steps one person takes, checked at
# every page and state on the way. Each is given the page, the site, Ms Hughes's class and
# check(page), which runs axe-core and the overflow check.


def _accounts_refused(page, site, t, check):
    page.goto(site + "/accounts/signup/")
    page.get_by_label("Username").fill("ms_hughes")  # taken
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_role("button", name="Create my account").click()
    expect(page.locator("#id_username-error")).to_be_visible()
    check(page)
    page.get_by_role("main").get_by_role("link", name="Log in", exact=True).click()
    check(page)
    page.get_by_label("Username").fill("ms_hughes")
    page.get_by_label("Password").fill("not-her-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    check(page)


def _teacher_runs_the_class(page, site, t, check):
    t.as_teacher(page)
    page.goto(site + "/teachers/")
    check(page)
    page.get_by_role("link", name="Tuesday beginners").click()
    expect(page.locator("tr[data-student]")).to_have_count(3)
    check(page)
    page.get_by_role("button", name="Make a new code").click()
    expect(page.locator('[data-state="confirm-code"]')).to_contain_text("stops working at once")
    page.get_by_role("button", name="Yes, make a new code").click()
    expect(page.locator("#join-code .message")).to_be_focused()
    check(page)
    page.get_by_role("link", name="Set a new assignment").click()
    page.get_by_label("Number of questions").fill("80")
    page.get_by_role("button", name="Set it for the class").click()
    expect(page.get_by_role("alert")).to_contain_text("Please correct the 3 fields")
    check(page)
    page.goto(f"{site}/teachers/classes/{t.classroom.public_id}/assignments/review-quiz/")
    check(page)
    page.goto(f"{site}/teachers/assignments/{t.lesson3.public_id}/edit/")
    check(page)


def _teacher_reads_the_results(page, site, t, check):
    t.as_teacher(page)
    page.goto(f"{site}/teachers/assignments/{t.lesson3.public_id}/")
    expect(page.locator("tr[data-student]")).to_have_count(3)
    check(page)
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.locator('[data-correct="no"]')).to_have_count(1)
    check(page)
    page.goto(f"{site}/teachers/assignments/{t.lesson3.public_id}/worksheet/")
    check(page)
    page.goto(f"{site}/teachers/assignments/{t.lesson3.public_id}/answer-key/?for=students")
    expect(page.locator(".paper-sheet")).to_have_count(3)
    check(page)


def _student_joins_again(page, site, t, check):
    t.as_student(page, t.cleo)
    page.goto(site + "/join/")
    page.get_by_label("Class code").fill("ABCD-EFG")
    page.get_by_role("button", name="Join the class").click()
    expect(page.locator("#id_code-error")).to_be_visible()
    check(page)
    page.get_by_label("Class code").fill(t.classroom.join_code)
    page.get_by_label("Your name").fill("Cleo")
    page.get_by_role("button", name="Join the class").click()
    expect(page.locator("[data-state=already-member]")).to_be_visible()
    check(page)


def _student_answers_before_the_answers_show(page, site, t, check):
    t.as_student(page, t.cleo)
    page.goto(f"{site}/join/a/{t.lesson3.public_id}/")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".take-label")).to_have_text("Question 1 of 5")
    answer_question(page.locator("article[data-question-kind]"), right=False)
    # Answers show after handing in: the answer is saved, its mark kept back.
    expect(page.locator(".feedback__verdict")).to_have_text("Answer saved.")
    expect(page.locator(".take-pager__link.is-answered")).to_have_count(1)
    check(page)


def _student_answers_all_on_one_page(page, site, t, check):
    t.as_student(page, t.cleo)
    page.goto(f"{site}/join/a/{t.doubles.public_id}/")
    page.get_by_role("button", name="Start").click()
    questions = page.locator("article[data-question-kind]")
    expect(questions).to_have_count(2)
    check(page)
    answer_question(questions.first, right=True)
    answer_question(questions.last, right=True)  # two feedback regions, both "Right!"
    expect(page.locator(".feedback__verdict")).to_have_text(["Right!", "Right!"])
    check(page)
    page.get_by_role("button", name="Hand in my answers").click()
    expect(page.locator(".score")).to_have_text("You got 2 of 2 right.")
    check(page)


def _student_comes_back_to_handed_in_work(page, site, t, check):
    t.as_student(page, t.ann)
    page.goto(site + "/join/classes/")
    expect(page.locator(f'tr[data-assignment="{t.lesson3.public_id}"]')).to_contain_text(
        "Handed in: 4 of 5 right"
    )
    check(page)
    page.get_by_role("link", name="After lesson 3").click()
    expect(page.locator(".score")).to_have_text("You got 4 of 5 right.")
    check(page)


WAYS_THROUGH = {
    "accounts-refused": _accounts_refused,
    "teacher-runs-the-class": _teacher_runs_the_class,
    "teacher-reads-the-results": _teacher_reads_the_results,
    "student-joins-again": _student_joins_again,
    "student-answers-before-the-answers-show": _student_answers_before_the_answers_show,
    "student-answers-all-on-one-page": _student_answers_all_on_one_page,
    "student-comes-back-to-handed-in-work": _student_comes_back_to_handed_in_work,
}


@pytest.mark.parametrize("way", WAYS_THROUGH)
def test_teaching_pages_on_the_way_have_no_axe_violations_and_fit_the_screen(
    way, page, live_server, tuesday, axe_check, no_horizontal_overflow
):
    def check(a_page):
        axe_check(a_page)
        no_horizontal_overflow(a_page)

    WAYS_THROUGH[way](page, live_server.url, tuesday, check)


def _teacher_at(path):
    def visit(page, site, t):
        t.as_teacher(page)
        page.goto(site + path.format(t=t))

    return visit


def _started_one_at_a_time(page, site, t):
    t.as_student(page, t.cleo)
    page.goto(f"{site}/join/a/{t.lesson3.public_id}/")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".take-label")).to_contain_text("Question 1 of 5")


# Each page as it first loads: Tab starts at the top (or in the form the page focuses).
KEYBOARD_PAGES = {
    "signup": lambda page, site, t: page.goto(site + "/accounts/signup/"),
    "assignment-new": _teacher_at("/teachers/classes/{t.classroom.public_id}/assignments/new/"),
    "gradebook": _teacher_at("/teachers/assignments/{t.lesson3.public_id}/"),
    "question-one-at-a-time": _started_one_at_a_time,
}


@pytest.mark.parametrize("name", KEYBOARD_PAGES)
def test_tab_reaches_every_control_of_teaching_page_and_focus_can_be_seen(
    name, page, live_server, tuesday
):
    KEYBOARD_PAGES[name](page, live_server.url, tuesday)
    assert_tab_reaches_every_control(page)


# -- paper -------------------------------------------------------------------------------------


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def _assert_on_paper_only_the_sheets_show_and_fit(page, no_horizontal_overflow):
    expect(page.locator(".site-header")).to_be_hidden()  # the print stylesheets apply
    shown = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((el) => el.getClientRects().length)
            .map((el) => el.outerHTML.slice(0, 100))""",
        SITE_CONTROLS,
    )
    assert shown == [], "on paper these should be hidden"
    no_horizontal_overflow(page)
    too_wide = page.evaluate(
        """(width) => [...document.querySelectorAll(".paper-sheet *")]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .map((el) => el.outerHTML.slice(0, 100))""",
        A4_PRINTABLE["width"],
    )
    assert too_wide == [], "these run past the right margin of the page"


@pytest.mark.parametrize("sheet", ["worksheet", "answer-key"])
def test_worksheet_prints_within_an_a4_page_without_the_site_around_it(
    sheet, new_page, live_server, tuesday, no_horizontal_overflow, screenshot
):
    page = new_page("desktop")
    tuesday.as_teacher(page)
    page.goto(f"{live_server.url}/teachers/assignments/{tuesday.lesson3.public_id}/{sheet}/")
    expect(page.locator(".paper-question")).to_have_count(5)
    expect(page.locator(".site-header")).to_be_visible()

    page.set_viewport_size(A4_PRINTABLE)
    page.emulate_media(media="print")
    _assert_on_paper_only_the_sheets_show_and_fit(page, no_horizontal_overflow)
    if sheet == "answer-key":
        expect(page.locator(".key-answers").first).to_be_visible()
        expect(page.locator(".breakdown").first).to_be_visible()
    else:
        expect(page.locator(".write-box").first).to_be_visible()
    screenshot(page, f"{sheet}-print")

    # One sheet per student, each starting a new page.
    page.goto(page.url + "?for=students")
    sheets = page.locator(".paper-sheet")
    expect(sheets).to_have_count(3)
    _assert_on_paper_only_the_sheets_show_and_fit(page, no_horizontal_overflow)
    breaks = sheets.evaluate_all("(all) => all.map((el) => getComputedStyle(el).breakBefore)")
    assert breaks[1:] == ["page", "page"]
    assert _pdf_pages(page.pdf(format="A4")) >= 3
