"""Every page of the course has a way on, in course order, and a link a sentence promises
as what comes next is the one the page's arrow follows (issue 28, point 7).

The walk found the rubber lesson saying "Right after this lesson you can follow the sample
rubber deal by deal" while its arrow went to the partners lesson, and no way on from the
sample rubber's result, the last lesson, the review quiz's last question or the cheat sheet.
The walk goes by lessons.course.course_pages(), so a lesson added to the course is walked
too.
"""

import re

import pytest
from django.test import Client

from lessons.course import AFTER_THE_COURSE, TOPICS, course_pages, next_page
from tests.factories import LearnerFactory, take_check

pytestmark = pytest.mark.django_db

NEXT_ARROW = re.compile(r'<a [^>]*rel="next"[^>]*>')
PROMISE = re.compile(r"<a [^>]*data-promises-next[^>]*>")
HREF = re.compile(r'href="([^"]+)"')


def _hrefs(pattern, html: str) -> set[str]:
    return {HREF.search(tag).group(1) for tag in pattern.findall(html)}


@pytest.mark.parametrize("page", course_pages(), ids=lambda page: page.url)
def test_every_course_page_has_one_next_arrow_in_course_order(client, page):
    response = client.get(page.url)
    assert response.status_code == 200
    html = response.content.decode()
    assert _hrefs(NEXT_ARROW, html) == {next_page(page.url).url}
    # What a sentence promises comes next is where the arrow goes.
    assert _hrefs(PROMISE, html) <= {next_page(page.url).url}


def test_the_course_holds_every_lesson_in_order_and_ends_on_practice():
    urls = [page.url for page in course_pages()]
    assert [url for url in urls if url in {t.url for t in TOPICS}] == [t.url for t in TOPICS]
    assert len(set(urls)) == len(urls)
    assert next_page(urls[-1]) == AFTER_THE_COURSE
    assert Client().get(AFTER_THE_COURSE.url).status_code == 200


def test_the_rubber_lesson_promises_the_sample_rubber_and_its_arrows_follow_it(client):
    html = client.get("/lessons/rubber/").content.decode()
    assert _hrefs(PROMISE, html) == {"/lessons/sample-rubber/"}
    assert _hrefs(NEXT_ARROW, html) == {"/lessons/sample-rubber/"}
    # Its "Next for you" once the check is passed goes the same way.
    learner = LearnerFactory()
    take_check(learner, "rubber")
    session = client.session
    from quizzes import services

    session[services.SESSION_KEY] = learner.pk
    session.save()
    html = client.get("/lessons/rubber/").content.decode()
    start = html.index("data-next-step")
    link = html[html.rfind("<a ", 0, start) : html.index("</a>", start)]
    assert 'href="/lessons/sample-rubber/"' in link


@pytest.mark.parametrize(
    "url",
    [
        "/lessons/sample-rubber/result/",
        TOPICS[-1].url,
        "/lessons/review-quiz/duplicate/",
        "/lessons/cheat-sheet/",
    ],
)
def test_the_dead_ends_the_walk_met_now_lead_on(client, url):
    html = client.get(url).content.decode()
    assert _hrefs(NEXT_ARROW, html) == {next_page(url).url}
    assert next_page(url).url not in ("/lessons/", url)


@pytest.mark.parametrize("first", ["en", "fr", "nl"])
def test_the_course_pages_are_worked_out_per_language_whichever_is_asked_first(first):
    # course_pages() is kept once per language: a French page's arrows must lead to French
    # pages even when an English page asked first, and the other way round.
    from django.utils import translation

    with translation.override(first):
        course_pages()
    for language, prefix in (("en", "/lessons/"), ("fr", "/fr/lessons/"), ("nl", "/nl/lessons/")):
        with translation.override(language):
            urls = [page.url for page in course_pages()]
            assert urls[0].startswith(prefix), (language, urls[0])
            assert all(not url.startswith(("/fr/", "/nl/")) for url in urls) == (language == "en")
            assert course_pages() is course_pages()  # kept, not worked out again


def test_a_lesson_page_works_out_the_course_once_per_language(client):
    from unittest import mock

    from lessons import course

    page = course_pages()[0].url
    client.get(page)  # the first time a language asks
    with mock.patch.object(course, "_worked_pages", wraps=course._worked_pages) as worked:
        assert client.get(page).status_code == 200
    assert worked.call_count == 0
