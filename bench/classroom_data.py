"""Data for bench/classroom.py: classrooms of 30, each with its gradebook and a live class.

    SQLITE_PATH=... python bench/classroom_data.py --have 2 --want 4 --questions 5

Makes classrooms have+1 .. want (the ones before were made by an earlier call): a teacher
signed in, a class of `--students` who joined it, each with two browsers of their own (a
laptop that practises, a phone for the live class: two sessions holding their learner),
and an assignment of six questions that every student answered and handed in (the
teacher's gradebook). Then, for every classroom 1 .. want, a new live quiz of
`--questions` questions with every student's phone joined: each step of the benchmark
starts its live classes afresh. Prints one JSON object: the new classrooms, and the live
classes with a right and a wrong answer to each question (worked out by the engine). Run
by bench/classroom.py in a subprocess, with the same environment as the server it
measures, so it writes where the server reads.
"""

import argparse
import json
import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

LIVE_KIND = "duplicate_deal"  # one number box, as in bench/live_class_data.py


def teacher_name(number: int) -> str:
    return f"bench-classroom-{number}"


def classroom(number: int, students: int) -> dict:
    """Classroom `number`: its teacher's browser, its gradebook, its students' browsers."""
    from django.contrib.auth import get_user_model
    from live_class_data import phone_session
    from web_data import students_join, teacher_session

    from assignments import services
    from classes import services as class_services
    from quizzes.kinds import kind_for

    teacher = get_user_model().objects.create_user(
        teacher_name(number), password=secrets.token_urlsafe(16)
    )
    room = class_services.classroom_create(teacher=teacher, name=f"Class {number}")
    assignment = services.assignment_create(
        classroom=room,
        title="Scoring review",
        kinds=["undertricks", "duplicate_deal", "rubber_deal"],
        skills=[],
        question_count=6,
        same_for_everyone=False,
    )
    laptops = []
    for membership in students_join(room, students):
        attempt = services.attempt_start(assignment=assignment, membership=membership)
        for item in attempt.items.select_related("question"):
            question = item.question
            answer = kind_for(question.kind).solve(question.situation).answer
            services.attempt_answer(item=item, given=dict(answer))
        services.attempt_submit(attempt=attempt)
        laptops.append(phone_session(membership.learner))  # a session holding the learner
    return {
        "number": number,
        "teacher": teacher_session(teacher),
        "gradebook": f"/teachers/assignments/{assignment.public_id}/",
        "laptops": laptops,
    }


def live_class(number: int, questions: int) -> dict:
    """A new live quiz for classroom `number`, every student's phone joined to it."""
    from django.contrib.auth import get_user_model
    from live_class_data import answers, phone_session

    from live import services as live

    teacher = get_user_model().objects.get(username=teacher_name(number))
    room = teacher.classrooms.get()
    session = live.session_create(
        teacher=teacher,
        title="Bench live class",
        classroom=room,
        kinds=[LIVE_KIND],
        question_count=questions,
    )
    memberships = room.memberships.filter(is_preview=False).select_related("learner")
    phones = []
    for membership in memberships.order_by("display_name"):
        player = live.player_join(
            session=session,
            learner=membership.learner,
            name=membership.display_name,
            membership=membership,
        )
        phones.append({"player": player.public_id, "session": phone_session(membership.learner)})
    return {
        "number": number,
        "live_session": session.public_id,
        "phones": phones,
        "questions": [answers(q) for q in session.questions.order_by("position")],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--have", type=int, default=0, help="classrooms made before")
    parser.add_argument("--want", type=int, required=True, help="classrooms in this step")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5, help="in each live class")
    args = parser.parse_args()

    import django

    django.setup()
    made = [classroom(n, args.students) for n in range(args.have + 1, args.want + 1)]
    lives = [live_class(n, args.questions) for n in range(1, args.want + 1)]
    json.dump({"classrooms": made, "live": lives}, sys.stdout)


if __name__ == "__main__":
    main()
