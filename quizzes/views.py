"""Practice: new questions, answers graded in place, progress per skill."""

from __future__ import annotations

from django.http import Http404, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from common.nexturl import next_url
from course.map import LESSONS_INDEX, lesson_title, lesson_url
from quizzes import limits, selectors, services, signals
from quizzes.forms import answer_form
from quizzes.generator import SKILL_KINDS
from quizzes.kinds import KINDS, UnknownQuestion, kind_for
from quizzes.models import Question, SheetDrill
from quizzes.skills import COURSE, SKILLS, taught_through
from quizzes.templatetags.course import lesson_next_step_html, remember_standing

CHECK_COUNT = selectors.CHECK_COUNT


@require_safe
def home(request):
    learner = services.learner_for_request(request)
    skill = request.GET.get("skill", "")
    upto = request.GET.get("upto", "")
    context = {
        "section": "practice",
        "skills": SKILLS,
        "kinds": KINDS,
        "chosen_skill": skill if skill in SKILLS else "",
        "chosen_skill_name": gettext(SKILLS[skill]) if skill in SKILLS else "",
        # From a lesson: practise its skill with only what the course has taught so far.
        "upto": upto if upto in SKILLS and skill in taught_through(upto) else "",
        "recent": selectors.recent_questions(learner=learner),
    }
    now = timezone.now()
    due = selectors.due_keys(learner=learner, now=now)
    standing = selectors.course_standing(learner=learner, now=now, due=due)
    remember_standing(request, learner, standing)
    today = selectors.today_summary(learner=learner, now=now, due=due)
    context.update(
        rows=list(standing.values()),
        today=today,
        step=selectors.next_step(learner=learner, now=now, standing=standing, done=today["done"]),
    )
    return render(request, "quizzes/home.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def today(request):
    """Today's set: about ten questions, due reviews mixed with the next skill on the path."""
    if request.method == "POST":
        learner = services.learner_for_request(request, create=True)
        if reason := limits.questions_exhausted(learner):
            return limits.refused(request, reason, back=reverse("quizzes:today"))
        question = services.daily_next(learner=learner)
        if question is None:  # today's set is done: say so on its own page
            if request.htmx:
                return HttpResponseClientRedirect(reverse("quizzes:today"))
            return redirect("quizzes:today")
        url = reverse("quizzes:question", args=[question.public_id])
        if request.htmx:
            response = _render_question(request, question)
            response["HX-Push-Url"] = url
            return response
        return redirect(url)
    learner = services.learner_for_request(request)
    now = timezone.now()
    today = selectors.today_summary(learner=learner, now=now)
    context = {"section": "practice", "today": today}
    if today["finished"]:
        context["after"] = selectors.after_set_step(learner=learner, now=now)
    return render(request, "quizzes/today.html", context)


@require_POST
def question_new(request):
    kind, skill = request.POST.get("kind") or None, request.POST.get("skill") or None
    upto = request.POST.get("upto") or None
    if request.POST.get("weakest"):
        learner = services.learner_for_request(request)
        skill, kind = services.weakest_skill(learner=learner), None
    if (
        (kind and kind not in KINDS)
        or (skill and skill not in SKILLS)
        or upto not in (None, *SKILLS)
    ):
        return HttpResponseBadRequest("There is no such kind of question or skill.")
    learner = services.learner_for_request(request, create=True)
    if reason := limits.questions_exhausted(learner):
        return limits.refused(request, reason, back=reverse("quizzes:home"))
    try:
        question = services.question_new(learner=learner, kind=kind, skill=skill, upto=upto)
    except UnknownQuestion as error:
        return HttpResponseBadRequest(str(error))
    url = reverse("quizzes:question", args=[question.public_id])
    if request.htmx:
        response = _render_question(request, question, push=True)
        response["HX-Push-Url"] = url
        return response
    return redirect(url)


@require_http_methods(["GET", "HEAD", "POST"])
def question(request, public_id):
    # The learner is only a filter here: found in the same query as the question.
    learner = services.learner_lookup(request)
    question = selectors.question_for_learner(learner=learner, public_id=public_id)
    if question is None:
        raise Http404("This question does not exist, or it is not yours.")
    if request.method in ("GET", "HEAD"):
        return _render_question(request, question)
    kind = kind_for(question.kind)
    form = answer_form(kind.fields(question.situation), data=request.POST)
    answer = getattr(question, "answer", None)
    if answer is not None and not (answer.awaiting_retry and selectors.retry_allowed(question)):
        # Already graded: a replay changes nothing and shows the first grade.
        return _after_answer(request, question)
    if answer is not None and request.POST.get("try") == "1":
        # The first try sent again (a phone that kept it offline and never saw the reply):
        # the learner has not seen the hint yet, so it is no second try. Shows the hint.
        return _after_answer(request, question)
    if not form.is_valid():
        if not request.htmx:
            # Without JavaScript, a refused answer from the sheet or a lesson check keeps
            # the learner on that page, the error beside the box and what they typed kept.
            page = _refused_in_place(request, question, form)
            if page is not None:
                return page
        return _render_question(request, question, form=form, status=422)
    if answer is not None:  # the second try, after the hint
        services.retry_submit(answer=answer, given=form.cleaned_data)
    else:
        services.answer_submit(question=question, given=form.cleaned_data)
    return _after_answer(request, question)


def _refused_in_place(request, question, form):
    """The sheet's or the lesson check's page again, with `form` (refused) in its
    question's place, when the answer was sent from there; else None."""
    back = next_url(request, "")
    if question.source == Question.Source.SHEET and back == SHEET_URL:
        learner = services.learner_for_request(request)
        drill = selectors.sheet_current(learner=learner)
        if drill is not None and drill.steps.order_by("-number").first().question_id == question.pk:
            return _sheet_page(request, status=422, form=form)
    check_url = reverse("quizzes:check", args=[question.focus or "-"])
    if question.source == Question.Source.CHECK and back == check_url:
        learner = services.learner_for_request(request)
        return _check_page(request, learner, question.focus, refused=(question, form), status=422)
    return None


def _after_answer(request, question):
    if request.htmx:
        question.refresh_from_db()
        return _render_question(request, question, check=_check_it_finishes(question))
    default = reverse("quizzes:question", args=[question.public_id])
    target = next_url(request, default)
    return HttpResponseRedirect(f"{target}#q-{question.public_id}")


def _check_it_finishes(question):
    """The lesson check this answer finished (selectors.CheckResult), if it did: swapped
    in below its last question, so the result shows without a reload. Else None."""
    if question.source != Question.Source.CHECK:
        return None
    latest = selectors.check_questions(
        learner=question.learner, skill=question.focus, count=CHECK_COUNT
    )
    check = selectors.check_result_of(latest)
    if check.finished and any(q.pk == question.pk for q in latest):
        return check
    return None


def _lesson_next_step_oob(question) -> str:
    skill = question.focus
    standing = selectors.course_standing(learner=question.learner, now=timezone.now())
    step = selectors.lesson_next_step(
        standing=standing, skill=skill, following=selectors.following_lesson(skill)
    )
    return lesson_next_step_html(step, oob=True)


def _render_question(request, question, form=None, status=200, push=False, check=None):
    context = {
        "q": selectors.question_context(question=question, form=form),
        "section": "practice",
        "next_url": next_url(request, ""),
        "check": check,
    }
    if check is not None:
        # The lesson page's "Next for you" changes with the check: sent along in its place.
        context["next_step_oob"] = _lesson_next_step_oob(question)
    template = "quizzes/question_page.html"
    if request.htmx:
        template = "quizzes/question_page.html#question"
        # On a question's own page only the question is swapped in: the page's title and
        # breadcrumb come along (a <title> and an out-of-band swap) to name the new one's
        # kind. A question inside a lesson or the sheet leaves that page's title alone.
        here = request.htmx.current_url_abs_path or ""
        context["oob"] = here.startswith(reverse("quizzes:home") + "q/")
    return render(request, template, context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def check_yourself(request, skill):
    """Three fresh questions on one skill, for the end of a lesson."""
    if skill not in SKILLS or skill not in SKILL_KINDS:
        raise Http404("No such skill")
    if request.method in ("GET", "HEAD") and request.htmx and request.GET.get("part") == "start":
        # The lesson page is the same for everyone: its start button, with this visitor's
        # form token, is fetched from here. A check under way comes back instead, as it
        # was: a reload of the lesson kept the questions only without JavaScript. A check
        # finished is said on the lesson page itself; its button here asks for three more.
        learner = services.learner_for_request(request)
        latest = selectors.check_questions(learner=learner, skill=skill, count=CHECK_COUNT)
        check = selectors.check_result_of(latest)
        if latest and not check.finished:
            response = _check_page(request, learner, skill, restored=True)
            return reswap(retarget(response, "#check-yourself"), "outerHTML")
        context = {"skill": skill, "check": check}
        return render(request, "quizzes/check.html#check-start", context)
    # Without JavaScript the lesson's button (a GET: the lesson page is the same for
    # everyone, with no form token) asks for "start": the questions at once, not this
    # page's own button again. Only when no check of the skill is under way, so a reload
    # or a second click adds nothing.
    starting = request.method == "GET" and request.GET.get("start") and not request.htmx
    learner = services.learner_for_request(
        request, create=request.method == "POST" or bool(starting)
    )
    if (starting or request.method == "POST") and (reason := limits.questions_exhausted(learner)):
        return limits.refused(request, reason, back=reverse("quizzes:check", args=[skill]))
    if starting:
        latest = selectors.check_questions(learner=learner, skill=skill, count=CHECK_COUNT)
        if not latest or selectors.check_result_of(latest).finished:
            try:
                _check_new(learner, skill)
            except UnknownQuestion as error:
                return HttpResponseBadRequest(str(error))
        return redirect("quizzes:check", skill=skill)
    if request.method == "POST":
        try:
            _check_new(learner, skill)
        except UnknownQuestion as error:
            return HttpResponseBadRequest(str(error))
        if not request.htmx:
            return redirect("quizzes:check", skill=skill)
    return _check_page(request, learner, skill)


def _check_page(request, learner, skill: str, refused=None, status=200, restored=False):
    """The lesson check's questions; `refused`: (question, its refused form) drawn in place.

    `restored`: drawn again as a lesson page loads, so it takes no focus (the reader is at
    the top of the lesson, not at its end)."""
    questions = selectors.check_questions(learner=learner, skill=skill, count=CHECK_COUNT)
    context = {
        "section": "practice",
        "skill": skill,
        "lesson_title": lesson_title(skill) if skill in COURSE else SKILLS[skill],
        "items": [
            selectors.question_context(
                question=q, form=refused[1] if refused and refused[0].pk == q.pk else None
            )
            for q in questions
        ],
        "next_url": reverse("quizzes:check", args=[skill]),
        "restored": restored,
        "check": selectors.check_result_of(questions),
        "lessons_index": LESSONS_INDEX.url,
    }
    if not request.htmx:
        # On its own page (no JavaScript), the way back to the lesson and on to the next.
        # (Where the lessons live is the course map's to say: the lessons app is above.)
        position = COURSE.index(skill) if skill in COURSE else None
        if position is not None:
            context["lesson"] = {"url": lesson_url(skill), "title": lesson_title(skill)}
            # What comes next on the course: the next lesson, or the page between them.
            context["next_lesson"] = selectors.following_lesson(skill)
    template = "quizzes/check.html#check-block" if request.htmx else "quizzes/check.html"
    return render(request, template, context, status=status)


def _check_new(learner, skill: str) -> None:
    """A lesson check's three questions, only on what the course has taught up to the
    lesson: quick one-idea questions first, then a whole deal where it has taught enough."""
    services.check_new(learner=learner, skill=skill, count=CHECK_COUNT)


@require_safe
def progress_page(request):
    learner = services.learner_for_request(request)
    _standing_wanted(learner)
    now = timezone.now()
    standing = selectors.course_standing(learner=learner, now=now)
    remember_standing(request, learner, standing)
    context = {
        "section": "practice",
        "rows": standing.values(),
        "totals": selectors.progress_totals(list(standing.values())),
        "step": selectors.next_step(learner=learner, now=now, standing=standing),
        "slip": selectors.recurring_mistake(learner=learner),
    }
    return render(request, "quizzes/progress.html", context)


SHEET_URL = "/practice/sheet/"


@require_http_methods(["GET", "HEAD", "POST"])
def sheet(request):
    """Fill in the sheet: a whole rubber or a Chicago chukker, deal by deal."""
    if request.method == "POST":
        form = request.POST.get("form", "")
        if form not in SheetDrill.Form.values:
            return _sheet_page(
                request, error=gettext("Choose a rubber or a Chicago chukker."), status=422
            )
        learner = services.learner_for_request(request, create=True)
        if reason := limits.sheets_exhausted(learner) or limits.questions_exhausted(learner):
            return _sheet_page(request, error=reason, status=429)
        services.sheet_start(learner=learner, form=form, after=request.POST.get("after", ""))
        return redirect("quizzes:sheet")
    return _sheet_page(request)


def _sheet_page(request, error="", status=200, form=None):
    learner = services.learner_for_request(request)
    drill = selectors.sheet_current(learner=learner)
    context = {
        "section": "practice",
        "error": error,
        "next_url": SHEET_URL,
        "forms": SheetDrill.Form,
        "readiness": selectors.sheet_readiness(learner=learner, now=timezone.now()),
    }
    if drill is not None:
        context.update(selectors.sheet_context(drill=drill, form=form))
    return render(request, "quizzes/sheet.html", context, status=status)


@require_POST
def sheet_next(request, public_id):
    """On to the sheet's next step, once this one is done."""
    learner = services.learner_lookup(request)
    drill = selectors.sheet_for_learner(learner=learner, public_id=public_id)
    if drill is None:
        raise Http404("This sheet does not exist, or it is not yours.")
    step = services.sheet_next(drill=drill)
    if step.number >= selectors.sheet_steps(drill) and selectors.sheet_step_done(step):
        return redirect(f"{SHEET_URL}#sheet-result-title")
    return redirect(f"{SHEET_URL}#step-{step.number}")


def _standing_wanted(learner) -> None:
    if learner is not None:
        signals.standing_wanted.send(sender=type(learner), learner=learner)
