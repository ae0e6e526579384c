"""What the lesson pages show, prepared from the deals by the scoring engine."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from lessons import deals
from quizzes.grading import grade, slip_figures
from quizzes.kinds import KINDS
from scoring import (
    Misunderstanding,
    Place,
    draw_partnerships,
    first_table,
    five_player_rotation,
    other,
)
from scoring.items import Kind as ItemKind
from scoring.players import BackScore

TRY_FIELDS = (
    ("we_above", "we", Place.ABOVE, _("WE, above the line")),
    ("we_below", "we", Place.BELOW, _("WE, below the line")),
    ("they_above", "they", Place.ABOVE, _("THEY, above the line")),
    ("they_below", "they", Place.BELOW, _("THEY, below the line")),
)


@dataclass(frozen=True)
class WorkedRubber:
    """A rubber from the documents that the course walks through deal by deal."""

    slug: str
    title: str
    deals: tuple
    labels: str = ""
    """Letters naming the deals ("abc..."), or empty for numbers."""

    def label(self, number: int) -> str:
        return self.labels[number - 1] if self.labels else str(number)

    @property
    def size(self) -> int:
        return len(self.deals)

    def play(self, upto: int | None = None):
        return deals.play_rubber(self.deals[:upto] if upto is not None else self.deals)

    def url(self, name: str, *args) -> str:
        return reverse(f"lessons:{self.slug.replace('-', '_')}_{name}", args=args)

    @property
    def index_url(self) -> str:
        return reverse(f"lessons:{self.slug.replace('-', '_')}")

    @property
    def result_url(self) -> str:
        return self.url("result")


WORKED = {
    "sample-rubber": WorkedRubber("sample-rubber", _("The sample rubber"), deals.SAMPLE_RUBBER),
    "review-quiz": WorkedRubber(
        "review-quiz", _("Review quiz"), deals.REVIEW_QUIZ, deals.REVIEW_QUIZ_LETTERS
    ),
}


@dataclass(frozen=True)
class DealPage:
    """One deal of a worked rubber. The rubbers are played on first need: a page whose
    sheets are kept as fragments (lessons/sample_deal.html) plays none."""

    worked: WorkedRubber
    number: int

    @property
    def deal(self) -> deals.Deal:
        return self.worked.deals[self.number - 1]

    @cached_property
    def before(self):
        """The rubber before this deal."""
        return self.worked.play(self.number - 1)

    @cached_property
    def after(self):
        """The rubber after it."""
        return self.worked.play(self.number)

    @property
    def record(self):
        """The engine's record of this deal."""
        return self.after.deals[-1]

    @property
    def label(self) -> str:
        return self.worked.label(self.number)

    @property
    def who(self) -> str:
        return self.deal.declarer_name or _side(self.deal.declarer)

    @property
    def before_caption(self) -> str:
        return gettext("Before deal {label}").format(label=self.label)

    @property
    def after_caption(self) -> str:
        return gettext("After deal {label}").format(label=self.label)

    @property
    def url(self) -> str:
        return self.worked.url("deal", self.number)

    @property
    def previous_url(self) -> str | None:
        return self.worked.url("deal", self.number - 1) if self.number > 1 else None

    @property
    def next_url(self) -> str | None:
        return self.worked.url("deal", self.number + 1) if self.number < self.worked.size else None

    @property
    def previous_label(self) -> str:
        return self.worked.label(self.number - 1) if self.number > 1 else ""

    @property
    def next_label(self) -> str:
        return self.worked.label(self.number + 1) if self.number < self.worked.size else ""


def deal_page(number: int, worked: WorkedRubber = WORKED["sample-rubber"]) -> DealPage:
    return DealPage(worked, number)


def try_it_expected(record) -> dict[str, int]:
    """What a learner should write for this deal: points per side, above and below."""
    return {name: record.points(side, place) for name, side, place, _ in TRY_FIELDS}


def try_it_marks(record, answers: dict[str, int]) -> list[dict]:
    """Each field of a "Try it first" answer beside the engine's figure."""
    expected = try_it_expected(record)
    return [
        {
            "name": name,
            "label": label,
            "given": answers[name],
            "expected": expected[name],
            "right": answers[name] == expected[name],
        }
        for name, _, _, label in TRY_FIELDS
    ]


def try_it_situation(page: DealPage) -> dict:
    """The deal of a worked page as a practice question that asks its four column boxes."""
    return {
        "history": [deal.as_data() for deal in page.worked.deals[: page.number - 1]],
        "deal": page.deal.as_data(),
        "asks": [],
    }


def try_it_mistakes(page: DealPage, answers: dict[str, int]) -> list:
    """The misunderstandings a wrong "Try it first" shows, named as practice names them.

    The four boxes are those of a rubber-deal question on the same sheet, so the same
    grader replays each misunderstanding and names those that give the learner's figures
    (150 for 4DX three down, not vulnerable: the undoubled penalties for a doubled
    contract). None for a right answer.
    """
    return grade(KINDS["rubber_deal"], try_it_situation(page), answers).mistakes


@dataclass(frozen=True)
class TriedSlip:
    """A misunderstanding a wrong "Try it first" shows, with the deal's own figures as
    they are and as the slip makes them (from the same machinery as practice)."""

    mistake: Misunderstanding
    figures: tuple[str, ...]

    @property
    def key(self) -> str:
        return self.mistake.key

    @property
    def name(self) -> str:
        return self.mistake.name

    @property
    def explanation(self) -> str:
        return self.mistake.explanation


def try_it_slips(page: DealPage, answers: dict[str, int]) -> list[TriedSlip]:
    """try_it_mistakes, each told with this deal's figures."""
    kind, situation = KINDS["rubber_deal"], try_it_situation(page)
    result = grade(kind, situation, answers)
    return [
        TriedSlip(m, tuple(slip_figures(kind, situation, m, result.solution)))
        for m in result.mistakes
    ]


def sample_draw():
    return draw_partnerships(deals.DRAWN_CARDS)


def draw_rows():
    """(player, card) from the highest card drawn to the lowest."""
    draw = sample_draw()
    return [(player, draw.cards[player]) for player in draw.order]


def sample_result():
    """The finished rubber, its back score and the seating for the next rubbers."""
    rubber = deals.sample_rubber()
    back = BackScore(list(deals.PLAYERS))
    back.add_rubber(rubber, we=deals.WE_PLAYERS, they=deals.THEY_PLAYERS)
    draw = sample_draw()
    return {
        "rubber": rubber,
        "back_score": [(player, back.total(player)) for player in back.players],
        "draw": draw,
        "tables": five_player_rotation(draw),
        "first_table": first_table(draw),
    }


# -- The review quiz's questions 2 and 3: deals a to d as Chicago and as duplicate ------


def review_table(form: str) -> list[dict]:
    """Deals a-d with the points each side scores, from the engine, for one form."""
    if form == "chicago":
        chukker = deals.review_quiz_chukker()
        return [
            {
                "label": deals.REVIEW_QUIZ_LETTERS[i],
                "deal": deal,
                "record": record,
                "vulnerable": record.vulnerable,
                "we": record.points("we"),
                "they": record.points("they"),
                "items": [e.item for e in record.entries],
            }
            for i, (deal, record) in enumerate(zip(deals.REVIEW_QUIZ, chukker.deals, strict=False))
        ]
    chukker = deals.review_quiz_chukker()
    rows = []
    for i, ((deal, result), record) in enumerate(
        zip(deals.review_quiz_duplicate(), chukker.deals, strict=True)
    ):
        points = {
            deal.declarer: result.declarer_points,
            other(deal.declarer): result.defender_points,
        }
        rows.append(
            {
                "label": deals.REVIEW_QUIZ_LETTERS[i],
                "deal": deal,
                "result": result,
                "vulnerable": record.vulnerable,
                "we": points["we"],
                "they": points["they"],
                "items": list(result.items),
            }
        )
    return rows


def _side(side: str) -> str:
    """WE or THEY, as the column heads of the page's language write them."""
    return gettext("WE") if side == "we" else gettext("THEY")


def review_table_fields(rows) -> list[tuple[str, str]]:
    return [
        (
            f"{row['label']}_{side}",
            gettext("Deal {label}, points to {side}").format(label=row["label"], side=_side(side)),
        )
        for row in rows
        for side in ("we", "they")
    ]


def review_table_marks(rows, answers: dict[str, int]) -> list[dict]:
    marks = []
    for row in rows:
        for side in ("we", "they"):
            name = f"{row['label']}_{side}"
            marks.append(
                {
                    "label": gettext("Deal {label}, {side}").format(
                        label=row["label"], side=_side(side)
                    ),
                    "given": answers[name],
                    "expected": row[side],
                    "right": answers[name] == row[side],
                }
            )
    return marks


def review_table_slips(form: str, rows, answers: dict[str, int]) -> list[TriedSlip]:
    """Question 2's slips: each Chicago deal a learner got wrong, graded as a deal of a
    chukker in practice is, naming the misunderstanding that gives the learner's two
    figures (the deal's label before its figures). Question 3's deals are graded as a
    duplicate deal in practice is: the declaring side's score, named only when the
    learner's two figures are that score written in its column (a wrong sign is a
    column slip here, not named as one)."""
    slips = []
    for number, row in enumerate(rows):
        given = {side: answers[f"{row['label']}_{side}"] for side in ("we", "they")}
        if given == {"we": row["we"], "they": row["they"]}:
            continue
        if form == "chicago":
            kind = KINDS["four_deal"]
            situation = {
                "form": "chicago",
                "first_dealer": deals.REVIEW_QUIZ_FIRST_DEALER,
                "history": [deal.as_data() for deal in deals.REVIEW_QUIZ[:number]],
                "deal": row["deal"].as_data(),
            }
            result = grade(kind, situation, {f"{s}_points": p for s, p in given.items()})
        else:
            kind, deal = KINDS["duplicate_deal"], row["deal"]
            situation = {
                "form": "duplicate",
                # No honors at duplicate: the deal as played, without them.
                "deal": {k: v for k, v in deal.as_data().items() if not k.startswith("honors")},
                "vulnerable": deal.declarer in row["vulnerable"],
                "show_vulnerability": True,
            }
            declarer, defenders = deal.declarer, other(deal.declarer)
            if given[declarer] and given[defenders]:
                continue  # both columns written: no one score of the declaring side
            result = grade(kind, situation, {"answer": given[declarer] - given[defenders]})
        for mistake in result.mistakes:
            if mistake.key == "sign_reversed":
                continue
            figures = slip_figures(kind, situation, mistake, result.solution)
            deal_label = gettext("Deal {label}:").format(label=row["label"])
            slips.append(TriedSlip(mistake, (deal_label, *figures)))
    return slips


def rubber_bonus(rubber):
    """The rubber bonus on a finished rubber's sheet: the engine's item, with its reason."""
    return next(e.item for e in rubber.entries if e.item.kind is ItemKind.RUBBER_BONUS)
