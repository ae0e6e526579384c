"""The people and rows the fuzz test sends its requests as and about.

A teacher (Alice) with an open class of students (one removed, two merged), an archived and
a deleted class, assignments in every state (published one at a time and all on one page,
the review quiz, a draft, a withdrawn one, a deleted one), a live class at its first
question and one at tables; a student (Dana) who joined the class through its page,
started an assignment and joined the live class; another teacher's class (Bob's), whose ids
Alice and Dana must not reach; an anonymous visitor. `seeds` holds the real value of every
path parameter the site's URL patterns name, gathered from these rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from assignments import services
from classes import services as class_services
from classes.models import Membership
from live import services as live
from live.models import LiveSession
from tests.factories import MembershipFactory, UserFactory


def client() -> Client:
    # A 500 is counted, not raised, so one run reports every one it meets.
    return Client(raise_request_exception=False)


@dataclass
class World:
    alice: object
    dana: Membership
    teacher: Client
    student: Client
    visitor: Client
    seeds: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, value) -> None:
        values = self.seeds.setdefault(name, [])
        if str(value) not in values:
            values.append(str(value))

    def refresh(self) -> None:
        """Logs the teacher in again and gives the student's browser back to Dana: the
        fuzz may have logged out or joined as someone else."""
        self.teacher.force_login(self.alice)
        session = self.student.session
        session["learner"] = self.dana.learner_id
        session.save()

    def grow(self, n: int) -> None:
        """A fresh class with an assignment, Dana in it: deletions do not empty the world."""
        classroom = class_services.classroom_create(teacher=self.alice, name=f"Fresh {n}")
        MembershipFactory(classroom=classroom, learner_id=self.dana.learner_id, display_name="D")
        assignment = _assignment(classroom, f"Fresh {n}")
        self.add("class_id", classroom.public_id)
        self.add("assignment_id", assignment.public_id)
        self.add("code", classroom.join_code)


def _assignment(classroom, title, **options):
    return services.assignment_create(
        classroom=classroom,
        title=title,
        kinds=options.pop("kinds", ["undertricks", "duplicate_deal", "four_deal"]),
        skills=options.pop("skills", ["vulnerability"]),
        question_count=options.pop("question_count", 4),
        same_for_everyone=options.pop("same_for_everyone", False),
        show_answers="immediately",
        **options,
    )


def build() -> World:
    alice = UserFactory(username="alice-fuzz")
    teacher, student, visitor = client(), client(), client()
    teacher.force_login(alice)
    tuesday = class_services.classroom_create(teacher=alice, name="Tuesday beginners")
    joined = student.post("/join/", {"code": tuesday.join_code, "display_name": "Dana"})
    assert joined.status_code == 302, joined.status_code
    dana = tuesday.memberships.get(display_name="Dana")
    world = World(alice, dana, teacher, student, visitor)

    others = [MembershipFactory(classroom=tuesday, display_name=n) for n in ("Eve", "Finn", "Gus")]
    class_services.membership_remove(membership=others[2])
    services.membership_merge(source=others[1], target=others[0])
    archived = class_services.classroom_create(teacher=alice, name="Last year")
    class_services.classroom_archive(classroom=archived)
    deleted = class_services.classroom_create(teacher=alice, name="Deleted", form_key="d" * 32)
    class_services.classroom_delete(classroom=deleted)
    bobs = class_services.classroom_create(teacher=UserFactory(username="bob-fuzz"), name="Bob's")
    bobs_student = MembershipFactory(classroom=bobs, display_name="Hal")

    one = _assignment(tuesday, "One at a time", layout="one", attempts_allowed=2)
    every = _assignment(tuesday, "All on one page", layout="all", same_for_everyone=True)
    review = services.assignment_create_review_quiz(classroom=tuesday)
    draft = _assignment(tuesday, "Draft", publish=False)
    withdrawn = _assignment(tuesday, "Withdrawn")
    services.assignment_withdraw(assignment=withdrawn)
    gone = _assignment(tuesday, "Deleted", form_key="a" * 32)
    services.assignment_delete(assignment=gone)
    bobs_assignment = _assignment(bobs, "Bob's quiz")

    # Dana starts two assignments and answers a question; her personal link.
    for assignment in (one, every):
        student.post(f"/join/a/{assignment.public_id}/start/")
    attempt = one.attempts.get(membership=dana)
    first = attempt.items.order_by("position").select_related("question").first().question
    student.post(f"/join/a/{one.public_id}/q/{first.public_id}/", {"answer": "0"})
    world.add("secret", class_services.membership_new_link(membership=dana))

    quiz = live.session_create(teacher=alice, title="Quiz", classroom=tuesday, kinds=["honors"])
    live.session_next(session=quiz)
    tables = live.session_create(
        teacher=alice, title="Tables", classroom=tuesday, mode=LiveSession.Mode.TABLES
    )
    open_quiz = live.session_create(teacher=alice, title="Anyone", kinds=["undertricks"])
    for session in (quiz, tables):
        student.post("/live/join/", {"session": session.public_id})
    visitor.post("/live/join/", {"code": open_quiz.code, "name": "Visitor"})

    for classroom in (tuesday, archived, deleted, bobs):
        world.add("class_id", classroom.public_id)
        world.add("code", classroom.join_code)
    for membership in (dana, *others, bobs_student):
        world.add("student_id", membership.public_id)
    for assignment in (one, every, review, draft, withdrawn, gone, bobs_assignment):
        world.add("assignment_id", assignment.public_id)
    world.add("question_id", first.public_id)
    for session in (quiz, tables, open_quiz):
        world.add("session_id", session.public_id)
        world.add("code", session.code)
        for player in session.players.all():
            world.add("player_id", player.public_id)
    world.add("uidb64", urlsafe_base64_encode(force_bytes(alice.pk)))
    world.add("token", default_token_generator.make_token(alice))
    return world
