"""What the tests of a teacher's pages share (tests/classes, tests/assignments): Alice
logged in, a class of hers, a new assignment sent through its form, a page's text and the
messages a response shows; and, for any page's form, the key it was drawn with."""

import re

from django.test import Client

from tests.factories import ClassroomFactory, MembershipFactory, UserFactory


def alice() -> Client:
    """Alice, a teacher, logged in; her user is `client.user`."""
    user = UserFactory(username="alice")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


def class_of(teacher: Client, name: str = "Tuesday beginners"):
    return ClassroomFactory(teacher=teacher.user, name=name)


def alices_class(*names: str) -> tuple:
    """Alice logged in, her class "Tuesday beginners", and a student of it for each name:
    (client, classroom, membership, ...)."""
    client = alice()
    classroom = class_of(client)
    students = [MembershipFactory(classroom=classroom, display_name=name) for name in names]
    return (client, classroom, *students)


def set_assignment(client: Client, classroom, key: str | None = "a" * 32, **changes):
    """The new-assignment form sent (with form key `key`, None for none): "Week 1", three
    undertricks questions, unless `changes` say otherwise; `follow` as the client's."""
    follow = changes.pop("follow", False)
    data = {
        "title": "Week 1",
        "kinds": ["undertricks"],
        "question_count": 3,
        "same_for_everyone": "yes",
        "attempts_allowed": 1,
        "show_answers": "after_submit",
        "layout": "one",
    }
    if key is not None:
        data["form_key"] = key
    url = f"/teachers/classes/{classroom.public_id}/assignments/new/"
    return client.post(url, data | changes, follow=follow)


def page_text(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


def form_key(html: str, name: str = "form_key") -> str:
    """The one-submission key (common.forms.FormKeyField) a page's form was drawn with."""
    found = re.search(rf'name="{name}" value="([^"]+)"', html)
    assert found, f"the form carries its key ({name})"
    return found.group(1)
