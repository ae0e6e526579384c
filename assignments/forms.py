"""Forms of assignments, with messages a person can act on: a new assignment (or the
ready-made quiz) and its settings, what questions are drawn from, a copy, one student's
allowance, and two records of one student merged."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from assignments import draws
from assignments.models import Assignment
from classes import zones
from common.forms import (
    ErrorsBesideFields,
    FormKeyField,
    OneLineField,
    WhenField,
    count_field,
    radio_field,
)
from quizzes.generator import SKILL_KINDS
from quizzes.kinds import KINDS
from quizzes.skills import SKILLS

TITLE_REQUIRED = gettext_noop("Give the assignment a title, like “Review after lesson 3”.")
NOTHING_CHOSEN = gettext_noop("Choose at least one kind of question or one skill.")
NOT_DRAWABLE = gettext_noop(
    "With what you left out, these cannot be asked: {what}. Leave out less, or choose "
    "other kinds or skills."
)
COUNT_RANGE = gettext_noop("Choose between 1 and 50 questions.")
ATTEMPTS_RANGE = gettext_noop("Allow between 1 and 10 attempts.")
DUE_BEFORE_OPEN = gettext_noop("The due date must be after the opening date.")
AFTER_DUE_NEEDS_DUE = gettext_noop("To show answers after the due date, set a due date.")
DUE_PASSED = gettext_noop(
    "That due time has already passed ({now} now, {zone}): choose a later one."
)
MAX_QUESTIONS = 50
MAX_ATTEMPTS = 10


def _when_field(label: str, help_text: str) -> WhenField:
    return WhenField(label=label, required=False, help_text=help_text)


def _to_the_minute(when):
    """As the form shows a time (and sends it back): to the minute."""
    return when.replace(second=0, microsecond=0)


def _refuse_a_new_past_due(form: forms.Form, due) -> None:
    """A new due time in the past would close the work before anyone starts: refused.
    (One already past, left as it was while editing something else, stands.)"""
    before = form.initial.get("due_at")
    unchanged = before is not None and due and _to_the_minute(due) == _to_the_minute(before)
    now = timezone.now()
    if due and due <= now and not unchanged and "due_at" not in form.errors:
        here = timezone.localtime(now)
        form.add_error(
            "due_at",
            gettext(DUE_PASSED).format(now=here.strftime("%Y-%m-%d %H:%M"), zone=here.tzname()),
        )


class AssignmentSettingsForm(ErrorsBesideFields, forms.Form):
    """What can change after students start: title, dates, attempts, answers, layout."""

    title = OneLineField(
        label=gettext_lazy("Title"),
        max_length=120,
        error_messages={"required": gettext_lazy(TITLE_REQUIRED)},
    )
    opens_at = _when_field(gettext_lazy("Opens"), gettext_lazy("Leave empty to open it now."))
    due_at = _when_field(
        gettext_lazy("Due"), gettext_lazy("Leave empty for no due date. After it, no new answers.")
    )
    attempts_allowed = count_field(
        gettext_lazy("Attempts allowed"),
        high=MAX_ATTEMPTS,
        initial=1,
        message=gettext_lazy(ATTEMPTS_RANGE),
    )
    show_answers = radio_field(
        gettext_lazy("Students see the answers"),
        Assignment.ShowAnswers.choices,
        Assignment.ShowAnswers.AFTER_SUBMIT,
    )
    layout = radio_field(
        gettext_lazy("Students answer"), Assignment.Layout.choices, Assignment.Layout.ONE_AT_A_TIME
    )

    def clean(self):
        data = super().clean()
        opens, due = data.get("opens_at"), data.get("due_at")
        if opens and due and due <= opens:
            self.add_error("due_at", gettext(DUE_BEFORE_OPEN))
        _refuse_a_new_past_due(self, due)
        after_due = data.get("show_answers") == Assignment.ShowAnswers.AFTER_DUE
        if after_due and not due and "due_at" not in self.errors:
            self.add_error("show_answers", gettext(AFTER_DUE_NEEDS_DUE))
        return data

    @classmethod
    def initial_from(cls, assignment: Assignment) -> dict:
        return {name: getattr(assignment, name) for name in cls.base_fields}


class ReviewQuizForm(AssignmentSettingsForm):
    """The ready-made quiz's settings, for setting it: sent twice, it is set once."""

    form_key = FormKeyField()


class ScopeForm(forms.Form):
    """What questions are drawn from: kinds, skills, and what is left out. An assignment's
    and a live class's forms both have it (`check_scope` in their clean)."""

    kinds = forms.MultipleChoiceField(
        label=gettext_lazy("Kinds of question"),
        required=False,
        choices=[(key, gettext_lazy(kind.title)) for key, kind in KINDS.items()],
        widget=forms.CheckboxSelectMultiple,
    )
    skills = forms.MultipleChoiceField(
        label=gettext_lazy("Skills"),
        required=False,
        choices=[(key, gettext_lazy(name)) for key, name in SKILLS.items() if key in SKILL_KINDS],
        widget=forms.CheckboxSelectMultiple,
    )
    leave_out = forms.MultipleChoiceField(
        label=gettext_lazy("Leave out"),
        required=False,
        choices=list(draws.LEAVE_OUT.items()),
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy(
            "Questions never need a lesson after the last one your skills and kinds reach "
            "(choose Trick score and Undertricks: no doubles, slams or duplicate). "
            "Leave out more here."
        ),
    )

    def check_scope(self, data: dict) -> None:
        kinds, skills = data.get("kinds") or [], data.get("skills") or []
        if not kinds and not skills:
            self.add_error("kinds", gettext(NOTHING_CHOSEN))
            return
        refused = draws.undrawable(
            kinds=kinds, skills=skills, leave_out=data.get("leave_out") or []
        )
        if refused:
            self.add_error("leave_out", gettext(NOT_DRAWABLE).format(what="; ".join(refused)))


SAME_SET_HELP = gettext_noop(
    "With more than one attempt allowed, each new attempt brings fresh questions, so a "
    "second try is not free marks. The same for everyone means the same at each attempt: "
    "everyone's first attempt has one set, everyone's second attempt another, and so on."
)


class AssignmentForm(AssignmentSettingsForm, ScopeForm):
    """A new assignment built from kinds of question and skills."""

    form_key = FormKeyField()

    question_count = count_field(
        gettext_lazy("Number of questions"),
        high=MAX_QUESTIONS,
        initial=10,
        message=gettext_lazy(COUNT_RANGE),
    )
    same_for_everyone = forms.TypedChoiceField(
        label=gettext_lazy("Questions"),
        choices=[
            ("yes", gettext_lazy("The same questions for everyone")),
            ("no", gettext_lazy("A different random set for each student")),
        ],
        coerce=lambda value: value == "yes",
        initial="yes",
        widget=forms.RadioSelect,
        help_text=gettext_lazy(SAME_SET_HELP),
    )

    field_order = [
        "form_key",
        "title",
        "kinds",
        "skills",
        "leave_out",
        "question_count",
        "same_for_everyone",
        "opens_at",
        "due_at",
        "attempts_allowed",
        "show_answers",
        "layout",
    ]

    def clean(self):
        data = super().clean()
        self.check_scope(data)
        return data


_EXTRA_RANGE = gettext_noop("Give between 0 and {high} extra attempts.")
EXTRA_RANGE = _EXTRA_RANGE.format(high=MAX_ATTEMPTS)
DUE_NOT_LATER = gettext_noop("Choose a due date later than the class's, {due}, or leave it empty.")
CHOOSE_A_CLASS = gettext_noop("Choose the class to copy it to.")
CHOOSE_A_STUDENT = gettext_noop("Choose the student record to keep.")


class CopyForm(ErrorsBesideFields, forms.Form):
    """Copy an assignment, as a draft, to one of the teacher's classes."""

    form_key = FormKeyField()
    classroom = forms.ChoiceField(
        label=gettext_lazy("Copy it to"),
        error_messages={"required": gettext_lazy(CHOOSE_A_CLASS)},
    )

    def __init__(self, *args, classrooms, **kwargs):
        super().__init__(*args, **kwargs)
        self.classrooms = {c.public_id: c for c in classrooms}
        self.fields["classroom"].choices = [(c.public_id, c.name) for c in classrooms]
        self.fields["classroom"].error_messages["invalid_choice"] = gettext(CHOOSE_A_CLASS)

    def clean_classroom(self):
        return self.classrooms[self.cleaned_data["classroom"]]


class MergeForm(ErrorsBesideFields, forms.Form):
    """Merge one student's record into another's of the same class."""

    into = forms.ChoiceField(
        label=gettext_lazy("Keep this record"),
        error_messages={"required": gettext_lazy(CHOOSE_A_STUDENT)},
    )

    def __init__(self, *args, others, **kwargs):
        super().__init__(*args, **kwargs)
        self.others = {m.public_id: m for m in others}
        blank = [("", gettext("Choose the record to keep"))]  # no record chosen by a hasty click
        self.fields["into"].choices = blank + [(m.public_id, m.display_name) for m in others]
        self.fields["into"].error_messages["invalid_choice"] = gettext(CHOOSE_A_STUDENT)

    def clean_into(self):
        return self.others[self.cleaned_data["into"]]


class AllowanceForm(ErrorsBesideFields, forms.Form):
    """What one student is allowed beyond the class: a later due date, more attempts."""

    due_at = _when_field(
        gettext_lazy("Their own due date"),
        gettext_lazy("Later than the class's. Leave empty for the class's due date."),
    )
    extra_attempts = count_field(
        gettext_lazy("Extra attempts"),
        low=0,
        high=MAX_ATTEMPTS,
        initial=0,
        message=format_lazy(gettext_lazy(_EXTRA_RANGE), high=MAX_ATTEMPTS),
    )
    excused = forms.BooleanField(
        label=gettext_lazy("Excused: they need not do this assignment"),
        required=False,
    )

    def __init__(self, *args, assignment: Assignment, **kwargs):
        super().__init__(*args, **kwargs)
        self.assignment = assignment

    def clean(self):
        data = super().clean()
        due, class_due = data.get("due_at"), self.assignment.due_at
        if due and class_due and due <= class_due:
            self.add_error("due_at", gettext(DUE_NOT_LATER).format(due=zones.with_zone(class_due)))
        _refuse_a_new_past_due(self, due)
        return data
