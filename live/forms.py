"""Forms of a live class: the teacher's start form and the phone's join form."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from assignments.forms import ScopeForm
from classes.codes import normalize_join_code
from common.forms import (
    ErrorsBesideFields,
    FormKeyField,
    NameField,
    OneLineField,
    count_field,
    radio_field,
)
from live import movement as movements
from live import names
from live.models import SESSION_CODE_LENGTH, LiveSession

# Messages are English strings (tests reuse them), marked for the catalogue and said in the
# reader's language where the form uses them.
TITLE_REQUIRED = gettext_noop("Give the live class a title, like “Tuesday: doubled contracts”.")
CODE_REQUIRED = gettext_noop("Enter the code on your teacher's screen.")
CODE_SHAPE_TEXT = gettext_noop(
    "The code on the screen has {length} letters and digits (or give your class's code, with 8)."
)
CODE_SHAPE = CODE_SHAPE_TEXT.format(length=SESSION_CODE_LENGTH)
NAME_REQUIRED = gettext_noop("Enter the name the class will see, like “Sam P.”.")
MAX_LIVE_QUESTIONS = 30
MAX_BOARDS = 36
MAX_TABLES = 15
MITCHELL_MISFIT = gettext_noop(
    "A Mitchell needs an odd number of tables, 3 or more (with an even number the E-W pairs "
    "would meet the same boards twice), and boards that share out evenly among the "
    "rounds: with {tables} tables, {tables}, {double} or {triple} boards."
)

# The fields each mode shows (live/new.html): the other mode's are hidden from the teacher.
MODE_FIELDS = {
    LiveSession.Mode.QUIZ: ("sequence", "kinds", "skills", "leave_out", "question_count", "teams"),
    LiveSession.Mode.TABLES: ("first_board", "board_count", "table_count", "movement"),
}
OTHER_MODE = {
    LiveSession.Mode.QUIZ: LiveSession.Mode.TABLES,
    LiveSession.Mode.TABLES: LiveSession.Mode.QUIZ,
}


class SessionForm(ErrorsBesideFields, ScopeForm):
    form_key = FormKeyField()
    title = OneLineField(
        label=_("Title"), max_length=120, error_messages={"required": _(TITLE_REQUIRED)}
    )
    classroom = forms.ChoiceField(
        label=_("Class"),
        required=False,
        help_text=_(
            "Its students join from their class page, and the results go in its "
            "gradebook. Without a class, anyone joins with the session code and a name."
        ),
    )
    mode = radio_field(_("What the class does"), LiveSession.Mode.choices, LiveSession.Mode.QUIZ)
    sequence = radio_field(
        _("Questions (quiz)"), LiveSession.Sequence.choices, LiveSession.Sequence.DRAWN
    )
    question_count = count_field(
        _("Number of questions"),
        high=MAX_LIVE_QUESTIONS,
        initial=5,
        message=format_lazy(_("Choose between 1 and {high} questions."), high=MAX_LIVE_QUESTIONS),
    )
    teams = forms.BooleanField(
        label=_("Play in teams (each phone names its table or pair)"), required=False
    )
    first_board = count_field(
        _("First board (tables)"),
        high=99,
        initial=1,
        message=_("Give a board number from 1 to 99."),
    )
    board_count = count_field(
        _("Boards each table plays"),
        high=MAX_BOARDS,
        initial=3,
        message=format_lazy(_("Choose between 1 and {high} boards."), high=MAX_BOARDS),
    )
    table_count = count_field(
        _("Tables"),
        high=MAX_TABLES,
        initial=2,
        message=format_lazy(_("Choose between 1 and {high} tables."), high=MAX_TABLES),
    )
    movement = radio_field(
        _("How the pairs move"),
        LiveSession.Movement.choices,
        LiveSession.Movement.NONE,
        required=False,  # left out (an older form): every table plays every board
        help_text=_(
            "In a Mitchell each phone chooses its pair, and the phones show each round's "
            "table, opponents and boards; the pairs' standing comes in matchpoints."
        ),
    )

    def __init__(self, *args, classrooms=(), **kwargs):
        super().__init__(*args, **kwargs)
        # An archived class takes nobody in, so it cannot have a live class either.
        self.classrooms = {c.public_id: c for c in classrooms if c.archived_at is None}
        self.fields["classroom"].choices = [
            ("", gettext("No class: join with the session code"))
        ] + [(c.public_id, c.name) for c in self.classrooms.values()]

    def clean_classroom(self):
        return self.classrooms.get(self.cleaned_data.get("classroom") or "")

    def clean(self):
        data = super().clean()
        self._forgive_the_other_mode(data)
        drawn = data.get("sequence") == LiveSession.Sequence.DRAWN
        if data.get("mode") == LiveSession.Mode.QUIZ and drawn:
            self.check_scope(data)
        if data.get("mode") == LiveSession.Mode.TABLES:
            self._check_movement(data)
        return data

    def _forgive_the_other_mode(self, data):
        """The page hides the fields of the mode not chosen: a mistake left in one of them
        would stop the form with a message nobody sees, so it is dropped for the field's
        starting value (which that mode never uses)."""
        other = MODE_FIELDS.get(OTHER_MODE.get(data.get("mode")), ())
        for name in other:
            if name in self.errors:
                del self.errors[name]
                field = self.fields[name]
                data[name] = field.clean(field.initial)

    def clean_movement(self):
        if self.cleaned_data.get("mode") != LiveSession.Mode.TABLES:
            return LiveSession.Movement.NONE  # a quiz has no tables to move between
        return self.cleaned_data.get("movement") or LiveSession.Movement.NONE

    def _check_movement(self, data):
        tables, boards = data.get("table_count"), data.get("board_count")
        if data.get("movement") != LiveSession.Movement.MITCHELL or not (tables and boards):
            return
        if not movements.fits(tables=tables, board_count=boards):
            shown = tables if tables >= 3 and tables % 2 else 3
            message = gettext(MITCHELL_MISFIT).format(
                tables=shown, double=2 * shown, triple=3 * shown
            )
            self.add_error("movement", message)


class JoinForm(ErrorsBesideFields, forms.Form):
    code = forms.CharField(
        label=_("Code on the screen"),
        max_length=20,
        error_messages={"required": _(CODE_REQUIRED)},
        help_text=_("Six letters and digits, like K7MQ2X."),
    )
    name = NameField(
        label=_("Your name"), max_length=40, error_messages={"required": _(NAME_REQUIRED)}
    )
    team = OneLineField(
        label=_("Your table or pair (if the teacher asks)"),
        max_length=40,
        required=False,
    )

    def clean_name(self):
        name = names.normalised(self.cleaned_data["name"])
        if not names.shows(name):
            raise forms.ValidationError(gettext(names.NOTHING_TO_SEE), code="invisible")
        return name

    def clean_code(self):
        code = normalize_join_code(self.cleaned_data["code"])
        if len(code) not in (SESSION_CODE_LENGTH, 8) or not code.isalnum():
            raise forms.ValidationError(
                gettext(CODE_SHAPE_TEXT).format(length=SESSION_CODE_LENGTH), code="invalid"
            )
        return code


class TeamForm(ErrorsBesideFields, forms.Form):
    team = OneLineField(label=_("Your table or pair"), max_length=40, required=False)
