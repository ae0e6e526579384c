"""The examples in the bridge-file readers' docstrings are tests too."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name", ["bridgefiles.pbn", "bridgefiles.boards", "bridgefiles.lin", "bridgefiles.export"]
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
