"""The skills a learner practises, in course order. Lessons, questions and progress key on these.

The order is the course path, the course map's (course/map.py): each lesson teaches one
skill, and a question drawn for a lesson may need only the skills taught at or before it.

>>> sorted(taught_through("games"))
['games', 'sheet', 'trick_score']
>>> skill_of_mistake("insult_forgotten")
'doubles'
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from course import map as course_map

SKILLS = {
    "sheet": gettext_noop("Above or below the line"),
    "trick_score": gettext_noop("Trick score"),
    "games": gettext_noop("Part-scores and games"),
    "vulnerability": gettext_noop("Vulnerability"),
    "overtricks": gettext_noop("Overtricks"),
    "undertricks": gettext_noop("Undertricks and penalties"),
    "doubles": gettext_noop("Doubled and redoubled contracts"),
    "slams": gettext_noop("Slams"),
    "honors": gettext_noop("Honors"),
    "rubber": gettext_noop("Winning the rubber, totals and rounding"),
    "partners": gettext_noop("Choosing partners"),
    "chicago": gettext_noop("Four-deal bridge (Chicago)"),
    "duplicate": gettext_noop("Duplicate scoring"),
    "simplicity": gettext_noop("Simplicity Bridge"),
    "victory_points": gettext_noop("Victory points"),
    "matchpoints": gettext_noop("Matchpoints"),
    "imps": gettext_noop("IMPs and the Butler datum"),
    "match_vp": gettext_noop("Victory points for a teams match"),
    "par": gettext_noop("Par"),
}

COURSE = course_map.COURSE
"""The path: the skills in the order the lessons teach them (SKILLS lists them in it)."""

EVERYTHING = frozenset(SKILLS)
"""Every skill taught: what free practice draws from."""

MISTAKE_SKILLS = {
    "part_score_bonus_on_game": "duplicate",
    "duplicate_bonus_in_rubber": "games",
    "insult_forgotten": "doubles",
    "doubled_overtricks_at_trick_value": "doubles",
    "undoubled_scale_when_doubled": "doubles",
    "fourth_doubled_undertrick_200": "doubles",
    "redouble_not_doubled_again": "doubles",
    "suit_trick_values_swapped": "trick_score",
    "vulnerable_overtricks_doubled": "overtricks",
    "vulnerable_side_swapped": "vulnerability",
    "part_score_made_vulnerable": "vulnerability",
    "penalty_in_declarers_column": "sheet",
    "trick_score_above_the_line": "sheet",
    "penalty_below_the_line": "sheet",
    "book_tricks_counted": "trick_score",
    "notrump_all_30": "trick_score",
    "notrump_all_40": "trick_score",
    "vulnerability_reversed": "vulnerability",
    "slam_for_tricks_taken": "slams",
    "slam_bonus_missed": "slams",
    "overtricks_below_the_line": "sheet",
    "honors_wrong_side": "honors",
    "split_honors_counted": "honors",
    "part_score_not_cancelled": "games",
    "doubled_trick_score_not_game": "doubles",
    "rubber_bonus_counted_twice": "rubber",
    "rubber_bonus_reversed": "rubber",
    "rubber_bonus_forgotten": "rubber",
    "unfinished_bonus_forgotten": "rubber",
    "fifty_rounded_wrong_way": "rubber",
    "chicago_cavendish_swapped": "chicago",
    "fourth_deal_bonus_forgotten": "chicago",
    "sign_reversed": "duplicate",
    "tie_broken_wrong_way": "partners",
    "highest_with_lowest_partners": "partners",
    "ace_ranked_low": "partners",
    "dealer_one_seat_on": "duplicate",
    "dealer_one_seat_back": "duplicate",
    "board_vulnerability_four_cycle": "duplicate",
    "board_pairs_swapped": "duplicate",
    "game_bonus_forgotten": "duplicate",
    "imp_table_one_band_low": "imps",
    "imp_table_one_band_high": "imps",
    "imps_not_signed": "imps",
    "ties_counted_as_wins": "matchpoints",
    "ties_counted_as_losses": "matchpoints",
    "datum_extremes_kept": "imps",
    "other_room_sign_kept": "imps",
    "room1_vulnerability_reversed": "vulnerability",
    "room2_vulnerability_reversed": "vulnerability",
    "room1_ns_sign_reversed": "duplicate",
    "room2_ns_sign_reversed": "duplicate",
    "vp_band_next_row": "victory_points",
    "vp_shares_swapped": "victory_points",
    "vp_read_for_the_total": "match_vp",
    "vp_to_the_wrong_team": "match_vp",
}
"""The skill each named misunderstanding belongs to: a learner showing it is wrong on that."""


def skill_name(key: str) -> str:
    return SKILLS.get(key, key)


def taught_through(skill: str) -> frozenset[str]:
    """The skills taught by the lesson of `skill` and every lesson before it."""
    return frozenset(COURSE[: COURSE.index(skill) + 1])


def skill_of_mistake(key: str) -> str | None:
    return MISTAKE_SKILLS.get(key)
