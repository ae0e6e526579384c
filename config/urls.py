from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("lessons/", include("lessons.urls")),
    path("practice/", include("quizzes.urls")),
    path("teachers/", include("quizzes.teaching.urls")),
    path("accounts/", include("quizzes.accounts")),
    path("join/", include("quizzes.teaching.join_urls")),
    path("scorepad/", include("lessons.scorepad.urls")),
]
