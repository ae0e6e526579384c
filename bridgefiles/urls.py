from django.urls import path

from bridgefiles import views

app_name = "bridgefiles"
urlpatterns = [
    path("", views.upload, name="upload"),
    path("quiz/", views.quiz_new, name="quiz_new"),
    path("saved/", views.saved_list, name="saved_list"),
    path("saved/<str:public_id>/", views.saved, name="saved"),
    path("saved/<str:public_id>/delete/", views.saved_delete, name="saved_delete"),
    path("saved/<str:public_id>/restore/", views.saved_restore, name="saved_restore"),
    path("export/traveller/", views.export_traveller, name="export_traveller"),
    path("export/pairs/", views.export_pairs, name="export_pairs"),
    path("export/pad/<str:public_id>/", views.export_pad, name="export_pad"),
    path(
        "export/assignment/<str:assignment_id>/",
        views.export_assignment,
        name="export_assignment",
    ),
]
