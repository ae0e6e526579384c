"""The examples in the scoring docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import scoring

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(scoring.__path__, "scoring."))


@pytest.mark.parametrize("name", ["scoring", *MODULES])
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_main_modules_have_examples():
    for name in (
        "scoring",
        "scoring.deal",
        "scoring.rubber",
        "scoring.fourdeal",
        "scoring.duplicate",
        "scoring.club",
        "scoring.sheet",
        "scoring.contract",
        "scoring.comparisons",
        "scoring.comparisons.imp_scale",
        "scoring.comparisons.matchpointing",
        "scoring.comparisons.imp_pairs",
        "scoring.comparisons.victory_points",
        "scoring.comparisons.pairs_session",
    ):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0, name


def test_the_comparisons_package_is_walked_for_examples():
    # walk_packages goes into subpackages: a module of scoring/comparisons/ left out
    # would have its examples silently never run.
    assert "scoring.comparisons.victory_points" in MODULES
    assert "scoring.comparisons.travellers" in MODULES
