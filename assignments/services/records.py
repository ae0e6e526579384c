"""Writes of one student's record on a teacher's assignments: what they are allowed (a later
due date, more attempts, excused), an attempt reset and made to count again, and two records
of one student merged (their attempts and allowances moved) and the merge undone."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from assignments import stamps
from assignments.models import Allowance, Assignment, Attempt
from assignments.terms import terms_for
from classes.models import Membership
from classes.services import TeachingError, membership_restore
from common.text import fill
from quizzes.models import Question


def membership_merge(*, source: Membership, target: Membership) -> int:
    """One student with two records (joined twice, on two devices): the source's attempts
    move to the target, numbered after the target's own, and the source record is taken
    off the class, kept with what moved (membership_unmerge puts it all back). The student
    keeps using the target's personal link. How many attempts moved."""
    if source.classroom_id != target.classroom_id or source.pk == target.pk:
        raise TeachingError(gettext("Choose two different students of the same class."))
    with transaction.atomic():
        Membership.all_objects.select_for_update().filter(pk__in=[source.pk, target.pk]).count()
        numbers = {}
        theirs = Attempt.objects.filter(membership=source).order_by("assignment_id", "number")
        for attempt in theirs:
            last = (
                Attempt.objects.filter(assignment_id=attempt.assignment_id, membership=target)
                .order_by("-number")
                .values_list("number", flat=True)
                .first()
            )
            numbers[str(attempt.pk)] = attempt.number
            attempt.membership, attempt.number = target, (last or 0) + 1
            attempt.save(update_fields=["membership", "number"])
        # The attempts' questions go to the kept record's learner too, as its own do.
        Question.objects.filter(assignment_item__attempt__membership=target).exclude(
            learner_id=target.learner_id
        ).update(learner_id=target.learner_id)
        allowances = []
        for allowance in Allowance.objects.filter(membership=source):
            if not Allowance.objects.filter(
                assignment_id=allowance.assignment_id, membership=target
            ).exists():
                allowance.membership = target
                allowance.save(update_fields=["membership"])
                allowances.append(allowance.pk)
        voided = _reset_beyond_allowance(target, moved=[int(pk) for pk in numbers])
        source.merged_into = target
        source.merge_moved = {"attempts": numbers, "allowances": allowances, "voided": voided}
        source.removed_at = timezone.now()
        source.save(update_fields=["merged_into", "merge_moved", "removed_at"])
        stamps.classroom_changed(classroom_id=source.classroom_id)
    return len(numbers)


def _reset_beyond_allowance(target: Membership, *, moved: list[int]) -> list[int]:
    """After a merge, the attempts moved in beyond what the kept record allows on each
    assignment are reset (kept, not counted), so that it never has more counted attempts than
    allowed and the gradebook and the student agree. The kept record's own attempts come
    first, then the moved ones in their new order. The ids of the attempts reset."""
    voided = []
    counted = Attempt.objects.filter(membership=target, voided_at__isnull=True)
    by_assignment: dict[int, list[Attempt]] = {}
    for attempt in counted.select_related("assignment").order_by("number"):
        by_assignment.setdefault(attempt.assignment_id, []).append(attempt)
    for attempts in by_assignment.values():
        allowed = terms_for(attempts[0].assignment, target.pk).attempts_allowed
        own = [a for a in attempts if a.pk not in moved]
        extra = [a for a in attempts if a.pk in moved][max(0, allowed - len(own)) :]
        voided.extend(a.pk for a in extra)
    if voided:
        Attempt.objects.filter(pk__in=voided).update(voided_at=timezone.now())
    return voided


UNMERGE_CHAINED = gettext_noop(
    "{target} has since been merged into {later}: undo that merge first, then this one."
)


def membership_unmerge(*, source: Membership) -> int:
    """Undo a merge: the source record is back in the class, and the attempts and
    allowances the merge moved are its own again, with their numbers and questions (and
    whatever was answered on them since). How many attempts came back."""
    with transaction.atomic():
        source = Membership.all_objects.select_for_update().get(pk=source.pk)
        target = Membership.all_objects.select_for_update().get(pk=source.merged_into_id)
        if target.merged_into_id is not None:
            raise TeachingError(
                fill(
                    gettext(UNMERGE_CHAINED),
                    target=target.display_name,
                    later=target.merged_into.display_name,
                )
            )
        numbers = source.merge_moved.get("attempts", {})
        back = list(Attempt.objects.filter(pk__in=[int(pk) for pk in numbers], membership=target))
        # Those the merge reset for the kept record's allowance count again on their own.
        reset = source.merge_moved.get("voided", [])
        Attempt.objects.filter(pk__in=reset, membership=target).update(voided_at=None)
        for attempt in back:
            if attempt.pk in reset:
                attempt.voided_at = None
        for attempt in back:
            attempt.membership, attempt.number = source, numbers[str(attempt.pk)]
            attempt.save(update_fields=["membership", "number"])
        Question.objects.filter(assignment_item__attempt__in=back).update(
            learner_id=source.learner_id
        )
        Allowance.objects.filter(
            pk__in=source.merge_moved.get("allowances", []), membership=target
        ).update(membership=source)
        source.merged_into, source.merge_moved = None, {}
        source.save(update_fields=["merged_into", "merge_moved"])
        membership_restore(membership=source)
    return len(back)


def allowance_set(*, assignment: Assignment, membership: Membership, **changes) -> Allowance:
    """Change what one student is allowed on an assignment: `due_at` (their own due date,
    later than the class's; None for the class's), `extra_attempts`, `excused`."""
    unknown = set(changes) - {"due_at", "extra_attempts", "excused"}
    if unknown:
        raise TypeError(f"Not a student's allowance: {sorted(unknown)}")
    with transaction.atomic():
        allowance, _ = Allowance.objects.get_or_create(assignment=assignment, membership=membership)
        for name, value in changes.items():
            setattr(allowance, name, value)
        allowance.save()
        stamps.assignment_changed(assignment_id=assignment.pk)
    return allowance


def attempt_reset(*, attempt: Attempt) -> bool:
    """Let the student start again: the attempt is kept (and can be put back) but no longer
    counts toward the grade or the attempts allowed."""
    with transaction.atomic():
        reset = Attempt.objects.filter(pk=attempt.pk, voided_at__isnull=True).update(
            voided_at=timezone.now()
        )
        if reset:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
    return bool(reset)


RESTORE_OVER_ALLOWANCE = gettext_noop(
    "Attempt {number} cannot count again: {name} already has {counted} and {allowed}. Reset "
    "the newer attempt first (it is kept, and can count again later), or allow {name} more "
    "attempts below; then make this one count."
)


def _over_allowance(attempt: Attempt, counted: list[int], allowed: int) -> str:
    """Why a reset attempt cannot count again, in the reader's language."""
    numbers = ", ".join(gettext("attempt {number}").format(number=n) for n in counted)
    has = ngettext(
        "{count} counted attempt ({numbers})", "{count} counted attempts ({numbers})", len(counted)
    ).format(count=len(counted), numbers=numbers)
    allows = ngettext("{count} is allowed", "{count} are allowed", allowed).format(count=allowed)
    return fill(
        gettext(RESTORE_OVER_ALLOWANCE),
        number=attempt.number,
        name=attempt.membership.display_name,
        counted=has,
        allowed=allows,
    )


def attempt_restore(*, attempt: Attempt) -> bool:
    """Make a reset attempt count again, if the student's attempts allowed leave room for
    it; otherwise TeachingError, and nothing changes (the student's grade and the gradebook
    would disagree, and the student would have more attempts than allowed)."""
    with transaction.atomic():
        Membership.all_objects.select_for_update().filter(pk=attempt.membership_id).first()
        attempt = Attempt.objects.select_related("membership").get(pk=attempt.pk)
        if attempt.voided_at is None:
            return False
        counted = list(
            Attempt.objects.filter(
                assignment_id=attempt.assignment_id,
                membership_id=attempt.membership_id,
                voided_at__isnull=True,
            )
            .order_by("number")
            .values_list("number", flat=True)
        )
        allowed = terms_for(attempt.assignment, attempt.membership_id).attempts_allowed
        if len(counted) >= allowed:
            raise TeachingError(_over_allowance(attempt, counted, allowed))
        restored = Attempt.objects.filter(pk=attempt.pk, voided_at__isnull=False).update(
            voided_at=None
        )
        if restored:
            stamps.assignment_changed(assignment_id=attempt.assignment_id)
        return bool(restored)
