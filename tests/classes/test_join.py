"""Joining a class with its code, and coming back with a personal link."""

import re

import pytest
from django.test import Client
from django.utils.html import escape

from classes import forms, services, views
from classes.limits import ADDRESS_RATE, BROWSER_RATE, LIMITS
from classes.models import Classroom, Membership
from common.text import fill
from quizzes.models import Learner
from tests.factories import PASSWORD, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

TRIES = int(BROWSER_RATE.split("/")[0])
ADDRESS_TRIES = 2 * TRIES  # the address limit, made small in the tests that reach it
# A test that counts tries against a limit stands the clock still (frozen_clock): on a loaded
# machine its tries could otherwise straddle the limits' one-minute window, and the last be
# counted in a fresh one. The clock reaches django-ratelimit's window and the database
# cache's expiry alike (both read time.time() or timezone.now()).


@pytest.fixture
def small_address_limit(monkeypatch):
    # The real limit (ADDRESS_RATE) takes hundreds of joins to reach; the rule is the same.
    assert int(ADDRESS_RATE.split("/")[0]) > ADDRESS_TRIES
    limits = [(key, f"{ADDRESS_TRIES}/m" if key == "ip" else rate) for key, rate in LIMITS]
    monkeypatch.setattr("classes.limits.LIMITS", tuple(limits))


def _join(client, code, name="Sam", **extra):
    return client.post("/join/", {"code": code, "display_name": name, **extra})


def _browser(**extra):
    """A browser that has opened the join page (and so holds its form's cookie)."""
    browser = Client(**extra)
    browser.get("/join/")
    return browser


def _link(client, response):
    page = client.get(response["Location"]).content.decode()
    return re.search(r"data-personal-link>([^<]+)<", page).group(1)


def test_a_student_joins_with_the_code_and_no_account(client):
    classroom = ClassroomFactory(name="Club beginners")
    response = _join(client, classroom.join_code)
    assert response.status_code == 302 and response["Location"] == "/join/welcome/"
    membership = Membership.objects.get(classroom=classroom)
    assert membership.display_name == "Sam" and membership.learner.user is None
    assert client.session["learner"] == membership.learner_id
    page = client.get("/join/classes/").content.decode()
    assert "Club beginners" in page and "You are Sam" in page


def test_the_join_page_fills_in_a_code_from_the_address(client):
    page = client.get("/join/?code=ABCD-EFGH").content.decode()
    assert 'value="ABCD-EFGH"' in page


def test_a_wrong_code_says_so_beside_the_field_and_keeps_what_was_typed(client):
    ClassroomFactory()
    response = _join(client, "ZZZZ-ZZZZ", name="Sam P.")
    assert response.status_code == 422
    html = response.content.decode()
    assert services.JOIN_CODE_UNKNOWN in html
    assert 'value="ZZZZ-ZZZZ"' in html and 'value="Sam P."' in html
    assert 'aria-describedby="id_code-error' in html
    assert not Membership.objects.exists() and not Learner.objects.exists()


def test_a_code_of_the_wrong_shape_is_explained(client):
    response = _join(client, "12")
    assert response.status_code == 422
    assert forms.JOIN_CODE_SHAPE in response.content.decode()


def test_a_regenerated_code_retires_the_old_one(client):
    classroom = ClassroomFactory()
    old = classroom.join_code
    teacher = Client()
    teacher.force_login(classroom.teacher)
    teacher.post(f"/teachers/classes/{classroom.public_id}/code/")
    classroom.refresh_from_db()
    assert classroom.join_code != old

    response = _join(client, old)
    assert response.status_code == 422
    assert services.JOIN_CODE_UNKNOWN in response.content.decode()
    assert _join(client, classroom.join_code).status_code == 302


def test_regenerating_the_code_with_htmx_swaps_the_code_in_place(client):
    classroom = ClassroomFactory()
    client.force_login(classroom.teacher)
    response = client.post(f"/teachers/classes/{classroom.public_id}/code/", HTTP_HX_REQUEST="true")
    classroom.refresh_from_db()
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="join-code"')
    assert classroom.join_code_display in html and "The old code no longer works" in html


def test_join_codes_are_rate_limited_after_repeated_wrong_tries(frozen_clock):
    classroom = ClassroomFactory()
    client = _browser()
    for _ in range(TRIES):
        assert _join(client, "WXYZ-WXYZ").status_code == 422
    # Now even the right code waits: whoever is guessing cannot tell it worked.
    response = _join(client, classroom.join_code)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert not Membership.objects.exists()
    # Another address is not affected.
    assert _join(Client(REMOTE_ADDR="10.1.2.3"), classroom.join_code).status_code == 302


def test_a_whole_class_behind_one_address_can_join_at_once(frozen_clock):
    classroom = ClassroomFactory()
    for n in range(TRIES * 2):
        assert _join(Client(), classroom.join_code, name=f"Student {n}").status_code == 302
    assert Membership.objects.filter(classroom=classroom).count() == TRIES * 2


def test_a_right_code_is_never_refused_because_a_classmate_mistyped(frozen_clock):
    classroom = ClassroomFactory()
    clumsy = _browser()
    for _ in range(TRIES):
        assert _join(clumsy, "WXYZ-WXYZ").status_code == 422
    assert _join(clumsy, classroom.join_code).status_code == 429  # the guesser waits
    # A classmate behind the same school address joins at once.
    assert _join(_browser(), classroom.join_code, name="Kim").status_code == 302


def test_a_script_that_drops_its_cookies_meets_the_limit_on_its_address(
    frozen_clock, small_address_limit
):
    classroom = ClassroomFactory()
    for _ in range(ADDRESS_TRIES):
        _join(_browser(), "WXYZ-WXYZ")
    assert _join(_browser(), classroom.join_code).status_code == 429
    assert _join(_browser(REMOTE_ADDR="10.1.2.3"), classroom.join_code).status_code == 302


def test_a_guesser_with_a_new_cookie_each_time_cannot_wipe_its_addresss_count(
    frozen_clock, small_address_limit
):
    """Each new cookie is a counter of its own in the cache; a cache that dropped entries
    when it held a few hundred dropped the address's counter too."""
    from django.core.cache import cache

    classroom = ClassroomFactory()
    for n in range(ADDRESS_TRIES):
        _join(_browser(), "WXYZ-WXYZ")
        # Forty other counters at each try; named to sort after every real counter (a
        # full database cache drops the first third in key order).
        cache.set_many({f"rl:z-{n}-{i}": 1 for i in range(40)}, timeout=60)
    assert _join(_browser(), classroom.join_code).status_code == 429


def test_behind_the_proxy_each_student_is_counted_at_their_own_address(
    settings, frozen_clock, small_address_limit
):
    settings.BEHIND_PROXY = True
    classroom = ClassroomFactory()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    guesser = {**proxy, "HTTP_X_FORWARDED_FOR": "203.0.113.66"}
    for _ in range(ADDRESS_TRIES):
        _join(_browser(**guesser), "WXYZ-WXYZ")
    assert _join(_browser(**guesser), classroom.join_code).status_code == 429
    # Another student through the same proxy is not locked out; a forged entry on the
    # left of X-Forwarded-For does not make the guesser someone else.
    other = {**proxy, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    assert _join(_browser(**other), classroom.join_code, name="Kim").status_code == 302
    forged = {**proxy, "HTTP_X_FORWARDED_FOR": "10.9.9.9, 203.0.113.66"}
    assert _join(_browser(**forged), classroom.join_code, name="Lee").status_code == 429


def test_the_login_lockout_reads_the_client_address_behind_the_proxy(settings, rf):
    from axes.helpers import get_client_ip_address

    settings.BEHIND_PROXY = True
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    assert get_client_ip_address(request) == "203.0.113.9"
    settings.BEHIND_PROXY = False
    assert get_client_ip_address(request) == "127.0.0.1"  # served directly: no header trusted


def test_two_students_cannot_share_a_name_in_a_class(client):
    member = MembershipFactory(display_name="Sam")
    response = _join(client, member.classroom.join_code, name="  sam ")
    assert response.status_code == 422
    html = response.content.decode()
    assert services.JOIN_NAME_TAKEN in html
    # Someone joining again under their own name is pointed to their personal link.
    assert "open the personal link you were given" in html
    assert 'aria-describedby="id_display_name-error' in html  # beside the name, not the code
    assert 'aria-describedby="id_code-error' not in html


def test_the_personal_link_is_shown_once_and_brings_the_work_back(client):
    classroom = ClassroomFactory()
    response = _join(client, classroom.join_code)
    link = _link(client, response)
    assert link.startswith("http://testserver/join/back/")
    # Shown once: the welcome page no longer has it.
    assert "data-personal-link" not in client.get("/join/welcome/").content.decode()

    elsewhere = Client()
    response = elsewhere.get(link.removeprefix("http://testserver"), follow=True)
    assert fill(views.WELCOME_BACK, name="Sam") in response.content.decode()
    assert elsewhere.session["learner"] == Membership.objects.get().learner_id
    # Only a hash of the link is stored.
    assert link.rsplit("/", 2)[-2] not in Membership.objects.get().link_hash


def test_a_wrong_personal_link_answers_404_and_is_rate_limited(client, frozen_clock):
    for n in range(TRIES):
        assert client.get(f"/join/back/not-a-link-{n}/").status_code == 404
    refused = client.get("/join/back/not-a-link-either/")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60", "a script is told when it may try again"


def test_a_guessers_wrong_links_never_refuse_a_students_right_one(client, frozen_clock):
    # The guesser and the student both open links with no cookie, from one school address:
    # to the limit they are the same browser. The student's right link still works.
    member = MembershipFactory()
    secret = services.membership_new_link(membership=member)
    for n in range(TRIES + 5):
        client.get(f"/join/back/not-a-link-{n}/")
    assert client.get("/join/back/not-a-link-either/").status_code == 429
    assert Client().get(f"/join/back/{secret}/").status_code == 302


def test_a_new_personal_link_from_the_teacher_retires_the_old_one(client):
    member = MembershipFactory()
    old = services.membership_new_link(membership=member)
    client.force_login(member.classroom.teacher)
    response = client.post(
        f"/teachers/classes/{member.classroom.public_id}/students/{member.public_id}/link/"
    )
    new = re.search(r"/join/back/([^/]+)/", response.content.decode()).group(1)
    assert Client().get(f"/join/back/{old}/").status_code == 404
    assert Client().get(f"/join/back/{new}/").status_code == 302


def test_a_new_link_ends_every_session_opened_with_the_old_one(client):
    member = MembershipFactory()
    old = services.membership_new_link(membership=member)
    found, phone = Client(), Client()
    for browser in (found, phone):
        assert browser.get(f"/join/back/{old}/").status_code == 302
        assert browser.session["learner"] == member.learner_id
    client.force_login(member.classroom.teacher)
    client.post(f"/teachers/classes/{member.classroom.public_id}/students/{member.public_id}/link/")
    for browser in (found, phone):
        assert "learner" not in browser.session, "the old link's session still has the student"
        page = browser.get("/join/classes/").content.decode()
        assert member.classroom.name not in page


def test_a_shared_computer_can_join_a_second_student(client):
    classroom = ClassroomFactory()
    _join(client, classroom.join_code, name="Sam")
    response = _join(client, classroom.join_code, name="Alex")
    assert response.status_code == 200
    assert "already in" in response.content.decode()
    assert Membership.objects.count() == 1
    response = _join(client, classroom.join_code, name="Alex", someone_else="1")
    assert response.status_code == 302
    names = set(Membership.objects.values_list("display_name", flat=True))
    assert names == {"Sam", "Alex"}
    assert Membership.objects.get(display_name="Alex").learner_id == client.session["learner"]


def test_an_account_holder_joins_with_their_own_learner(client):
    user = UserFactory()
    client.force_login(user)
    classroom = ClassroomFactory()
    response = _join(client, classroom.join_code)
    assert response.status_code == 302
    membership = Membership.objects.get()
    assert membership.learner.user == user
    page = client.get("/join/welcome/").content.decode()
    assert "data-personal-link" not in page and "log in on any device" in page


def test_a_teacher_cannot_join_their_own_class(client):
    classroom = ClassroomFactory()
    client.force_login(classroom.teacher)
    response = _join(client, classroom.join_code)
    assert response.status_code == 422
    assert escape(services.JOIN_OWN_CLASS) in response.content.decode()


def test_join_codes_are_short_unambiguous_and_unique():
    codes = {ClassroomFactory().join_code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == 8 and not set(code) & set("0O1IL")
    assert Classroom.objects.first().join_code_display[4] == "-"


def test_a_personal_link_opened_while_logged_in_asks_to_log_out_first(client):
    member = MembershipFactory(display_name="Sam")
    secret = services.membership_new_link(membership=member)
    client.force_login(UserFactory(username="bob"))
    response = client.get(f"/join/back/{secret}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "log out first" in page and "bob" in page
    assert "learner" not in client.session


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("Jose\u0301", "José"),  # an accent typed as a separate mark: composed
        ("Sam\u200b", "Sam"),  # a zero-width space: removed
        ("\u202eSam", "Sam"),  # a right-to-left override: removed
        ("María José Ñ.", "María José Ñ."),
        ("山田 はなこ", "山田 はなこ"),  # kanji and kana are written together
        ("Иван", "Иван"),
    ],
)
def test_a_name_is_saved_composed_and_without_invisible_characters(typed, saved):
    form = forms.JoinForm({"code": "ABCD-EFGH", "display_name": typed, "form_key": "k" * 32})
    form.is_valid()
    assert "display_name" not in form.errors
    assert form.cleaned_data["display_name"] == saved


def test_a_name_mixing_look_alike_alphabets_is_refused_and_explained(client):
    classroom = ClassroomFactory()
    MembershipFactory(classroom=classroom, display_name="Sam")
    response = _join(_browser(), classroom.join_code, name="S\u0430m")  # a Cyrillic "а"
    assert response.status_code == 422
    assert "Write your name in one alphabet" in response.content.decode()
    assert Membership.objects.filter(classroom=classroom).count() == 1


def test_a_name_made_to_look_like_a_classmates_with_a_zero_width_space_is_taken(client):
    member = MembershipFactory(display_name="Sam")
    response = _join(_browser(), member.classroom.join_code, name="Sa\u200bm")
    assert response.status_code == 422
    assert escape(services.JOIN_NAME_TAKEN) in response.content.decode()


# -- a personal link revokes every browser it let in (issue 29, point 11) ---------------------


def test_a_new_link_ends_a_browser_that_came_by_the_old_one_and_then_joined_the_live_class(
    client,
):
    from live import services as live

    classroom = ClassroomFactory(name="Tuesday beginners")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    old = services.membership_new_link(membership=ana)
    live.session_create(
        teacher=classroom.teacher, title="Doubled games", classroom=classroom, kinds=["undertricks"]
    )
    phone = Client()
    assert phone.get(f"/join/back/{old}/").status_code == 302
    # Ana's phone joins the live class with the class's code: her session gets a new key.
    joined = phone.post("/live/join/", {"code": classroom.join_code, "name": "Ana"})
    assert joined.status_code == 302
    assert phone.session["learner"] == ana.learner_id
    client.force_login(classroom.teacher)
    client.post(f"/teachers/classes/{classroom.public_id}/students/{ana.public_id}/link/")
    assert "learner" not in phone.session, "the phone that joined the live class is still Ana"
    assert "Tuesday beginners" not in phone.get("/join/classes/").content.decode()


def _borrowed_browser(member):
    """A browser that holds the student only because it opened their personal link."""
    browser = Client()
    secret = services.membership_new_link(membership=member)
    assert browser.get(f"/join/back/{secret}/").status_code == 302
    return browser


def test_logging_in_where_a_students_link_was_opened_leaves_the_record_with_the_student():
    ana = MembershipFactory(display_name="Ana")
    browser = _borrowed_browser(ana)
    bob = UserFactory(username="bob")
    response = browser.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.learner.user_id is None, "Ana's record went into Bob's account"
    assert not Membership.objects.filter(learner__user=bob).exists()
    # Ana's own link still brings her work back in another browser.
    assert (
        Client().get(f"/join/back/{services.membership_new_link(membership=ana)}/").status_code
        == 302
    )


def test_signing_up_where_a_students_link_was_opened_leaves_the_record_with_the_student():
    ana = MembershipFactory(display_name="Ana")
    browser = _borrowed_browser(ana)
    response = browser.post(
        "/accounts/signup/",
        {
            "username": "bob",
            "email": "bob@example.org",
            "password1": "slam-bonus-750-x",
            "password2": "slam-bonus-750-x",
        },
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.learner.user_id is None, "Ana's record became Bob's account's"
    assert not Membership.objects.filter(learner__user__username="bob").exists()


def test_a_student_who_joined_in_this_browser_keeps_their_classes_when_they_sign_up(client):
    # The browser's own learner (not one brought in by a link) goes with its account, as before.
    classroom = ClassroomFactory()
    assert _join(client, classroom.join_code, name="Sam").status_code == 302
    client.post(
        "/accounts/signup/",
        {
            "username": "sam",
            "email": "sam@example.org",
            "password1": "slam-bonus-750-x",
            "password2": "slam-bonus-750-x",
        },
    )
    assert Membership.objects.get(display_name="Sam").learner.user.username == "sam"
