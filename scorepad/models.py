"""Score pads: games kept at a real table, stored as the deals entered.

Nothing computed is stored: every sheet, total and bonus is recomputed by replaying the
deals through the scoring engine (scorepad/play.py), so undo and editing an
earlier deal can never leave a stale figure behind.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy

from common.ids import new_public_id
from scoring import SIDES


class PadKind(models.TextChoices):
    RUBBER = "rubber", gettext_lazy("Rubber bridge")
    CHUKKER = "chukker", gettext_lazy("Four-deal bridge (a chukker)")
    DUPLICATE = "duplicate", gettext_lazy("Duplicate, by board")


class PadFifty(models.TextChoices):
    UP = "up", gettext_lazy("Exactly 50 rounds up (550 is 6)")
    DOWN = "down", gettext_lazy("Exactly 50 rounds down (550 is 5)")


# The engine's labels (Side.label), in the page's language.
SIDE_LABELS = {"we": gettext_lazy("WE"), "they": gettext_lazy("THEY")}
SIDE_CHOICES = [(side.value, SIDE_LABELS[side.value]) for side in SIDES]


class ScorePad(models.Model):
    """One game: rubber after rubber, a four-deal chukker, or a duplicate session."""

    Kind = PadKind
    Fifty = PadFifty
    SIDE_CHOICES = SIDE_CHOICES

    # The game's address is its only key: unguessable, never sequential.
    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="score_pads",
        help_text="The signed-in owner; games of visitors are found through their session.",
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    title = models.CharField(max_length=80, blank=True)
    # The engine's form name ("chicago", ...); not choices here, so that a form the
    # engine adds or relabels needs no migration.
    form = models.CharField(max_length=24, blank=True)
    first_dealer = models.CharField(max_length=4, blank=True, choices=SIDE_CHOICES)
    fifty = models.CharField(max_length=4, choices=Fifty.choices, default=Fifty.UP)
    players = models.JSONField(default=list, blank=True)
    scorer = models.CharField(max_length=40, blank=True)
    deals = models.JSONField(default=list, blank=True)
    ended = models.BooleanField(default=False)
    revision = models.PositiveIntegerField(
        default=0, help_text="Counts changes, so a repeated or stale form changes nothing."
    )
    # The start form's key (common.forms.FormKeyField): a double click starts one game.
    form_key = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["user", "-updated"], name="scorepad_user_updated")]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=PadKind.values), name="scorepad_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(fifty__in=PadFifty.values), name="scorepad_fifty_known"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__in=["", *(value for value, _ in SIDE_CHOICES)]),
                name="scorepad_first_dealer_a_side",
            ),
        ]

    def __str__(self):
        if self.title:
            return self.title
        # The month in the page's language ("27 Nov 2026", French "27 nov. 2026").
        started = f", {date_format(self.created, 'SHORT_DATE_FORMAT')}" if self.created else ""
        return f"{self.get_kind_display()}{started}"
