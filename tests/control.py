"""What the tests of a teacher's pages share (tests/classes, tests/assignments): Alice
logged in, a class of hers, a page's text and the messages a response shows."""

from django.test import Client

from tests.factories import ClassroomFactory, UserFactory


def alice() -> Client:
    """Alice, a teacher, logged in; her user is `client.user`."""
    user = UserFactory(username="alice")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


def class_of(teacher: Client, name: str = "Tuesday beginners"):
    return ClassroomFactory(teacher=teacher.user, name=name)


def page_text(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""
