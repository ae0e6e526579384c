from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from config import views

admin.site.site_header = "Above the Line: site staff"
admin.site.site_title = "Above the Line staff"
admin.site.index_title = "Support"

# Addresses that are the same in every language: the staff's pages and what machines ask for.
urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
]

# The pages a visitor reads: in English at the addresses they always had, in French under
# /fr/ and in Dutch under /nl/ (settings.LANGUAGES).
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    # The footer's language switcher (Django's set_language). Inside the prefixed addresses,
    # so the page it was sent from is read in its own language and named in the new one.
    # Without a CSRF token: the switcher is on every page, and a lesson's page is the same
    # for every visitor, with no token of anyone's in it (tests/lessons). A forged post could
    # only change a visitor's language, which the switcher changes back.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("lessons/", include("lessons.urls")),
    path("practice/", include("quizzes.urls")),
    # Classes and assignments name their whole addresses: each has pages under /teachers/
    # and under /join/, in one namespace of its own.
    path("", include("classes.urls")),
    path("", include("assignments.urls")),
    path("teachers/", include("reports.urls")),
    path("accounts/", include("accounts.urls")),
    path("scorepad/", include("scorepad.urls")),
    path("files/", include("bridgefiles.urls")),
    path("hands/", include("handrecords.urls")),
    path("live/", include("live.urls")),
    prefix_default_language=False,
)

# bench/web.py measures every page against this one; it does not exist otherwise.
if settings.BENCHMARK_BASELINE:
    urlpatterns.append(path("bench/baseline/", views.benchmark_baseline, name="bench_baseline"))

handler400 = "config.views.bad_request"
handler404 = "config.views.not_found"
