"""What the tests of a live class share: Ms Hart, her Tuesday beginners and some of her
students, a live class of hers at tables, her screen (a client logged in as her), and the
start form sent from it."""

from django.test import Client
from django.urls import reverse

from live import services
from live.models import LiveSession
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory


def hart_class(*names: str):
    """Ms Hart, her class "Tuesday beginners", and a membership in it for each name."""
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday beginners")
    students = {name: MembershipFactory(classroom=classroom, display_name=name) for name in names}
    return teacher, classroom, students


def at_tables(teacher, classroom, title: str, **settings) -> LiveSession:
    """A live class of `teacher`'s at tables, for `classroom` (its boards, tables and
    movement in `settings`)."""
    return services.session_create(
        teacher=teacher,
        title=title,
        classroom=classroom,
        mode=LiveSession.Mode.TABLES,
        **settings,
    )


def screen_of(teacher) -> Client:
    """The teacher's screen: a client logged in as them."""
    screen = Client()
    screen.force_login(teacher)
    return screen


def joined(session: LiveSession, membership):
    """The student's phone, joined to the session under their name in the class."""
    return services.player_join(
        session=session,
        learner=membership.learner,
        name=membership.display_name,
        membership=membership,
    )


def start_form(screen: Client, follow: bool = False, **changes):
    """The start form sent from the screen: a quiz called "Tuesday", unless `changes` say
    otherwise (with nothing to draw from: give kinds or skills)."""
    data = {
        "title": "Tuesday",
        "mode": "quiz",
        "sequence": "drawn",
        "question_count": "5",
        "first_board": "1",
        "board_count": "3",
        "table_count": "2",
    }
    return screen.post(reverse("live:new"), data | changes, follow=follow)
