from django.urls import path

from bridgefiles import views

app_name = "bridgefiles"
urlpatterns = [
    path("", views.upload, name="upload"),
]
