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
    ):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0, name
