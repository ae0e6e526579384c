"""The gradebook's tables, kept in the "fragments" cache between changes, are kept for each
language: a French gradebook never serves the English tables drawn before it."""

import pytest
from django.core.cache import caches
from django.test import Client

from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_the_english_and_the_french_gradebook_keep_their_own_tables():
    classroom = ClassroomFactory()
    assignment = AssignmentFactory(classroom=classroom, question_count=2)
    MembershipFactory(classroom=classroom, display_name="Ann")
    teacher = Client()
    teacher.force_login(classroom.teacher)
    kept = caches["fragments"]._cache
    assert teacher.get(f"/teachers/assignments/{assignment.public_id}/").status_code == 200
    english = set(kept)
    assert english, "the English gradebook keeps its tables"
    assert teacher.get(f"/fr/teachers/assignments/{assignment.public_id}/").status_code == 200
    french = set(kept) - english
    assert len(french) == len(english), "the French gradebook keeps tables of its own"
