"""Every URL pattern of the site, read from the URL resolver, and addresses filled from them.

The fuzz test (test_fuzz.py) walks what `routes()` returns, so a page added to any app is
fuzzed without anyone listing it. Path parameters are filled from pools of real values
(ids seen in the site's own links and redirects, by parameter name) and mutated ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

_PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^)]*\)")


@dataclass(frozen=True)
class Route:
    """One URL pattern, as the chain of patterns from the root that leads to it."""

    parts: tuple[str, ...]  # each pattern's own text: a route ("classes/<str:class_id>/")
    regex: tuple[bool, ...]  # whether that part is a regular expression (re_path)
    name: str

    @property
    def text(self) -> str:
        return "".join(self.parts)

    @property
    def parameters(self) -> list[str]:
        names = []
        for part, is_regex in zip(self.parts, self.regex, strict=True):
            pattern = _GROUP if is_regex else _PARAMETER
            names += [m.group("name") for m in pattern.finditer(part)]
        return names

    @property
    def is_admin(self) -> bool:
        return self.parts[0].startswith("admin/")

    def fill(self, value_for) -> str:
        """The address with each parameter replaced by `value_for(name)`, percent-encoded."""
        out = []
        for part, is_regex in zip(self.parts, self.regex, strict=True):
            if is_regex:
                part = part.lstrip("^").rstrip("$")
                part = _GROUP.sub(lambda m: quote(value_for(m.group("name")), safe=""), part)
            else:
                part = _PARAMETER.sub(lambda m: quote(value_for(m.group("name")), safe=""), part)
            out.append(part)
        return "/" + "".join(out)


def routes() -> list[Route]:
    """Every URL pattern of the site (the admin's included), in the resolver's order."""
    found: list[Route] = []

    def walk(patterns, parts: tuple, regex: tuple) -> None:
        for entry in patterns:
            text = str(entry.pattern)
            is_regex = not isinstance(entry.pattern, RoutePattern)
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, (*parts, text), (*regex, is_regex))
            elif isinstance(entry, URLPattern):
                found.append(Route((*parts, text), (*regex, is_regex), entry.name or ""))

    walk(get_resolver().url_patterns, (), ())
    return found
