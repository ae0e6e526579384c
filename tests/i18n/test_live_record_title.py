"""A live class's record in the gradebook keeps its English mark as stored data ("Live: "),
and each page words the mark in the reader's language."""

import pytest
from django.utils import translation

from common.titles import live_record_title, shown_title
from tests.factories import AssignmentFactory

SHOWN = {
    "en": "Live: Tuesday quiz",
    "fr": "En direct\u00a0: Tuesday quiz",
    "nl": "Live les: Tuesday quiz",
}


def test_the_record_of_a_live_class_is_stored_with_its_english_mark():
    assert live_record_title("Tuesday quiz") == "Live: Tuesday quiz"


@pytest.mark.parametrize(("language", "shown"), SHOWN.items())
def test_the_mark_is_worded_in_the_readers_language(language, shown):
    with translation.override(language):
        assert shown_title("Live: Tuesday quiz") == shown
        assert shown_title("After lesson 3") == "After lesson 3"  # a teacher's own title


@pytest.mark.django_db
def test_the_classes_page_and_the_gradebook_word_a_stored_mark(client):
    assignment = AssignmentFactory(title="Live: Tuesday quiz", preset="live")
    client.force_login(assignment.classroom.teacher)
    for address in (
        f"/fr/teachers/classes/{assignment.classroom.public_id}/",
        f"/fr/teachers/assignments/{assignment.public_id}/",
    ):
        page = client.get(address).content.decode()
        assert "En direct\u00a0: Tuesday quiz" in page, address
        assert "Live: Tuesday quiz" not in page, address
