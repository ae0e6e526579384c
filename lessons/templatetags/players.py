"""The sample rubber's players, named in the page's language."""

from django import template

from lessons.deals import player_name

register = template.Library()


@register.filter
def player(name: str) -> str:
    """{{ table.north|player }}: "Mr Smith" in English, "M. Smith" in French."""
    return player_name(name)
