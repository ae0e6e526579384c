"""Dates and percentages in French and Dutch, on a teacher's pages.

The gradebook, the class overview and a student's work write "24 nov." (French) and
"24 nov" (Dutch), never Django's "Nov" of "M"; English keeps "24 Nov, 17:30". Always in the
teacher's zone (classes/zones.py): Kolkata here, five and a half hours ahead of the frozen
clock's noon UTC. A kept bridge file's date has its year. A percentage is "100 %" in
French (a no-break space), "100%" in English and Dutch."""

import re

import pytest

from tests.factories import SavedFileFactory
from tests.i18n.teacher_class import _page, _row

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]

# Today, 24 Nov 2026 12:00 UTC, in Kolkata; and three days on, Ben's later due date.
TODAY = {"en": "24 Nov, 17:30", "fr": "24 nov., 17:30", "nl": "24 nov, 17:30"}
LATER = {"en": "27 Nov, 17:30", "fr": "27 nov., 17:30", "nl": "27 nov, 17:30"}
DAY = {"en": "24 Nov", "fr": "24 nov.", "nl": "24 nov"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_gradebook_writes_when_each_student_started_and_handed_in_in_the_language(
    hart, language
):
    page = _page(hart, language, "reports:gradebook", hart.week1.public_id)
    anns = _row(page, hart.ann)
    # Started and handed in, both today.
    assert anns.count(f"<td>{TODAY[language]}</td>") == 2, anns
    # Ben's later due date, beside his name.
    assert f"{LATER[language]}, 1 " in _row(page, hart.ben)
    if language != "en":
        assert "Nov" not in page


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_class_overview_writes_each_students_last_activity_in_the_language(hart, language):
    page = _page(hart, language, "reports:classroom_overview", hart.classroom.public_id)
    assert f"<td>{TODAY[language]}</td>" in page
    if language != "en":
        assert "Nov" not in page


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_students_page_writes_the_day_an_attempt_was_reset_in_the_language(hart, language):
    page = _page(hart, language, "reports:student", hart.classroom.public_id, hart.ben.public_id)
    summary = re.search(r'data-attempt="1"[^>]*>\s*<summary>(.*?)</summary>', page, re.S)
    assert summary, "no first attempt"
    assert f" {DAY[language]}" in summary.group(1), summary.group(1)
    if language != "en":
        assert "Nov" not in page


KEPT = {"en": "24 Nov 2026", "fr": "24 nov. 2026", "nl": "24 nov 2026"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_kept_bridge_file_says_the_day_it_was_kept_in_the_language(client, language):
    saved = SavedFileFactory()
    client.force_login(saved.owner)
    listed = _page(client, language, "bridgefiles:saved_list")
    assert f">{KEPT[language]}</td>" in listed
    opened = _page(client, language, "bridgefiles:saved", saved.public_id)
    assert f" {KEPT[language]}, " in opened
    if language != "en":
        assert "Nov" not in listed + opened


# Ann has Week 1 all right: 100 in every share the teacher reads. French writes a no-break
# space before the sign (100 %); English and Dutch write none.
SHARE = {"en": "100%", "fr": "100\u00a0%", "nl": "100%"}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_teachers_pages_write_a_percentage_as_the_language_does(hart, language):
    gradebook = _page(hart, language, "reports:gradebook", hart.week1.public_id)
    assert f"1 / 1 ({SHARE[language]})" in _row(gradebook, hart.ann)
    overview = _page(hart, language, "reports:classroom_overview", hart.classroom.public_id)
    student = _page(hart, language, "reports:student", hart.classroom.public_id, hart.ann.public_id)
    for page in (gradebook, overview, student):
        assert f">{SHARE[language]}" in page or f"{SHARE[language]} " in page
        if language == "fr":
            assert not re.search(r"\d%", page)
