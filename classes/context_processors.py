"""What every page's layout shows of a student: a link to their classes.

A browser that joined a class with its code, or came back by its personal link, is marked
in its session (services.STUDENT_KEY); the layout's header then links to /join/classes/.
Read only when the layout asks, from the session the header reads anyway: no query.
"""

from classes.services import STUDENT_KEY


def student(request):
    session = getattr(request, "session", None)
    return {"student_of_a_class": lambda: bool(session is not None and session.get(STUDENT_KEY))}
