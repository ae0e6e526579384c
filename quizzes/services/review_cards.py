"""Writes of spaced review (ReviewCard): when each skill and slip an answer touched comes back."""

from __future__ import annotations

import json

from django.utils import timezone

from quizzes import review
from quizzes.models import Learner, ReviewCard


def review_record(**answer) -> None:
    """Schedule the next reviews an answer calls for, at once: review_plan's arguments, and
    then review_write. (An answer itself does the two apart, around its write transaction.)"""
    review_write(review_plan(**answer))


def review_plan(
    *,
    learner_id: int,
    right: list[str],
    wrong: list[str],
    shown: list[str] = (),
    avoided: list[str] = (),
    now=None,
) -> list[ReviewCard]:
    """Schedule the next review of each skill an answer touched, and of each misunderstanding
    it showed (rated wrong) or could have shown and did not (rated right, once shown before).

    This works the cards out from the cards as they are (one read); review_write stores
    them (one upsert), whatever their number. An answer works the cards out before its
    write transaction, so that the transaction holds the database only while writing.
    """
    now = now or timezone.now()
    ratings = dict.fromkeys(right, True)
    ratings.update(dict.fromkeys(wrong, False))
    ratings.update({review.mistake_key(key): False for key in shown})
    avoided_keys = [review.mistake_key(key) for key in avoided if key not in shown]
    keys = [*ratings, *avoided_keys]
    if not keys:
        return []
    existing = {
        key: (card, reviews, lapses)
        for key, card, reviews, lapses in ReviewCard.objects.filter(
            learner_id=learner_id, key__in=keys
        ).values_list("key", "card", "reviews", "lapses")
    }
    # A misunderstanding is scheduled once it has been shown: avoiding one never shown
    # before is not news.
    ratings.update({key: True for key in avoided_keys if key in existing})
    # Cards with the same past and the same rating get the same schedule, worked out once:
    # the skills of one kind of question are mostly reviewed together, and every new card
    # starts alike.
    scheduled = {}
    cards = []
    for key, was_right in ratings.items():
        old_card, reviews, lapses = existing.get(key, (None, 0, 0))
        past = json.dumps(old_card, sort_keys=True) if old_card is not None else None
        card = scheduled.get((past, was_right))
        if card is None:
            card = scheduled[past, was_right] = review.review(old_card, right=was_right, now=now)
        cards.append(
            ReviewCard(
                learner_id=learner_id,
                key=key,
                card=card,
                due=review.due_at(card),
                last_review=now,
                reviews=reviews + 1,
                lapses=lapses + (not was_right),
            )
        )
    return cards


def review_write(plan: list[ReviewCard]) -> None:
    """Store the cards review_plan worked out: one upsert."""
    if not plan:
        return
    ReviewCard.objects.bulk_create(
        plan,
        update_conflicts=True,
        unique_fields=["learner", "key"],
        update_fields=["card", "due", "last_review", "reviews", "lapses"],
    )


def review_merge(*, source: Learner, target: Learner) -> None:
    """The browser's schedule joins the account's; where both have a card, the one
    reviewed last stands."""
    theirs = {card.key: card for card in ReviewCard.objects.filter(learner=target)}
    for card in ReviewCard.objects.filter(learner=source):
        mine = theirs.get(card.key)
        if mine is not None and mine.last_review >= card.last_review:
            continue
        if mine is not None:
            mine.delete()
        card.learner = target
        card.save(update_fields=["learner"])
