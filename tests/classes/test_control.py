"""A teacher's control of a class, through its pages: delete and bring back, archive; take
a student off and put them back; a new join code and a new personal link, each asked first."""

import pytest
from django.test import Client

from assignments import services
from classes import services as class_services
from classes.models import Classroom, Membership
from tests.control import alice, class_of, messages_of, page_text
from tests.factories import (
    AssignmentFactory,
    MembershipFactory,
    student_client,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_clock")]


@pytest.fixture
def teacher():
    return alice()


# -- a class's life ---------------------------------------------------------------------------


def test_a_deleted_class_stops_its_code_and_comes_back_whole(teacher):
    classroom = class_of(teacher)
    MembershipFactory(classroom=classroom, display_name="Sam")
    confirm = page_text(teacher, f"/teachers/classes/{classroom.public_id}/delete/")
    assert "Its 1 student and 0 assignments go with it" in confirm
    AssignmentFactory(classroom=classroom)
    MembershipFactory(classroom=classroom, display_name="Kim")
    said = page_text(teacher, f"/teachers/classes/{classroom.public_id}/delete/")
    assert "Its 2 students and 1 assignment go with it" in said
    response = teacher.post(f"/teachers/classes/{classroom.public_id}/delete/", follow=True)
    assert f'data-deleted="{classroom.public_id}"' in response.content.decode()
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert joined.status_code == 422
    assert "No class has that code" in joined.content.decode()

    teacher.post(f"/teachers/classes/{classroom.public_id}/restore/")
    page = page_text(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert "Sam" in page


def test_an_archived_class_takes_no_new_students_and_is_listed_apart(teacher):
    classroom = class_of(teacher)
    teacher.post(f"/teachers/classes/{classroom.public_id}/archive/")
    dashboard = page_text(teacher, "/teachers/")
    assert f'data-archived="{classroom.public_id}"' in dashboard
    assert f'data-class="{classroom.public_id}"' not in dashboard
    refused = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert refused.status_code == 422
    assert "This class has finished" in refused.content.decode()

    teacher.post(f"/teachers/classes/{classroom.public_id}/archive/", {"archive": "no"})
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "Lee"})
    assert joined.status_code == 302


def test_no_class_is_lost_by_a_delete_of_an_already_deleted_class(teacher):
    classroom = class_of(teacher)
    class_services.classroom_delete(classroom=classroom)
    assert teacher.post(f"/teachers/classes/{classroom.public_id}/delete/").status_code == 404
    assert Classroom.all_objects.filter(pk=classroom.pk).exists()


def test_an_archived_class_page_says_it_is_closed_to_joining_and_offers_no_new_code(teacher):
    classroom = class_of(teacher)
    class_services.classroom_archive(classroom=classroom)
    page = page_text(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert 'data-state="closed-to-joining"' in page and "closed to joining" in page
    assert "and they are in" not in page and "Make a new code" not in page
    assert "Take it out of the archive" in page
    code = Classroom.objects.get(pk=classroom.pk).join_code
    response = teacher.post(f"/teachers/classes/{classroom.public_id}/code/", follow=True)
    assert "take it out of the archive first" in messages_of(response)
    assert Classroom.objects.get(pk=classroom.pk).join_code == code
    class_services.classroom_unarchive(classroom=classroom)
    page = page_text(teacher, f"/teachers/classes/{classroom.public_id}/")
    assert "and they are in" in page and "Make a new code" in page


# -- students ----------------------------------------------------------------------------------


def test_a_removed_student_leaves_every_list_and_can_be_put_back(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam Q.")
    c = assignment.classroom.public_id
    assert "Take Sam Q. off the class?" in page_text(
        teacher, f"/teachers/classes/{c}/students/{sam.public_id}/remove/"
    )
    teacher.post(f"/teachers/classes/{c}/students/{sam.public_id}/remove/")
    gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert f'data-student="{sam.public_id}"' not in gradebook
    assert f'data-removed="{sam.public_id}"' in page_text(teacher, f"/teachers/classes/{c}/")
    assert student_client(sam).get(f"/join/a/{assignment.public_id}/").status_code == 404

    teacher.post(f"/teachers/classes/{c}/students/{sam.public_id}/restore/")
    gradebook = page_text(teacher, f"/teachers/assignments/{assignment.public_id}/")
    assert f'data-student="{sam.public_id}"' in gradebook


def test_a_removed_students_name_is_free_and_putting_them_back_then_says_why_not(teacher):
    classroom = class_of(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    class_services.membership_remove(membership=sam)
    joined = Client().post("/join/", {"code": classroom.join_code, "display_name": "sam"})
    assert joined.status_code == 302
    response = teacher.post(
        f"/teachers/classes/{classroom.public_id}/students/{sam.public_id}/restore/", follow=True
    )
    assert "Someone in the class now uses the name Sam" in messages_of(response)
    assert Membership.all_objects.get(pk=sam.pk).removed_at is not None


def test_a_removed_student_who_joins_again_comes_back_with_their_work(teacher):
    assignment = AssignmentFactory(classroom=class_of(teacher))
    sam = MembershipFactory(classroom=assignment.classroom, display_name="Sam")
    services.attempt_start(assignment=assignment, membership=sam)
    class_services.membership_remove(membership=sam)
    student = student_client(sam)
    response = student.post(
        "/join/", {"code": assignment.classroom.join_code, "display_name": "Sam"}
    )
    assert response.status_code == 200  # "you are already in this class"
    assert Membership.objects.filter(pk=sam.pk).exists()
    assert student.get(f"/join/a/{assignment.public_id}/").status_code == 200


# -- what cannot be undone asks first --------------------------------------------------------


def test_make_a_new_code_asks_first_and_the_old_code_works_until_then(teacher):
    classroom = class_of(teacher)
    code = classroom.join_code
    url = f"/teachers/classes/{classroom.public_id}/code/"
    assert f'<form method="get" action="{url}"' in page_text(
        teacher, f"/teachers/classes/{classroom.public_id}/"
    )
    page = page_text(teacher, url)
    assert f"The code {classroom.join_code_display} stops working at once" in page
    assert "There is no undo" in page
    inline = teacher.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'data-state="confirm-code"' in inline and f'hx-post="{url}"' in inline
    assert Classroom.objects.get(pk=classroom.pk).join_code == code
    teacher.post(url)
    assert Classroom.objects.get(pk=classroom.pk).join_code != code


def test_a_new_personal_link_asks_first_and_the_old_link_works_until_then(teacher):
    classroom = class_of(teacher)
    sam = MembershipFactory(classroom=classroom, display_name="Sam")
    before = Membership.objects.get(pk=sam.pk).link_hash
    url = f"/teachers/classes/{classroom.public_id}/students/{sam.public_id}/link/"
    assert f'<form method="get" action="{url}"' in page_text(
        teacher, f"/teachers/classes/{classroom.public_id}/"
    )
    page = page_text(teacher, url)
    assert "Sam&#x27;s old personal link stops working at once" in page
    assert "Make a new link for Sam" in page
    assert Membership.objects.get(pk=sam.pk).link_hash == before
    assert "data-personal-link" in teacher.post(url).content.decode()
    assert Membership.objects.get(pk=sam.pk).link_hash != before
