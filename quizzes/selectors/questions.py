"""Reads of a question's page: the question, what it shows before and after an answer."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from course.map import lesson_title, lesson_url
from quizzes import daily, sheet_drill
from quizzes.forms import answer_form
from quizzes.grading import changed_lines, each_explains_alone, grade, slip_figures, slip_skill
from quizzes.kinds import kind_for
from quizzes.models import Answer, Question, SheetStep, SkillProgress
from quizzes.skills import MISTAKE_SKILLS, SKILLS
from scoring import MISTAKES


def question_for_learner(*, learner: dict | None, public_id: str) -> Question | None:
    """The learner's own practice question, with its answer if it has one; or None.

    `learner` is a lookup that finds the learner (services.learner_lookup), which spares
    loading the learner first: one query, the answer joined in. Another learner's question
    is never shown, and neither is a question of an assignment: those are answered (and
    their answers revealed) only on the assignment's own pages, under the teacher's rules.
    """
    if learner is None:
        return None
    owner = {f"learner__{field}": value for field, value in learner.items()}
    return (
        Question.objects.select_related("answer")
        .filter(public_id=public_id, **owner)
        .exclude(source=Question.Source.ASSIGNMENT)
        .first()
    )


def question_base_context(question: Question) -> dict:
    """What every page of a question shows, on screen or on paper: kind, situation, skills.

    Never the answer: the kind's prompt is what the learner is told to work from.
    """
    kind = kind_for(question.kind)
    return {
        "question": question,
        "kind": kind,
        "s": question.situation,
        "prompt": kind.prompt(question.situation),
        "skill_names": [gettext(SKILLS[s]) for s in dict.fromkeys(question.skills) if s in SKILLS],
    }


def set_position(question: Question) -> dict | None:
    """Where a question of today's set stands in it: {"number": 3, "size": 10}; None for
    any other question. Counted from the set's answers that day, so it stays put."""
    if question.source != Question.Source.DAILY:
        return None
    answer = getattr(question, "answer", None)
    when = answer.created if answer is not None else timezone.now()
    start = timezone.localtime(when).replace(hour=0, minute=0, second=0, microsecond=0)
    answers = Answer.objects.filter(
        question__learner_id=question.learner_id,
        question__source=Question.Source.DAILY,
        created__gte=start,
    )
    if answer is not None:
        answers = answers.filter(pk__lt=answer.pk)
    position = {"number": min(answers.count() + 1, daily.DAILY_SIZE), "size": daily.DAILY_SIZE}
    focus = question.focus
    if answer is None and focus in SKILLS:
        met = SkillProgress.objects.filter(learner_id=question.learner_id, skill=focus)
        if not met.filter(answered__gt=0).exists():
            # The set moves on to a skill the learner has never answered: its lesson first.
            position["new_skill"] = {"name": gettext(SKILLS[focus]), "lesson": lesson_url(focus)}
    return position


def choice_text(field, value):
    """What a learner reads for an answer's value: a choice's text, 2½, 13.20, or the value."""
    return field.text(value)


def retry_allowed(question: Question) -> bool:
    """Practice, lesson checks and today's set give a hint and a second try; an
    assignment follows its teacher's rules instead."""
    return question.source != Question.Source.ASSIGNMENT


def question_context(*, question: Question, form=None) -> dict:
    context = question_base_context(question)
    kind = context["kind"]
    fields = kind.fields(question.situation)
    answer = getattr(question, "answer", None)
    context.update(
        attributes=kind.attributes(question.situation),
        answer=answer,
        set_position=set_position(question),
    )
    if answer is None:
        context["form"] = form if form is not None else answer_form(fields)
        return context
    if answer.awaiting_retry and retry_allowed(question):
        # Wrong at the first try: which part, and the rule to look at; no figure of the
        # answer and no breakdown until the second try.
        labels = {f.name: f for f in fields}
        wrong = [mark for mark in answer.marks if not mark["right"] and mark["name"] in labels]
        follows = _follows(answer.marks, labels)
        context.update(
            hinting=True,
            # Boxes that follow from a wrong one are said to, in their own sentence.
            rest_right=len(wrong) < len(fields) and not follows["follows"],
            hint=[labels[mark["name"]].label for mark in wrong],
            **follows,
            # The lessons to look at: the named misunderstandings' skills when the grader
            # named any (the same blame progress counted), else the wrong boxes' skills.
            rules=[
                {"name": lesson_title(s), "url": lesson_url(s)}
                for s in dict.fromkeys(
                    [
                        slip_skill(kind, question.situation, MISTAKES[k])
                        for k in answer.mistakes
                        if k in MISTAKE_SKILLS and k in MISTAKES
                    ]
                    or [
                        s
                        for mark in wrong
                        for s in kind.box_skills(question.situation, mark["name"])
                    ]
                )
                if s in SKILLS
            ],
            mistakes=[
                {"mistake": MISTAKES[key], "lines": []}
                for key in answer.mistakes
                if key in MISTAKES
            ],
            either_mistake=_either(kind, question.situation, answer),
            unexplained=not any(key in MISTAKES for key in answer.mistakes),
            form=form if form is not None else answer_form(fields, initial=answer.given),
        )
        return context
    # Answered: only now is the engine's answer computed and shown.
    solution = context["solution"] = kind.solve(question.situation)
    labels = {f.name: f for f in fields}
    given, marks, named = answer.given, answer.marks, answer.mistakes
    if answer.retry_given is not None and not answer.retry_correct:
        # Wrong again: the feedback is about the second try, what the learner said last.
        given = answer.retry_given
        again = grade(kind, question.situation, given)
        marks = [
            {"name": m.name, "given": m.given, "expected": m.expected, "right": m.right}
            | ({"follows": True} if m.follows else {})
            for m in again.marks
        ]
        named = again.mistake_keys
    context.update(
        marks=[_mark_display(mark, labels[mark["name"]]) for mark in marks],
        **_follows(marks, labels),
        mistakes=[
            _named(kind, question.situation, MISTAKES[key], solution)
            for key in named
            if key in MISTAKES
        ],
        # Wrong, and no known slip gives it: said in plain words, counted against none.
        unexplained=not (answer.correct or answer.retry_correct)
        and not any(key in MISTAKES for key in named),
        either_mistake=each_explains_alone(
            kind, question.situation, given, [MISTAKES[k] for k in named if k in MISTAKES]
        ),
    )
    if question.source == Question.Source.SHEET:
        context["sheet_next"] = _sheet_next(question)
    return context


def _named(kind, situation: dict, mistake, solution) -> dict:
    """A named misunderstanding as the feedback tells it: the rule, the lines it changes,
    the question's own figures as they are and as the slip makes them, and the lesson that
    teaches what it got wrong."""
    skill = slip_skill(kind, situation, mistake)
    return {
        "mistake": mistake,
        "lines": changed_lines(kind, situation, mistake, solution),
        "figures": slip_figures(kind, situation, mistake, solution),
        "lesson": {"name": lesson_title(skill), "url": lesson_url(skill)} if skill else None,
    }


def _either(kind, situation, answer: Answer) -> bool:
    """Were the first try's named misunderstandings alternatives (each alone gives it)?"""
    named = [MISTAKES[key] for key in answer.mistakes if key in MISTAKES]
    return each_explains_alone(kind, situation, answer.given, named)


def _sheet_next(question: Question) -> dict:
    """A sheet drill's step, answered for good: the button on to the next step."""
    step = SheetStep.objects.select_related("drill").get(question=question)
    drill = step.drill
    last = step.number >= sheet_drill.step_count(drill.form, drill.deals)
    label = sheet_drill.step_label(drill.form, drill.deals, step.number + 1)
    return {
        "url": reverse("quizzes:sheet_next", args=[drill.public_id]),
        "label": gettext("See the whole sheet")
        if last
        else gettext("Next: {step}").format(step=f"{label[0].lower()}{label[1:]}"),
        "last": last,
    }


def _follows(marks: list[dict], labels: dict) -> dict:
    """The boxes credited as following from the learner's own figures (a difference worked
    from a wrong total), and the wrong boxes they follow from, by label."""
    marks = [mark for mark in marks if mark["name"] in labels]
    follows = [labels[mark["name"]].label for mark in marks if mark.get("follows")]
    roots = [labels[mark["name"]].label for mark in marks if not mark["right"]]
    return {"follows": follows, "roots": roots if follows else []}


def _mark_display(mark: dict, field) -> dict:
    expected = choice_text(field, mark["expected"])
    if mark.get("follows"):
        # Right from the learner's own figures: the engine's figure, and that this is theirs.
        expected = gettext("{expected} ({given} from your own figures)").format(
            expected=field.said(mark["expected"]), given=field.said(mark["given"])
        )
    return {
        **mark,
        "label": field.label,
        "given_text": choice_text(field, mark["given"]),
        "expected_text": expected,
    }
