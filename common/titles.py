"""A live class's record in the gradebook is an assignment titled with a mark, "Live: ", and
the session's own title. The mark is stored in English, as data (records kept before the site
spoke French and Dutch have it too), and worded in the reader's language when shown."""

from django.utils.translation import gettext

LIVE_MARK = "Live: "


def live_record_title(session_title: str) -> str:
    """The title stored for the record of the live class `session_title`."""
    return f"{LIVE_MARK}{session_title}"


def shown_title(title: str) -> str:
    """An assignment's title as a page shows it: a live class's mark in the page's language."""
    if title.startswith(LIVE_MARK):
        return gettext("Live: %(title)s") % {"title": title.removeprefix(LIVE_MARK)}
    return title
