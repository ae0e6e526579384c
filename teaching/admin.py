"""Support pages for site staff: find a class by its join code, a student by name.

Students join by their class's code and attempts are drawn by the site: staff read and
change them, but they are never added here (a student needs the learner the site makes).
"""

from django.contrib import admin

from teaching.models import Assignment, Attempt, AttemptQuestion, Classroom, Membership


class MadeBySite:
    def has_add_permission(self, request, obj=None):
        return False


class MembershipInline(MadeBySite, admin.TabularInline):
    model = Membership
    fields = ("display_name", "public_id", "is_preview", "joined")
    readonly_fields = ("public_id", "joined")
    extra = 0
    show_change_link = True


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "join_code", "teacher", "created")
    search_fields = ("name", "join_code", "teacher__username", "teacher__email")
    readonly_fields = ("public_id", "created")
    raw_id_fields = ("teacher",)
    list_select_related = ("teacher",)
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(MadeBySite, admin.ModelAdmin):
    list_display = ("display_name", "classroom", "joined", "is_preview")
    list_filter = ("is_preview",)
    search_fields = ("display_name", "classroom__name", "classroom__join_code", "public_id")
    readonly_fields = ("public_id", "classroom", "learner", "link_hash", "joined")
    list_select_related = ("classroom",)


class AttemptQuestionInline(MadeBySite, admin.TabularInline):
    model = AttemptQuestion
    fields = ("position", "question")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ("title", "classroom", "question_count", "due_at", "created")
    search_fields = ("title", "classroom__name", "classroom__join_code", "public_id")
    readonly_fields = ("public_id", "secret_seed", "created")
    raw_id_fields = ("classroom",)
    list_select_related = ("classroom",)


@admin.register(Attempt)
class AttemptAdmin(MadeBySite, admin.ModelAdmin):
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
