"""Spaced review: when a learner should next meet a skill, scheduled by FSRS (pure Python).

Each skill a learner practises, and each misunderstanding they have shown, is a card
for the `fsrs` scheduler: a right answer is rated Good and pushes the next review out
(days, then weeks); a wrong one is rated Again and brings it back within the hour.
Nothing here reads the clock: callers pass `now`, so tests can fix it.

>>> from datetime import datetime, timezone
>>> start = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> card = review(None, right=True, now=start)
>>> card["due"] > "2026-01-02"
True
>>> review(card, right=False, now=start)["due"] < "2026-01-01T01"
True
"""

from __future__ import annotations

from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler

MISTAKE_PREFIX = "mistake:"
"""A card's key is a skill's key, or this and a misunderstanding's key."""

SCHEDULER = Scheduler(
    # One short step: a wrong answer comes back within the hour, a right one in days.
    learning_steps=(timedelta(minutes=10),),
    relearning_steps=(timedelta(minutes=10),),
    enable_fuzzing=False,  # the same answers on the same clock give the same schedule
)


def review(card: dict | None, *, right: bool, now: datetime) -> dict:
    """The card (as stored) after one more answer; None starts a new one."""
    current = Card.from_dict(card) if card else Card(card_id=1, due=now)
    rating = Rating.Good if right else Rating.Again
    updated, _ = SCHEDULER.review_card(current, rating, review_datetime=now)
    return updated.to_dict()


def due_at(card: dict) -> datetime:
    return datetime.fromisoformat(card["due"])


def mistake_key(key: str) -> str:
    return f"{MISTAKE_PREFIX}{key}"


def is_mistake(key: str) -> bool:
    return key.startswith(MISTAKE_PREFIX)


def mistake_of(key: str) -> str:
    return key.removeprefix(MISTAKE_PREFIX)
