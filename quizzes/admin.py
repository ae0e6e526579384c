"""Support pages for site staff: a learner's questions and progress.

Learners, questions and answers are made by the site, never by hand: staff read them,
and may change or delete what needs it, but nothing can be added here.
"""

from django.contrib import admin

from quizzes.models import Answer, Learner, Question, ReviewCard, SkillProgress


class MadeBySite:
    def has_add_permission(self, request, obj=None):
        return False


class SkillProgressInline(MadeBySite, admin.TabularInline):
    model = SkillProgress
    fields = ("skill", "recent", "answered", "right", "updated")
    readonly_fields = fields
    extra = 0
    can_delete = False


class ReviewCardInline(MadeBySite, admin.TabularInline):
    model = ReviewCard
    fields = ("key", "due", "last_review", "reviews", "lapses")
    readonly_fields = fields
    extra = 0
    ordering = ("due",)


@admin.register(Learner)
class LearnerAdmin(MadeBySite, admin.ModelAdmin):
    list_display = ("public_id", "user", "created")
    search_fields = ("public_id", "user__username", "memberships__display_name")
    readonly_fields = ("public_id", "user", "created")
    inlines = [SkillProgressInline, ReviewCardInline]


@admin.register(Question)
class QuestionAdmin(MadeBySite, admin.ModelAdmin):
    list_display = ("public_id", "kind", "source", "learner", "created")
    list_filter = ("kind", "source")
    search_fields = ("public_id", "learner__public_id")
    readonly_fields = ("public_id", "learner", "kind", "seed", "situation", "skills", "created")
    list_select_related = ("learner",)


@admin.register(Answer)
class AnswerAdmin(MadeBySite, admin.ModelAdmin):
    list_display = ("question", "correct", "created")
    list_select_related = ("question",)
    readonly_fields = ("question", "given", "correct", "marks", "mistakes", "created")
