"""Where the learner stands on the course, and the one next step every page offers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from common.text import fill
from course.map import AFTER_LESSON, REVIEW_QUIZ, lesson_number, lesson_title, lesson_url
from quizzes import daily, progress
from quizzes.models import Answer, Learner, SkillProgress
from quizzes.selectors.checks import check_histories
from quizzes.selectors.today import daily_answered_today, due_keys
from quizzes.skills import COURSE, MISTAKE_SKILLS, SKILLS
from scoring import MISTAKES

RECENT_ANSWERS = 30
"""How far back "you keep making this slip" looks."""


@dataclass(frozen=True)
class NextStep:
    label: str
    url: str
    why: str


def progress_rows(*, learner: Learner | None, now=None) -> list[dict]:
    """Every skill with the learner's standing on it, in course order."""
    return list(course_standing(learner=learner, now=now or timezone.now()).values())


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
        checks = check_histories(learner)
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
            "name": gettext(SKILLS[skill]),
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
            fill(gettext("Start lesson 1: {title}"), title=lesson_title(COURSE[0])),
            lesson_url("sheet"),
            gettext("New here? The course starts with the score sheet and its line."),
        )
    frontier = course_frontier(standing)
    due = [s["name"] for s in standing.values() if s["due"]]
    if done is None:
        done = daily_answered_today(learner=learner, now=now)
    finished = done >= daily.DAILY_SIZE
    if due and not finished:
        return NextStep(
            ngettext(
                "Today's set: {n} review due", "Today's set: {n} reviews due", len(due)
            ).format(n=len(due)),
            reverse("quizzes:today"),
            gettext("{skills} due for review: practise now, before you forget.").format(
                skills=listed_for_review(due)
            ),
        )
    if frontier is None:
        return NextStep(
            gettext("Score a whole rubber yourself"),
            REVIEW_QUIZ.url,
            gettext("You have been through every lesson. Put it all together on a whole rubber."),
        )
    here = standing[frontier]
    if not here["answered"] and not here["checked"]:
        return NextStep(
            fill(gettext("Next lesson: {title}"), title=here["lesson"]),
            lesson_url(frontier),
            gettext(
                "You have worked through the lessons before it: this one is next on the course."
            ),
        )
    check = here["check"]
    if here["check_held"] and here["practice_level"] != "learning":
        return NextStep(
            gettext("Lesson {number}'s check again").format(number=here["number"]),
            f"{lesson_url(frontier)}#check-yourself",
            gettext(
                "You are on lesson {number}, “{title}”: its check was {right} of {size} right. "
                "Three more, all right first time, and the course goes on."
            ).format(
                number=here["number"], title=here["lesson"], right=check.right, size=check.size
            ),
        )
    if not finished:
        return NextStep(
            gettext("Carry on with today's set"),
            reverse("quizzes:today"),
            gettext(
                "You are on lesson {number}, “{title}” (your level: {level}). "
                "Today's set practises it."
            ).format(
                number=here["number"],
                title=here["lesson"],
                level=gettext(here["level_name"]).lower(),
            ),
        )
    return NextStep(
        gettext("Practise {skill}").format(skill=here["name"].lower()),
        f"{reverse('quizzes:home')}?skill={frontier}&upto={frontier}",
        gettext("Today's set is done; a few more on the skill you are learning will not hurt."),
    )


@dataclass(frozen=True)
class LessonLink:
    title: str
    url: str
    is_lesson: bool = True

    @property
    def next_label(self) -> str:
        if self.is_lesson:
            return fill(gettext("Next lesson: {title}"), title=self.title)
        return fill(gettext("Next: {title}"), title=self.title)


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
                then = fill(
                    gettext(" Then go on to the next lesson, {title}."), title=following.title
                )
            else:  # the sample rubber, after the rubber lesson
                title = following.title[:1].lower() + following.title[1:]
                then = fill(gettext(" Then go on to {title}."), title=title)
        check = here.get("check")
        if check is not None and check.finished:
            # The three above are answered: the section offers three more, not these.
            why = gettext(
                "Try three more questions above: the check is passed when all three are "
                "right first time."
            )
        else:
            why = gettext("Answer the three questions above to see if this lesson has stuck.")
        return NextStep(gettext("Check yourself on this lesson"), "#check-yourself", why + then)
    if following is not None:
        if passed:
            why = gettext(
                "You have passed this lesson's check: on to what comes next on the course."
            )
        else:
            why = gettext(
                "You have mastered this lesson's skill: on to what comes next on the course."
            )
        label = getattr(following, "next_label", None) or fill(
            gettext("Next lesson: {title}"), title=following.title
        )
        return NextStep(label, following.url, why)
    return NextStep(
        gettext("Today's set"),
        reverse("quizzes:today"),
        gettext("This is the last lesson. Ten questions a day keep every skill fresh."),
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
    quoted = [gettext("“{name}”").format(name=name) for name in names]
    if len(quoted) == 1:
        return gettext("{first} is").format(first=quoted[0])
    if len(quoted) == 2:
        return gettext("{first} and {second} are").format(first=quoted[0], second=quoted[1])
    more = len(quoted) - 2
    return ngettext(
        "{first}, {second} and {more} more skill are",
        "{first}, {second} and {more} more skills are",
        more,
    ).format(first=quoted[0], second=quoted[1], more=more)


def after_set_step(*, learner: Learner | None, now, standing: dict | None = None) -> NextStep:
    """The one next step once today's set is done: the next lesson on the learner's path
    if there is one, else practice of their weakest skill."""
    standing = standing or course_standing(learner=learner, now=now)
    frontier = course_frontier(standing)
    if frontier is not None:
        here = standing[frontier]
        started = here["answered"] or here["checked"]
        if started:
            label = gettext("Back to lesson {number}: {title}")
            why = gettext("It is the lesson you are working on.")
        else:
            label = gettext("Next lesson {number}: {title}")
            why = gettext("It is the next lesson on your path.")
        return NextStep(
            fill(label, number=here["number"], title=here["lesson"]), lesson_url(frontier), why
        )
    tried = [s for s in standing.values() if s["answered"]] or list(standing.values())
    weakest = min(tried, key=lambda s: progress.weakness(s["recent"]))
    return NextStep(
        gettext("Practise {skill}").format(skill=weakest["name"].lower()),
        f"{reverse('quizzes:home')}?skill={weakest['skill']}&upto={weakest['skill']}",
        gettext("You have been through every lesson: this is your weakest skill."),
    )
