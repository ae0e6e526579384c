"""A live class in real browsers: the teacher's screen at desktop size and three phones.

Ms Hart runs three questions; Ana, Ben and Cat answer on their phones, which follow the
teacher by polling (htmx, with If-None-Match). Every screen is axe clean at each step,
and no phone shows the answer before the teacher does.
"""

import pytest
from playwright.sync_api import expect

from live import services
from live.models import LiveQuestion, Player
from quizzes.kinds import kind_for
from scoring import PlayedDeal
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


@pytest.fixture
def room(browser_session):
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    students = [
        MembershipFactory(classroom=classroom, display_name=name) for name in ("Ana", "Ben", "Cat")
    ]
    session = services.session_create(
        teacher=teacher,
        title="Three quick ones",
        classroom=classroom,
        kinds=["duplicate_deal"],
        question_count=3,
    )
    # Fixed deals, so that no answer is a figure the page shows anyway (the box's example,
    # "e.g. 420 or -100"): 4H doubled made (590), 3NT +1 vulnerable (630), 2S made (110).
    for question, (seat, contract, tricks, vulnerable) in zip(
        session.questions.all(),
        (("N", "4HX", 10, False), ("S", "3N", 10, True), ("E", "2S", 8, False)),
        strict=True,
    ):
        question.situation = {
            "form": "duplicate",
            "deal": PlayedDeal(seat, contract, tricks).as_data(),
            "vulnerable": vulnerable,
            "show_vulnerability": True,
        }
        question.save(update_fields=["situation"])
    return teacher, students, session


def _right(live_question: LiveQuestion) -> str:
    return str(kind_for(live_question.kind).solve(live_question.situation).answer["answer"])


def test_a_three_question_session_with_a_teacher_screen_and_three_phones(
    new_page, live_server, browser_session, room, axe_check, no_horizontal_overflow
):
    teacher, students, session = room
    screen = new_page("desktop")
    browser_session(screen, user=teacher)
    screen.goto(f"{live_server.url}/live/s/{session.public_id}/")
    expect(screen.locator("[data-code]")).to_have_text(session.classroom.join_code_display)
    axe_check(screen)

    phones = []
    for student in students:
        phone = new_page("phone")
        browser_session(phone, learner=student.learner_id)
        phone.goto(f"{live_server.url}/live/join/")
        phone.get_by_role("button", name=f"Join as {student.display_name}").click()
        expect(phone.get_by_role("heading", name="You're in.")).to_be_visible()
        phones.append(phone)
    axe_check(phones[0])
    no_horizontal_overflow(phones[0])
    expect(screen.locator("[data-players]")).to_have_text("3")  # the screen polled the joins

    questions = list(session.questions.all())
    for number, question in enumerate(questions):
        screen.get_by_role(
            "button", name="Start: ask the first question" if number == 0 else "Next question"
        ).click()
        right = _right(question)
        for i, phone in enumerate(phones):
            # Each phone finds the new question by itself (its poll), with no answer in it.
            expect(phone.locator(f"#live-form-{question.pk}")).to_be_visible()
            assert right not in phone.locator("#live-phone").inner_text()
            if number == 0 and i == 0:
                axe_check(phone)
                no_horizontal_overflow(phone)
            value = right if i != 1 else str(int(right) + 10)  # Ben is 10 out each time
            phone.locator("input[name=answer]").fill(value)
            phone.get_by_role("button", name="Send my answer").click()
            expect(phone.locator("[data-received]")).to_be_visible()
        expect(screen.locator("[data-answered]")).to_have_attribute("data-answered", "3")
        axe_check(screen)
        screen.get_by_role("button", name="Show the answer").click()
        expect(screen.locator("[data-right-answer]")).to_contain_text(right)
        for i, phone in enumerate(phones):
            verdict = "wrong" if i == 1 else "right"
            expect(phone.locator(f"[data-verdict={verdict}]")).to_be_visible()
        if number == 0:
            axe_check(phones[1])
            axe_check(screen)

    screen.get_by_role("button", name="Finish: the final standing").click()
    expect(screen.get_by_role("heading", name="Final standing")).to_be_visible()
    axe_check(screen)
    for phone in phones:
        expect(phone.get_by_role("heading", name="The live class has ended")).to_be_visible()
    axe_check(phones[0])
    expect(phones[1].locator("[data-mine-points]")).to_have_attribute("data-mine-points", "0")
    expect(phones[0].locator("[data-mine-points]")).to_have_attribute("data-mine-points", "300")
    assert Player.objects.filter(session=session).count() == 3
    session.refresh_from_db()
    assert session.assignment is not None


def test_the_teacher_can_run_it_from_a_phone(
    new_page, live_server, browser_session, room, axe_check, no_horizontal_overflow
):
    teacher, students, session = room
    phone = new_page("phone")
    browser_session(phone, user=teacher)
    phone.goto(f"{live_server.url}/live/s/{session.public_id}/")
    axe_check(phone)
    no_horizontal_overflow(phone)
    phone.get_by_role("button", name="Start: ask the first question").click()
    expect(phone.get_by_role("button", name="Show the answer")).to_be_visible()
    axe_check(phone)
    no_horizontal_overflow(phone)
    phone.get_by_role("button", name="Show the answer").click()
    expect(phone.locator("[data-right-answer]")).to_be_visible()
    axe_check(phone)
    no_horizontal_overflow(phone)
    # Ending asks first; the final standing's tables scroll inside their own box.
    phone.get_by_role("button", name="End the live class").click()
    expect(phone.get_by_role("heading", name="End the live class?")).to_be_visible()
    expect(phone.locator("[data-outcome]")).to_have_text(
        "Results go to the gradebook; nobody can answer after."
    )
    axe_check(phone)
    no_horizontal_overflow(phone)
    phone.get_by_role("button", name="End it").click()
    expect(phone.get_by_role("heading", name="Final standing")).to_be_visible()
    axe_check(phone)
    no_horizontal_overflow(phone)


def test_a_phone_without_javascript_answers_and_sees_the_answer(
    new_page, live_server, browser_session, room
):
    teacher, students, session = room
    phone = new_page("phone", javascript=False)
    browser_session(phone, learner=students[0].learner_id)
    phone.goto(f"{live_server.url}/live/join/")
    phone.get_by_role("button", name="Join as Ana").click()
    expect(phone.get_by_role("heading", name="You're in.")).to_be_visible()
    services.session_next(session=session)
    phone.get_by_role("link", name="Check for the next question").click()
    question = session.questions.get(position=0)
    phone.locator("input[name=answer]").fill(_right(question))
    phone.get_by_role("button", name="Send my answer").click()
    expect(phone.locator("[data-received]")).to_be_visible()
    services.session_reveal(session=session)
    phone.get_by_role("link", name="Check for the next question").click()
    expect(phone.locator("[data-verdict=right]")).to_be_visible()
