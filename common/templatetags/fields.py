"""One way to draw a form field: `{% include "common/_field.html" %}` and its input tag."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def is_choices(field) -> bool:
    """Radio buttons or several checkboxes: drawn as a fieldset with a legend."""
    widget = field.field.widget
    return getattr(widget, "input_type", None) == "radio" or getattr(
        widget, "allow_multiple_selected", False
    )


@register.simple_tag
def field_input(field, suffix="", focus=None):
    """The field's input, its id kept apart by `suffix` on a page of many forms, pointing
    at its error and hint so a screen reader reads them with it; `focus` names the field
    the keyboard lands on."""
    box = f"{field.auto_id}{suffix}"
    attrs = {"id": box}
    described = []
    if field.errors:
        attrs["aria-invalid"] = "true"
        described.append(f"{box}-error")
    if field.help_text:
        described.append(f"{box}-hint")
    if described:
        attrs["aria-describedby"] = " ".join(described)
    if focus and focus == field.name:
        attrs.update({"autofocus": True, "data-autofocus": True})
    return field.as_widget(attrs=attrs)
