"""French sets a no-break space before a colon, a semicolon, a question or exclamation mark
and a per cent sign ("Donne 3 : ..."). The catalogues write it; a mark written in a template
between two figures or names, outside the translated words, takes it from {% colon %} and
{% semicolon %} (common/text.py); the French lessons write it in their text.

The main French pages are drawn through the test client and their text read: no mark after
an ordinary space, none straight after a letter. Times (18:30) and addresses are not text
marks and are left out.
"""

import html
import re

import polib
import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from lessons.course import TOPICS

pytestmark = pytest.mark.django_db

MARKS = ":;?!"
# A mark after an ordinary space (never a no-break one), or straight after a letter or a
# figure, unless a figure follows: 18:30 is a time, not a colon in a sentence.
TAG = "\x00"
INLINE = "a|abbr|b|code|del|em|i|ins|kbd|small|span|strong|sup|sub"
WRONG = re.compile(rf"\S{{0,30}}(?: [{MARKS}%]|[^\W_]{TAG}*[{MARKS}%](?!\d))")

MAIN_PAGES = [
    "/",
    "/lessons/",
    "/lessons/sample-rubber/",
    *[f"/lessons/sample-rubber/{n}/" for n in range(1, 9)],
    "/lessons/sample-rubber/result/",
    "/lessons/review-quiz/",
    "/lessons/review-quiz/1/",
    "/lessons/review-quiz/result/",
    "/lessons/cheat-sheet/",
    *[lesson.url for lesson in TOPICS],
    "/practice/",
    "/practice/sheet/",
    "/scorepad/",
    "/scorepad/traveller/",
    "/scorepad/pairs/",
]


def _text(page: str) -> str:
    """What a reader reads: the text between the tags and the words of aria-label and title.
    A tag inside a line is a TAG ("<b>Nous</b>:" is still a word before a colon); any other
    ends a line (a table cell that opens with "%" follows no word)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    words = re.findall(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    page = re.sub(rf"</?(?:{INLINE})\b[^>]*>", TAG, page)
    text = "\n".join([re.sub(r"<[^>]+>", "\n", page), *words])
    return re.sub(r"\b[a-z]+://\S+", " ", html.unescape(text))


def _slips(text: str) -> list[str]:
    # A PBN deal's seat and colon ("N:AKQ2.J98...") is a file's notation, not French prose.
    text = re.sub(r"\b[NESW]:(?=[AKQJT2-9.]|\s|$)", "", text)
    return [found.group(0).replace(TAG, "") for found in WRONG.finditer(text)]


def test_the_check_sees_a_mark_without_its_no_break_space():
    assert _slips("Donne 3: Nous") == ["3:"]
    assert _slips("au-dessous de la ligne: 2♣") == ["ligne:"]
    assert _slips("levées : deux ; 45 %") == ["levées :", "deux ;", "45 %"]
    assert _slips("levées\u00a0: deux, à 18:30, 45\u00a0%, 50%") == ["50%"]
    assert _slips("levées\u00a0: deux, à 18:30, 45\u00a0%") == []
    assert _slips(f"la {TAG}ligne{TAG}: 2") == ["ligne:"]
    assert _slips(f"N-S {TAG}% N-S") == []


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_a_french_page_spaces_its_colons_as_french_does(client, path):
    response = client.get(f"/fr{path}")
    assert response.status_code == 200, response.status_code
    assert _slips(_text(response.content.decode())) == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Table 2\u00a0: 450, 3\u00a0; 4"),
        ("nl", "Table 2: 450, 3; 4"),
        ("en", "Table 2: 450, 3; 4"),
    ],
)
def test_the_colon_tags_follow_the_page_language(language, expected):
    template = Template("{% load text %}Table 2{% colon %} 450, 3{% semicolon %} 4")
    with translation.override(language):
        assert template.render(Context()) == expected


def test_the_french_catalogues_space_their_marks():
    slips = []
    for path in sorted(settings.BASE_DIR.glob("*/locale/fr/LC_MESSAGES/django.po")):
        for entry in polib.pofile(str(path)).translated_entries():
            for words in [entry.msgstr, *entry.msgstr_plural.values()]:
                # A placeholder reads as a word ("%(lesson)s:" is a slip); "%%" is a per cent sign.
                text = re.sub(r"%\(\w+\)[sd]|\{\w*\}", "x", re.sub(r"<[^>]+>", "", words))
                text = text.replace("%%", "%")
                slips += [(path.parts[-5], slip) for slip in _slips(text)]
    assert slips == []


# -- the templates: a mark after a figure or a name, outside the translated words ----------

TOKEN = re.compile(r"({%.*?%}|{{.*?}}|{#.*?#})", re.S)
# A mark straight after a variable or a tag, in text no catalogue holds: French needs its
# space there too. "?" and ":" that begin an address or a query string are not marks.
BARE = re.compile(r"^[:;](?=\s|$|<)")


def _bare_marks(source: str) -> list[str]:
    found, inside, before = [], 0, ""
    for part in TOKEN.split(source):
        if re.match(r"{%-?\s*blocktrans(late)?\b", part):
            inside += 1
        elif re.match(r"{%-?\s*endblocktrans(late)?\b", part):
            inside -= 1
        elif not part.startswith("{") and not inside and BARE.match(part):
            found.append(before[-40:] + part[:20])
        before = part
    return found


def _translated_templates():
    for path in sorted(settings.BASE_DIR.glob("*/templates/**/*.html")):
        relative = path.relative_to(settings.BASE_DIR)
        if relative.parts[0] in {".venv", "staticfiles"} or "topics" in relative.parts:
            continue  # a lesson's text is written in its language, colons and all
        source = path.read_text()
        if re.search(r"{%\s*load\b[^%]*\bi18n\b", source):
            yield relative, source


def test_the_check_of_templates_sees_a_bare_colon():
    assert _bare_marks("{{ row.label }}: {{ reason }}") == ["{{ row.label }}: "]
    assert _bare_marks("{% if x %}; {% endif %}") == ["{% if x %}; "]
    assert _bare_marks("{% blocktranslate %}{{ a }}: {{ b }}{% endblocktranslate %}") == []
    assert _bare_marks("{{ url }}?next=1 {% url 'a' %}?b=2") == []


def test_no_translated_template_writes_a_bare_colon_after_a_figure_or_name():
    bare = [
        (str(path), mark)
        for path, source in _translated_templates()
        for mark in _bare_marks(source)
    ]
    assert bare == []
