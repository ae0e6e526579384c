"""A request refused at the door (400) is one line in the log, never a traceback: anyone can
send thousands, and thirty lines each would bury everything else (issue #27)."""

import logging

import pytest

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"


def _too_many_fields(client):
    body = "&".join(f"f{n}=1" for n in range(500))
    return client.generic("POST", "/accounts/login/", body, content_type=FORM)


def _too_big(client):
    return client.generic("POST", "/accounts/login/", "a=" + "x" * 70_000, content_type=FORM)


def _bad_multipart_boundary(client):
    return client.generic(
        "POST", "/accounts/login/", b"--\r\nnot a part", content_type="multipart/form-data"
    )


def _unknown_host(client):
    return client.get("/", HTTP_HOST="attacker.example")


@pytest.mark.parametrize(
    "send, exception",
    [
        (_too_many_fields, "TooManyFieldsSent"),
        (_too_big, "RequestDataTooBig"),
        (_bad_multipart_boundary, "MultiPartParserError"),
        (_unknown_host, "DisallowedHost"),
    ],
    ids=["too-many-fields", "body-too-big", "bad-multipart-boundary", "unknown-host"],
)
def test_a_refused_request_is_one_line_in_the_log_without_a_traceback(
    client, caplog, send, exception
):
    with caplog.at_level(logging.INFO):
        response = send(client)
    assert response.status_code == 400
    records = [
        r for r in caplog.records if r.name.startswith(("django.request", "django.security"))
    ]
    assert len(records) == 1, [r.getMessage() for r in records]
    (record,) = records
    assert record.exc_info is None and not record.exc_text
    assert exception in record.getMessage()
    assert "\n" not in record.getMessage()
    assert "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback_in_the_log():
    # The filter quiets refusals only: a real fault still logs everything it knows.
    from config.log_filters import OneLineRefusals

    try:
        raise RuntimeError("a bug")
    except RuntimeError as error:
        record = logging.LogRecord(
            "django.request",
            logging.ERROR,
            __file__,
            1,
            "Internal Server Error: %s",
            ("/",),
            (type(error), error, error.__traceback__),
        )
    assert OneLineRefusals().filter(record)
    assert record.exc_info is not None and record.getMessage() == "Internal Server Error: /"
