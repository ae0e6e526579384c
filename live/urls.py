from django.urls import path

from live import table_views, views

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
    # Table mode: a scorer's phone, and one board large on the projector.
    path("p/<str:player_id>/table/", table_views.table_choose, name="table_choose"),
    path("p/<str:player_id>/boards/", table_views.phone_boards, name="table_phone"),
    path("p/<str:player_id>/boards/now/", table_views.phone_boards_now, name="table_phone_now"),
    path("p/<str:player_id>/boards/<int:board>/", table_views.result_enter, name="table_result"),
    path("s/<str:session_id>/boards/<int:board>/", table_views.board_screen, name="board_screen"),
    path(
        "s/<str:session_id>/boards/<int:board>/show/",
        table_views.board_show,
        name="board_show",
    ),
    path(
        "s/<str:session_id>/boards/<int:board>/now/",
        table_views.board_screen_now,
        name="board_screen_now",
    ),
]
