"""Reads of the practice app: what a question page, a check block or a progress page shows."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from common.text import fill
from course.map import AFTER_LESSON, REVIEW_QUIZ, lesson_number, lesson_title, lesson_url
from quizzes import daily, progress, review, sheet_drill
from quizzes.forms import answer_form
from quizzes.grading import changed_lines, each_explains_alone, grade, slip_figures, slip_skill
from quizzes.kinds import kind_for
from quizzes.models import (
    Answer,
    Learner,
    Question,
    ReviewCard,
    SheetDrill,
    SheetStep,
    SkillProgress,
)
from quizzes.skills import COURSE, MISTAKE_SKILLS, SKILLS
from scoring import MISTAKES

CHECK_COUNT = 3
"""Questions in a lesson's "Check yourself"; all right, and the check is passed."""


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
        "skill_names": [SKILLS[s] for s in dict.fromkeys(question.skills) if s in SKILLS],
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
            position["new_skill"] = {"name": SKILLS[focus], "lesson": lesson_url(focus)}
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
    last = step.number >= sheet_steps(drill)
    label = sheet_drill.step_label(drill.form, drill.deals, step.number + 1)
    return {
        "url": reverse("quizzes:sheet_next", args=[drill.public_id]),
        "label": "See the whole sheet" if last else f"Next: {label[0].lower()}{label[1:]}",
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
        expected = f"{expected} ({choice_text(field, mark['given'])} from your own figures)"
    return {
        **mark,
        "label": field.label,
        "given_text": choice_text(field, mark["given"]),
        "expected_text": expected,
    }


def check_questions(*, learner: Learner | None, skill: str, count: int) -> list[Question]:
    if learner is None:
        return []
    latest = (
        Question.objects.select_related("answer")
        .filter(learner=learner, source=Question.Source.CHECK, focus=skill)
        .order_by("-created", "-id")[:count]
    )
    return list(reversed(latest))


@dataclass(frozen=True)
class CheckResult:
    """A lesson's check as it stands: its latest set of questions, how far the learner has
    got through them and how many were right at the first try (as progress counts them).

    The one reading of a check: the lesson page, its "Next for you" and the course map all
    take it from here, so they cannot disagree."""

    size: int
    answered: int
    """Answered for good: right, or wrong and tried a second time after the hint."""
    right: int
    started: bool
    """At least one answer sent, even one still waiting for its second try."""

    @property
    def finished(self) -> bool:
        return self.size > 0 and self.answered == self.size

    @property
    def passed(self) -> bool:
        return self.finished and self.right == CHECK_COUNT


def check_result(marks: list[tuple[bool | None, bool | None]]) -> CheckResult:
    """The check from its latest questions' answers: per question (right at the first try,
    or None when not answered yet; right at the second try, or None when none was sent)."""
    return CheckResult(
        size=len(marks),
        answered=sum(1 for first, second in marks if first or second is not None),
        right=sum(1 for first, _ in marks if first),
        started=any(first is not None for first, _ in marks),
    )


def check_result_of(questions: list[Question]) -> CheckResult:
    """check_result for questions read with their answers (check_questions)."""
    answers = [getattr(q, "answer", None) for q in questions]
    return check_result(
        [(None, None) if a is None else (a.correct, a.retry_correct) for a in answers]
    )


@dataclass(frozen=True)
class CheckHistory:
    """A skill's checks: the latest (as the lesson page shows it), and whether any set of
    three was ever all right (a passed check stays passed: "three more questions" after it
    asks again without taking the lesson back)."""

    latest: CheckResult
    ever_passed: bool


def _checks(learner: Learner) -> dict[str, CheckHistory]:
    """Each skill's checks, read in one query however many. A check is three questions made
    together (services.check_new), so its sets are taken three by three from the newest."""
    rows = (
        Question.objects.filter(learner=learner, source=Question.Source.CHECK)
        .order_by("focus", "-created", "-id")
        .values_list("focus", "answer__correct", "answer__retry_correct")
    )
    marks: dict[str, list] = {}
    for focus, first, second in rows:
        marks.setdefault(focus, []).append((first, second))
    history = {}
    for focus, found in marks.items():
        sets = [
            check_result(found[i : i + CHECK_COUNT][::-1])
            for i in range(0, len(found), CHECK_COUNT)
        ]
        history[focus] = CheckHistory(sets[0], any(s.passed for s in sets))
    return history


def _latest_checks(learner: Learner) -> dict[str, CheckResult]:
    """Each skill's latest check."""
    return {focus: h.latest for focus, h in _checks(learner).items()}


def passed_checks(*, learner: Learner) -> frozenset[str]:
    """The skills whose lesson check the learner has passed, at any try."""
    return frozenset(skill for skill, h in _checks(learner).items() if h.ever_passed)


def recent_questions(*, learner: Learner | None, count: int = 5) -> list[Question]:
    if learner is None:
        return []
    return list(
        Question.objects.select_related("answer")
        .filter(learner=learner, answer__isnull=False, answer__credited=True)
        .order_by("-answer__created")[:count]
    )


def progress_rows(*, learner: Learner | None, now=None) -> list[dict]:
    """Every skill with the learner's standing on it, in course order."""
    return list(course_standing(learner=learner, now=now or timezone.now()).values())


def progress_totals(rows: list[dict]) -> dict:
    return {level: sum(1 for r in rows if r["level"] == level) for level in progress.LEVELS}


def today_summary(*, learner: Learner | None, now, due: list[str] | None = None) -> dict:
    """Today's set for the practice page: reviews due, questions done, the day streak."""
    if learner is None:
        return {"due": 0, "done": 0, "size": daily.DAILY_SIZE, "streak": 0, "finished": False}
    due = due_keys(learner=learner, now=now)
    done = daily_answered_today(learner=learner, now=now)
    right = daily_answered_today(learner=learner, now=now, correct=True) if done else 0
    days = Answer.objects.filter(
        question__learner=learner, created__gte=now - timedelta(days=400)
    ).dates("created", "day")
    return {
        "due": len([key for key in due if key in SKILLS]),
        "due_mistakes": len([key for key in due if key not in SKILLS]),
        "done": done,
        "right": right,
        "verdict": set_verdict(right, done),
        "size": daily.DAILY_SIZE,
        "streak": daily.streak(list(days), timezone.localdate(now)),
        "finished": done >= daily.DAILY_SIZE,
    }


def due_keys(*, learner: Learner | None, now) -> list[str]:
    """The learner's cards due for review by `now`, most overdue first."""
    if learner is None:
        return []
    return list(
        ReviewCard.objects.filter(learner=learner, due__lte=now)
        .order_by("due", "key")
        .values_list("key", flat=True)
    )


def upcoming_keys(*, learner: Learner, count: int) -> list[str]:
    """The learner's skill cards that come due soonest, due or not."""
    return list(
        ReviewCard.objects.filter(learner=learner)
        .exclude(key__startswith=review.MISTAKE_PREFIX)
        .order_by("due", "key")
        .values_list("key", flat=True)[:count]
    )


def daily_answered_today(*, learner: Learner, now, correct: bool | None = None) -> int:
    """Today's set's questions answered today; only those right at the first try if
    `correct`."""
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    answers = Answer.objects.filter(
        question__learner=learner,
        question__source=Question.Source.DAILY,
        created__gte=start,
    )
    if correct is not None:
        answers = answers.filter(correct=correct)
    return answers.count()


def set_verdict(right: int, done: int) -> str:
    """A word on a finished set that fits its score: praise only when it was earned."""
    if not done:
        return ""
    if right == done:
        return "Every one right. Well played."
    if right * 10 >= done * 8:
        return "Well played."
    if right * 2 >= done:
        return "A fair start: the ones you missed will come back in the days ahead."
    return "A hard set. Have another look at the lesson below, then try a few more."


def after_set_step(*, learner: Learner | None, now, standing: dict | None = None) -> NextStep:
    """The one next step once today's set is done: the next lesson on the learner's path
    if there is one, else practice of their weakest skill."""
    standing = standing or course_standing(learner=learner, now=now)
    frontier = course_frontier(standing)
    if frontier is not None:
        here = standing[frontier]
        started = here["answered"] or here["checked"]
        return NextStep(
            f"{'Back to' if started else 'Next'} lesson {here['number']}: {here['lesson']}",
            lesson_url(frontier),
            "It is the lesson you are working on."
            if started
            else "It is the next lesson on your path.",
        )
    tried = [s for s in standing.values() if s["answered"]] or list(standing.values())
    weakest = min(tried, key=lambda s: progress.weakness(s["recent"]))
    return NextStep(
        f"Practise {weakest['name'].lower()}",
        f"{reverse('quizzes:home')}?skill={weakest['skill']}&upto={weakest['skill']}",
        "You have been through every lesson: this is your weakest skill.",
    )


# -- where the learner stands on the course, and the one next step -------------------------

RECENT_ANSWERS = 30
"""How far back "you keep making this slip" looks."""


@dataclass(frozen=True)
class NextStep:
    label: str
    url: str
    why: str


def course_standing(
    *, learner: Learner | None, now, due: list[str] | None = None
) -> dict[str, dict]:
    """Each skill in course order: level, its check, a review due, answers so far.

    "level" is the course's word for the lesson, shown on every page: "mastered" only when
    the lesson's check is passed AND the skill's practice is mastered (the last five right);
    practice alone gets as far as "practised". "practice_level" is practice's alone."""
    rows, checks, known = {}, {}, due
    due = set(due or ())
    if learner is not None:
        rows = {r.skill: r for r in SkillProgress.objects.filter(learner=learner)}
        if known is None:
            due = set(due_keys(learner=learner, now=now))
        checks = _checks(learner)
    standing = {}
    for skill in SKILLS:
        row = rows.get(skill)
        history = checks.get(skill)
        check = history.latest if history else None
        passed = bool(history and history.ever_passed)
        recent = row.recent if row else ""
        practice_level = progress.level(recent)
        level = practice_level
        if level == "mastered" and not passed:
            level = "practised"
        standing[skill] = {
            "skill": skill,
            "name": SKILLS[skill],
            "lesson": lesson_title(skill),
            "number": lesson_number(skill),
            "level": level,
            "level_name": progress.LEVEL_NAMES[level],
            "practice_level": practice_level,
            "recent": recent,
            "answered": row.answered if row else 0,
            "right": row.right if row else 0,
            "check": check,
            "check_passed": passed,
            # A finished check with a wrong answer, never passed: the learner stays here.
            "check_held": bool(check and check.finished and not passed),
            "checked": bool(check and check.started),
            "due": skill in due,
        }
    return standing


def path_of(standing: dict[str, dict]) -> dict:
    """What daily.frontier and daily.next_step read, from a learner's standing."""
    return {
        "levels": {skill: s["practice_level"] for skill, s in standing.items()},
        "answered": {skill: s["answered"] for skill, s in standing.items()},
        "passed": frozenset(skill for skill, s in standing.items() if s["check_passed"]),
        "held": frozenset(skill for skill, s in standing.items() if s["check_held"]),
    }


def course_frontier(standing: dict[str, dict]) -> str | None:
    """The skill of the lesson the learner is at (daily.frontier), from their standing:
    what "Next lesson", "Back to lesson N", "You are at lesson N" and today's set all say."""
    return daily.frontier(**path_of(standing))


@dataclass(frozen=True)
class CoursePosition:
    """Where the learner is on the course: one lesson, or every lesson behind them."""

    skill: str | None
    number: int | None
    title: str
    url: str
    started: bool
    """Whether the learner has answered anything yet (a new visitor is told nothing)."""


def course_position(standing: dict[str, dict]) -> CoursePosition:
    """The one course position every page shows (home, lessons, today's set, practice,
    Fill in the sheet, progress)."""
    started = any(s["answered"] or s["checked"] for s in standing.values())
    at = course_frontier(standing)
    if at is None:
        return CoursePosition(None, None, "", REVIEW_QUIZ.url, started)
    return CoursePosition(at, lesson_number(at), lesson_title(at), lesson_url(at), started)


def next_step(
    *, learner: Learner | None, now, standing: dict | None = None, done: int | None = None
) -> NextStep:
    """The one thing to do next, and why. `standing` and `done` (today's set) if read."""
    standing = standing or course_standing(learner=learner, now=now)
    if not any(s["answered"] for s in standing.values()):
        return NextStep(
            f"Start lesson 1: {lesson_title(COURSE[0])}",
            lesson_url("sheet"),
            "New here? The course starts with the score sheet and its line.",
        )
    frontier = course_frontier(standing)
    due = [s["name"] for s in standing.values() if s["due"]]
    if done is None:
        done = daily_answered_today(learner=learner, now=now)
    finished = done >= daily.DAILY_SIZE
    if due and not finished:
        return NextStep(
            f"Today's set: {len(due)} review{'s' if len(due) != 1 else ''} due",
            reverse("quizzes:today"),
            f"{listed_for_review(due)} due for review: practise now, before you forget.",
        )
    if frontier is None:
        return NextStep(
            "Score a whole rubber yourself",
            REVIEW_QUIZ.url,
            "You have been through every lesson. Put it all together on a whole rubber.",
        )
    here = standing[frontier]
    if not here["answered"] and not here["checked"]:
        return NextStep(
            f"Next lesson: {here['lesson']}",
            lesson_url(frontier),
            "You have worked through the lessons before it: this one is next on the course.",
        )
    check = here["check"]
    if here["check_held"] and here["practice_level"] != "learning":
        return NextStep(
            f"Lesson {here['number']}'s check again",
            f"{lesson_url(frontier)}#check-yourself",
            f"You are on lesson {here['number']}, “{here['lesson']}”: its check was "
            f"{check.right} of {check.size} right. Three more, all right first time, "
            "and the course goes on.",
        )
    if not finished:
        return NextStep(
            "Carry on with today's set",
            reverse("quizzes:today"),
            f"You are on lesson {here['number']}, “{here['lesson']}” "
            f"(your level: {here['level_name'].lower()}). Today's set practises it.",
        )
    return NextStep(
        f"Practise {here['name'].lower()}",
        f"{reverse('quizzes:home')}?skill={frontier}&upto={frontier}",
        "Today's set is done; a few more on the skill you are learning will not hurt.",
    )


@dataclass(frozen=True)
class LessonLink:
    title: str
    url: str
    is_lesson: bool = True

    @property
    def next_label(self) -> str:
        return f"Next lesson: {self.title}" if self.is_lesson else f"Next: {self.title}"


def following_lesson(skill: str) -> LessonLink | None:
    """The lesson after `skill`'s on the course, for a page of this app (the lessons app,
    above it, passes its own lessons.course.Lesson)."""
    if skill in AFTER_LESSON:  # the sample rubber, after the rubber lesson
        place = AFTER_LESSON[skill]
        return LessonLink(place.title, place.url, is_lesson=False)
    position = COURSE.index(skill) + 1
    if position >= len(COURSE):
        return None
    return LessonLink(lesson_title(COURSE[position]), lesson_url(COURSE[position]))


def lesson_next_step(*, standing: dict, skill: str, following) -> NextStep:
    """ "Next for you" on a lesson's own page: never the page itself. The lesson's check
    while it is not passed (the questions just above, so no button of its own), then the
    following lesson (`following`: a lessons.course.Lesson, or None after the last)."""
    here = standing.get(skill) or {}
    passed = here.get("check_passed")
    practised = here.get("practice_level") == "mastered" and not here.get("check_held")
    if not (passed or practised):
        then = ""
        if following is not None:
            if getattr(following, "is_lesson", True):
                then = fill(" Then go on to the next lesson, {title}.", title=following.title)
            else:  # the sample rubber, after the rubber lesson
                title = following.title[:1].lower() + following.title[1:]
                then = fill(" Then go on to {title}.", title=title)
        check = here.get("check")
        if check is not None and check.finished:
            # The three above are answered: the section offers three more, not these.
            why = "Try three more questions above: the check is passed when all three are "
            why += f"right first time.{then}"
        else:
            why = f"Answer the three questions above to see if this lesson has stuck.{then}"
        return NextStep("Check yourself on this lesson", "#check-yourself", why)
    if following is not None:
        done = "passed this lesson's check" if passed else "mastered this lesson's skill"
        label = getattr(following, "next_label", f"Next lesson: {following.title}")
        return NextStep(
            label,
            following.url,
            f"You have {done}: on to what comes next on the course.",
        )
    return NextStep(
        "Today's set",
        reverse("quizzes:today"),
        "This is the last lesson. Ten questions a day keep every skill fresh.",
    )


def recurring_mistake(*, learner: Learner | None) -> dict | None:
    """The misunderstanding named most often in the learner's latest answers (twice or more)."""
    if learner is None:
        return None
    recent = Answer.objects.filter(question__learner=learner).order_by("-created")
    counts = Counter(
        key
        for mistakes in recent.values_list("mistakes", flat=True)[:RECENT_ANSWERS]
        for key in mistakes
        if key in MISTAKES
    )
    if not counts:
        return None
    key, times = counts.most_common(1)[0]
    if times < 2:
        return None
    return {
        "mistake": MISTAKES[key],
        "times": times,
        "of": RECENT_ANSWERS,
        "skill": MISTAKE_SKILLS.get(key),
    }


def listed_for_review(names: list[str]) -> str:
    """Skills due, named as names (quoted: a name may hold an "and" of its own), with
    the verb.

    >>> listed_for_review(["Trick score"])
    '“Trick score” is'
    >>> listed_for_review(["Trick score", "Part-scores and games", "Slams", "Honors"])
    '“Trick score”, “Part-scores and games” and 2 more skills are'
    """
    quoted = [f"“{name}”" for name in names]
    if len(quoted) == 1:
        return f"{quoted[0]} is"
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]} are"
    more = len(quoted) - 2
    return f"{', '.join(quoted[:2])} and {more} more skill{'s' if more != 1 else ''} are"


# -- the sheet drill ----------------------------------------------------------------------


def sheet_current(*, learner: Learner | None) -> SheetDrill | None:
    """The sheet the learner is filling in (or last filled in)."""
    if learner is None:
        return None
    return SheetDrill.objects.filter(learner=learner).order_by("-created", "-pk").first()


def sheet_for_learner(*, learner: dict | None, public_id: str) -> SheetDrill | None:
    """The learner's own sheet (`learner` a lookup, as in question_for_learner)."""
    if learner is None:
        return None
    owner = {f"learner__{field}": value for field, value in learner.items()}
    return SheetDrill.objects.filter(public_id=public_id, **owner).first()


def sheet_steps(drill: SheetDrill) -> int:
    return sheet_drill.step_count(drill.form, drill.deals)


def sheet_current_step(drill: SheetDrill) -> SheetStep:
    return drill.steps.select_related("question__answer").order_by("-number").first()


def sheet_step_done(step: SheetStep) -> bool:
    """Answered for good: right at once, or after the second try."""
    answer = getattr(step.question, "answer", None)
    return answer is not None and not answer.awaiting_retry


def sheet_context(*, drill: SheetDrill, form=None) -> dict:
    """The sheet drill's page: its steps so far, the current one, and the result at the end.
    `form`: the current step's answer form as sent and refused, drawn with its errors."""
    steps = list(drill.steps.select_related("question__answer"))
    total = sheet_steps(drill)
    current = steps[-1]
    done = sheet_step_done(current)
    rows = []
    for number in range(1, total + 1):
        step = steps[number - 1] if number <= len(steps) else None
        answer = getattr(step.question, "answer", None) if step else None
        if answer is None or answer.awaiting_retry:
            state = "now" if step else "later"
        elif answer.correct:
            state = "right"
        else:
            state = "second" if answer.retry_correct else "wrong"
        rows.append(
            {
                "number": number,
                "label": sheet_drill.step_label(drill.form, drill.deals, number),
                "state": state,
            }
        )
    finished = done and current.number == total
    context = {
        "drill": drill,
        "rows": rows,
        "total": total,
        "current": current,
        "current_q": question_context(question=current.question, form=form),
        "finished": finished,
    }
    if finished:
        first_time = sum(1 for row in rows if row["state"] == "right")
        context.update(
            first_time=first_time,
            final_sheet=sheet_final(drill),
        )
    return context


def sheet_final(drill: SheetDrill):
    """The finished sheet as the engine writes it, with any end-of-play bonus."""
    sheet = sheet_drill.finished_sheet(drill.form, drill.deals, drill.first_dealer or "we")
    if drill.form == "rubber":
        sheet.finish()
    return sheet


def sheet_readiness(*, learner: Learner | None, now) -> dict | None:
    """Where the learner is on the course, when it is before a sheet's lessons: a whole
    rubber uses everything up to its lesson (doubles, honors, the rubber's end), a
    chukker more. None once both are behind them."""
    at = course_frontier(course_standing(learner=learner, now=now))
    if at is None:
        return None
    ahead = [
        {"form": form, "number": lesson_number(skill), "name": lesson_title(skill)}
        for form, skill in sheet_drill.UPTO.items()
        if COURSE.index(skill) > COURSE.index(at)
    ]
    if not ahead:
        return None
    return {
        "number": lesson_number(at),
        "name": lesson_title(at),
        "lesson": lesson_url(at),
        "ahead": ahead,
    }
