"""What every question kind provides: the protocol the rest of the practice app reads.

Pure Python, no Django but its translation of the words. A situation is what the learner
is told. Each kind has a frozen dataclass for it (a `SituationData`), stored as a small
JSON-able dict (`to_data()`, read back with `from_data()`); the kind turns it into a
prompt, the answer boxes, and the engine's solution, optionally as a learner holding a
named misunderstanding would work it out. Nothing outside the kinds needs to know which
kind a question is.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from decimal import Decimal

from django.utils.translation import gettext, gettext_noop

from common.figures import figure
from common.words import say
from quizzes.skills import EVERYTHING
from scoring import (
    MISTAKES,
    SIDES,
    Contract,
    Misreading,
    Misunderstanding,
    PlayedDeal,
    find_form,
    score_deal,
)
from scoring.items import Kind as ItemKind
from scoring.sides import Side


@dataclass(frozen=True)
class Field:
    """One answer box: a whole number or a choice."""

    name: str
    label: str
    type: str = "int"
    """"int" (0 or more), "signed" (may be negative), "choice", "half" (in halves, like
    matchpoints) or "decimal" (to 2 decimals, like victory points)."""
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""

    def text(self, value):
        """How a value of this box reads: a choice's words, 2½ in halves, 13.20 to 2 decimals;
        anything else (a whole number, nothing given) as it is.

        13.20 is a Decimal: a page writes it in its language ({{ text }} gives 13,20 in
        French), a file and a data-* attribute as 13.20 (str). In a sentence: `said`.
        """
        if self.choices:
            return dict(self.choices).get(value, value)
        if not isinstance(value, int | float) or isinstance(value, bool):
            return value
        if self.type == "half":
            whole, half = divmod(round(value * 2), 2)
            return f"{whole or ''}½" if half else str(whole)
        if self.type == "decimal":
            return Decimal(f"{value:.2f}")
        return value

    def said(self, value):
        """`text` for a sentence a person reads: its decimals in the language (13,20 in
        French); whole numbers as `text` leaves them."""
        text = self.text(value)
        return figure(text) if isinstance(text, Decimal) else text


@dataclass(frozen=True)
class Solution:
    """The answer to a question, and the engine's working that explains it."""

    answer: dict
    items: tuple = ()
    """The engine's items behind the answer, drawn as a breakdown."""
    sheet: object | None = None
    """A score sheet (after the deal) to draw with the feedback."""
    notes: tuple[str, ...] = ()
    highlight: int | None = None
    """The deal on `sheet` the question was about, marked as new when drawn."""
    show_place: bool = True
    """False for a form with no line (duplicate): the breakdown says nothing of one."""


YES_NO = (("yes", gettext_noop("Yes")), ("no", gettext_noop("No")))
VULNERABLE_CHOICES = (
    ("none", gettext_noop("Neither side")),
    ("we", gettext_noop("WE only")),
    ("they", gettext_noop("THEY only")),
    ("both", gettext_noop("Both sides")),
)
"""Who is vulnerable on a WE/THEY sheet, as a question's choices."""


def translated(choices) -> tuple[tuple[str, str], ...]:
    """Choices whose words are marked with gettext_noop, in the language of the page: made
    when the boxes are, so a form made for one language is never shown in another."""
    return tuple((value, gettext(label)) for value, label in choices)


def sentence(reason) -> str:
    """An engine's reason as a sentence of its own, in the page's language: with a full stop."""
    return f"{say(reason)}."


def side_word(side) -> str:
    """A sheet's side as its column is headed, in the page's language: WE, THEY (NOUS, EUX)."""
    return gettext(Side(str(side)).label)


def sides_choice(sides) -> str:
    """Vulnerable sides (WE, THEY, both or neither) as one of VULNERABLE_CHOICES."""
    sides = {str(side) for side in sides}
    if not sides:
        return "none"
    return "both" if len(sides) == 2 else next(iter(sides))


# -- situations as typed values ------------------------------------------------------------


def _dump(value):
    if isinstance(value, SituationData):
        return value.to_data()
    if isinstance(value, PlayedDeal):
        return value.as_data()
    if isinstance(value, tuple | list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


def _is_list_deal(value) -> bool:
    return isinstance(value, list | tuple) and bool(value) and isinstance(value[0], str | None)


def _load(value, of=None):
    """A stored value as the dataclass field holds it: lists as tuples, and where the field
    names a type (`of`), each dict as that type."""
    if of is not None and (isinstance(value, dict) or of is DEAL and _is_list_deal(value)):
        return of.from_data(value)
    if isinstance(value, list | tuple):
        return tuple(_load(v, of) for v in value)
    if isinstance(value, dict):
        return {k: _load(v, of) for k, v in value.items()}
    return value


DEAL_FIELDS = ("declarer", "contract", "tricks", "honors", "honors_side")
"""A deal's parts in the order an older row kept them as a list (before quizzes 0004)."""


def deal_from_data(data) -> PlayedDeal:
    """A stored deal: `PlayedDeal.as_data()`, or an older row's list [side, contract,
    tricks, honors, honors side]."""
    if isinstance(data, PlayedDeal):
        return data
    if isinstance(data, list | tuple):
        data = dict(zip(DEAL_FIELDS, [*data, *[None] * 5][:5], strict=True))
    return PlayedDeal.from_data(data)


class _Deal:
    """`nested(DEAL)`: a field of stored deals, read as `PlayedDeal`s."""

    from_data = staticmethod(deal_from_data)


DEAL = _Deal


def nested(of, **kwargs):
    """A field whose stored dicts (alone, in a list or in a dict) are `of` instances."""
    return field(metadata={"of": of}, **kwargs)


class SituationData:
    """A situation (or a part of one) as a frozen dataclass stored as a JSON dict.

    `to_data()` gives the stored dict: the fields in the order declared, lists for tuples,
    and a field left out while it is None if its default is None (the key is absent in the
    stored rows then). `from_data()` reads such a dict back, and any older shape the kind
    still accepts (through `upgrade`); keys it does not know are ignored.
    """

    @classmethod
    def upgrade(cls, data: dict) -> dict:
        """An older stored shape as today's (unchanged if it is today's)."""
        return data

    @classmethod
    def from_data(cls, data):
        if isinstance(data, cls):
            return data
        data = cls.upgrade(dict(data))
        kwargs = {
            f.name: _load(data[f.name], f.metadata.get("of"))
            for f in dataclass_fields(cls)
            if f.name in data
        }
        return cls(**kwargs)

    def to_data(self) -> dict:
        data = {}
        for f in dataclass_fields(self):
            value = getattr(self, f.name)
            if value is None and f.default is None:
                continue
            data[f.name] = _dump(value)
        return data


SITUATION_METHODS = (
    "fields",
    "solve",
    "skills",
    "box_skills",
    "blame",
    "follow_through",
    "title_for",
    "instruction_for",
    "prompt",
    "attributes",
    "applicable_mistakes",
)
"""The methods whose first argument is a situation: a kind with a `situation_type` gets it
as that dataclass, whether the caller passes the stored dict or the dataclass."""


def _typed(method):
    @functools.wraps(method)
    def wrapper(self, situation, *args, **kwargs):
        return method(self, self.situation_type.from_data(situation), *args, **kwargs)

    wrapper.typed = True
    return wrapper


class QuestionKind:
    """One kind of practice question. Subclasses fill in every method that raises.

    A kind with a `situation_type` draws its situation in `draw` (the dataclass); the
    public `generate` gives it as stored (`to_data()`), and every method that takes a
    situation accepts the stored dict or the dataclass and sees the dataclass.
    """

    situation_type: type[SituationData] | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.situation_type is None:
            return
        for name in SITUATION_METHODS:
            method = getattr(cls, name)
            if not getattr(method, "typed", False):
                setattr(cls, name, _typed(method))

    def load(self, situation):
        """A stored situation as this kind reads it: its dataclass (or the dict, for a kind
        without one)."""
        if self.situation_type is None:
            return situation
        return self.situation_type.from_data(situation)

    def draw(self, rng: random.Random, taught: frozenset[str] = EVERYTHING):
        """A new situation as the kind's dataclass (kinds with a `situation_type`)."""
        raise NotImplementedError

    key = ""
    title = ""
    instruction = ""
    template = ""
    """The template that shows the situation; it reads `q.s` (the situation as stored: the
    dict) and `q.prompt`."""
    possible_skills: tuple[str, ...] = ()
    mistakes: tuple[str, ...] = ()
    """Keys of the misunderstandings this kind can replay (scoring.MISTAKES)."""
    requires: tuple[str, ...] = ()
    """Skills that must be taught before this kind can be asked at all."""
    single_idea = False
    """True for a quick question that asks exactly one thing; the path asks these first."""

    def available(self, taught: frozenset[str]) -> bool:
        """Can this kind draw a question that needs only the `taught` skills?"""
        return set(self.requires) <= taught

    def generate(self, rng: random.Random, taught: frozenset[str] = EVERYTHING) -> dict:
        """A new situation, drawn with `rng` (the same seed gives the same situation).

        It needs no skill outside `taught`: no doubling before doubles are taught, no
        failing contract before undertricks, and so on.
        """
        if self.situation_type is None:
            raise NotImplementedError
        return self.draw(rng, taught).to_data()

    def fields(self, situation) -> list[Field]:
        raise NotImplementedError

    def solve(self, situation, mistake: Misunderstanding | None = None) -> Solution:
        raise NotImplementedError

    def skills(self, situation) -> list[str]:
        """The skills the question exercises: read from what the learner is shown and asked,
        never from the answer (the page names them before the learner answers)."""
        raise NotImplementedError

    def box_skills(self, situation, name: str) -> list[str]:
        """The skills that the answer box `name` exercises: a wrong figure there counts
        against these and no others. One-box kinds: every skill of the question."""
        return self.skills(situation)

    def blame(self, situation, wrong: list[str], given: dict) -> list[str]:
        """The skills a wrong answer counts against: those of its wrong boxes."""
        skills = [skill for name in wrong for skill in self.box_skills(situation, name)]
        return list(dict.fromkeys(skills))

    def follow_through(self, situation, given: dict) -> dict:
        """The boxes worked out from the learner's own other boxes, each with the value those
        boxes give it: {"difference": 70} when the totals given are 230 and 300.

        Such a box is marked right when it agrees, even if a box it is worked from is wrong:
        one slip is one mistake, not one for every box after it. Worked from the right boxes
        it gives the right answer, so it changes no mark when those are right. A box whose
        own boxes are blank or unreadable is left out. None here: each box stands alone.
        """
        return {}

    def title_for(self, situation) -> str:
        """The question's title for this situation (the kind's, unless the situation is of
        another form than the title names), in the page's language."""
        return gettext(self.title) if self.title else ""

    def instruction_for(self, situation) -> str:
        """The instruction above this situation's boxes (the kind's, unless some of what it
        says has no box here)."""
        return gettext(self.instruction) if self.instruction else ""

    def prompt(self, situation) -> dict:
        """What the template shows besides the situation itself (never the answer)."""
        return {}

    def attributes(self, situation) -> dict:
        """Facts of the situation for data-* attributes (never the answer)."""
        return {}

    def applicable_mistakes(self, situation) -> list[Misunderstanding]:
        return [MISTAKES[key] for key in self.mistakes]


def named_mistakes(keys) -> list[Misunderstanding]:
    """The misunderstandings of these keys (scoring.MISTAKES), in order."""
    return [MISTAKES[key] for key in keys]


def doubling_word(contract: str) -> str:
    """The doubling in words ("doubled", "redoubled"), or "" for an undoubled contract."""
    doubling = Contract.parse(contract).doubling
    return doubling.word if doubling.value else ""


def is_whole(value) -> bool:
    """Is this box's value a whole number (not blank, not a choice, not True)? Only such a
    value is something to work other boxes out from."""
    return isinstance(value, int) and not isinstance(value, bool)


def believes(mistake: Misunderstanding | None, misreading: Misreading) -> bool:
    """Does the learner holding `mistake` read the situation this wrong way?"""
    return mistake is not None and misreading in mistake.flags


def form_believed(name: str, mistake: Misunderstanding | None):
    """The form `name` as the learner holding `mistake` believes its rules to be."""
    return mistake.apply_to(name) if mistake is not None else find_form(name)


def vulnerable_as_believed(sides, mistake: Misunderstanding | None) -> frozenset[str]:
    """A rubber's vulnerable sides as the learner holding `mistake` reads them off the sheet:
    with WE and THEY swapped, the side with the only game reads as not vulnerable and the
    other as vulnerable. With a game each, or none, swapping the sides changes nothing."""
    sides = frozenset(str(side) for side in sides)
    if believes(mistake, Misreading.SWAP_VULNERABLE_SIDES) and len(sides) == 1:
        return frozenset(str(side) for side in SIDES) - sides
    return sides


def penalty_as_believed(items, declarer: str, mistake: Misunderstanding | None) -> tuple:
    """A deal's WE/THEY items as the learner holding `mistake` writes them: a failed
    contract's penalty in the declaring side's column instead of the defenders'."""
    if not believes(mistake, Misreading.PENALTY_TO_DECLARER):
        return tuple(items)
    return tuple(
        item.for_side(declarer) if item.kind is ItemKind.UNDERTRICKS else item for item in items
    )


# -- credit: which skill each part of an answer exercises ---------------------------------

ITEM_SKILLS = {
    ItemKind.TRICK_SCORE: "trick_score",
    ItemKind.OVERTRICKS: "overtricks",
    ItemKind.INSULT: "doubles",
    ItemKind.PART_SCORE_BONUS: "duplicate",
    ItemKind.GAME_BONUS: "duplicate",
    ItemKind.FOURTH_DEAL_BONUS: "chicago",
    ItemKind.SLAM_BONUS: "slams",
    ItemKind.HONORS: "honors",
    ItemKind.UNDERTRICKS: "undertricks",
    ItemKind.RUBBER_BONUS: "rubber",
    ItemKind.UNFINISHED_GAME: "rubber",
    ItemKind.UNFINISHED_PART_SCORE: "rubber",
}
"""The skill that teaches each line of a breakdown."""

DOUBLED_ITEMS = (ItemKind.TRICK_SCORE, ItemKind.OVERTRICKS, ItemKind.UNDERTRICKS, ItemKind.INSULT)
"""Lines whose points doubling changes."""


def vulnerable_kinds(contract, tricks: int, form) -> frozenset:
    """The kinds of line whose points this deal's vulnerability changes.

    Read off the engine by scoring the deal both ways, so it depends only on what the
    learner is shown (contract, tricks, form), never on who is in fact vulnerable.
    """
    one, two = (score_deal(contract, tricks, v, form=form).items for v in (False, True))
    points = {}
    for item in (*one, *two):
        points.setdefault(item.kind, set()).add(item.points)
    kinds = {item.kind for item in one} ^ {item.kind for item in two}
    return frozenset(kinds | {kind for kind, seen in points.items() if len(seen) > 1})


def item_skills(items, *, doubled: bool, vulnerable: frozenset = frozenset()) -> list[str]:
    """The skills behind some lines of a breakdown: each line's own, plus doubling and
    vulnerability where they change its points."""
    skills = []
    for item in items:
        skills.append(ITEM_SKILLS[item.kind])
        if doubled and item.kind in DOUBLED_ITEMS:
            skills.append("doubles")
        if item.kind in vulnerable:
            skills.append("vulnerability")
    return list(dict.fromkeys(skills))
