from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("sample-rubber/", views.sample_rubber, name="sample_rubber"),
    path("sample-rubber/<int:number>/", views.worked_deal, name="sample_rubber_deal"),
    path("sample-rubber/result/", views.sample_result, name="sample_rubber_result"),
    path("review-quiz/", views.review_quiz, name="review_quiz"),
    path(
        "review-quiz/<int:number>/",
        views.worked_deal,
        {"worked": "review-quiz"},
        name="review_quiz_deal",
    ),
    path("review-quiz/result/", views.review_quiz_result, name="review_quiz_result"),
    path(
        "review-quiz/chicago/",
        views.review_quiz_table,
        {"form": "chicago"},
        name="review_quiz_chicago",
    ),
    path(
        "review-quiz/duplicate/",
        views.review_quiz_table,
        {"form": "duplicate"},
        name="review_quiz_duplicate",
    ),
    path("cheat-sheet/", views.cheat_sheet, name="cheat_sheet"),
    path("for/<str:skill>/", views.lesson_for_skill, name="for_skill"),
    path("<slug:slug>/", views.topic, name="topic"),
]
