"""Issue 27, point 2: after an error on our side, the page must not promise that nothing
was lost. What was sent may or may not have been saved, so it says that, and what to do."""

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from quizzes import views

pytestmark = pytest.mark.django_db


def test_the_500_page_says_what_was_sent_may_not_have_been_saved_and_promises_nothing():
    response = server_error(RequestFactory().post("/practice/new/", {"kind": "undertricks"}))
    page = response.content.decode()
    assert response.status_code == 500
    assert "may not have been saved" in page and "try again" in page
    assert "lost" not in page


def test_a_view_that_fails_answers_with_that_page(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug, not a fault of the database")

    monkeypatch.setattr(views.services, "question_new", broken)
    response = Client(raise_request_exception=False).post("/practice/new/", {"kind": "undertricks"})
    assert response.status_code == 500
    assert "may not have been saved" in response.content.decode()
