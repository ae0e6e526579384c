"""The README's settings table lists every environment variable config/settings.py reads,
and nothing else."""

import ast
import re

from tests.hosting.conftest import ROOT

READERS = {"env_bool", "env_list"}  # settings.py's helpers; their first argument is a name


def _is_environ(node) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "environ"
        and isinstance(node.value, ast.Name)
        and node.value.id == "os"
    )


def variables_read_by_the_settings() -> set[str]:
    names = set()
    for node in ast.walk(ast.parse((ROOT / "config/settings.py").read_text())):
        first = None
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            if (isinstance(func, ast.Name) and func.id in READERS) or (
                isinstance(func, ast.Attribute)
                and func.attr in {"get", "setdefault"}
                and _is_environ(func.value)
            ):
                first = node.args[0]
        elif isinstance(node, ast.Subscript) and _is_environ(node.value):
            first = node.slice
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            names.add(first.value)
    return names


def variables_in_the_readme_table() -> set[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Settings\n", 1)[1].split("\n## ", 1)[0]
    names = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            names.update(re.findall(r"`([A-Z][A-Z0-9_]*)`", first_cell))
    return names


def test_the_parser_finds_what_the_settings_read():
    found = variables_read_by_the_settings()
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "EMAIL_HOST", "BEHIND_PROXY"} <= found


def test_the_readme_settings_table_lists_every_variable_the_settings_read():
    read = variables_read_by_the_settings()
    listed = variables_in_the_readme_table()
    assert read - listed == set(), "read by config/settings.py but not in the README's table"
    assert listed - read == set(), "in the README's table but not read by config/settings.py"
