"""Whatever arrives, the site answers calmly: never a 500, and a 400 that says why.

Property tests post arbitrary data (any field names, any text, huge values, missing fields,
as a form or as htmx) to every form and htmx endpoint that `site_forms.crawl` finds.
"""

import logging
import os
import re
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.views import NOT_UNDERSTOOD, TOO_BIG, TOO_MANY_FIELDS
from tests.production.site_forms import ENDING, Endpoint, crawl, ending_rank

pytestmark = pytest.mark.django_db

# Examples per endpoint. CI draws the same ones every run (a failure there is a finding,
# never luck); HYPOTHESIS_EXAMPLES=300 HYPOTHESIS_RANDOM=1 hunts further on a laptop.
EXAMPLES = int(os.environ.get("HYPOTHESIS_EXAMPLES", "12"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
    derandomize=not os.environ.get("HYPOTHESIS_RANDOM"),
)

TRICKY = [
    "",
    " ",
    "0",
    "-0",
    "+420",
    "1,100",
    "−100",
    "1e9",
    "NaN",
    "Infinity",
    "١٢٣",  # Arabic-Indic digits
    "９９",  # full-width digits
    "9" * 30,
    "-" + "9" * 400,
    "\x00",
    "a\x00b",
    "<script>alert(1)</script>",
    "'; DROP TABLE quizzes_answer; --",
    "../../etc/passwd",
    "%00",
    "\u202e",
    "🂡♠♥",
    "x" * 5000,
]
values = st.one_of(
    st.sampled_from(TRICKY),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(st.characters(codec="utf-8"), max_size=60),
    st.text(st.characters(codec="utf-8"), min_size=1000, max_size=20_000),
)


def form_data(endpoint):
    """Mostly the endpoint's own fields (some missing, some doubled), plus strangers."""
    own = [name for name in endpoint.field_names if name != "csrfmiddlewaretoken"]
    names = st.one_of(
        st.sampled_from(own or ["field"]),
        st.sampled_from(own or ["field"]),
        st.text(st.characters(codec="utf-8"), max_size=40),
    )
    filled = dict(endpoint.fields)
    return st.dictionaries(
        names, st.one_of(values, st.lists(values, min_size=2, max_size=3)), max_size=10
    ).map(lambda d: {**{k: v for k, v in filled.items() if k not in d and k in own}, **d})


@pytest.fixture
def endpoints(client):
    found = crawl(client)
    return [e for e in found if "/bench/" not in e.path]


def _check(response, what):
    assert response.status_code < 500, f"{what}: {response.status_code}"
    if response.status_code == 400:
        assert b"<h1>" in response.content or len(response.content) < 300, what


def _post(client, endpoint, data, htmx, multipart):
    client = endpoint.browser or client  # a teacher's or a student's form, as they send it
    headers = {"HX-Request": "true", "HX-Target": "main"} if htmx else {}
    if multipart:
        return client.post(endpoint.path, data, headers=headers)
    body = urlencode(data, doseq=True)
    return client.post(
        endpoint.path, body, content_type="application/x-www-form-urlencoded", headers=headers
    )


def test_the_crawler_finds_the_forms_we_know_a_visitors_a_teachers_and_a_students(endpoints):
    # One crawl for both lists: a crawl opens every page of the site, the longest step here.
    posts = {e.path.split("?")[0] for e in endpoints if e.method == "POST"}
    assert "/practice/new/" in posts
    assert any(p.startswith("/practice/q/") for p in posts)
    assert any(p.startswith("/practice/check/") for p in posts)
    assert any(e.path.startswith("/lessons/sample-rubber/") and e.fields for e in endpoints)
    assert any(e.method == "GET" and e.htmx for e in endpoints)
    posts = {(e.who, re.sub(r"/[A-Za-z0-9_-]{16}/", "/<id>/", e.path)) for e in endpoints}
    for who, path in [
        ("teacher", "/teachers/classes/new/"),
        ("teacher", "/teachers/classes/<id>/code/"),
        ("teacher", "/teachers/classes/<id>/students/<id>/link/"),
        ("teacher", "/teachers/classes/<id>/assignments/new/"),
        ("teacher", "/teachers/classes/<id>/assignments/review-quiz/"),
        ("teacher", "/teachers/assignments/<id>/edit/"),
        ("teacher", "/teachers/assignments/<id>/preview/start/"),
        ("teacher", "/teachers/assignments/<id>/preview/q/<id>/"),
        ("teacher", "/teachers/assignments/<id>/preview/submit/"),
        ("teacher", "/teachers/assignments/<id>/preview/reset/"),
        ("teacher", "/accounts/logout/"),
        ("student", "/join/a/<id>/start/"),
        ("student", "/join/a/<id>/q/<id>/"),
        ("student", "/join/a/<id>/submit/"),
        ("visitor", "/join/"),
    ]:
        assert (who, path) in posts, (who, path)
    # What ends a login or an attempt is sent after everything that needs them.
    ranks = [ending_rank(e) for e in endpoints]
    assert ranks == sorted(ranks) and ranks[-1] == len(ENDING)


def _fuzz_post(client, endpoint):
    @FUZZ
    @given(data=form_data(endpoint), htmx=st.booleans(), multipart=st.booleans())
    def post_anything(data, htmx, multipart):
        response = _post(client, endpoint, data, htmx, multipart)
        _check(response, f"POST {endpoint.path} {data!r:.300}")

    post_anything()


def _fuzz_get(client, endpoint):
    client = endpoint.browser or client

    @FUZZ
    @given(data=form_data(endpoint), htmx=st.booleans(), target=values)
    def get_anything(data, htmx, target):
        headers = {"HX-Request": "true", "HX-Target": target[:200]} if htmx else {}
        path = endpoint.path.split("?")[0] + "?" + urlencode(data, doseq=True)
        _check(client.get(path, headers=headers), f"GET {path[:300]}")

    get_anything()


@pytest.mark.slow
def test_every_tricky_value_in_every_field_of_every_form_is_answered_calmly(client, endpoints):
    # A sweep, not a draw: each value of TRICKY in each field, the others filled in as a
    # learner would (a 0 in each empty box, so the form can succeed), then the field alone.
    for endpoint in endpoints:
        if endpoint.method != "POST":
            continue
        filled = {k: v or "0" for k, v in endpoint.fields if k != "csrfmiddlewaretoken"}
        for name in filled:
            for value in TRICKY:
                for data in ({**filled, name: value}, {name: value}):
                    _check(
                        _post(client, endpoint, data, False, False),
                        f"POST {endpoint.path} {data!r:.200}",
                    )


@pytest.mark.slow  # every form of the site, twice, as a form and as htmx: a sweep
def test_every_form_sent_twice_as_filled_in_is_answered_calmly(client, endpoints):
    # A double click or a reload sends a form again, its key and all, once the first has
    # done its work: the second gets the first one's result or the form's own message.
    # (tests/production/test_double_submits.py sends the two at the same moment.)
    for endpoint in endpoints:
        if endpoint.method != "POST":
            continue
        filled = {k: v or "0" for k, v in endpoint.fields if k != "csrfmiddlewaretoken"}
        for htmx in (False, True):
            first = _post(client, endpoint, filled, htmx, False)
            second = _post(client, endpoint, filled, htmx, False)
            _check(first, f"POST {endpoint.path} once")
            _check(second, f"POST {endpoint.path} again")


@pytest.mark.slow
def test_arbitrary_form_data_never_causes_a_server_error(client, endpoints):
    for endpoint in endpoints:
        if endpoint.method == "POST":
            _fuzz_post(client, endpoint)


@pytest.mark.slow
def test_arbitrary_query_strings_never_cause_a_server_error(client, endpoints):
    practice_home = Endpoint("GET", "/practice/", (("skill", ""),), False, "/practice/")
    for endpoint in [*endpoints, practice_home]:
        if endpoint.method == "GET":
            _fuzz_get(client, endpoint)


@FUZZ
@given(segment=values)
def test_arbitrary_ids_in_addresses_are_not_found_not_errors(client, segment):
    client.post("/practice/new/", {"kind": "undertricks"})  # a learner with a session
    escaped = quote(segment[:300], safe="")
    for path in (f"/practice/q/{escaped}/", f"/practice/check/{escaped}/", f"/lessons/{escaped}/"):
        response = client.get(path)
        _check(response, path)
        assert response.status_code in (200, 301, 400, 404), (path, response.status_code)
        response = client.post(path, {"answer": "100"})
        _check(response, path)


@FUZZ
@given(cookie=values)
def test_a_forged_session_cookie_is_a_new_visitor_not_an_error(client, cookie):
    client.cookies["sessionid"] = quote(cookie[:500], safe="")
    _check(client.get("/practice/"), "forged session cookie")
    _check(client.post("/practice/new/", {"kind": "undertricks"}), "forged session cookie")


@pytest.mark.parametrize(
    "path",
    ["/practice/q/abc%00def/", "/practice/?skill=%00", "/lessons/%00/", "/practice/check/%00/"],
)
def test_a_nul_character_in_an_address_gets_a_400(client, path):
    response = client.get(path)
    assert response.status_code == 400
    assert str(NOT_UNDERSTOOD) in response.content.decode()


def test_a_nul_character_is_one_line_in_the_log_not_a_traceback(client, caplog):
    with caplog.at_level(logging.INFO):
        assert client.get("/lessons/for/%00/").status_code == 400
    records = [r for r in caplog.records if "NUL" in r.getMessage() or r.exc_info]
    assert len(records) == 1 and records[0].exc_info is None, records


def test_a_form_body_that_is_not_utf8_gets_a_400_that_says_it_was_not_understood(client):
    # Read as Latin-1 it would be "ÿþÃ(": refused at the door, before any view reads it.
    response = client.post(
        "/practice/new/",
        b"kind=\xff\xfe\xc3(",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert str(NOT_UNDERSTOOD) in response.content.decode()


def test_a_form_body_in_utf8_with_any_letters_is_read_as_sent(client):
    response = client.post(
        "/practice/new/",
        b"kind=undertricks&note=Mar%C3%ADa+Jos%C3%A9+%C3%91.",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 302


def test_a_session_cookie_holding_a_nul_character_gets_a_400(client):
    forged = 'sessionid="\\000\\000\\000\\000\\000\\000\\000\\000"'  # octal escapes
    response = client.get("/practice/", headers={"Cookie": forged})
    assert response.status_code == 400


# -- malformed and oversized requests: a 400 that says why ---------------------------------


def test_an_oversized_form_gets_a_400_that_says_it_was_too_large(client):
    response = client.post("/practice/new/", {"kind": "undertricks", "x": "9" * 100_000})
    assert response.status_code == 400
    assert str(TOO_BIG) in response.content.decode()
    assert b"<h1>" in response.content  # the site's own page, not a bare error


def test_an_oversized_htmx_post_gets_the_same_400(client):
    question = client.post("/practice/new/", {"kind": "undertricks"})["Location"]
    response = client.post(
        question,
        urlencode({"answer": "1" * 200_000}),
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    assert str(TOO_BIG) in response.content.decode()


def test_a_form_with_thousands_of_fields_gets_a_400_that_says_so(client):
    data = {f"f{n}": "1" for n in range(2000)}
    response = client.post("/practice/new/", urlencode(data), "application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert str(TOO_MANY_FIELDS) in response.content.decode()


def test_a_broken_multipart_body_gets_a_400(client):
    response = client.post(
        "/practice/new/",
        b'--XX\r\nContent-Disposition: form-data; name="kind"\r\n\r\nundert',
        content_type="multipart/form-data; boundary=XX",
    )
    assert response.status_code == 400


def test_a_multipart_post_without_a_boundary_gets_a_400(client):
    response = client.post(
        "/practice/new/", b"kind=undertricks", content_type="multipart/form-data"
    )
    assert response.status_code == 400


def test_an_unknown_host_gets_a_400_not_an_error(client):
    response = client.get("/", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert str(NOT_UNDERSTOOD) in response.content.decode()


def test_the_400_page_also_answers_when_debug_is_on_elsewhere():
    # The handler itself never fails, whatever the exception it is given.
    from django.test import RequestFactory

    from config.views import bad_request

    response = bad_request(RequestFactory().get("/"), ValueError("anything"))
    assert response.status_code == 400
    assert str(NOT_UNDERSTOOD) in response.content.decode()


def test_requests_from_a_client_that_enforces_csrf_are_still_never_500():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/practice/new/", {"kind": "undertricks"})
    assert response.status_code == 403
