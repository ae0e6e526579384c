from django.urls import path

from teaching import student_views as views

app_name = "join"
urlpatterns = [
    path("", views.join, name="join"),
    path("welcome/", views.welcome, name="welcome"),
    path("back/<str:secret>/", views.back, name="back"),
    path("classes/", views.classes, name="classes"),
    path("a/<str:assignment_id>/", views.assignment, name="assignment"),
    path("a/<str:assignment_id>/start/", views.assignment_start, name="assignment_start"),
    path(
        "a/<str:assignment_id>/q/<str:question_id>/",
        views.assignment_answer,
        name="assignment_answer",
    ),
    path("a/<str:assignment_id>/submit/", views.assignment_submit, name="assignment_submit"),
]
