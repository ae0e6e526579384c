"""The table in words and symbols: suits, contracts, cards, seats and sides.

Each symbol is drawn for the eye and named for a screen reader, so "4♥X" is heard as
"4 hearts doubled". Names and symbols come from the engine (`Strain`, `Side`).
"""

from __future__ import annotations

from django import template
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import pgettext

from scoring import (
    BOARD_VULNERABILITY_NAMES,
    HONORS,
    SEAT_NAMES,
    SIDES,
    Card,
    Contract,
    Role,
    Side,
    Strain,
)

register = template.Library()

# The names a page shows, keyed by the engine's values, so that a page in French or Dutch
# names them in its own words. In English each is the engine's own word (a test checks
# that they agree); the values themselves (keys, data-* attributes, files) stay English.
SUIT_NAMES = {
    Strain.CLUBS: translation.gettext_lazy("clubs"),
    Strain.DIAMONDS: translation.gettext_lazy("diamonds"),
    Strain.HEARTS: translation.gettext_lazy("hearts"),
    Strain.SPADES: translation.gettext_lazy("spades"),
    Strain.NOTRUMP: translation.gettext_lazy("notrump"),
}
SIDE_NAMES = {
    Side.WE: translation.gettext_lazy("WE"),
    Side.THEY: translation.gettext_lazy("THEY"),
    Role.DECLARER: translation.gettext_lazy("Declaring side"),
    Role.DEFENDERS: translation.gettext_lazy("Defenders"),
}
SEAT_WORDS = {
    "N": translation.gettext_lazy("North"),
    "E": translation.gettext_lazy("East"),
    "S": translation.gettext_lazy("South"),
    "W": translation.gettext_lazy("West"),
}
SEAT_LETTERS = {
    "N": translation.pgettext_lazy("seat letter: North", "N"),
    "E": translation.pgettext_lazy("seat letter: East", "E"),
    "S": translation.pgettext_lazy("seat letter: South", "S"),
    "W": translation.pgettext_lazy("seat letter: West", "W"),
}
VULNERABLE_PAIR_WORDS = {
    "none": translation.gettext_lazy("Neither pair"),
    "NS": translation.gettext_lazy("North–South"),
    "EW": translation.gettext_lazy("East–West"),
    "both": translation.gettext_lazy("Both pairs"),
}
# The letter printed on a card: French R D V, Dutch H V B for king, queen, jack.
RANK_LETTERS = {
    "A": translation.pgettext_lazy("card rank, the letter on the card", "A"),
    "K": translation.pgettext_lazy("card rank, the letter on the card", "K"),
    "Q": translation.pgettext_lazy("card rank, the letter on the card", "Q"),
    "J": translation.pgettext_lazy("card rank, the letter on the card", "J"),
}


def _strain(value) -> Strain:
    if isinstance(value, Strain):
        return value
    return Contract.parse(f"1{str(value).strip()}").strain


def _notrump() -> str:
    """Notrump as the page's language writes it after a level: 3NT in English, 3SA in French
    (sans-atout) and Dutch (sans atout)."""
    return pgettext("notrump, written after a contract's level", "NT")


def _symbol(strain: Strain):
    """A suit symbol in its colour (the text beside it names it for screen readers)."""
    colour = "red" if strain.is_red else "black"
    return format_html('<span class="suit suit--{}">{}</span>', colour, strain.symbol)


@register.filter
def suit(strain) -> str:
    """A suit symbol, coloured, with its name for screen readers: {{ "H"|suit }}."""
    strain = _strain(strain)
    if strain is Strain.NOTRUMP:
        return _notrump()
    return format_html(
        '<span class="suit suit--{}" aria-hidden="true">{}</span>'
        '<span class="visually-hidden"> {}</span>',
        "red" if strain.is_red else "black",
        strain.symbol,
        suit_name(strain),
    )


def suit_name(strain) -> str:
    """A strain's name as a page says it: "hearts" (French "cœur", Dutch "harten")."""
    return str(SUIT_NAMES[_strain(strain)])


@register.filter
def contract(value) -> str:
    """A contract with its suit symbol: {{ "4HX"|contract }} shows 4♥X, read "4 hearts doubled"."""
    if value is None or value == "":
        return ""
    c = Contract.parse(value)
    symbol = _notrump() if c.strain is Strain.NOTRUMP else _symbol(c.strain)
    return format_html(
        '<span class="contract"><span aria-hidden="true">{}{}{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        c.level,
        symbol,
        c.doubling.value,
        # The engine's words, said in the page's language ("2 trèfles contré"). drawing sits
        # beside common, so it says them itself, as common.words.say does.
        c.words.said(translation.gettext, translation.ngettext),
    )


RANK_NAMES = {
    "A": translation.gettext_lazy("ace"),
    "K": translation.gettext_lazy("king"),
    "Q": translation.gettext_lazy("queen"),
    "J": translation.gettext_lazy("jack"),
}


def rank_letter(rank: str) -> str:
    """A rank as a page prints it: "Q" (French "D", Dutch "V"); "10" and spot cards as they are."""
    return str(RANK_LETTERS.get(rank, rank))


@register.filter
def card(value) -> str:
    """A playing card such as ♦9, its suit coloured, read as "9 of diamonds"."""
    drawn = value if isinstance(value, Card) else Card.parse(str(value))
    rank = drawn.rank_text
    return format_html(
        '<span class="playing-card"><span aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        _symbol(drawn.strain),
        rank_letter(rank),
        # Translators: a card read aloud: "9 of diamonds", "queen of spades".
        translation.gettext("%(rank)s of %(suit)s")
        % {"rank": RANK_NAMES.get(rank, rank), "suit": suit_name(drawn.strain)},
    )


@register.filter
def holding(cards, contract_text) -> str:
    """A hand's honors as cards: ranks of trumps in the contract's suit, or aces at notrump."""
    strain = Contract.parse(contract_text).strain
    if strain is Strain.NOTRUMP:
        shown = [card(text) for text in cards]
    else:
        shown = [card(f"{rank}{strain.value}") for rank in cards]
    return mark_safe(" ".join(shown))


@register.filter
def tricks_needed(value) -> int:
    return Contract.parse(value).tricks_needed


@register.filter
def is_notrump(value) -> bool:
    return Contract.parse(value).strain is Strain.NOTRUMP


@register.filter
def trump_suit(value) -> str:
    return suit_name(Contract.parse(value).strain)


@register.filter
def honors_words(honors) -> str:
    """A holding of honors inside a sentence: "all four aces"."""
    holding = HONORS.get(honors)
    return holding.phrase if holding else honors


# -- who: sides of a sheet, seats and pairs at duplicate -----------------------------------


@register.filter
def side_name(side) -> str:
    """WE, THEY, or a deal's roles: "Declaring side", "Defenders"."""
    if side in SIDES:
        return str(SIDE_NAMES[Side(side)])
    if side in tuple(Role):
        return str(SIDE_NAMES[Role(side)])
    return side


@register.simple_tag
def sides_text(sides) -> str:
    """'Neither side', 'WE', 'THEY' or 'Both sides' for a set of vulnerable sides."""
    sides = set(sides)
    if not sides:
        return translation.gettext("Neither side")
    if sides == set(SIDES):
        return translation.gettext("Both sides")
    return mark_safe(format_html_join(", ", "{}", ((side_name(s),) for s in sorted(sides))))


@register.filter
def seat_name(seat) -> str:
    key = str(seat).upper()
    return str(SEAT_WORDS[key]) if key in SEAT_NAMES else seat


@register.filter
def seat_letter(seat) -> str:
    """A seat as its letter on a page: "W" (French "O", Dutch "W"; East is Dutch "O")."""
    key = str(seat).upper()
    return str(SEAT_LETTERS[key]) if key in SEAT_NAMES else seat


@register.filter
def pair_vulnerable(code) -> str:
    """A duplicate board's vulnerability in words: "NS" is "North–South"."""
    if code in BOARD_VULNERABILITY_NAMES:
        return str(VULNERABLE_PAIR_WORDS[str(code)])
    return code
