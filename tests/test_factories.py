"""Every factory makes a row the models accept: full_clean() passes and the database's own
constraints (checks, unique) let it in, twice over, so that a test may make two."""

import pytest

from bridgefiles.services import bridge_file_read
from quizzes.kinds import kind_for
from tests import factories

pytestmark = pytest.mark.django_db

FACTORIES = [
    factories.AttemptFactory,
    factories.TeacherSettingsFactory,
    factories.ScorePadFactory,
    factories.SavedFileFactory,
    factories.LiveSessionFactory,
    factories.LiveQuestionFactory,
    factories.PlayerFactory,
    factories.TableResultFactory,
]


@pytest.mark.parametrize("factory", FACTORIES, ids=lambda f: f.__name__)
def test_each_factory_makes_two_rows_that_pass_full_clean_and_the_database(factory):
    rows = [factory(), factory()]
    for row in rows:
        row.full_clean()
        assert type(row).objects.filter(pk=row.pk).exists()
    assert rows[0].pk != rows[1].pk


def test_an_attempts_student_is_in_the_class_the_assignment_was_set_for():
    attempt = factories.AttemptFactory()
    assert attempt.membership.classroom == attempt.assignment.classroom


def test_a_saved_file_reads_back_as_the_boards_it_says_it_has():
    saved = factories.SavedFileFactory()
    read = bridge_file_read(name=saved.name, data=bytes(saved.data))
    assert len(read.contents.boards) == saved.board_count
    assert not read.contents.problems


def test_a_live_question_is_one_the_engine_can_answer():
    question = factories.LiveQuestionFactory(seed=3)
    assert kind_for(question.kind).solve(question.situation).answer


def test_a_table_result_is_for_a_board_the_session_plays():
    result = factories.TableResultFactory()
    assert result.session.mode == "tables"
    assert (
        result.session.first_board
        <= result.board
        < (result.session.first_board + result.session.board_count)
    )


def test_live_session_codes_differ_and_use_only_the_join_code_letters():
    codes = [factories._session_code(n) for n in (0, 1, 30, 31, 10**6)]
    assert len(set(codes)) == len(codes)
    assert all(len(c) == 6 and set(c) <= set(factories.JOIN_CODE_ALPHABET) for c in codes)
