"""Support pages for site staff: find a class by its join code, a student by name.

Students join by their class's code and attempts are drawn by the site: staff read and
change them, but they are never added here (a student needs the learner the site makes).
"""

from django.contrib import admin
from django.db import transaction

from assignments import stamps
from assignments.models import Assignment, Attempt, AttemptQuestion
from classes.models import Classroom, Membership


class MadeBySite:
    def has_add_permission(self, request, obj=None):
        return False


class ShownInGradebooks:
    """Staff's changes and deletions move the stamps of the gradebooks that show them
    (assignments/stamps.py), as the site's own writes do: a kept table is never older."""

    def stamp(self, obj) -> None:
        raise NotImplementedError

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            self.stamp(obj)

    def save_related(self, request, form, formsets, change):  # the class's inline students
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            self.stamp(form.instance)

    def delete_model(self, request, obj):
        with transaction.atomic():
            self.stamp(obj)
            super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            for obj in queryset:
                self.stamp(obj)
            super().delete_queryset(request, queryset)


class MembershipInline(MadeBySite, admin.TabularInline):
    model = Membership
    fields = ("display_name", "public_id", "is_preview", "joined")
    readonly_fields = ("public_id", "joined")
    extra = 0
    show_change_link = True


@admin.register(Classroom)
class ClassroomAdmin(ShownInGradebooks, admin.ModelAdmin):
    list_display = ("name", "join_code", "teacher", "created")
    search_fields = ("name", "join_code", "teacher__username", "teacher__email")
    readonly_fields = ("public_id", "created")
    raw_id_fields = ("teacher",)
    list_select_related = ("teacher",)
    inlines = [MembershipInline]

    def stamp(self, obj):
        stamps.classroom_changed(classroom_id=obj.pk)


@admin.register(Membership)
class MembershipAdmin(ShownInGradebooks, MadeBySite, admin.ModelAdmin):
    list_display = ("display_name", "classroom", "joined", "is_preview")
    list_filter = ("is_preview",)
    search_fields = ("display_name", "classroom__name", "classroom__join_code", "public_id")
    readonly_fields = ("public_id", "classroom", "learner", "link_hash", "joined")
    list_select_related = ("classroom",)

    def stamp(self, obj):
        stamps.classroom_changed(classroom_id=obj.classroom_id)


class AttemptQuestionInline(MadeBySite, admin.TabularInline):
    model = AttemptQuestion
    fields = ("position", "question")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Assignment)
class AssignmentAdmin(ShownInGradebooks, admin.ModelAdmin):
    list_display = ("title", "classroom", "question_count", "due_at", "created")
    search_fields = ("title", "classroom__name", "classroom__join_code", "public_id")
    readonly_fields = ("public_id", "secret_seed", "created")
    raw_id_fields = ("classroom",)
    list_select_related = ("classroom",)

    def stamp(self, obj):
        stamps.assignment_changed(assignment_id=obj.pk)


@admin.register(Attempt)
class AttemptAdmin(ShownInGradebooks, MadeBySite, admin.ModelAdmin):
    list_display = ("assignment", "membership", "number", "started", "submitted_at")
    search_fields = (
        "assignment__title",
        "membership__display_name",
        "membership__classroom__join_code",
        "public_id",
    )
    readonly_fields = ("public_id", "assignment", "membership", "number", "started")
    list_select_related = ("assignment", "membership")
    inlines = [AttemptQuestionInline]

    def stamp(self, obj):
        stamps.assignment_changed(assignment_id=obj.assignment_id)
