"""A stored duplicate-deal question keeps its deal in the one shape, under "deal".

Before: {"form", "contract", "tricks", "board", "declarer" (a seat), "vulnerable",
"show_vulnerability", "honors", "honors_side" ("declarer" or "defenders")}. After:
{"form", "deal": scoring.PlayedDeal.as_data(), "vulnerable", "show_vulnerability"},
where the deal's honors, if any, are held by a pair (NS or EW). The reverse migration
writes the flat form back. The helpers are copied here so later code changes cannot
change what this migration does.
"""

from django.db import migrations

KIND = "duplicate_deal"
CONTEXT = ("form", "vulnerable", "show_vulnerability")


def _pair(seat):
    return "NS" if seat in ("N", "S") else "EW"


def _other_pair(pair):
    return "EW" if pair == "NS" else "NS"


def _nested(situation):
    if "deal" in situation or "contract" not in situation:
        return situation
    declarer = situation["declarer"]
    deal = {
        "declarer": declarer,
        "contract": situation["contract"],
        "tricks": situation["tricks"],
    }
    if situation.get("board") is not None:
        deal = {"board": situation["board"], **deal}
    if situation.get("honors"):
        own = (situation.get("honors_side") or "declarer") == "declarer"
        deal["honors"] = situation["honors"]
        deal["honors_side"] = _pair(declarer) if own else _other_pair(_pair(declarer))
    return {**{k: situation[k] for k in CONTEXT if k in situation}, "deal": deal}


def _flat(situation):
    if "deal" not in situation:
        return situation
    deal = situation["deal"]
    holder = deal.get("honors_side")
    own = not deal.get("honors") or holder in (deal["declarer"], _pair(deal["declarer"]))
    return {
        **{k: situation[k] for k in CONTEXT if k in situation},
        "contract": deal["contract"],
        "tricks": deal["tricks"],
        "board": deal.get("board"),
        "declarer": deal["declarer"],
        "honors": deal.get("honors"),
        "honors_side": "declarer" if own else "defenders",
    }


def _convert(apps, change):
    Question = apps.get_model("quizzes", "Question")
    changed = []
    for question in Question.objects.filter(kind=KIND).only("situation").iterator(chunk_size=500):
        if not isinstance(question.situation, dict):
            continue
        new = change(question.situation)
        if new != question.situation:
            question.situation = new
            changed.append(question)
        if len(changed) >= 500:
            Question.objects.bulk_update(changed, ["situation"])
            changed = []
    Question.objects.bulk_update(changed, ["situation"])


def deal_nested(apps, schema_editor):
    _convert(apps, _nested)


def deal_flat(apps, schema_editor):
    _convert(apps, _flat)


class Migration(migrations.Migration):

    dependencies = [("quizzes", "0004_deals_as_data")]

    operations = [migrations.RunPython(deal_nested, deal_flat)]
