"""The database itself refuses a score pad with a kind, rounding or first dealer it does
not know: written with QuerySet.update (no form, no model check), the database's own
constraint refuses it, named in its error (SQLite and PostgreSQL both name it).
"""

import pytest
from django.db import IntegrityError, transaction

from scorepad.models import ScorePad
from tests.factories import ScorePadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def pad():
    return ScorePadFactory(user=None, kind="chukker", form="chicago", first_dealer="we")


@pytest.mark.parametrize(
    ("bad", "constraint"),
    [
        ({"kind": "teams"}, "scorepad_kind_known"),
        ({"fifty": "half"}, "scorepad_fifty_known"),
        ({"first_dealer": "WE"}, "scorepad_first_dealer_a_side"),
        ({"first_dealer": "N"}, "scorepad_first_dealer_a_side"),
    ],
)
def test_the_database_refuses_a_pad_it_would_not_know_how_to_keep(pad, bad, constraint):
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        ScorePad.objects.filter(pk=pad.pk).update(**bad)


def test_a_rubber_without_a_first_dealer_still_fits(pad):
    ScorePad.objects.filter(pk=pad.pk).update(kind="rubber", first_dealer="", fifty="down")
    assert ScorePad.objects.values_list("kind", "first_dealer", "fifty").get(pk=pad.pk) == (
        "rubber",
        "",
        "down",
    )
