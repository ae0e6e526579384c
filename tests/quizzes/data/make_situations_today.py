"""Situations as the code drew them before they were typed (commit f380bb9), with their
answers, boxes and skills, for fixed seeds: what `situations_today.json` holds.

Made with that commit checked out: `DJANGO_SETTINGS_MODULE=config.settings python -c
"import django; django.setup(); exec(open('tests/quizzes/data/make_situations_today.py')
.read())" > tests/quizzes/data/situations_today.json`. Never remade from later code: the
file is the record of what rows stored then look like.
"""

import json
import random
import sys

from quizzes.kinds import KINDS
from quizzes.skills import EVERYTHING
from scoring import ScoringError


def answer(kind, s, mistake=None):
    try:
        return kind.solve(s, mistake).answer
    except ScoringError:
        return "cannot be replayed"


def seen(kind, s):
    """Everything a kind says of a situation, as JSON."""
    return {
        "answer": answer(kind, s),
        "fields": [f.name for f in kind.fields(s)],
        "skills": kind.skills(s),
        "box_skills": {f.name: kind.box_skills(s, f.name) for f in kind.fields(s)},
        "title": kind.title_for(s),
        "instruction": kind.instruction_for(s),
        "attributes": kind.attributes(s),
        "mistakes": {m.key: answer(kind, s, m) for m in kind.applicable_mistakes(s)},
    }


def situations_today() -> dict:
    out = {}
    for key, kind in KINDS.items():
        rows = []
        for taught in (EVERYTHING, frozenset(kind.requires) | {"games"}):
            for seed in range(6):
                s = kind.generate(random.Random(seed * 7919 + len(rows)), taught)
                rows.append({"situation": s, **seen(kind, s)})
        out[key] = rows
    return out


if __name__ == "__main__":
    json.dump(situations_today(), sys.stdout, indent=1, default=str)
