"""The start form checks only the fields of the mode chosen: the page hides the others
(a teacher's walk through the site), so a mistake left in one of them must not stop the
form with a message the teacher cannot see."""

import pytest

from live.forms import MODE_FIELDS
from live.models import LiveSession
from tests.live.rooms import hart_class, screen_of, start_form

pytestmark = pytest.mark.django_db


def test_a_class_at_tables_starts_with_a_mistake_left_in_the_hidden_quiz_fields():
    teacher, classroom, _ = hart_class()
    response = start_form(
        screen_of(teacher), mode="tables", question_count="", table_count="3", board_count="6"
    )
    session = LiveSession.objects.get(teacher=teacher)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert (session.mode, session.table_count, session.board_count) == ("tables", 3, 6)


def test_a_quiz_starts_with_a_mistake_left_in_the_hidden_tables_fields():
    teacher, classroom, _ = hart_class()
    response = start_form(screen_of(teacher), kinds=["duplicate_deal"], table_count="99")
    session = LiveSession.objects.get(teacher=teacher)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert session.mode == "quiz" and session.questions.count() == 5


def test_a_mistake_in_the_chosen_mode_still_stops_the_form():
    teacher, classroom, _ = hart_class()
    response = start_form(screen_of(teacher), mode="tables", table_count="99")
    assert response.status_code == 422
    assert not LiveSession.objects.filter(teacher=teacher).exists()


def test_each_field_of_a_mode_is_on_the_form_in_that_modes_group():
    teacher, _, _ = hart_class()
    page = screen_of(teacher).get("/live/new/").content.decode()
    quiz, tables = page.split('class="fieldset-group live-new__quiz"', 1)[1].split(
        'class="fieldset-group live-new__tables"', 1
    )
    tables = tables.split("</form>", 1)[0]
    for name in MODE_FIELDS[LiveSession.Mode.QUIZ]:
        assert f'name="{name}"' in quiz and f'name="{name}"' not in tables, name
    for name in MODE_FIELDS[LiveSession.Mode.TABLES]:
        assert f'name="{name}"' in tables and f'name="{name}"' not in quiz, name
