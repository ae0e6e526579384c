"""A live class walked through end to end, each page a person reads kept by name: Ms Hart's
quiz of three doubled games (Ana, Ben and Cat on their phones) and her class at two tables
(Ana and Cat scoring). The words tests render it in French and Dutch (and, in English, it
is what the English pages are compared with)."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import student_client
from tests.live.quiz_room import doubled_games_room, join_phone, press, send_answer
from tests.live.rooms import at_tables, hart_class, screen_of

HX = {"HTTP_HX_REQUEST": "true"}
CONFIRMED = {"confirmed": "1"}


def _text(response) -> str:
    return response.content.decode()


def quiz_pages(headers: dict) -> dict[str, str]:
    session, screen, students = doubled_games_room()
    phones = {name: student_client(m) for name, m in students.items()}
    pages = {"join": _text(phones["Ana"].get(reverse("live:join"), headers=headers))}
    urls = {name: join_phone(client, session) for name, client in phones.items()}
    screen_url = reverse("live:screen", args=[session.public_id])
    pages["phone_lobby"] = _text(phones["Ana"].get(urls["Ana"], headers=headers))
    pages["screen_lobby"] = _text(screen.get(screen_url, headers=headers))
    press(screen, session, "next")
    pages["phone_question"] = _text(phones["Ana"].get(urls["Ana"], headers=headers))
    send_answer(phones["Ana"], urls["Ana"], 0, 590)
    send_answer(phones["Ben"], urls["Ben"], 0, 540)
    pages["phone_received"] = _text(phones["Ana"].get(urls["Ana"], headers=headers))
    pages["screen_asking"] = _text(screen.get(screen_url, headers=headers))
    skip = reverse("live:control", args=[session.public_id, "skip"])
    pages["confirm_skip"] = _text(screen.get(skip, headers=headers))
    press(screen, session, "reveal")
    pages["phone_right"] = _text(phones["Ana"].get(urls["Ana"], headers=headers))
    pages["phone_wrong"] = _text(phones["Ben"].get(urls["Ben"], headers=headers))
    pages["phone_missed"] = _text(phones["Cat"].get(urls["Cat"], headers=headers))
    pages["screen_revealed"] = _text(screen.get(screen_url, headers=headers))
    late = reverse("live:answer", args=[urls["Cat"].rstrip("/").rsplit("/", 1)[-1], 0])
    pages["phone_refused"] = _text(phones["Cat"].post(late, {"answer": "590"}, **HX))
    end = reverse("live:control", args=[session.public_id, "end"])
    pages["confirm_end"] = _text(screen.get(end, headers=headers))
    screen.post(end, CONFIRMED)
    pages["phone_finished"] = _text(phones["Ben"].get(urls["Ben"], headers=headers))
    pages["screen_finished"] = _text(screen.get(screen_url, headers=headers))
    csv = reverse("live:results_csv", args=[session.public_id])
    pages["results_csv"] = _text(screen.get(csv, headers=headers))
    pages["index"] = _text(screen.get(reverse("live:index"), headers=headers))
    pages["new"] = _text(screen.get(reverse("live:new"), headers=headers))
    pages["new_mistakes"] = _text(
        screen.post(reverse("live:new"), {"mode": "tables", "table_count": "99"}, headers=headers)
    )
    pages["join_mistakes"] = _text(
        student_client(students["Ana"]).post(
            reverse("live:join"), {"code": "??", "name": ""}, headers=headers
        )
    )
    return pages


def table_pages(headers: dict) -> dict[str, str]:
    teacher, classroom, students = hart_class("Ana", "Ben", "Cat")
    session = at_tables(
        teacher, classroom, "Three boards", first_board=1, board_count=3, table_count=2
    )
    screen = screen_of(teacher)
    pages, ids = {}, {}
    for name, table in (("Ana", 1), ("Cat", 2)):
        client = student_client(students[name])
        url = join_phone(client, session)
        ids[name] = (client, url.rstrip("/").rsplit("/", 1)[-1])
        if name == "Ana":
            pages["table_choose"] = _text(client.get(url, headers=headers))
        client.post(reverse("live:table_choose", args=[ids[name][1]]), {"table": str(table)})
    ana, ana_id = ids["Ana"]
    boards_url = reverse("live:table_phone", args=[ana_id])
    pages["table_board"] = _text(ana.get(boards_url, headers=headers))
    played = {"declarer_1": "N", "contract_1": "4S", "tricks_1": "10"}
    for name in ("Ana", "Cat"):
        client, player_id = ids[name]
        client.post(reverse("live:table_result", args=[player_id, 1]), played)
    pages["table_saved"] = _text(ana.get(f"{boards_url}?board=1&saved=1", headers=headers))
    pages["table_mistake"] = _text(
        ana.post(reverse("live:table_result", args=[ana_id, 2]), {"contract_1": "9S"}, **HX)
    )
    screen_url = reverse("live:screen", args=[session.public_id])
    pages["tables_screen"] = _text(screen.get(screen_url, headers=headers))
    large = reverse("live:board_screen", args=[session.public_id, 1])
    pages["tables_board_large"] = _text(screen.get(large, headers=headers))
    screen.post(reverse("live:control", args=[session.public_id, "end"]), CONFIRMED)
    pages["tables_finished"] = _text(screen.get(screen_url, headers=headers))
    pages["table_finished_phone"] = _text(ana.get(boards_url, headers=headers))
    csv = reverse("live:results_csv", args=[session.public_id])
    pages["travellers_csv"] = _text(screen.get(csv, headers=headers))
    return pages
