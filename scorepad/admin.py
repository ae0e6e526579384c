"""Support pages for site staff: find a score pad by its address, title or owner."""

from django.contrib import admin

from scorepad.models import ScorePad


@admin.register(ScorePad)
class ScorePadAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "user", "ended", "updated")
    list_filter = ("kind", "ended")
    search_fields = ("public_id", "title", "user__username", "scorer")
    readonly_fields = ("public_id", "revision", "created", "updated")
    list_select_related = ("user",)
    raw_id_fields = ("user",)
