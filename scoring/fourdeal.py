"""Four-deal bridge: a chukker of four deals with vulnerability set by the deal number.

Forms: "chicago" and "cavendish" (part-scores carried over inside the chukker, 100 for
a fourth-deal part-score), "chicago_no_carry" (rules §8.4: each deal scored on its own
with the 50 part-score bonus) and "simplicity" (rules §8.5).

>>> chukker = FourDeal(form="chicago", first_dealer="we")
>>> _ = chukker.record("we", "3S", tricks=10)
>>> _ = chukker.record("they", "3NT", tricks=9)
>>> chukker.total("we"), chukker.total("they"), chukker.deal_number
(120, 600, 3)
"""

from __future__ import annotations

from scoring.errors import InvalidForm
from scoring.forms import FOUR_DEAL_FORMS, Form, Vulnerability, find_form
from scoring.sheet import ScoreSheet
from scoring.sides import SIDES, check_side, other


def chukker_vulnerable(form: str | Form, deal_number: int, dealer: str) -> frozenset[str]:
    """Who is vulnerable on deal 1-4 of a chukker, given that deal's dealer ("we"/"they").

    >>> sorted(chukker_vulnerable("chicago", 2, "they"))
    ['they']
    >>> sorted(chukker_vulnerable("cavendish", 2, "they"))
    ['we']
    """
    form = find_form(form)
    check_side(dealer, "dealer's side")
    if deal_number not in (1, 2, 3, 4):
        raise InvalidForm(f"A chukker has deals 1 to 4, got {deal_number}")
    if deal_number == 1:
        return frozenset()
    if deal_number == 4:
        return frozenset(SIDES)
    if form.vulnerability == Vulnerability.CHICAGO:
        return frozenset({dealer})
    if form.vulnerability == Vulnerability.CAVENDISH:
        return frozenset({other(dealer)})
    raise InvalidForm(f"{form.label} does not set vulnerability by deal number")


class FourDeal(ScoreSheet):
    """One chukker: four deals dealt in turn, first by `first_dealer`'s side."""

    _over_message = "This chukker has had its four deals: start a new one"

    def __init__(self, form: str | Form = "chicago", first_dealer: str = "we", fifty: str = "up"):
        form = find_form(form)
        if form.vulnerability not in (Vulnerability.CHICAGO, Vulnerability.CAVENDISH):
            raise InvalidForm(
                f"A chukker is scored as {', '.join(FOUR_DEAL_FORMS)}, not {form.name!r}"
            )
        super().__init__(form, fifty)
        self.first_dealer = check_side(first_dealer, "first dealer's side")
        self.deal_number = 1
        """The number (1-4) of the next deal to be played."""

    def dealer(self, deal_number: int | None = None) -> str:
        """The side dealing deal 1-4: the deal passes to the left, so sides alternate."""
        number = deal_number or self.deal_number
        return self.first_dealer if number % 2 == 1 else other(self.first_dealer)

    def vulnerable(self, side: str, deal_number: int | None = None) -> bool:
        number = deal_number or min(self.deal_number, 4)
        return check_side(side) in chukker_vulnerable(self.form, number, self.dealer(number))

    def vulnerable_sides(self) -> frozenset[str]:
        return chukker_vulnerable(self.form, self.deal_number, self.dealer())

    def _is_last_deal(self) -> bool:
        return self.deal_number == 4

    def _deal_context(self) -> dict:
        return {"dealer": self.dealer(), "deal_in_chukker": self.deal_number}

    def finish(self) -> list:
        """A chukker has no unfinished-rubber bonus: stopping early adds nothing."""
        self._finished = True
        return []

    def _after_deal(self) -> None:
        if self.deal_number == 4:
            self._finished = True
        else:
            self.deal_number += 1
