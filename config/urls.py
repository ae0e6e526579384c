from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("lessons/", include("lessons.urls")),
    path("practice/", include("quizzes.urls")),
]
