from dataclasses import astuple

from django import forms
from django.core import signing
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from assignments import from_deals
from assignments.models import Assignment
from classes.models import Classroom
from common.forms import ErrorsBesideFields, FormKeyField, OneLineField
from course.map import lesson_number, lesson_url

# Messages in English, marked for the catalogues: gettext_lazy in a field, gettext in code.
FILE_REQUIRED = gettext_noop("Choose a .pbn or .lin file to read")


class UploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("A PBN or LIN file"),
        error_messages={
            "required": gettext_lazy(FILE_REQUIRED),
            "empty": gettext_lazy("This file is empty"),
        },
        widget=forms.ClearableFileInput(attrs={"accept": ".pbn,.lin,.txt"}),
    )
    keep = forms.BooleanField(
        label=gettext_lazy("Keep this file"),
        required=False,
        help_text=gettext_lazy(
            "To open it again from your saved files, print its hand records or make a "
            "class quiz from it later."
        ),
    )


# -- a class's quiz from a file's boards ----------------------------------------------------

QUIZ_SALT = "bridgefiles.quiz"
"""The signed list of results the quiz form carries (django.core.signing)."""
CLASS_REQUIRED = gettext_noop("Choose the class to set the quiz for.")
QUIZ_TITLE_REQUIRED = gettext_noop("Give the quiz a title, like “Tuesday's boards”.")
RESULTS_LOST = gettext_noop(
    "The boards did not come through with the form: read the file again, then make the quiz."
)
TITLE_LENGTH = Assignment._meta.get_field("title").max_length
NO_RESULTS = gettext_noop(
    "This file has no played result to ask: a quiz needs a contract, declarer and tricks."
)


def _par_help() -> str:
    """The par box's hint, linked to the par lesson (its address is known once URLs load)."""
    return format_html(
        gettext(
            "Par is the result when both sides bid and play each board perfectly "
            '(<a href="{}">lesson {}</a>): the solver finds its contract, the engine scores it.'
        ),
        lesson_url("par"),
        lesson_number("par"),
    )


class QuizForm(ErrorsBesideFields, forms.Form):
    """A class's quiz from the results a file holds: which class, what it is called."""

    form_key = FormKeyField()
    results = forms.CharField(
        widget=forms.HiddenInput, error_messages={"required": gettext_lazy(RESULTS_LOST)}
    )
    classroom = forms.ModelChoiceField(
        label=gettext_lazy("For the class"),
        queryset=Classroom.objects.none(),
        to_field_name="public_id",
        empty_label=None,
        error_messages={
            "required": gettext_lazy(CLASS_REQUIRED),
            "invalid_choice": gettext_lazy(CLASS_REQUIRED),
        },
    )
    title = OneLineField(
        label=gettext_lazy("Title"),
        max_length=TITLE_LENGTH,
        error_messages={"required": gettext_lazy(QUIZ_TITLE_REQUIRED)},
    )

    def __init__(self, *args, teacher, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["classroom"].queryset = Classroom.objects.filter(
            teacher=teacher, archived_at__isnull=True
        )
        self.fields["par"].help_text = _par_help()

    par = forms.BooleanField(
        label=gettext_lazy("Also ask what par would have scored on each board"),
        required=False,
    )

    @staticmethod
    def signed(results: list[from_deals.BoardResult], deals: list[tuple]) -> str:
        """The results (and the boards' deals, for par) as the form carries them: signed,
        so that they come back as sent."""
        data = {"results": [astuple(r) for r in results], "deals": [list(d) for d in deals]}
        return signing.dumps(data, salt=QUIZ_SALT, compress=True)

    def clean_results(self) -> tuple[list[from_deals.BoardResult], list[tuple]]:
        """(the results, each board's (number, dealer, vulnerability, deal))."""
        try:
            data = signing.loads(self.cleaned_data["results"], salt=QUIZ_SALT)
            results = [from_deals.BoardResult(*row) for row in data["results"]]
            deals = [tuple(deal) for deal in data["deals"]]
        except (signing.BadSignature, TypeError, ValueError, KeyError):
            raise forms.ValidationError(gettext(RESULTS_LOST)) from None
        if not from_deals.questions_of(results):
            raise forms.ValidationError(gettext(NO_RESULTS))
        return results, deals
