"""Scoring one deal, item by item, under any form's rule switches.

>>> r = score_deal("4HX", tricks=11, vulnerable=True)
>>> r.total
990
>>> [(item.key, item.points) for item in r.items]
[('trick_score', 240), ('overtricks', 200), ('insult', 50), ('game_bonus', 500)]
>>> score_deal("3NT", tricks=4, vulnerable=True, form="rubber").total
-500
>>> score_deal("4DX", tricks=5, vulnerable=False).items[0].reason
'5 down, doubled, not vulnerable: 100 + 200 + 200 + 300 + 300 = 1100'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from scoring.contract import BOOK, Contract, Doubling, Strain, check_tricks
from scoring.errors import InvalidHonors, InvalidSide
from scoring.forms import Form, find_form
from scoring.items import Item, Kind, Place, points_in
from scoring.sides import DECLARER, DEFENDERS, Role
from scoring.words import Words, gettext_noop, ngettext, vulnerability_word


class HonorsHolding(NamedTuple):
    """One holding of honors that scores, and the ways the site names it."""

    points: int
    description: str
    """In full, as a breakdown and the rule tables give it."""
    label: str
    """Short, for a button: "Four trump honors"."""
    phrase: str
    """To go inside a sentence: "a defender held {phrase} in one hand"."""


HONORS = {
    "four_trumps": HonorsHolding(
        100,
        Words(gettext_noop("Four of the five top trumps (A K Q J 10) in one hand")),
        Words(gettext_noop("Four trump honors")),
        Words(gettext_noop("four of the five top trumps")),
    ),
    "five_trumps": HonorsHolding(
        150,
        Words(gettext_noop("All five top trumps (A K Q J 10) in one hand")),
        Words(gettext_noop("Five trump honors")),
        Words(gettext_noop("all five top trumps")),
    ),
    "four_aces": HonorsHolding(
        150,
        Words(gettext_noop("All four aces in one hand at notrump")),
        Words(gettext_noop("Four aces (notrump)")),
        Words(gettext_noop("all four aces")),
    ),
}


@dataclass(frozen=True, slots=True)
class DealResult:
    """The score of one deal: its items, and totals summed from them."""

    contract: Contract
    tricks: int
    vulnerable: bool
    form: Form
    items: tuple[Item, ...]
    completes_game: bool
    """True when this deal's trick score makes (or completes) a game."""

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.tricks_needed

    @property
    def overtricks(self) -> int:
        return max(0, self.tricks - self.contract.tricks_needed)

    @property
    def undertricks(self) -> int:
        return max(0, self.contract.tricks_needed - self.tricks)

    def points(self, side: str, place: Place | None = None) -> int:
        """Points to `side` ("declarer" or "defenders"), optionally only above or below."""
        return points_in(self.items, side, place)

    @property
    def declarer_points(self) -> int:
        return self.points(DECLARER)

    @property
    def defender_points(self) -> int:
        return self.points(DEFENDERS)

    @property
    def total(self) -> int:
        """Signed, from the declaring side's point of view."""
        return self.declarer_points - self.defender_points

    @property
    def trick_score(self) -> int:
        """Points below the line: the trick score for tricks bid and made."""
        return self.points(DECLARER, Place.BELOW)

    def item(self, key: str) -> Item | None:
        """The item of this kind ("trick_score", "insult", ...), if the deal has one."""
        return next((i for i in self.items if i.kind.value == key), None)


def score_deal(
    contract: str | Contract,
    tricks: int,
    vulnerable: bool = False,
    *,
    form: str | Form = "duplicate",
    honors: str | None = None,
    honors_side: str = DECLARER,
    part_score: int = 0,
    last_deal: bool = False,
) -> DealResult:
    """Score one deal: duplicate unless another form is named.

    `part_score` is what the declaring side already has below the line toward the
    current game (forms that carry part-scores over); `last_deal` marks the fourth
    deal of a chukker. Honors are "four_trumps", "five_trumps" or "four_aces", held by
    the "declarer" side (declarer or dummy) or the "defenders".
    """
    return _score(
        Contract.parse(contract),
        check_tricks(tricks),
        bool(vulnerable),
        find_form(form),
        honors,
        honors_side,
        int(part_score),
        bool(last_deal),
    )


@lru_cache(maxsize=65536)
def _score(
    contract: Contract,
    tricks: int,
    vulnerable: bool,
    form: Form,
    honors: str | None,
    honors_side: str,
    part_score: int,
    last_deal: bool,
) -> DealResult:
    honors_item = _honors(contract, form, honors, honors_side)
    needed = contract.tricks_needed
    if tricks < needed:
        items = [_undertricks(contract, needed - tricks, vulnerable, form)]
        completes_game = False
    else:
        items, completes_game = _made(contract, tricks - needed, vulnerable, form, part_score)
        if (
            form.fourth_deal_part_score_bonus
            and last_deal
            and not completes_game
            and form.carry_over
        ):
            items.append(
                Item(
                    Kind.FOURTH_DEAL_BONUS,
                    form.fourth_deal_part_score_bonus,
                    DECLARER,
                    Place.ABOVE,
                    Words(
                        gettext_noop(
                            "A part-score made on the fourth deal that does not complete a game"
                        )
                    ),
                )
            )
    if honors_item:
        items.append(honors_item)
    return DealResult(contract, tricks, vulnerable, form, tuple(items), completes_game)


def trick_value(strain: Strain, form: Form, nth: int) -> int:
    """Undoubled value of the nth odd trick (1-based) in this strain."""
    if strain is Strain.NOTRUMP:
        return form.notrump_first_trick if nth == 1 else form.notrump_other_trick
    return form.major_trick if strain.is_major else form.minor_trick


def _trick_score(contract: Contract, form: Form) -> tuple[int, str]:
    level, strain = contract.level, contract.strain
    if form.book_tricks_scored:
        level += BOOK  # a misunderstanding replayed: the book's six tricks counted too
    if strain is Strain.NOTRUMP:
        base = form.notrump_first_trick + (level - 1) * form.notrump_other_trick
    else:
        base = level * (form.major_trick if strain.is_major else form.minor_trick)
    if strain is Strain.NOTRUMP and level > 1:
        sum_text = Words(
            gettext_noop("{first} for the first trick + {more} × {each} = {base}"),
            first=form.notrump_first_trick,
            more=level - 1,
            each=form.notrump_other_trick,
            base=base,
        )
    else:
        sum_text = ngettext(
            "{level} trick × {each} = {base}",
            "{level} tricks × {each} = {base}",
            level,
            level=level,
            each=trick_value(strain, form, 1),
            base=base,
        )
    points = base * contract.doubling.multiplier
    if contract.doubling is not Doubling.NONE:
        sum_text = Words(
            gettext_noop("{sum}, {doubling} to {points}"),
            sum=sum_text,
            doubling=contract.doubling.word,
            points=points,
        )
    return points, Words(
        gettext_noop("{contract} bid and made: {sum}"), contract=contract.display, sum=sum_text
    )


def _made(
    contract: Contract, over: int, vulnerable: bool, form: Form, part_score: int
) -> tuple[list[Item], bool]:
    vul = 1 if vulnerable else 0
    vul_word = vulnerability_word(vulnerable)
    doubling = contract.doubling
    points, reason = _trick_score(contract, form)
    items = [Item(Kind.TRICK_SCORE, points, DECLARER, Place.BELOW, reason)]

    toward_game = points
    if not form.doubled_trick_score_toward_game:
        toward_game = points // contract.doubling.multiplier  # a belief replayed
    if over:
        each, why = _overtrick_value(contract, vulnerable, form)
        place = Place.BELOW if form.overtricks_count_toward_game else Place.ABOVE
        why = ngettext(
            "{count} overtrick {how}", "{count} overtricks {how}", over, count=over, how=why
        )
        items.append(Item(Kind.OVERTRICKS, over * each, DECLARER, place, why))
        if form.overtricks_count_toward_game:
            toward_game += over * each

    if doubling is not Doubling.NONE:
        bonus = form.insult[0 if doubling is Doubling.DOUBLED else 1]
        if bonus:
            items.append(
                Item(
                    Kind.INSULT,
                    bonus,
                    DECLARER,
                    Place.ABOVE,
                    Words(gettext_noop("For making a {doubling} contract"), doubling=doubling.word),
                )
            )

    before = part_score if form.carry_over else 0
    completes_game = before + toward_game >= form.game_points
    if form.game_bonus and completes_game:
        if before:
            why = Words(
                gettext_noop("Game: {before} + {toward} below the line reaches {game}, {vul}"),
                before=before,
                toward=toward_game,
                game=form.game_points,
                vul=vul_word,
            )
        else:
            why = Words(
                gettext_noop("Game: a trick score of {toward} reaches {game}, {vul}"),
                toward=toward_game,
                game=form.game_points,
                vul=vul_word,
            )
        items.append(Item(Kind.GAME_BONUS, form.game_bonus[vul], DECLARER, Place.ABOVE, why))
    if form.part_score_bonus and (not completes_game or form.part_score_bonus_with_game):
        items.append(
            Item(
                Kind.PART_SCORE_BONUS,
                form.part_score_bonus,
                DECLARER,
                Place.ABOVE,
                Words(
                    gettext_noop("A part-score contract made (trick score under {game})"),
                    game=form.game_points,
                ),
            )
        )

    # The slam bonus is for tricks bid; `slam_needs_bid=False` replays the mistake of
    # paying it for tricks taken.
    slam_level = contract.level if form.slam_needs_bid else contract.level + over
    if slam_level >= 6:
        values = form.grand_slam if slam_level == 7 else form.small_slam
        if slam_level == 7:
            why = Words(gettext_noop("Grand slam bid and made, {vul}"), vul=vul_word)
        else:
            why = Words(gettext_noop("Small slam bid and made, {vul}"), vul=vul_word)
        if values[vul]:
            items.append(
                Item(
                    Kind.SLAM_BONUS,
                    values[vul],
                    DECLARER,
                    Place.ABOVE,
                    why,
                )
            )
    return items, completes_game


def _overtrick_value(contract: Contract, vulnerable: bool, form: Form) -> tuple[int, str]:
    vul = 1 if vulnerable else 0
    vul_word = vulnerability_word(vulnerable)
    value = form.major_trick if contract.strain.is_major else form.minor_trick
    if contract.strain is Strain.NOTRUMP:
        value = form.notrump_other_trick
    doubling = contract.doubling
    if doubling is Doubling.NONE:
        factor = form.undoubled_overtrick_factor[vul]
        if factor != 1:
            each = value * factor
            return each, Words(
                gettext_noop("at {factor} times the trick value, {vul}: {each} each"),
                factor=factor,
                vul=vul_word,
                each=each,
            )
        return value, Words(gettext_noop("at the trick value, {each} each"), each=value)
    if form.doubled_overtricks_at_trick_value:
        each = value * doubling.multiplier
        return each, Words(
            gettext_noop("at the {doubling} trick value, {each} each"),
            doubling=doubling.word,
            each=each,
        )
    table = form.doubled_overtrick if doubling is Doubling.DOUBLED else form.redoubled_overtrick
    return table[vul], Words(
        gettext_noop("{doubling} and {vul}: {each} each"),
        doubling=doubling.word,
        vul=vul_word,
        each=table[vul],
    )


def undertrick_steps(down: int, doubling: Doubling, vulnerable: bool, form: Form) -> list[int]:
    """What each trick down costs, first to last."""
    if doubling is Doubling.NONE:
        return [form.undoubled_undertrick[1 if vulnerable else 0]] * down
    scale = form.doubled_undertricks_v if vulnerable else form.doubled_undertricks_nv
    steps = [scale[min(n, len(scale) - 1)] for n in range(down)]
    if doubling is Doubling.REDOUBLED:
        steps = [s * form.redouble_penalty_factor for s in steps]
    return steps


def undertrick_penalty(
    down: int, doubling: Doubling | str = Doubling.NONE, vulnerable: bool = False, form="duplicate"
) -> int:
    """What the defenders score when declarer goes `down` tricks short.

    >>> undertrick_penalty(4, "X", vulnerable=False)
    800
    >>> undertrick_penalty(2, "XX", vulnerable=False)
    600
    """
    if not isinstance(doubling, Doubling):
        doubling = Doubling(str(doubling).upper())
    return sum(undertrick_steps(down, doubling, vulnerable, find_form(form)))


def _undertricks(contract: Contract, down: int, vulnerable: bool, form: Form) -> Item:
    steps = undertrick_steps(down, contract.doubling, vulnerable, form)
    total = sum(steps)
    vul = vulnerability_word(vulnerable)
    doubling = contract.doubling.word
    if contract.doubling is Doubling.NONE and down == 1:
        reason = Words(gettext_noop("{down} down, {vul}: {each}"), down=1, vul=vul, each=total)
    elif contract.doubling is Doubling.NONE:
        reason = Words(
            gettext_noop("{down} down, {vul}: {each} each = {total}"),
            down=down,
            vul=vul,
            each=steps[0],
            total=total,
        )
    elif down == 1:
        reason = Words(
            gettext_noop("{down} down, {doubling}, {vul}: {each}"),
            down=1,
            doubling=doubling,
            vul=vul,
            each=total,
        )
    else:
        reason = Words(
            gettext_noop("{down} down, {doubling}, {vul}: {sums} = {total}"),
            down=down,
            doubling=doubling,
            vul=vul,
            sums=" + ".join(str(s) for s in steps),
            total=total,
        )
    return Item(Kind.UNDERTRICKS, total, DEFENDERS, Place.ABOVE, reason)


HONOR_RANKS = ("A", "K", "Q", "J", "10")


def honors_in_hand(strain: str | Strain, cards) -> str | None:
    """The honors bonus a single hand earns: "five_trumps", "four_trumps", "four_aces" or None.

    `cards` are that hand's cards as text: for a suit contract, the ranks held in
    trumps ("A", "K", "Q", "J", "10", "9", ...); at notrump, any cards ("♠A", "♥A").

    >>> honors_in_hand("H", ["A", "K", "Q", "10", "4"])
    'four_trumps'
    >>> honors_in_hand("NT", ["♠A", "♥A", "♦A", "♣A"])
    'four_aces'
    """
    strain = strain if isinstance(strain, Strain) else Strain(str(strain).upper())
    if strain is Strain.NOTRUMP:
        aces = {c for c in cards if str(c).upper().endswith("A")}
        return "four_aces" if len(aces) == 4 else None
    held = sum(1 for rank in HONOR_RANKS if rank in {str(c).upper() for c in cards})
    return {5: "five_trumps", 4: "four_trumps"}.get(held)


def _honors(contract: Contract, form: Form, honors: str | None, side: str) -> Item | None:
    if honors is None or honors == "":
        return None
    if honors not in HONORS:
        raise InvalidHonors(f"Unknown honors {honors!r}: use four_trumps, five_trumps or four_aces")
    if not form.honors:
        raise InvalidHonors(f"Honors are not scored in {form.label.lower()}")
    if honors == "four_aces" and contract.strain is not Strain.NOTRUMP:
        raise InvalidHonors("Four aces count only at notrump")
    if honors != "four_aces" and contract.strain is Strain.NOTRUMP:
        raise InvalidHonors("At notrump there are no trump honors: only four aces count")
    if side not in (DECLARER, DEFENDERS):
        raise InvalidSide(f"Honors are held by the declarer or the defenders, got {side!r}")
    side = Role(side)
    holding = HONORS[honors]
    if side == DECLARER:
        who = Words(gettext_noop("held by the declaring side"))
    else:
        who = Words(gettext_noop("held by a defender"))
    why = Words(gettext_noop("{holding}, {who}"), holding=holding.description, who=who)
    return Item(Kind.HONORS, holding.points, side, Place.ABOVE, why)
