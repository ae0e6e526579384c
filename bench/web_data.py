"""Data for bench/web.py, written straight into the benchmark's own database.

    DATABASE_URL=... python bench/web_data.py --learners 50 --questions 12000
    DATABASE_URL=... python bench/web_data.py --add-questions 30000 --learner-ids 1,2,3

Prints one JSON object: the learners' ids and session keys, unanswered questions (each
with the index of its learner's session and a right answer) that the answer benchmark
submits once each, and a teacher's gradebook. With --add-questions, only more questions
for learners made before (in the order of their sessions). Run by bench/web.py in a
subprocess, with the same environment as the server it measures, so it writes where the
server reads.
"""

import argparse
import json
import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

KIND = "undertricks"  # one number to type: the simplest form a class fills in


def learners_with_sessions(count: int) -> tuple[list, list[str]]:
    """Learners as browsers that have practised before: each has a session in the database."""
    from django.contrib.sessions.backends.db import SessionStore

    from quizzes import services
    from quizzes.models import Learner

    learners = [Learner.objects.create() for _ in range(count)]
    keys = []
    for learner in learners:
        session = SessionStore()
        session[services.SESSION_KEY] = learner.pk
        session.create()
        keys.append(session.session_key)
    return learners, keys


def unanswered_questions(learners: list, count: int) -> list[dict]:
    """Questions served to the learners in turn, as the practice page would serve them.

    `learners` are Learner rows or their ids; each question names its learner by index.
    """
    from quizzes.generator import generate
    from quizzes.models import Question

    ids = [getattr(learner, "pk", learner) for learner in learners]
    rows, answers = [], []
    for n in range(count):
        seed = secrets.randbits(62)
        kind, situation = generate(KIND, seed)
        rows.append(
            Question(
                learner_id=ids[n % len(ids)],
                kind=kind.key,
                seed=seed,
                situation=situation,
                skills=kind.skills(situation),
            )
        )
        answers.append(kind.solve(situation).answer)
    Question.objects.bulk_create(rows, batch_size=500)
    return [
        {"session": n % len(ids), "public_id": q.public_id, "answer": answers[n]}
        for n, q in enumerate(rows)
    ]


def teacher_with_class():
    """The benchmark's teacher and their class."""
    from django.contrib.auth import get_user_model

    from classes import services as class_services

    teacher = get_user_model().objects.create_user(
        "bench-teacher", password=secrets.token_urlsafe(16)
    )
    return teacher, class_services.classroom_create(teacher=teacher, name="Bench class")


def students_join(classroom, count: int, digits: int = 2) -> list:
    """`count` students joined to the class, each with a learner of their own: memberships."""
    from classes import services as class_services
    from quizzes.models import Learner

    joined = []
    for n in range(count):
        learner = Learner.objects.create()
        membership, _ = class_services.membership_join(
            classroom=classroom,
            display_name=f"Student {n + 1:0{digits}d}",
            learner_for_join=lambda learner=learner: learner,
        )
        joined.append(membership)
    return joined


def teacher_session(teacher) -> str:
    """A signed-in browser for the teacher, as after logging in: its session key."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(teacher.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = teacher.get_session_auth_hash()
    session.create()
    return session.session_key


def gradebook(students: int) -> dict:
    """A teacher's session and the gradebook of a class of `students` who all handed in."""
    from assignments import services as assignment_services
    from quizzes.kinds import kind_for

    teacher, classroom = teacher_with_class()
    assignment = assignment_services.assignment_create(
        classroom=classroom,
        title="Scoring review",
        kinds=["undertricks", "duplicate_deal", "rubber_deal"],
        skills=[],
        question_count=6,
        same_for_everyone=False,
    )
    for membership in students_join(classroom, students):
        attempt = assignment_services.attempt_start(assignment=assignment, membership=membership)
        for item in attempt.items.select_related("question"):
            question = item.question
            answer = kind_for(question.kind).solve(question.situation).answer
            assignment_services.attempt_answer(item=item, given=dict(answer))
        assignment_services.attempt_submit(attempt=attempt)
    return {
        "session": teacher_session(teacher),
        "path": f"/teachers/assignments/{assignment.public_id}/",
        "students": students,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--questions", type=int, default=12000)
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--add-questions", type=int, default=0, help="only more questions")
    parser.add_argument("--learner-ids", default="", help="for --add-questions: 1,2,3")
    args = parser.parse_args()

    import django

    django.setup()
    if args.add_questions:
        ids = [int(pk) for pk in args.learner_ids.split(",")]
        json.dump({"questions": unanswered_questions(ids, args.add_questions)}, sys.stdout)
        return
    learners, sessions = learners_with_sessions(args.learners)
    data = {
        "learners": [learner.pk for learner in learners],
        "sessions": sessions,
        "questions": unanswered_questions(learners, args.questions),
        "gradebook": gradebook(args.students),
    }
    json.dump(data, sys.stdout)


if __name__ == "__main__":
    main()
