"""{% address "teachers:preview" assignment.public_id %}: the address reverse() gives, with
each address's shape reversed once per process.

A teacher's page links to a dozen addresses of the same assignment, and {% url %} reverses
each of them on every request (the namespace, the patterns, the arguments checked against
them): on the gradebook that cost more than the rest of its header. An address's text around
its arguments is the same for every id, so it is reversed once with stand-ins, and each
link puts its own ids in, quoted as reverse() quotes them. For addresses whose arguments are
path segments (`<str:...>`): an argument reverse() would refuse (empty, or with a slash in
it) is given to reverse() itself, which raises NoReverseMatch as {% url %} would.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from django import template
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()

# Stand-ins for the arguments: text any <str:...> pattern takes, and quoting leaves alone.
_SLOT = "ADDRESSSLOT{}X"
_SAFE = "!$&'()*+,;=/~:@"  # what reverse() leaves unquoted (RFC 3986 sub-delims, /~:@)


@lru_cache(maxsize=256)
def _shape(name: str, count: int, prefix: str, urlconf: str) -> tuple[str, ...]:
    """The address's text before, between and after its `count` arguments."""
    url = reverse(name, urlconf=urlconf, args=[_SLOT.format(i) for i in range(count)])
    parts = []
    for i in range(count):
        before, url = url.split(_SLOT.format(i))
        parts.append(before)
    return (*parts, url)


def address(name: str, *args, site: tuple[str, str] | None = None) -> str:
    """reverse(name, args=args), from the address's shape, reversed once per process for
    each script prefix and URLconf (`site`, looked up when not given), so that it is never
    another site's."""
    values = [str(arg) for arg in args]
    if any(not value or "/" in value for value in values):
        return reverse(name, args=values)
    parts = _shape(name, len(values), *(site or _site()))
    url = [parts[0]]
    for value, after in zip(values, parts[1:], strict=True):
        url += (quote_argument(value), after)
    return "".join(url)


def _site() -> tuple[str, str]:
    """The script prefix and URLconf that reverse() would use now."""
    return get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF


@register.simple_tag(takes_context=True, name="address")
def address_tag(context, name: str, *args) -> str:
    # The prefix and URLconf are looked up once per page rather than once a link: both
    # are read from thread-locals, which cost more than filling in the address.
    site = context.render_context.get(_site)
    if site is None:
        site = context.render_context[_site] = _site()
    return address(name, *args, site=site)


def address_around(name: str, *args) -> tuple[str, str]:
    """The address with one more argument to come, as the text before and after it (for a
    table that links each of its rows); that argument goes in quoted (quote_argument)."""
    last = _SLOT.format("last")
    before, after = address(name, *args, last).split(last)
    return before, after


def quote_argument(value: str) -> str:
    """An argument of an address, quoted as reverse() quotes it."""
    return quote(value, safe=_SAFE)
