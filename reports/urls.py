"""Reports, under /teachers/ beside the teacher's other pages (their addresses unchanged)."""

from django.urls import path

from reports import views

app_name = "reports"
urlpatterns = [
    path("classes/<str:class_id>/overview/", views.classroom_overview, name="classroom_overview"),
    path(
        "classes/<str:class_id>/overview.csv",
        views.classroom_overview_csv,
        name="classroom_overview_csv",
    ),
    path(
        "classes/<str:class_id>/students/<str:student_id>/",
        views.student_page,
        name="student",
    ),
    path(
        "classes/<str:class_id>/students/<str:student_id>/work.csv",
        views.student_csv,
        name="student_csv",
    ),
    path("assignments/<str:assignment_id>/", views.gradebook, name="gradebook"),
    path(
        "assignments/<str:assignment_id>/gradebook.csv", views.gradebook_csv, name="gradebook_csv"
    ),
    path("assignments/<str:assignment_id>/worksheet/", views.worksheet, name="worksheet"),
    path("assignments/<str:assignment_id>/answer-key/", views.answer_key, name="answer_key"),
    path("assignments/<str:assignment_id>/answer-list/", views.answer_list, name="answer_list"),
]
