"""Figures a person reads are written as the page's language writes them: 1 100 in French
(Django's French format: a no-break space), 1.100 in Dutch, 1100 in English as always.
What scripts and tests read keeps the bare figure: data-* attributes, form values.
Dates are written with the language's month names, in the teacher's time zone.
"""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from classes.zones import with_zone
from common.words import say
from drawing.templatetags.sheets import signed
from scoring.words import Words, gettext_noop

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"
# The undertricks lesson: four down, doubled, vulnerable is 1100 (its worked example and
# its table), five down 1400.
LESSON = "/lessons/undertricks/"


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "1100"), ("fr", f"1{NBSP}100"), ("nl", "1.100")],
)
def test_a_lesson_writes_its_figures_in_its_language(client, language, written):
    prefix = "" if language == "en" else f"/{language}"
    html = client.get(prefix + LESSON).content.decode()
    assert f">{written}<" in html  # a table's cell
    assert f"−{written}<" in html  # a score for the defenders' side, with its minus sign
    if language != "en":
        assert ">1100<" not in html


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_data_attributes_keep_the_bare_figure(client, language):
    html = client.get(f"/{language}{LESSON}").content.decode()
    points = re.findall(r'data-points="([^"]*)"', html)
    assert "1100" in points or "-1100" in points
    assert all(re.fullmatch(r"-?\d*", value) for value in points), points


@pytest.mark.parametrize(
    ("language", "plus", "minus"),
    [("en", "+1100", "−1430"), ("fr", f"+1{NBSP}100", f"−1{NBSP}430"), ("nl", "+1.100", "−1.430")],
)
def test_signed_writes_a_score_in_the_page_language(language, plus, minus):
    with translation.override(language):
        assert (signed(1100), signed(-1430), signed(0), signed(-50)) == (plus, minus, "0", "−50")


@pytest.mark.parametrize(
    ("language", "written"), [("en", "1100"), ("fr", f"1{NBSP}100"), ("nl", "1.100")]
)
def test_the_engine_reasons_write_their_figures_in_the_page_language(language, written):
    reason = Words(
        gettext_noop("{ours} - {theirs} = {imps}. {why}"), ours=1500, theirs=400, imps=1100, why=""
    )
    with translation.override(language):
        assert written in say(reason)


@pytest.mark.parametrize(
    ("language", "written"), [("en", "1100"), ("fr", f"1{NBSP}100"), ("nl", "1.100")]
)
def test_the_figure_filter_and_a_bare_value_in_an_attribute(language, written):
    template = Template('{% load figures %}<td data-points="{{ p }}">{{ p|figure }}</td>')
    with translation.override(language):
        assert template.render(Context({"p": 1100})) == f'<td data-points="1100">{written}</td>'


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "24 Nov 2026, 06:43 (Europe/Paris)"),
        ("fr", "24 nov. 2026, 06:43 (Europe/Paris)"),
        ("nl", "24 nov 2026, 06:43 (Europe/Paris)"),
    ],
)
def test_a_time_is_written_in_the_language_and_the_teachers_zone(language, written):
    moment = datetime(2026, 11, 24, 5, 43, tzinfo=UTC)
    with translation.override(language), timezone.override(ZoneInfo("Europe/Paris")):
        assert with_zone(moment) == written
