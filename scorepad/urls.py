from django.urls import path

from scorepad import views

app_name = "scorepad"
urlpatterns = [
    path("", views.games, name="games"),
    path("traveller/", views.traveller, name="traveller"),
    path("pairs/", views.pairs, name="pairs"),
    path("<str:public_id>/", views.game, name="game"),
    path("<str:public_id>/deals/", views.deal_add, name="deal_add"),
    path("<str:public_id>/deals/<int:number>/", views.deal_edit, name="deal_edit"),
    path("<str:public_id>/undo/", views.undo, name="undo"),
    path("<str:public_id>/end/", views.end, name="end"),
]
