"""A Simplicity deal is titled Simplicity on a student's work as their teacher reads it,
not "Duplicate: score one deal" (issue 28, point 14)."""

import pytest

from assignments import services
from quizzes.kinds import kind_for
from tests.factories import AssignmentFactory, MembershipFactory, right_answer
from tests.live.test_simplicity_title import SIMPLICITY, _simplicity_deal

pytestmark = pytest.mark.django_db


def test_a_simplicity_deal_on_a_students_work_is_titled_simplicity(client, monkeypatch):
    deal = _simplicity_deal()
    kind = kind_for("duplicate_deal")
    monkeypatch.setattr(kind, "generate", lambda rng, taught=None: deal)
    assignment = AssignmentFactory(kinds=["duplicate_deal"], question_count=1)
    member = MembershipFactory(classroom=assignment.classroom)
    attempt = services.attempt_start(assignment=assignment, membership=member)
    (item,) = attempt.items.select_related("question", "attempt__assignment")
    given = {name: int(value) for name, value in right_answer(item.question).items()}
    services.attempt_answer(item=item, given=given)
    services.attempt_submit(attempt=attempt)
    client.force_login(assignment.classroom.teacher)
    url = f"/teachers/assignments/{assignment.public_id}/students/{member.public_id}/"
    page = client.get(url).content.decode()
    assert f'<p class="question__skills muted">{SIMPLICITY}.' in page
