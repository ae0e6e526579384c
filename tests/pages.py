"""Every page of the site that a visitor can open without logging in or having data.

Site-wide tests (no outside hosts, no server errors, accessibility) walk this list.
`test_pages_list_is_complete` fails when a new URL without arguments is not listed here.
"""

from lessons.course import TOPICS

PUBLIC_PAGES = [
    "/",
    "/lessons/",
    "/lessons/sample-rubber/",
    *[f"/lessons/sample-rubber/{n}/" for n in range(1, 9)],
    "/lessons/sample-rubber/result/",
    "/lessons/review-quiz/",
    *[f"/lessons/review-quiz/{n}/" for n in range(1, 10)],
    "/lessons/review-quiz/result/",
    "/lessons/review-quiz/chicago/",
    "/lessons/review-quiz/duplicate/",
    "/lessons/cheat-sheet/",
    *[lesson.url for lesson in TOPICS],
    "/practice/",
    "/practice/progress/",
    "/practice/today/",
    "/practice/sheet/",
    "/scorepad/",
    "/scorepad/traveller/",
    "/scorepad/pairs/",
    "/hands/",
    "/files/",
    "/teachers/",
    "/join/",
    "/join/welcome/",
    "/join/classes/",
    "/live/join/",
    "/accounts/signup/",
    "/accounts/login/",
    "/accounts/password_reset/",
    "/accounts/password_reset/done/",
    "/accounts/reset/done/",
    # These need an account: a visitor is led to the login page.
    "/teachers/classes/new/",
    "/teachers/settings/",
    "/live/",
    "/live/new/",
    "/files/saved/",
    "/accounts/password_change/",
    "/accounts/password_change/done/",
]

# Addresses that are not HTML pages, or answer only to POST.
NOT_PAGES = {
    "/healthz",
    "/favicon.ico",
    "/practice/new/",
    "/hands/file/",
    "/files/export/traveller/",
    "/files/export/pairs/",
    "/files/quiz/",
    "/accounts/logout/",
    # The footer's language switcher (Django's set_language): a POST that redirects.
    "/i18n/setlang/",
}
# Django's admin, for site staff only: tests/config/test_admin.py.
STAFF_ONLY = "/admin/"
