"""A name or label before a full stop gets one full stop, never two ("Ann B.", not "Ann B..").

At the end of a sentence or in the middle of a message: "Copied as a draft to Year 7 B.
Check its dates", never "Year 7 B.. Check". In templates a name goes through |full_stop, in
Python a message with a name in braces through common.text.fill; the scans below keep a
new place from writing its own full stop after a name.
"""

import ast
import doctest
import re
from pathlib import Path

import pytest
from django.template import Context, Template

import common.text
from common.text import end_sentence, fill

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "accounts",
    "assignments",
    "classes",
    "common",
    "drawing",
    "lessons",
    "live",
    "quizzes",
    "reports",
    "scorepad",
)
# What a person types: their name, a class's, an assignment's or a live class's title, the
# players on a score pad, a user name. Fixed labels (a seat, a side) are not named so.
NAMED = re.compile(r"name|title|label|user|player|classroom|student|member|scorer|team|target")
# A full stop that ends a sentence: before a space, a tag, a quote, more text to come, or the end.
STOP = r"\.(?=[\s<\"'{]|$)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann B.", "Ann B."),
        ("Ann", "Ann."),
        ("What goes above the line?", "What goes above the line?"),
        ("Well done!", "Well done!"),
    ],
)
def test_end_sentence_adds_a_full_stop_only_when_none_ends_the_text(text, expected):
    assert end_sentence(text) == expected


def test_the_examples_in_common_text_hold():
    result = doctest.testmod(common.text)
    assert result.attempted > 0 and result.failed == 0


def test_full_stop_filter_does_not_double_a_name_ending_in_a_full_stop_and_still_escapes():
    template = Template(
        "{% load text %}Welcome back, {{ name|full_stop }} As <b>{{ odd|full_stop }}</b>"
    )
    html = template.render(Context({"name": "Ann B.", "odd": "<i>x"}))
    assert html == "Welcome back, Ann B. As <b>&lt;i&gt;x.</b>"


def test_full_stop_after_gives_the_stop_alone_for_a_name_in_its_own_element():
    template = Template(
        '{% load text %}<strong>{{ a }}</strong>{{ a|full_stop:"after" }} '
        '<strong>{{ b }}</strong>{{ b|full_stop:"after" }}'
    )
    html = template.render(Context({"a": "bob", "b": "Ann B."}))
    assert html == "<strong>bob</strong>. <strong>Ann B.</strong>"


@pytest.mark.parametrize(
    ("message", "values", "expected"),
    [
        ("Welcome back, {name}.", {"name": "Ann"}, "Welcome back, Ann."),
        ("Welcome back, {name}.", {"name": "J. Smith Jr."}, "Welcome back, J. Smith Jr."),
        (
            "Copied as a draft to {classroom}. Check its dates.",
            {"classroom": "Year 7 B."},
            "Copied as a draft to Year 7 B. Check its dates.",
        ),
        (
            "Moved to {name}.{reset} Give {name}'s link.",
            {"name": "Ann B.", "reset": ""},
            "Moved to Ann B. Give Ann B.'s link.",
        ),
        ("{name} is back.", {"name": "Ann B."}, "Ann B. is back."),
        ("Now in {zone}.", {"zone": "Europe/London"}, "Now in Europe/London."),
        ("Is it {title}.", {"title": "What goes above?"}, "Is it What goes above?"),
        ("{n:>3}. done", {"n": 7}, "  7. done"),
    ],
)
def test_fill_puts_names_in_with_one_full_stop_wherever_they_stand(message, values, expected):
    assert fill(message, **values) == expected


def _template_offenders(text: str) -> list[str]:
    """`{{ name }}.` and the like, through closing tags and {% endif %}: a name whose own
    full stop would double the sentence's."""
    found = []
    for match in re.finditer(r"\{\{ ?([^}]*?) ?\}\}(?:</\w+>|\{%[^%]*%\})*" + STOP, text):
        variable, *filters = [part.strip() for part in match.group(1).split("|")]
        filters = [f.split(":")[0] for f in filters]
        if "full_stop" not in filters and (NAMED.search(variable) or "pair" in filters):
            found.append(match.group())
    return found


def test_no_template_writes_its_own_full_stop_after_a_name_title_or_label():
    """Each such place goes through |full_stop, which knows whether the text ends a sentence."""
    offenders = [
        f"{path.relative_to(ROOT)}: {found}"
        for app in (*APPS, "templates")
        for path in (ROOT / app).rglob("*.html")
        for found in _template_offenders(path.read_text())
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("html", "offends"),
    [
        ("WE: {{ rubber.we|pair }}. THEY", True),  # a filter that gives names
        ('first: {{ pad.players|join:", " }}.{% endif %}', True),
        ("<strong>{{ student.display_name }}</strong>. Then", True),
        ("as {{ membership.display_name }}{% endif %}.", True),
        ("WE: {{ rubber.we|pair|full_stop }} THEY", False),
        ("Dealer: {{ dealer|seat_name }}.", False),  # a seat is no one's name
        ('filename="{{ classroom.name }}.csv"', False),
    ],
)
def test_the_template_scan_finds_a_name_before_a_full_stop(html, offends):
    assert bool(_template_offenders(html)) is offends


def _python_files():
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def _string_constants(trees) -> dict[str, str]:
    """Module-level messages (NAME = "..."), found by name from any module."""
    found = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(getattr(node.value, "value", None), str):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = node.value.value
    return found


def _python_offenders(tree, constants) -> list[str]:
    """An f-string with a name straight before a full stop, or a message with {name}. filled
    by str.format (which cannot know whether the name brings its own stop)."""
    named_stop = re.compile(r"\{([^{}]*)\}" + STOP)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for value, after in zip(parts, [*parts[1:], None], strict=True):
                if not isinstance(value, ast.FormattedValue):
                    continue
                text = after.value if isinstance(after, ast.Constant) else ""
                if re.match(STOP, text) and NAMED.search(ast.unparse(value.value)):
                    found.append(f"line {node.lineno}: f-string {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
        ):
            message = node.func.value
            if isinstance(message, ast.Constant):
                text = message.value
            else:
                text = constants.get(getattr(message, "id", getattr(message, "attr", "")))
            if isinstance(text, str) and any(
                NAMED.search(field) for field in named_stop.findall(text)
            ):
                found.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
    return found


def test_no_python_message_writes_its_own_full_stop_after_a_name():
    """Each goes through common.text.fill (or end_sentence), never a bare .format or f-string."""
    trees = {path: ast.parse(path.read_text()) for path in _python_files()}
    constants = _string_constants(trees.values())
    offenders = [
        f"{path.relative_to(ROOT)} {found}"
        for path, tree in trees.items()
        for found in _python_offenders(tree, constants)
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("source", "offends"),
    [
        ('MESSAGE = "Copied to {classroom}. Check it."\nMESSAGE.format(classroom=c)', True),
        ('f"every browser is signed out of {name}."', True),
        ('f"Then go on to the next lesson, {following.title}."', True),
        ('"Saved for {name}.".format(name=n)', True),
        ('MESSAGE = "Copied to {classroom}. Check it."\nfill(MESSAGE, classroom=c)', False),
        ('f"attachment; filename=\\"{name}.csv\\""', False),
        ('"No question {number}.".format(number=n)', False),
        ('f"{name} is back in the class."', False),
    ],
)
def test_the_python_scan_finds_a_name_before_a_full_stop(source, offends):
    tree = ast.parse(source)
    assert bool(_python_offenders(tree, _string_constants([tree]))) is offends
