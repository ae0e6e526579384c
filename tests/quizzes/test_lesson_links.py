"""A lesson named in the site's words is a link to it (a teacher's walk through the site).

The bridge-file quiz's par box said "(lesson 19)" in plain text: a teacher had to find the
lesson in the list. Now the number and the address both come from the course map, so the
hint links to the par lesson and follows it if the course is ever renumbered.
"""

import re
from pathlib import Path

import pytest

from bridgefiles.forms import QuizForm
from course.map import lesson_number, lesson_url
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
# The site's own code and pages: where a learner or teacher reads its words.
SOURCES = ("*.py", "*.html", "*.txt")
SKIPPED = {".venv", "tests", "docs", "bench", "node_modules", "staticfiles"}
# "(lesson 19)" or "see lesson 4" in plain text: a number that no link or course map keeps.
UNLINKED = re.compile(r"\((?:see )?lessons? \d+\)", re.IGNORECASE)


def _site_sources():
    for pattern in SOURCES:
        for path in ROOT.rglob(pattern):
            if not SKIPPED.intersection(path.relative_to(ROOT).parts):
                yield path


@pytest.mark.django_db
def test_the_par_box_of_a_file_quiz_links_to_the_par_lesson():
    form = QuizForm(teacher=UserFactory(username="ms-hughes"))
    page = str(form)
    link = f'<a href="{lesson_url("par")}">lesson {lesson_number("par")}</a>'
    assert link in page, page


def test_no_lesson_is_named_by_a_bare_number_in_the_site():
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in _site_sources()
        for match in UNLINKED.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []
