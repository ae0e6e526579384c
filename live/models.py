"""A live class: a session the teacher runs, the phones that join it, and what they send.

Everything a screen shows is read from these rows, so two app servers sharing the database
show the same thing; `version` moves on whenever what the students' phones show changes,
and is what their polling asks about (answered 304 while it stands still).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from assignments.models import Assignment, QuestionSet
from classes.models import Classroom, Membership
from common.ids import new_public_id, new_secret_seed
from quizzes.kinds import KINDS
from quizzes.models import Learner, Question
from scoring import SEATS

SESSION_CODE_LENGTH = 6


class LiveMode(models.TextChoices):
    QUIZ = "quiz", _("Quiz: everyone answers the question on the screen")
    TABLES = "tables", _("Tables: each table enters its boards, the screen shows travellers")


class LiveMovement(models.TextChoices):
    NONE = "none", _("Every table plays every board; each pair keeps its seats")
    MITCHELL = (
        "mitchell",
        _(
            "A Mitchell: N-S pairs stay, E-W pairs move up a table and the boards down a table "
            "each round"
        ),
    )


class LivePhase(models.TextChoices):
    LOBBY = "lobby", _("Waiting to start")
    ASKING = "asking", _("Answers open")
    REVEALED = "revealed", _("Answer shown")
    FINISHED = "finished", _("Finished")


class LiveSequence(models.TextChoices):
    DRAWN = "drawn", _("Questions drawn from the skills you choose")
    SAMPLE_RUBBER = "sample_rubber", _("The sample rubber, deal by deal")
    REVIEW_QUIZ = "review_quiz", _("The ready-made review quiz")


class LiveSession(QuestionSet):
    """One live class, from the teacher's "Start" to "End"."""

    Mode = LiveMode
    Movement = LiveMovement
    Phase = LivePhase
    Sequence = LiveSequence

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="live_sessions"
    )
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, null=True, blank=True, related_name="live_sessions"
    )
    # Read out to the room; freed when the session ends, so codes can be used again.
    code = models.CharField(max_length=SESSION_CODE_LENGTH, unique=True, null=True, blank=True)
    title = models.CharField(max_length=120)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.QUIZ)
    phase = models.CharField(max_length=10, choices=Phase.choices, default=Phase.LOBBY)
    paused = models.BooleanField(default=False)
    # The question on the screen (LiveQuestion.position); None before the first.
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    # Quiz mode: where the questions come from.
    sequence = models.CharField(max_length=16, choices=Sequence.choices, default=Sequence.DRAWN)
    # Quiz mode, drawn: kinds, skills, leave_out and question_count (QuestionSet's).
    question_count = models.PositiveSmallIntegerField(default=5)
    teams = models.BooleanField(default=False)
    secret_seed = models.BigIntegerField(default=new_secret_seed)
    # Table mode: the boards every table plays, and how many tables.
    first_board = models.PositiveSmallIntegerField(default=1)
    board_count = models.PositiveSmallIntegerField(default=3)
    table_count = models.PositiveSmallIntegerField(default=2)
    # Table mode: how the pairs and boards move between rounds (live.movement).
    movement = models.CharField(max_length=10, choices=Movement.choices, default=Movement.NONE)
    # Table mode: boards whose results the teacher has shown on the screen before every
    # table entered them (a complete board shows by itself).
    boards_shown = models.JSONField(default=list, blank=True)
    # The class gradebook's record of the session, made when it ends.
    assignment = models.OneToOneField(
        Assignment, on_delete=models.SET_NULL, null=True, blank=True, related_name="live_session"
    )
    form_key = models.CharField(max_length=32, null=True, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["teacher", "form_key"], name="one_live_session_per_form"
            ),
            models.CheckConstraint(
                condition=Q(mode__in=LiveMode.values), name="livesession_mode_known"
            ),
            models.CheckConstraint(
                condition=Q(phase__in=LivePhase.values), name="livesession_phase_known"
            ),
            models.CheckConstraint(
                condition=Q(movement__in=LiveMovement.values), name="livesession_movement_known"
            ),
            models.CheckConstraint(
                condition=Q(sequence__in=LiveSequence.values), name="livesession_sequence_known"
            ),
            # Finished exactly when it has an end time (session_finish sets both).
            models.CheckConstraint(
                condition=Q(phase=LivePhase.FINISHED, finished_at__isnull=False)
                | (~Q(phase=LivePhase.FINISHED) & Q(finished_at__isnull=True)),
                name="livesession_finished_at_when_finished",
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="livesession_version_from_1"),
            models.CheckConstraint(
                condition=Q(question_count__gte=1), name="livesession_at_least_one_question"
            ),
            models.CheckConstraint(
                condition=Q(first_board__gte=1), name="livesession_first_board_from_1"
            ),
            models.CheckConstraint(
                condition=Q(board_count__gte=1), name="livesession_at_least_one_board"
            ),
            models.CheckConstraint(
                condition=Q(table_count__gte=1), name="livesession_at_least_one_table"
            ),
        ]

    def __str__(self):
        return self.title

    @property
    def is_finished(self) -> bool:
        return self.phase == self.Phase.FINISHED


class LiveQuestion(models.Model):
    """A question put to the room: its situation is stored, so every phone gets the same."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="questions")
    position = models.PositiveSmallIntegerField()
    label = models.CharField(max_length=80, blank=True, default="")
    kind = models.CharField(max_length=32)
    situation = models.JSONField()
    # Asked again after most got it wrong: the earlier question it repeats.
    repeat_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="repeats"
    )
    asked_at = models.DateTimeField(null=True, blank=True)
    revealed_at = models.DateTimeField(null=True, blank=True)
    skipped = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "position"], name="one_live_question_per_position"
            ),
            # As Question.kind: a new kind comes with a migration.
            models.CheckConstraint(
                condition=Q(kind__in=list(KINDS)), name="livequestion_kind_known"
            ),
            # Its answer is shown only once it has been asked. (Not "revealed_at >= asked_at":
            # two app servers' clocks may differ by a little.)
            models.CheckConstraint(
                condition=Q(revealed_at__isnull=True) | Q(asked_at__isnull=False),
                name="livequestion_revealed_once_asked",
            ),
        ]

    def __str__(self):
        return f"{self.session_id}#{self.position}"


class Player(models.Model):
    """A phone in the room: a student of the class, or a name typed with the session code."""

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="players")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="live_players")
    membership = models.ForeignKey(
        Membership, on_delete=models.SET_NULL, null=True, blank=True, related_name="live_players"
    )
    name = models.CharField(max_length=40)
    # The name as two names must differ in (live.names.name_key: casefolded), so "ÉMILE"
    # and "émile" are one name in every language and on every database.
    name_key = models.CharField(max_length=80)
    # Teams are optional: a table or a pair's name, as the player typed or chose it.
    team = models.CharField(max_length=40, blank=True, default="")
    # Table mode: the table this phone scores for (two phones may score for one table).
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    # Table mode with a movement: the pair this phone's player is in (live.movement numbers
    # them: N-S pairs 1 to T, E-W pairs T+1 to 2T); two players make a pair.
    pair = models.PositiveSmallIntegerField(null=True, blank=True)
    joined = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined", "id"]
        constraints = [
            models.UniqueConstraint(fields=["session", "learner"], name="one_player_per_learner"),
            models.UniqueConstraint(
                fields=["session", "name_key"], name="one_player_name_key_per_session"
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(table__gte=1), name="player_table_from_1"
            ),
            models.CheckConstraint(
                condition=Q(pair__isnull=True) | Q(pair__gte=1), name="player_pair_from_1"
            ),
        ]

    def __str__(self):
        return self.name


class PlayerAnswer(models.Model):
    """A phone's answer to one question, graded by the engine through its own Question row."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="answers")
    live_question = models.ForeignKey(
        LiveQuestion, on_delete=models.CASCADE, related_name="answers"
    )
    question = models.OneToOneField(Question, on_delete=models.CASCADE, related_name="live_answer")
    correct = models.BooleanField()
    points = models.PositiveSmallIntegerField(default=0)
    # The named misunderstandings behind a wrong answer (scoring.MISTAKES keys), for the chart.
    mistakes = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "live_question"], name="one_answer_per_player_question"
            )
        ]

    def __str__(self):
        return f"{self.player_id} on {self.live_question_id}"


class TableResult(models.Model):
    """Table mode: one board's result at one table, as the table's scorer entered it.

    Only what was played is kept (declarer, contract, tricks, or passed out): every score
    is the engine's, computed when the traveller is drawn.
    """

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="results")
    board = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    passed_out = models.BooleanField(default=False)
    declarer = models.CharField(max_length=1, blank=True, default="")
    contract = models.CharField(max_length=8, blank=True, default="")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="results"
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "board", "table"], name="one_result_per_board_and_table"
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="tableresult_board_from_1"),
            models.CheckConstraint(condition=Q(table__gte=1), name="tableresult_table_from_1"),
            models.CheckConstraint(
                condition=Q(declarer__in=["", *SEATS]), name="tableresult_declarer_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13),
                name="tableresult_tricks_at_most_13",
            ),
            # Passed out: nothing else; played: declarer, contract and tricks, all three.
            models.CheckConstraint(
                condition=Q(passed_out=True, declarer="", contract="", tricks__isnull=True)
                | (Q(passed_out=False, tricks__isnull=False) & ~Q(declarer="") & ~Q(contract="")),
                name="tableresult_passed_out_or_played",
            ),
        ]

    def __str__(self):
        return f"Board {self.board} at table {self.table}"
