"""Deals in stored questions take the one shape every part of the site uses.

A question's situation kept each deal as a list, [side, contract, tricks, honors,
honors side]; now it keeps what scoring.PlayedDeal.as_data() writes, as the score pad
always has: {"declarer": "we", "contract": "4HX", "tricks": 10, "honors": ...}. Every
question keeps its deals, in order; the reverse migration writes the lists back.
"""

from django.db import migrations

FIELDS = ("declarer", "contract", "tricks", "honors", "honors_side")


def _as_data(deal):
    if not isinstance(deal, list):
        return deal
    declarer, contract, tricks, honors, holder = (deal + [None] * 5)[:5]
    data = {"declarer": declarer, "contract": contract, "tricks": tricks}
    if honors:
        data.update(honors=honors, honors_side=holder or declarer)
    return data


def _as_list(deal):
    if not isinstance(deal, dict):
        return deal
    return [deal.get(field) for field in FIELDS]


def _convert(apps, change):
    Question = apps.get_model("quizzes", "Question")
    changed = []
    for question in Question.objects.only("situation").iterator(chunk_size=500):
        situation = question.situation
        if not isinstance(situation, dict):
            continue
        new = dict(situation)
        if isinstance(situation.get("history"), list):
            new["history"] = [change(deal) for deal in situation["history"]]
        if "deal" in situation:
            new["deal"] = change(situation["deal"])
        if new != situation:
            question.situation = new
            changed.append(question)
        if len(changed) >= 500:
            Question.objects.bulk_update(changed, ["situation"])
            changed = []
    Question.objects.bulk_update(changed, ["situation"])


def deals_as_data(apps, schema_editor):
    _convert(apps, _as_data)


def deals_as_lists(apps, schema_editor):
    _convert(apps, _as_list)


class Migration(migrations.Migration):

    dependencies = [("quizzes", "0003_classes_moved_to_teaching")]

    operations = [migrations.RunPython(deals_as_data, deals_as_lists)]
