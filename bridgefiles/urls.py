from django.urls import path

from bridgefiles import views

app_name = "bridgefiles"
urlpatterns = [
    path("", views.upload, name="upload"),
    path("quiz/", views.quiz_new, name="quiz_new"),
    path("export/traveller/", views.export_traveller, name="export_traveller"),
    path("export/pairs/", views.export_pairs, name="export_pairs"),
    path("export/pad/<str:public_id>/", views.export_pad, name="export_pad"),
]
