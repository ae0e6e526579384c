from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("sample-rubber/", views.sample_rubber, name="sample_rubber"),
    path("sample-rubber/<int:number>/", views.sample_deal, name="sample_deal"),
    path("sample-rubber/result/", views.sample_result, name="sample_result"),
    path("<slug:slug>/", views.topic, name="topic"),
]
