"""What happens when an account logs in: its session ends two weeks later."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import timezone


@receiver(user_logged_in)
def session_ends_after_two_weeks(sender, *, request, user, **kwargs):
    """An account's session ends TEACHER_SESSION_AGE after the login, however busy it is.

    Sessions last a year (SESSION_COOKIE_AGE) so that a student's personal link and a
    learner's practice keep working; an account opens a class's names and work, so a
    teacher logs in again after two weeks. A shorter setting wins: a shorter cookie age,
    or sessions that end when the browser closes.
    """
    if request is None or not hasattr(request, "session"):
        return
    if settings.SESSION_EXPIRE_AT_BROWSER_CLOSE:
        return
    age = min(settings.TEACHER_SESSION_AGE, settings.SESSION_COOKIE_AGE)
    # A date, not a number of seconds: a number would start again at every change saved.
    request.session.set_expiry(timezone.now() + timedelta(seconds=age))
