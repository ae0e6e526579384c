"""The page that starts a live class: where it sits among the teacher's pages (issue 29)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_start_page_has_a_breadcrumb_back_to_the_live_classes():
    teacher = Client()
    teacher.force_login(UserFactory(username="ms-hart"))
    page = teacher.get(reverse("live:new")).content.decode()
    nav = page.split('<nav class="breadcrumbs" aria-label="Breadcrumb">', 1)[1]
    crumbs = nav.split("</nav>")[0]
    assert f'<a href="{reverse("classes:dashboard")}">For teachers</a>' in crumbs
    assert f'<a href="{reverse("live:index")}">Live classes</a>' in crumbs
    assert '<li aria-current="page">Start a live class</li>' in crumbs
