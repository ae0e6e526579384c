from django.urls import path

from handrecords import views

app_name = "hands"

urlpatterns = [
    path("", views.hand_records, name="records"),
    path("file/", views.hand_records_file, name="file"),
]
