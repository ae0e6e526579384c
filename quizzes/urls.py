from django.urls import path

from quizzes import views

app_name = "quizzes"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.question_new, name="new"),
    path("today/", views.today, name="today"),
    path("q/<str:public_id>/", views.question, name="question"),
    path("check/<str:skill>/", views.check_yourself, name="check"),
    path("progress/", views.progress_page, name="progress"),
    path("sheet/", views.sheet, name="sheet"),
    path("sheet/<str:public_id>/next/", views.sheet_next, name="sheet_next"),
]
