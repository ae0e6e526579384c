"""The skills a learner practises. Lessons, questions and progress all key on these."""

SKILLS = {
    "sheet": "Above or below the line",
    "trick_score": "Trick score",
    "games": "Part-scores and games",
    "vulnerability": "Vulnerability",
    "overtricks": "Overtricks",
    "undertricks": "Undertricks and penalties",
    "doubles": "Doubled and redoubled contracts",
    "slams": "Slams",
    "honors": "Honors",
    "rubber": "Winning the rubber, totals and rounding",
    "partners": "Choosing partners",
    "chicago": "Four-deal bridge (Chicago)",
    "duplicate": "Duplicate scoring",
    "simplicity": "Simplicity Bridge",
    "victory_points": "Victory points",
}


def skill_name(key: str) -> str:
    return SKILLS.get(key, key)
