"""Data for bench/live_class.py: a class in the room, its live quiz, and every phone joined.

    SQLITE_PATH=... python bench/live_class_data.py --phones 200 --questions 7

Prints one JSON object: the teacher's session key and the live session's id, each
phone's player id and session key, and for each question a right and a wrong answer as
form data (worked out by the engine). Run by bench/live_class.py in a subprocess, with the
same environment as the server it measures, so it writes where the server reads.
"""

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

KIND = "duplicate_deal"  # one number box: what most live questions ask


def phone_session(learner) -> str:
    """A phone's browser: its session holds its learner, as after joining the class."""
    from django.contrib.sessions.backends.db import SessionStore

    from quizzes.services import SESSION_KEY

    session = SessionStore()
    session[SESSION_KEY] = learner.pk
    session.create()
    return session.session_key


def answers(live_question) -> dict:
    """A right and a wrong answer as the phone's form sends them (the first box off by 10)."""
    from quizzes.kinds import kind_for

    kind = kind_for(live_question.kind)
    right = {k: str(v) for k, v in kind.solve(live_question.situation).answer.items()}
    first = kind.fields(live_question.situation)[0].name
    wrong = {**right, first: str(int(right[first]) + 10)}
    return {"position": live_question.position, "right": right, "wrong": wrong}


def room(phones: int, questions: int) -> dict:
    from web_data import students_join, teacher_session, teacher_with_class

    from live import services as live

    teacher, classroom = teacher_with_class()
    session = live.session_create(
        teacher=teacher,
        title="Bench live class",
        classroom=classroom,
        kinds=[KIND],
        question_count=questions,
    )
    players = []
    for membership in students_join(classroom, phones, digits=3):
        player = live.player_join(
            session=session,
            learner=membership.learner,
            name=membership.display_name,
            membership=membership,
        )
        players.append({"player": player.public_id, "session": phone_session(membership.learner)})
    return {
        "teacher": teacher_session(teacher),
        "live_session": session.public_id,
        "phones": players,
        "questions": [answers(q) for q in session.questions.order_by("position")],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--questions", type=int, default=7)
    args = parser.parse_args()

    import django

    django.setup()
    json.dump(room(args.phones, args.questions), sys.stdout)


if __name__ == "__main__":
    main()
