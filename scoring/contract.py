"""Contracts: level, strain and doubling, read from text like "4HX" or "3NT"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from scoring.errors import InvalidContract, InvalidTricks
from scoring.words import Words, gettext_noop, ngettext


class Strain(Enum):
    """The five strains a contract can be played in."""

    CLUBS = "C"
    """Clubs, a minor suit: 20 a trick."""
    DIAMONDS = "D"
    """Diamonds, a minor suit: 20 a trick."""
    HEARTS = "H"
    """Hearts, a major suit: 30 a trick."""
    SPADES = "S"
    """Spades, a major suit: 30 a trick."""
    NOTRUMP = "NT"
    """Notrump: 40 for the first trick, 30 for each further one."""

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The plural a sentence uses: "4 hearts", "3 notrump"."""
        return _NOUNS[self]

    @property
    def is_major(self) -> bool:
        return self.value in "HS"

    @property
    def is_minor(self) -> bool:
        return self.value in "CD"

    @property
    def is_red(self) -> bool:
        return self in (Strain.HEARTS, Strain.DIAMONDS)


_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}
_NOUNS = {
    Strain.CLUBS: "clubs",
    Strain.DIAMONDS: "diamonds",
    Strain.HEARTS: "hearts",
    Strain.SPADES: "spades",
    Strain.NOTRUMP: "notrump",
}


class Doubling(Enum):
    """Whether the final contract was doubled or redoubled."""

    NONE = ""
    """Undoubled."""
    DOUBLED = "X"
    """Doubled by a defender: trick score x2."""
    REDOUBLED = "XX"
    """Redoubled by the declaring side after a double: trick score x4."""

    @property
    def multiplier(self) -> int:
        return _MULTIPLIERS[self.value]

    @property
    def word(self) -> str:
        return _WORDS[self.value]


_MULTIPLIERS = {"": 1, "X": 2, "XX": 4}
_WORDS = {
    "": Words(gettext_noop("undoubled")),
    "X": Words(gettext_noop("doubled")),
    "XX": Words(gettext_noop("redoubled")),
}

# A level and its strain in words, singular or plural ("1 heart", "4 hearts"), as a
# sentence or a screen reader says a contract. Each is written out so the catalogues find it.
_LEVEL_NOUNS = {
    Strain.CLUBS: lambda n: ngettext("{level} club", "{level} clubs", n, level=n),
    Strain.DIAMONDS: lambda n: ngettext("{level} diamond", "{level} diamonds", n, level=n),
    Strain.HEARTS: lambda n: ngettext("{level} heart", "{level} hearts", n, level=n),
    Strain.SPADES: lambda n: ngettext("{level} spade", "{level} spades", n, level=n),
    Strain.NOTRUMP: lambda n: ngettext("{level} notrump", "{level} notrump", n, level=n),
}

BOOK = 6
"""The first six tricks, the "book": they score nothing; a contract's level counts the tricks
over them."""

SUITS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
"""The four suits, lowest first (the order that breaks a tie in rank when drawing cards)."""
# How a strain may be written: its letter, its symbol, or N for notrump.
_SUIT_LETTERS = {
    **{s.value: s.value for s in Strain},
    **{s.symbol: s.value for s in SUITS},
    "N": Strain.NOTRUMP.value,
}
_PATTERN = re.compile(
    r"^\s*(?P<level>\d+)\s*(?P<strain>"
    + "|".join(sorted(_SUIT_LETTERS, key=len, reverse=True))
    + r")\s*(?P<doubling>XX|X|\*\*|\*)?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract.

    >>> Contract.parse("4HX")
    Contract.parse('4HX')
    >>> Contract.parse("3nt").tricks_needed
    9
    >>> str(Contract.parse("1NTXX"))
    '1NTXX'
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self):
        if not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise InvalidContract(f"Level must be 1 to 7, got {self.level}")
        if not isinstance(self.strain, Strain):
            raise InvalidContract(f"Unknown strain {self.strain!r}: use C, D, H, S or NT")
        if not isinstance(self.doubling, Doubling):
            raise InvalidContract(f"Unknown doubling {self.doubling!r}: use '', 'X' or 'XX'")

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read "4HX", "3NT", "1ntxx", "7C" or "4♥X"; bad text raises InvalidContract."""
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise InvalidContract(f"A contract is written like 4HX, got {text!r}")
        return _parse_text(text)

    @classmethod
    def _from_text(cls, text: str) -> Contract:
        match = _PATTERN.match(text)
        if not match:
            raise InvalidContract(
                f"Can't read {text.strip()!r} as a contract: write a level 1-7, a strain "
                "(C, D, H, S or NT) and X or XX if doubled or redoubled, like 4HX"
            )
        strain_text = match["strain"].upper()
        strain = Strain(_SUIT_LETTERS.get(strain_text, strain_text))
        doubling_text = (match["doubling"] or "").upper().replace("*", "X")
        return cls(int(match["level"]), strain, Doubling(doubling_text))

    @classmethod
    def from_parts(
        cls, level: int, strain: str | Strain, *, doubled: bool = False, redoubled: bool = False
    ) -> Contract:
        """Build a contract from form fields; a redouble needs a double first."""
        if redoubled and not doubled:
            raise InvalidContract("A contract can only be redoubled after a double")
        if not isinstance(strain, Strain):
            key = str(strain).strip().upper()
            try:
                strain = Strain(_SUIT_LETTERS.get(key, key))
            except ValueError:
                raise InvalidContract(f"Unknown strain {strain!r}: use C, D, H, S or NT") from None
        doubling = Doubling.NONE
        if doubled:
            doubling = Doubling.REDOUBLED if redoubled else Doubling.DOUBLED
        return cls(level, strain, doubling)

    @property
    def tricks_needed(self) -> int:
        """Six tricks of "book" plus one for each level bid."""
        return BOOK + self.level

    @property
    def is_slam(self) -> bool:
        return self.level >= 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.value}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def display(self) -> str:
        """Text with a suit symbol, for people: "4♥X", "3NT"."""
        return f"{self.level}{self.strain.symbol}{self.doubling.value}"

    @property
    def words(self) -> str:
        """A phrase for sentences (and screen readers): "4 hearts doubled", "1 heart".

        >>> Contract.parse("1H").words, Contract.parse("1NTX").words
        ('1 heart', '1 notrump doubled')
        """
        named = _LEVEL_NOUNS[self.strain](self.level)
        if self.doubling is Doubling.NONE:
            return named
        return Words("{contract} {doubling}", contract=named, doubling=self.doubling.word)


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Contract:
    # Contracts are immutable, so one parse per spelling is enough.
    return Contract._from_text(text)


def check_tricks(tricks: int) -> int:
    """Tricks taken by declarer's side: a whole number from 0 to 13."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise InvalidTricks(f"Tricks must be a whole number from 0 to 13, got {tricks!r}")
    # Words, so that a form can say the refusal in the reader's language (common.words).
    if tricks > 13:
        refusal = gettext_noop("13 tricks is the most a side can take, got {tricks}")
        raise InvalidTricks(Words(refusal, tricks=tricks))
    if tricks < 0:
        raise InvalidTricks(
            Words(gettext_noop("Tricks must be 0 to 13, got {tricks}"), tricks=tricks)
        )
    return tricks
