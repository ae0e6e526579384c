from django.urls import path

from teaching import control_views as control
from teaching import views

app_name = "teachers"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("classes/new/", views.classroom_new, name="classroom_new"),
    path("settings/", views.zone_settings, name="zone_settings"),
    path("classes/<str:class_id>/", views.classroom, name="classroom"),
    path("classes/<str:class_id>/code/", views.classroom_code, name="classroom_code"),
    path(
        "classes/<str:class_id>/students/<str:student_id>/link/",
        views.student_link,
        name="student_link",
    ),
    path("classes/<str:class_id>/assignments/new/", views.assignment_new, name="assignment_new"),
    path(
        "classes/<str:class_id>/assignments/review-quiz/",
        views.assignment_review_quiz,
        name="assignment_review_quiz",
    ),
    path("assignments/<str:assignment_id>/edit/", views.assignment_edit, name="assignment_edit"),
    path(
        "assignments/<str:assignment_id>/students/<str:student_id>/",
        views.student_work,
        name="student_work",
    ),
    path("assignments/<str:assignment_id>/preview/", views.preview, name="preview"),
    path(
        "assignments/<str:assignment_id>/preview/start/", views.preview_start, name="preview_start"
    ),
    path(
        "assignments/<str:assignment_id>/preview/q/<str:question_id>/",
        views.preview_answer,
        name="preview_answer",
    ),
    path(
        "assignments/<str:assignment_id>/preview/submit/",
        views.preview_submit,
        name="preview_submit",
    ),
    path(
        "assignments/<str:assignment_id>/preview/reset/",
        views.preview_reset,
        name="preview_reset",
    ),
]

# A teacher's control of what they made (teaching.control_views).
urlpatterns += [
    path("classes/<str:class_id>/archive/", control.classroom_archive, name="classroom_archive"),
    path("classes/<str:class_id>/delete/", control.classroom_delete, name="classroom_delete"),
    path("classes/<str:class_id>/restore/", control.classroom_restore, name="classroom_restore"),
    path(
        "classes/<str:class_id>/students/<str:student_id>/remove/",
        control.student_remove,
        name="student_remove",
    ),
    path(
        "classes/<str:class_id>/students/<str:student_id>/restore/",
        control.student_restore,
        name="student_restore",
    ),
    path(
        "classes/<str:class_id>/students/<str:student_id>/merge/",
        control.student_merge,
        name="student_merge",
    ),
    path(
        "classes/<str:class_id>/students/<str:student_id>/unmerge/",
        control.student_unmerge,
        name="student_unmerge",
    ),
    path(
        "assignments/<str:assignment_id>/publish/",
        control.assignment_publish,
        name="assignment_publish",
    ),
    path(
        "assignments/<str:assignment_id>/withdraw/",
        control.assignment_withdraw,
        name="assignment_withdraw",
    ),
    path("assignments/<str:assignment_id>/copy/", control.assignment_copy, name="assignment_copy"),
    path(
        "assignments/<str:assignment_id>/redraw/",
        control.assignment_redraw,
        name="assignment_redraw",
    ),
    path(
        "assignments/<str:assignment_id>/replace/<int:number>/",
        control.assignment_replace,
        name="assignment_replace",
    ),
    path(
        "assignments/<str:assignment_id>/delete/",
        control.assignment_delete,
        name="assignment_delete",
    ),
    path(
        "assignments/<str:assignment_id>/restore/",
        control.assignment_restore,
        name="assignment_restore",
    ),
    path(
        "assignments/<str:assignment_id>/students/<str:student_id>/allowance/",
        control.student_allowance,
        name="student_allowance",
    ),
    path(
        "assignments/<str:assignment_id>/students/<str:student_id>/attempts/<int:number>/reset/",
        control.attempt_reset,
        name="attempt_reset",
    ),
    path(
        "assignments/<str:assignment_id>/students/<str:student_id>/attempts/<int:number>/restore/",
        control.attempt_restore,
        name="attempt_restore",
    ),
]
