from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from config import views

admin.site.site_header = "Above the Line: site staff"
admin.site.site_title = "Above the Line staff"
admin.site.index_title = "Support"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
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
]

# bench/web.py measures every page against this one; it does not exist otherwise.
if settings.BENCHMARK_BASELINE:
    urlpatterns.append(path("bench/baseline/", views.benchmark_baseline, name="bench_baseline"))

handler400 = "config.views.bad_request"
