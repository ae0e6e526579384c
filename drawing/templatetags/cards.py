"""The table in words and symbols: suits, contracts, cards, seats and sides.

Each symbol is drawn for the eye and named for a screen reader, so "4♥X" is heard as
"4 hearts doubled". Names and symbols come from the engine (`Strain`, `Side`).
"""

from __future__ import annotations

from django import template
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
        strain.noun,
    )


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
        c.words,
    )


RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


@register.filter
def card(value) -> str:
    """A playing card such as ♦9, its suit coloured, read as "9 of diamonds"."""
    drawn = value if isinstance(value, Card) else Card.parse(str(value))
    rank = drawn.rank_text
    return format_html(
        '<span class="playing-card"><span aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden">{} of {}</span></span>',
        _symbol(drawn.strain),
        rank,
        RANK_NAMES.get(rank, rank),
        drawn.strain.noun,
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
    return Contract.parse(value).strain.noun


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
        return Side(side).label
    if side in tuple(Role):
        return Role(side).label
    return side


@register.simple_tag
def sides_text(sides) -> str:
    """'Neither side', 'WE', 'THEY' or 'Both sides' for a set of vulnerable sides."""
    sides = set(sides)
    if not sides:
        return "Neither side"
    if sides == set(SIDES):
        return "Both sides"
    return mark_safe(format_html_join(", ", "{}", ((side_name(s),) for s in sorted(sides))))


@register.filter
def seat_name(seat) -> str:
    return SEAT_NAMES.get(str(seat).upper(), seat)


@register.filter
def pair_vulnerable(code) -> str:
    """A duplicate board's vulnerability in words: "NS" is "North–South"."""
    return BOARD_VULNERABILITY_NAMES.get(code, code)
