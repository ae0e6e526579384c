from django.urls import path

from teaching import views

app_name = "teachers"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("classes/new/", views.classroom_new, name="classroom_new"),
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
    path("assignments/<str:assignment_id>/", views.gradebook, name="gradebook"),
    path("assignments/<str:assignment_id>/edit/", views.assignment_edit, name="assignment_edit"),
    path(
        "assignments/<str:assignment_id>/gradebook.csv", views.gradebook_csv, name="gradebook_csv"
    ),
    path(
        "assignments/<str:assignment_id>/students/<str:student_id>/",
        views.student_work,
        name="student_work",
    ),
    path("assignments/<str:assignment_id>/worksheet/", views.worksheet, name="worksheet"),
    path("assignments/<str:assignment_id>/answer-key/", views.answer_key, name="answer_key"),
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
