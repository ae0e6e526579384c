"""Support pages for site staff: find a teacher's kept bridge file by its name or owner.

A file is kept as its teacher sent it: staff may rename it, delete it or bring a deleted
one back (its deleted time), never change its bytes, and never add one (a file is kept by
reading it first, bridgefiles.services.saved_file_create).
"""

from django.contrib import admin
from django.db.models.functions import Length
from django.template.defaultfilters import filesizeformat

from bridgefiles.models import SavedFile


@admin.register(SavedFile)
class SavedFileAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "board_count", "size", "created", "deleted_at")
    list_filter = ("created", "deleted_at")
    search_fields = ("name", "event", "owner__username", "owner__email", "public_id")
    fields = (
        "name",
        "event",
        "owner",
        "public_id",
        "board_count",
        "size",
        "digest",
        "created",
        "deleted_at",
    )
    readonly_fields = ("owner", "public_id", "board_count", "size", "digest", "created")

    def get_queryset(self, request):
        # Staff see the files deleted and not yet gone too (the model's manager hides them).
        kept = SavedFile.all_objects.select_related("owner").defer("data")
        return kept.annotate(bytes=Length("data"))

    @admin.display(description="size", ordering="bytes")
    def size(self, saved: SavedFile) -> str:
        """How large the file is; its bytes stay as sent (no page shows or takes them)."""
        return filesizeformat(saved.bytes)

    def has_add_permission(self, request, obj=None):
        return False
