"""The engine's duplicate scores agree with an independent oracle on every possible result.

The oracle below is written from the rules alone (rules §1 and §4), without reading
anything in scoring/, and as closed-form arithmetic rather than a list of items, so that a
mistake shared by both would have to be made twice in two different shapes. The oracle is first
pinned to figures published in the seed documents and worked by hand, then compared with
`score_deal` over all 2940 combinations of level, strain, doubling, tricks and vulnerability.
"""

import itertools

import pytest

LEVELS = range(1, 8)
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
TRICKS = range(14)
VULNERABILITIES = (False, True)

# Every trick after the first is worth this much; notrump adds 10 to the first odd trick only.
_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
_MULTIPLIER = {"": 1, "X": 2, "XX": 4}


def oracle_duplicate_score(
    level: int, strain: str, doubling: str, tricks: int, vulnerable: bool
) -> int:
    """Signed duplicate score for the declaring side: negative when the contract fails."""
    value = _TRICK_VALUE[strain]
    multiplier = _MULTIPLIER[doubling]
    # Vulnerability doubles undertricks, overtrick penalties for doubled play and most bonuses.
    vul = 2 if vulnerable else 1
    surplus = tricks - 6 - level

    if surplus < 0:
        down = -surplus
        if doubling == "":
            return -50 * vul * down
        # Doubled undertricks are linear except for the cheaper 2nd and 3rd when not vulnerable:
        # 100, 300, 500, then 300 more each; vulnerable 200 then 300 more each.
        doubled = 300 * down - 100 if vulnerable else 200 * down - 100 + 100 * max(0, down - 3)
        return -doubled * multiplier // 2

    contracted = (value * level + (10 if strain == "NT" else 0)) * multiplier
    # A contract whose own trick score reaches 100 is a game; anything short is a part-score.
    game_or_part = 100 + 200 * vul if contracted >= 100 else 50
    slam = {6: 250 + 250 * vul, 7: 500 + 500 * vul}.get(level, 0)
    # Undoubled overtricks keep their trick value; doubled ones are 100 per unit of
    # (vulnerability x doubling) over a plain double, and the "insult" is 25 per unit.
    per_overtrick = value if doubling == "" else 50 * multiplier * vul
    insult = 0 if doubling == "" else 25 * multiplier
    return contracted + game_or_part + slam + per_overtrick * surplus + insult


# Each row: level, strain, doubling, tricks taken, vulnerable, expected signed score.


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "tricks", "vulnerable", "expected"),
    [
        # rules §8.5, scoring examples
        (4, "S", "", 10, False, 420),
        (4, "H", "", 11, True, 650),
        (6, "NT", "", 12, False, 990),
        (7, "C", "", 13, True, 2140),
        (4, "S", "", 11, True, 650),
        # 100 + 300 game
        (3, "NT", "", 9, False, 400),
        # 40 + 50 part-score + 30 overtrick: a notrump overtrick is 30, not 40
        (1, "NT", "", 8, False, 120),
        # 40 + 50: 2D is a part-score even when vulnerable
        (2, "D", "", 8, True, 90),
    ],
)
def test_oracle_matches_published_undoubled_made_contracts(
    level, strain, doubling, tricks, vulnerable, expected
):
    assert oracle_duplicate_score(level, strain, doubling, tricks, vulnerable) == expected


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "tricks", "vulnerable", "expected"),
    [
        # rules §8.5, scoring examples: 280 + 500 + 1500 + 50
        (7, "C", "X", 13, True, 2330),
        # rules §8.5, scoring examples: 240 + 500 + 200 overtrick + 50
        (4, "S", "X", 11, True, 990),
        # 120 doubled reaches game: 120 + 300 + 50
        (2, "S", "X", 8, False, 470),
        # 160 + 300 + 100 for making it redoubled
        (1, "NT", "XX", 7, False, 560),
        # 480 + 500 + 400 redoubled vulnerable overtrick + 100
        (4, "H", "XX", 11, True, 1480),
    ],
)
def test_oracle_doubling_lifts_trick_score_to_game_and_adds_overtricks_and_insult(
    level, strain, doubling, tricks, vulnerable, expected
):
    assert oracle_duplicate_score(level, strain, doubling, tricks, vulnerable) == expected


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "tricks", "vulnerable", "expected"),
    [
        # rules §8.5, scoring examples
        (4, "H", "", 8, False, -100),
        # 100 + 200 + 200 + 300 + 300
        (4, "D", "X", 5, False, -1100),
        # 200 + 300 + 300
        (3, "NT", "X", 6, True, -800),
        # twice the doubled 300
        (2, "D", "XX", 6, False, -600),
    ],
)
def test_oracle_matches_known_defeated_contracts(
    level, strain, doubling, tricks, vulnerable, expected
):
    assert oracle_duplicate_score(level, strain, doubling, tricks, vulnerable) == expected


# rules §1, undertrick table, read column by column; row 5 is "each further" applied.
UNDERTRICK_TABLE = {
    ("", False): [50, 100, 150, 200, 250],
    ("", True): [100, 200, 300, 400, 500],
    ("X", False): [100, 300, 500, 800, 1100],
    ("X", True): [200, 500, 800, 1100, 1400],
    ("XX", False): [200, 600, 1000, 1600, 2200],
    ("XX", True): [400, 1000, 1600, 2200, 2800],
}


@pytest.mark.parametrize(("doubling", "vulnerable"), list(UNDERTRICK_TABLE))
def test_oracle_undertrick_formula_reproduces_the_printed_penalty_table(doubling, vulnerable):
    # 7S leaves room for thirteen undertricks; the table only prints the first five.
    penalties = [
        -oracle_duplicate_score(7, "S", doubling, 13 - down, vulnerable) for down in range(1, 6)
    ]
    assert penalties == UNDERTRICK_TABLE[(doubling, vulnerable)]


def test_oracle_gives_slam_bonus_only_for_the_level_bid():
    # 6C making 13 earns the small slam and an overtrick, never the grand slam.
    assert oracle_duplicate_score(6, "C", "", 13, False) == 120 + 300 + 500 + 20
    # 5C making 12 is a game with an overtrick, with no slam bonus at all.
    assert oracle_duplicate_score(5, "C", "", 12, True) == 100 + 500 + 20


def test_engine_matches_oracle_on_every_duplicate_result():
    # Imported here so the oracle's own tests run even before the engine exists.
    from scoring import score_deal

    compared = 0
    disagreements = []
    for level, strain, doubling, tricks, vulnerable in itertools.product(
        LEVELS, STRAINS, DOUBLINGS, TRICKS, VULNERABILITIES
    ):
        contract = f"{level}{strain}{doubling}"
        expected = oracle_duplicate_score(level, strain, doubling, tricks, vulnerable)
        actual = score_deal(contract, tricks=tricks, vulnerable=vulnerable).total
        compared += 1
        if actual != expected:
            vul = "vul" if vulnerable else "not vul"
            disagreements.append(
                f"{contract} {vul} taking {tricks}: engine {actual}, oracle {expected}"
            )

    assert compared == 2940
    assert not disagreements, (
        f"{len(disagreements)} of {compared} results disagree; first 20:\n"
        + "\n".join(disagreements[:20])
    )
