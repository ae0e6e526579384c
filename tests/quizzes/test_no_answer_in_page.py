"""Nothing on a question page varies with its answer: not the skills line, not the data
attributes, not the title. They may repeat what the question states, nothing more."""

from __future__ import annotations

import pytest

from quizzes.generator import generate
from quizzes.kinds import KINDS, kind_for

DRAWS = 400


def _stated(value, found: set[str]) -> set[str]:
    """Every value a situation states, as text: its figures, words, yes/no for a flag,
    and how many items a list holds."""
    if isinstance(value, dict):
        found.add(str(len(value)))
        for item in value.values():
            _stated(item, found)
    elif isinstance(value, list | tuple):
        found.add(str(len(value)))
        for item in value:
            _stated(item, found)
    elif isinstance(value, bool):
        found.update({"yes", "no", str(value)})
    elif value is None:
        found.add("")
    else:
        found.add(str(value))
    return found


@pytest.mark.parametrize("kind_key", sorted(KINDS))
def test_data_attributes_only_repeat_what_the_question_states(kind_key):
    kind = kind_for(kind_key)
    for seed in range(DRAWS):
        _, situation = generate(kind_key, seed)
        stated = _stated(situation, {""})
        for name, value in kind.attributes(situation).items():
            assert str(value) in stated, (seed, name, value, situation)


@pytest.mark.parametrize("kind_key", sorted(KINDS))
def test_the_skills_line_does_not_give_away_a_choice(kind_key):
    """No skill appears exactly when a yes/no (or other choice) answer takes one value."""
    kind = kind_for(kind_key)
    draws = [generate(kind_key, seed)[1] for seed in range(DRAWS)]
    rows = [(set(kind.skills(s)), kind.solve(s).answer, kind.fields(s)) for s in draws]
    choices = {f.name for _, _, fields in rows for f in fields if f.type == "choice"}
    leaks = []
    for skill in kind.possible_skills:
        shown = [skill in skills for skills, _, _ in rows]
        if all(shown) or not any(shown):
            continue
        for name in choices:
            asked = [
                (s, answer[name])
                for s, (_, answer, _) in zip(shown, rows, strict=True)
                if name in answer
            ]
            for value in {v for _, v in asked}:
                hits = [s == (v == value) for s, v in asked]
                answers_value = sum(v == value for _, v in asked)
                if all(hits) and 0 < answers_value < len(asked):
                    leaks.append(f"{skill!r} shown exactly when {name} is {value!r}")
    assert not leaks, leaks


@pytest.mark.django_db
def test_a_rubber_deal_page_carries_no_vulnerability_and_no_games(client):
    from quizzes.models import Question

    client.post("/practice/new/", {"kind": "rubber_deal"})
    question = Question.objects.get()
    html = client.get(f"/practice/q/{question.public_id}/").content.decode()
    for attribute in ("vulnerable", "games-we", "part-score-we", "finished"):
        assert f"data-{attribute}=" not in html
    assert "data-contract=" in html
