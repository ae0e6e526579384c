"""{% address %} gives the address reverse() gives, for every teachers' page and any id."""

import re

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, reverse, set_script_prefix
from django.urls.converters import StringConverter

from teaching import urls
from teaching.templatetags.addresses import address, address_around, quote_argument

# Every teachers' address whose arguments are path segments, with its number of arguments.
ADDRESSES = [
    (f"{urls.app_name}:{pattern.name}", len(pattern.pattern.converters))
    for pattern in urls.urlpatterns
    if all(isinstance(c, StringConverter) for c in pattern.pattern.converters.values())
]
# Ids as the site makes them, and text that reverse() has to quote.
IDS = ["hE3x_Zq-9aKQ2wLp", "a b", "Ñandú", "a&b'c", "50%", "?x=1#y", "ADDRESSSLOT0X"]


@pytest.fixture(params=["/", "/under/a/prefix/"])
def script_prefix(request):
    set_script_prefix(request.param)
    yield request.param
    set_script_prefix("/")


def test_every_address_the_gradebook_links_to_is_checked_here():
    from pathlib import Path

    import teaching

    page = Path(teaching.__file__).parent / "templates" / "teachers" / "gradebook.html"
    used = set(re.findall(r"{% address '([^']+)'", page.read_text()))
    assert used and used <= {name for name, _ in ADDRESSES}


@pytest.mark.parametrize("name, count", ADDRESSES)
def test_an_address_is_what_reverse_gives_for_any_id(name, count, script_prefix):
    for value in IDS:
        args = [value] * count
        assert address(name, *args) == reverse(name, args=args), (name, value)


@pytest.mark.parametrize("value", ["a/b", ""])
def test_an_id_reverse_refuses_is_refused_here_too(value):
    with pytest.raises(NoReverseMatch):
        reverse("teachers:preview", args=[value])
    with pytest.raises(NoReverseMatch):
        address("teachers:preview", value)


def test_an_empty_last_argument_is_refused_by_the_tag_as_by_url():
    links = "{% load addresses %}{% address 'teachers:student_work' id '' %}"
    with pytest.raises(NoReverseMatch):
        Template(links).render(Context({"id": "x"}))


def test_a_table_fills_in_the_last_argument_of_an_address(script_prefix):
    before, after = address_around("teachers:student_work", "Ñandú")
    for value in IDS:
        expected = reverse("teachers:student_work", args=["Ñandú", value])
        assert before + quote_argument(value) + after == expected


def test_the_tag_writes_and_escapes_its_addresses_as_url_does(script_prefix):
    context = Context({"id": "a&b", "other": "Ñandú"})
    links = (
        "{% address 'teachers:preview' id %} {% address 'teachers:student_allowance' id other %}"
    )
    tag = Template("{% load addresses %}" + links).render(context)
    url = Template(links.replace("{% address", "{% url")).render(context)
    assert tag == url
    assert tag.startswith(f"{script_prefix}teachers/assignments/a&amp;b/preview/ ")
