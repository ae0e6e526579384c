"""Bridge files a teacher keeps: the file as sent, read again each time its page opens."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Manager, Q

from classes.models import Kept
from common.ids import new_public_id


class SavedFile(models.Model):
    """A PBN or LIN file a teacher chose to keep, to read, print or make a quiz from later.

    Only its owner sees it. The file is kept as it was sent (its bytes), so that it is read
    again exactly as the first time; what the page shows is worked out afresh.
    """

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bridge_files"
    )
    name = models.CharField(max_length=200)
    event = models.CharField(max_length=200, blank=True, default="")
    board_count = models.PositiveSmallIntegerField()
    data = models.BinaryField()
    # The file's SHA-256: the same file kept twice (a double click, sent again) is kept once.
    digest = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)
    # Deleted by its owner: kept a day so that it can be brought back (services.UNDO_HOURS).
    deleted_at = models.DateTimeField(null=True, blank=True)

    all_objects = Manager()
    objects = Kept()

    class Meta:
        base_manager_name = "all_objects"
        default_manager_name = "objects"
        ordering = ["-created", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(board_count__gte=1), name="saved_file_has_a_board"),
        ]

    def __str__(self):
        return self.name
