"""Support pages for site staff: a learner's questions and progress."""

from django.contrib import admin

from quizzes.models import Answer, Learner, Question, SkillProgress


class SkillProgressInline(admin.TabularInline):
    model = SkillProgress
    fields = ("skill", "recent", "answered", "right", "updated")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Learner)
class LearnerAdmin(admin.ModelAdmin):
    list_display = ("public_id", "user", "created")
    search_fields = ("public_id", "user__username", "memberships__display_name")
    readonly_fields = ("public_id", "created")
    inlines = [SkillProgressInline]


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin):
    list_display = ("public_id", "kind", "source", "learner", "created")
    list_filter = ("kind", "source")
    search_fields = ("public_id", "learner__public_id")
    readonly_fields = ("public_id", "learner", "kind", "seed", "situation", "skills", "created")


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    list_display = ("question", "correct", "created")
    readonly_fields = ("question", "given", "correct", "marks", "mistakes", "created")
