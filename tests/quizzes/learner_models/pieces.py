"""The rules of one deal, piece by piece (rules §1, §2), each with the slips that twist it."""

from __future__ import annotations

SIDES = ("we", "they")
MULTIPLIER = {"": 1, "X": 2, "XX": 4}
# rules §1: per odd trick, clubs and diamonds 20, hearts and spades 30.
SUIT_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30}
# The misreading: the minors' 20 and the majors' 30 the other way round.
SWAPPED_SUIT_TRICK = {"C": 30, "D": 30, "H": 20, "S": 20}
# rules §1: notrump 40 for the first odd trick and 30 for each further (and each overtrick).
NOTRUMP = {
    None: (40, 30),
    "notrump_all_30": (30, 30),
    "notrump_all_40": (40, 40),
}
# rules §1, honors table.
HONORS = {"four_trumps": 100, "five_trumps": 150, "four_aces": 150}
# rules §2: the rubber bonus, (opponents have no game, opponents have one).
RUBBER_BONUS = {
    None: (700, 500),
    "rubber_bonus_reversed": (500, 700),
    "rubber_bonus_forgotten": (0, 0),
}
# Beliefs about how earlier deals stand: the learner carries them through the whole sheet.
# Every other belief is about the deal asked; earlier deals are drawn on the sheet they see.
HISTORY_BELIEFS = ("part_score_not_cancelled",)


def other(side: str) -> str:
    return "they" if side == "we" else "we"


def parse(contract: str) -> tuple[int, str, str]:
    """'4HX' -> (4, 'H', 'X')."""
    body = contract[1:].rstrip("X")
    return int(contract[0]), body, contract[1 + len(body) :]


def trick_score(level: int, strain: str, doubling: str, held=None) -> int:
    """rules §1: odd tricks bid and made at their value, x2 doubled, x4 redoubled."""
    if held == "book_tricks_counted":
        level += 6  # The misreading: the six tricks of the book counted as well.
    if strain == "NT":
        first, further = NOTRUMP.get(held, NOTRUMP[None])
        base = first + further * (level - 1)
    else:
        values = SWAPPED_SUIT_TRICK if held == "suit_trick_values_swapped" else SUIT_TRICK
        base = values[strain] * level
    return base * MULTIPLIER[doubling]


def overtricks(over: int, strain: str, doubling: str, vulnerable: bool, held=None) -> int:
    """rules §1: undoubled at the trick value; doubled 100 (200 vulnerable); redoubled x2."""
    suits = SWAPPED_SUIT_TRICK if held == "suit_trick_values_swapped" else SUIT_TRICK
    value = NOTRUMP.get(held, NOTRUMP[None])[1] if strain == "NT" else suits[strain]
    if not doubling and held == "vulnerable_overtricks_doubled" and vulnerable:
        # The misreading: vulnerable, an undoubled overtrick counted twice (60 for a spade).
        return over * value * 2
    if not doubling or held == "doubled_overtricks_at_trick_value":
        # The misreading: a doubled overtrick at the doubled trick value (60 for a heart).
        return over * value * MULTIPLIER[doubling]
    return over * 50 * MULTIPLIER[doubling] * (2 if vulnerable else 1)


def insult(doubling: str, held=None, redoubled: int = 100) -> int:
    """rules §1: 50 for making a doubled contract, 100 redoubled (Simplicity: 50, section 6)."""
    if not doubling or held == "insult_forgotten":
        return 0
    return 50 if doubling == "X" else redoubled


def slam_bonus(level: int, tricks: int, vulnerable: bool, held=None) -> int:
    """rules §1: six bid and made 500 (750 vulnerable), seven 1000 (1500); none for tricks
    taken but not bid."""
    if held == "slam_bonus_missed":
        return 0
    slam = tricks - 6 if held == "slam_for_tricks_taken" else level
    return {6: 500, 7: 1000}.get(slam, 0) * (3 if vulnerable else 2) // 2


def penalty(down: int, doubling: str, vulnerable: bool, held=None) -> int:
    """rules §1, undertrick table, in closed form."""
    if not doubling:
        return down * (100 if vulnerable else 50)
    if held == "undoubled_scale_when_doubled":
        doubled = down * (100 if vulnerable else 50)  # 50 / 100 each, as if undoubled
    elif vulnerable:
        doubled = 300 * down - 100  # 200, then 300 each
    elif held == "fourth_doubled_undertrick_200":
        doubled = 200 * down - 100  # 100, then 200 each: the 4th and later at 200
    else:
        doubled = 200 * down - 100 + 100 * max(0, down - 3)  # 100, 200, 200, then 300 each
    if doubling == "XX":
        # Redoubled undertricks are twice the doubled ones.
        return doubled * (1 if held == "redouble_not_doubled_again" else 2)
    return doubled


def duplicate_bonus(trick_points: int, vulnerable: bool, held=None) -> int:
    """rules §4: 50 for a part-score contract, 300 (500 vulnerable) for a game (100 or more)."""
    if held == "game_bonus_forgotten":
        return 0
    if trick_points < 100:
        return 50
    game = 500 if vulnerable else 300
    return game + 50 if held == "part_score_bonus_on_game" else game


def toward_game(below: int, doubling: str, held=None) -> int:
    """rules §1.2: the trick score counts toward game as written, doubled or redoubled. The
    misreading: only the undoubled trick score counts."""
    if held == "doubled_trick_score_not_game":
        return below // MULTIPLIER[doubling]
    return below


def flip_vulnerability(vulnerable: bool, held) -> bool:
    return vulnerable != (held == "vulnerability_reversed")
