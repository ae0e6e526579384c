from django.urls import path

from live import views

app_name = "live"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("join/", views.join, name="join"),
    path("s/<str:session_id>/", views.screen, name="screen"),
    path("s/<str:session_id>/now/", views.screen_now, name="screen_now"),
    path("s/<str:session_id>/results.csv", views.results_csv, name="results_csv"),
    path("s/<str:session_id>/<slug:action>/", views.control, name="control"),
    path("p/<str:player_id>/", views.phone, name="phone"),
    path("p/<str:player_id>/now/", views.phone_now, name="phone_now"),
    path("p/<str:player_id>/answer/<int:position>/", views.answer, name="answer"),
]
