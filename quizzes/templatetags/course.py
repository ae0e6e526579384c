"""{% next_step %}, {% skill_standing skill %}, {% skill_check skill as check %}: the
visitor's place on the course.

Each visitor's own, so never inside a `{% cache %}` fragment: they read the visitor from
the request, with the page.
"""

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop

from common.text import spaced
from quizzes import selectors, services

register = template.Library()

# progress.LEVEL_NAMES (pure Python there), marked here for the catalogue: shown translated.
LEVEL_WORDS = (
    gettext_noop("New"),
    gettext_noop("Learning"),
    gettext_noop("Practised"),
    gettext_noop("Mastered"),
)


def _standing(context):
    """The visitor's standing, read once per page however many tags ask."""
    request = context.get("request")
    if request is None:
        return None, {}
    cached = getattr(request, "_course_standing", None)
    if cached is None:
        learner = services.learner_for_request(request)
        now = timezone.now()
        standing = selectors.course_standing(learner=learner, now=now)
        cached = request._course_standing = (learner, standing)
    return cached


def remember_standing(request, learner, standing) -> None:
    """A view that has read the visitor's standing already: the tags read it from here."""
    request._course_standing = (learner, standing)


# Drawn with format_html rather than a template: small parts drawn on every request of the
# lesson and home pages, around their fragments kept for everyone.


@register.simple_tag(takes_context=True)
def next_step(context):
    learner, standing = _standing(context)
    step = selectors.next_step(learner=learner, now=timezone.now(), standing=standing)
    return next_step_html(step)


@register.simple_tag(takes_context=True)
def lesson_next_step(context, lesson, following):
    """ "Next for you" on a lesson page: its check until passed, then the following lesson."""
    _, standing = _standing(context)
    step = selectors.lesson_next_step(standing=standing, skill=lesson.skill, following=following)
    return lesson_next_step_html(step)


def lesson_next_step_html(step, oob: bool = False) -> str:
    """A lesson page's "Next for you"; `oob`: sent out of band, in place of the one on the
    page, when an answer changes it (the lesson check finished)."""
    if step.url.startswith("#"):
        # The check is on this page, just above, with its own button: a line, no button.
        return format_html(
            '<section id="next-step" class="next-step" aria-labelledby="next-step-title"{}>'
            '<h2 id="next-step-title" class="next-step__title">{}</h2>'
            '<p class="next-step__why"><a href="{}" data-next-step>{}</a>{} {}</p></section>',
            _oob(oob),
            gettext("Next for you"),
            step.url,
            step.label,
            spaced(":"),
            step.why,
        )
    return next_step_html(step, oob)


def _oob(oob: bool) -> str:
    return mark_safe(' hx-swap-oob="true"') if oob else ""


def next_step_html(step, oob: bool = False) -> str:
    return format_html(
        '<section id="next-step" class="next-step" aria-labelledby="next-step-title"{}>'
        '<h2 id="next-step-title" class="next-step__title">{}</h2>'
        '<p class="next-step__why">{}</p>'
        '<p><a class="button" href="{}" data-next-step>{}</a></p></section>',
        _oob(oob),
        gettext("Next for you"),
        step.why,
        step.url,
        step.label,
    )


@register.simple_tag(takes_context=True)
def skill_check(context, skill):
    """The visitor's check on a skill (selectors.CheckResult), or None before the first:
    `{% skill_check lesson.skill as check %}`. Read with the standing, so no query more."""
    _, standing = _standing(context)
    return (standing.get(skill) or {}).get("check")


@register.simple_tag(takes_context=True)
def skill_standing(context, skill):
    _, standing = _standing(context)
    return standing_html(standing.get(skill))


def standing_html(s) -> str:
    """A skill's level, its check and a review due, as badges; nothing for a new one."""
    if not s or (s["level"] == "new" and not s["checked"] and not s["due"]):
        return ""
    parts = []
    if s["level"] != "new":
        parts.append(
            format_html(
                '<span class="badge badge--{}">{}</span>', s["level"], gettext(s["level_name"])
            )
        )
    check = s.get("check")
    if s["check_passed"]:
        parts.append(
            format_html('<span class="badge badge--mastered">{}</span>', gettext("Check passed"))
        )
    elif check is not None and check.finished:
        # The figures the lesson page's own check section gives (selectors.CheckResult).
        parts.append(
            format_html(
                '<span class="muted">{}</span>',
                gettext("Check: {right} of {size} right").format(
                    right=check.right, size=check.size
                ),
            )
        )
    elif s["checked"]:
        parts.append(format_html('<span class="muted">{}</span>', gettext("Check under way")))
    if s["due"]:
        parts.append(
            format_html('<span class="badge badge--learning">{}</span>', gettext("Review due"))
        )
    return format_html(
        '<span class="standing" data-level="{}">{}</span>', s["level"], mark_safe(" ".join(parts))
    )


@register.simple_tag
def step_box(step):
    """The next step already worked out by the view."""
    return next_step_html(step)


@register.simple_tag
def standing_badges(s):
    return standing_html(s)


@register.inclusion_tag("quizzes/_course_position.html", takes_context=True)
def course_position(context):
    """ "You are at lesson N": the one course position (selectors.course_position), said
    the same on every page that says it. Nothing for a visitor who has answered nothing."""
    _, standing = _standing(context)
    return {"position": selectors.course_position(standing) if standing else None}
