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
    *[lesson.url for lesson in TOPICS],
    "/practice/",
    "/practice/progress/",
]

# Addresses that are not HTML pages, or answer only to POST.
NOT_PAGES = {
    "/healthz",
    "/practice/new/",
}
