"""Reproducible draws and join codes: pure functions, no database."""

import doctest
import math

import pytest

from assignments import draws
from classes import codes
from common.ids import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, new_join_code
from quizzes.generator import generate
from reports import export


def test_join_codes_carry_at_least_30_bits_and_have_no_look_alikes():
    assert JOIN_CODE_LENGTH * math.log2(len(set(JOIN_CODE_ALPHABET))) >= 39
    assert not set(JOIN_CODE_ALPHABET) & set("0O1IL")
    assert all(ch in JOIN_CODE_ALPHABET for ch in new_join_code())


@pytest.mark.parametrize(
    "typed, stored",
    [("abcd-efgh", "ABCDEFGH"), (" ABCD EFGH ", "ABCDEFGH"), ("ab.cd_ef-gh", "ABCDEFGH"), ("", "")],
)
def test_a_code_is_read_however_it_was_typed(typed, stored):
    assert codes.normalize_join_code(typed) == stored


def test_a_personal_link_is_stored_only_as_a_hash():
    secret = codes.new_link_secret()
    assert len(secret) >= 32 and secret != codes.new_link_secret()
    assert secret not in codes.link_hash(secret)
    # The SHA-256 test vector for "abc" (FIPS 180-2, appendix B.1).
    assert codes.link_hash("abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


def test_a_students_set_is_the_same_every_time_it_is_drawn():
    args = {"kinds": ["honors"], "skills": ["slams"], "count": 6, "secret": 42, "attempt": 1}
    first = draws.plan(who="student-a", **args)
    assert first == draws.plan(who="student-a", **args)
    # Pinned: stored sets are drawn again from these seeds, so they may never change.
    # The first is the top 62 bits of SHA-256("42:student-a:1:0").
    assert [p.seed for p in first] == [
        1522076316391445729,
        3671204926396401818,
        799900559306219268,
        4600679327379969237,
        2096808099561652712,
        2566719989645461121,
    ]
    assert [generate(p.topic.kind, p.seed, p.topic.skill) for p in first] == [
        generate(p.topic.kind, p.seed, p.topic.skill) for p in draws.plan(who="student-a", **args)
    ]


def test_students_attempts_and_assignments_each_get_their_own_seeds():
    base = {"kinds": ["honors"], "skills": [], "count": 5}
    seeds = [
        tuple(p.seed for p in draws.plan(secret=s, who=w, attempt=a, **base))
        for s, w, a in [(1, "x", 1), (1, "y", 1), (1, "x", 2), (2, "x", 1)]
    ]
    assert len(set(seeds)) == 4
    assert all(0 <= seed < 2**62 for group in seeds for seed in group)


def test_kinds_and_skills_are_taken_in_turn():
    planned = draws.plan(
        kinds=["honors", "undertricks"], skills=["slams"], count=7, secret=1, who="x", attempt=1
    )
    assert [(p.topic.kind, p.topic.skill) for p in planned] == [
        ("honors", None),
        ("undertricks", None),
        (None, "slams"),
        ("honors", None),
        ("undertricks", None),
        (None, "slams"),
        ("honors", None),
    ]


@pytest.mark.parametrize("module", [codes, draws, export])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_salt_changes_the_seed_of_its_own_position_only():
    args = {"kinds": ["honors"], "skills": ["slams"], "count": 4, "secret": 42, "attempt": 1}
    plain = draws.plan(who="student-a", **args)
    assert draws.plan(who="student-a", salts={}, **args) == plain  # the pinned seeds stand
    salted = draws.plan(who="student-a", salts={2: 1}, **args)
    assert [p.seed == q.seed for p, q in zip(plain, salted, strict=True)] == [
        True,
        True,
        False,
        True,
    ]
    assert salted[2].topic == plain[2].topic
    again = draws.plan(who="student-a", salts={2: 2}, **args)
    assert again[2].seed not in (plain[2].seed, salted[2].seed)


UNDERTRICKS = {"kinds": ["undertricks"], "skills": [], "who": draws.EVERYONE, "attempt": 1}


def test_a_question_repeating_one_before_it_in_the_set_is_drawn_again():
    by = draws.distinct_by(draws.scope(kinds=["undertricks"], skills=[]))
    # Secret 23 draws one undertricks question twice in six without the rule.
    plain = [by(p.topic, p.seed) for p in draws.plan(count=6, secret=23, **UNDERTRICKS)]
    assert len(set(plain)) < len(plain)
    for secret in range(60):
        planned = draws.plan(count=8, secret=secret, situation_of=by, **UNDERTRICKS)
        drawn = [by(p.topic, p.seed) for p in planned]
        assert len(set(drawn)) == len(drawn), secret


def test_drawing_again_changes_only_the_repeated_questions():
    by = draws.distinct_by(draws.scope(kinds=["undertricks"], skills=[]))
    plain = draws.plan(count=6, secret=23, **UNDERTRICKS)
    distinct = draws.plan(count=6, secret=23, situation_of=by, **UNDERTRICKS)
    changed = [a.position for a, b in zip(plain, distinct, strict=True) if a.seed != b.seed]
    assert len(changed) == 1


@pytest.mark.django_db
def test_an_assignment_made_before_the_rule_keeps_its_draws_and_a_new_one_follows_it():
    from tests.factories import AssignmentFactory

    old = AssignmentFactory(kinds=["undertricks"], distinct_draws=False)
    assert old.situation_of is None
    assert AssignmentFactory(kinds=["undertricks"]).situation_of is not None
