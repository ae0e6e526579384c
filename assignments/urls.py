"""Assignments: the teacher's pages under /teachers/, the student's under /join/ (their
addresses unchanged). One namespace, "assignments"."""

from django.urls import path

from assignments.views import assignments, attempts, records

CLASS = "teachers/classes/<str:class_id>"
ASSIGNMENT = "teachers/assignments/<str:assignment_id>"
STUDENT = f"{ASSIGNMENT}/students/<str:student_id>"

app_name = "assignments"

# An assignment, for its teacher (assignments.views.assignments).
urlpatterns = [
    path(f"{CLASS}/assignments/new/", assignments.assignment_new, name="assignment_new"),
    path(
        f"{CLASS}/assignments/review-quiz/",
        assignments.assignment_review_quiz,
        name="assignment_review_quiz",
    ),
    path(f"{ASSIGNMENT}/edit/", assignments.assignment_edit, name="assignment_edit"),
    path(f"{ASSIGNMENT}/publish/", assignments.assignment_publish, name="assignment_publish"),
    path(f"{ASSIGNMENT}/withdraw/", assignments.assignment_withdraw, name="assignment_withdraw"),
    path(f"{ASSIGNMENT}/copy/", assignments.assignment_copy, name="assignment_copy"),
    path(f"{ASSIGNMENT}/redraw/", assignments.assignment_redraw, name="assignment_redraw"),
    path(
        f"{ASSIGNMENT}/replace/<int:number>/",
        assignments.assignment_replace,
        name="assignment_replace",
    ),
    path(f"{ASSIGNMENT}/delete/", assignments.assignment_delete, name="assignment_delete"),
    path(f"{ASSIGNMENT}/restore/", assignments.assignment_restore, name="assignment_restore"),
    path(f"{ASSIGNMENT}/preview/", assignments.preview, name="preview"),
    path(f"{ASSIGNMENT}/preview/start/", assignments.preview_start, name="preview_start"),
    path(
        f"{ASSIGNMENT}/preview/q/<str:question_id>/",
        assignments.preview_answer,
        name="preview_answer",
    ),
    path(f"{ASSIGNMENT}/preview/submit/", assignments.preview_submit, name="preview_submit"),
    path(f"{ASSIGNMENT}/preview/reset/", assignments.preview_reset, name="preview_reset"),
]

# One student's record, for their teacher (assignments.views.records).
urlpatterns += [
    path(f"{STUDENT}/", records.student_work, name="student_work"),
    path(f"{STUDENT}/allowance/", records.student_allowance, name="student_allowance"),
    path(f"{STUDENT}/attempts/<int:number>/reset/", records.attempt_reset, name="attempt_reset"),
    path(
        f"{STUDENT}/attempts/<int:number>/restore/",
        records.attempt_restore,
        name="attempt_restore",
    ),
    path(f"{CLASS}/students/<str:student_id>/merge/", records.student_merge, name="student_merge"),
    path(
        f"{CLASS}/students/<str:student_id>/unmerge/",
        records.student_unmerge,
        name="student_unmerge",
    ),
]

# The student's own (assignments.views.attempts).
urlpatterns += [
    path("join/classes/", attempts.student_classes, name="student_classes"),
    path("join/a/<str:assignment_id>/", attempts.take, name="take"),
    path("join/a/<str:assignment_id>/start/", attempts.take_start, name="take_start"),
    path(
        "join/a/<str:assignment_id>/q/<str:question_id>/",
        attempts.take_answer,
        name="take_answer",
    ),
    path("join/a/<str:assignment_id>/submit/", attempts.take_submit, name="take_submit"),
]
