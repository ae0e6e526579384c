"""Classes: the teacher's pages under /teachers/, the student's join under /join/ (their
addresses unchanged). One namespace, "classes"."""

from django.urls import path

from classes import views

app_name = "classes"
urlpatterns = [
    path("teachers/", views.dashboard, name="dashboard"),
    path("teachers/classes/new/", views.classroom_new, name="classroom_new"),
    path("teachers/settings/", views.zone_settings, name="zone_settings"),
    path("teachers/classes/<str:class_id>/", views.classroom, name="classroom"),
    path("teachers/classes/<str:class_id>/code/", views.classroom_code, name="classroom_code"),
    path(
        "teachers/classes/<str:class_id>/archive/",
        views.classroom_archive,
        name="classroom_archive",
    ),
    path(
        "teachers/classes/<str:class_id>/delete/", views.classroom_delete, name="classroom_delete"
    ),
    path(
        "teachers/classes/<str:class_id>/restore/",
        views.classroom_restore,
        name="classroom_restore",
    ),
    path(
        "teachers/classes/<str:class_id>/students/<str:student_id>/link/",
        views.student_link,
        name="student_link",
    ),
    path(
        "teachers/classes/<str:class_id>/students/<str:student_id>/account/",
        views.student_account,
        name="student_account",
    ),
    path(
        "teachers/classes/<str:class_id>/students/<str:student_id>/remove/",
        views.student_remove,
        name="student_remove",
    ),
    path(
        "teachers/classes/<str:class_id>/students/<str:student_id>/restore/",
        views.student_restore,
        name="student_restore",
    ),
    path("join/", views.join, name="join"),
    path("join/welcome/", views.welcome, name="welcome"),
    path("join/back/<str:secret>/", views.back, name="back"),
]
