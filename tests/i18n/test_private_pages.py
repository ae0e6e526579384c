"""A student's pages are private in every language: /fr/join/... and /nl/join/... are kept
by no shared cache, as /join/... never was (config.middleware.private_pages)."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/join/classes/", "/fr/join/classes/", "/nl/join/classes/"])
def test_a_students_page_is_private_in_every_language(path):
    response = Client().get(path)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


@pytest.mark.parametrize("path", ["/lessons/", "/fr/lessons/", "/nl/lessons/"])
def test_a_page_for_everyone_is_not_marked_private_in_any_language(path):
    response = Client().get(path)
    assert "private" not in response.get("Cache-Control", "")
