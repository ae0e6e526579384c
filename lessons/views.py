"""The lesson pages, drawn for each request. What is the same for everyone and costly to draw
(a lesson's body, the engine's sheets) is kept as template fragments ({% cache %}, in the
"fragments" cache, keyed by the release); the layout and the visitor's own parts are drawn
afresh."""

from functools import partial

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_http_methods, require_safe

from lessons import deals, services
from lessons.course import TOPICS, TOPICS_BY_SLUG, course_urls, next_page, previous_page
from lessons.forms import PointsForm, TryItForm
from quizzes.selectors import course_standing, next_step
from quizzes.services import learner_for_request
from quizzes.templatetags.course import remember_standing
from scoring import tables


def _render(request, template, context, status=200):
    context.setdefault("section", "lessons")
    if "course_next" not in context and request.path in course_urls():
        context["course_next"] = next_page(request.path)
    return render(request, template, context, status=status)


def _hint(marks: list[dict]) -> dict:
    """After a first try with a slip: the boxes to look at again (no figure), and whether
    the others were right."""
    wrong = [m["label"] for m in marks if not m["right"]]
    return {"hint": wrong, "rest_right": len(wrong) < len(marks)}


@require_safe
def index(request):
    learner = learner_for_request(request)
    now = timezone.now()
    standing = course_standing(learner=learner, now=now)
    remember_standing(request, learner, standing)
    context = {
        "topics": [(lesson, standing[lesson.skill]) for lesson in TOPICS],
        "step": next_step(learner=learner, now=now, standing=standing),
    }
    return _render(request, "lessons/index.html", context)


@require_safe
def lesson_for_skill(request, skill):
    """The lesson that teaches a skill, for links made before practice read the lessons'
    addresses from the course map (course/map.py)."""
    lesson = next((t for t in TOPICS if t.skill == skill), None)
    if lesson is None:
        raise Http404("No lesson teaches that")
    return redirect(lesson.url)


@require_safe
def sample_rubber(request):
    context = {
        "draw": SimpleLazyObject(services.sample_draw),
        "draw_rows": services.draw_rows,
        "deals": deals.SAMPLE_RUBBER,
    }
    return _render(request, "lessons/sample_rubber.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def worked_deal(request, number, worked="sample-rubber"):
    worked = services.WORKED[worked]
    if not 1 <= number <= worked.size:
        raise Http404(f"{worked.title} has {worked.size} deals")
    # "Try it first" only checks figures and changes nothing, so it is a GET form.
    data = request.POST if request.method == "POST" else request.GET
    tried = "check" in data
    page = SimpleLazyObject(partial(services.deal_page, number, worked))
    show_answer = request.GET.get("answer") == "1"
    context = {
        "worked": worked,
        "title": f"{worked.title}, deal {worked.label(number)}",
        "page": page,
        "form": TryItForm(data) if tried else SimpleLazyObject(TryItForm),
        "show_answer": show_answer,
    }
    part = ""
    if request.htmx and not request.htmx.history_restore_request:
        if not tried:
            part = "answer-panel" if request.htmx.target == "answer-panel" else "deal-panel"
        else:
            part = "try-response" if context["form"].is_valid() else "try-panel"
    template = f"lessons/sample_deal.html#{part}" if part else "lessons/sample_deal.html"
    if not tried:
        return _render(request, template, context)
    if not context["form"].is_valid():
        return _render(request, template, context, status=422)
    marks = services.try_it_marks(page.record, context["form"].answers())
    all_right = all(m["right"] for m in marks)
    second = data.get("attempt") == "2"
    # Why the figures are wrong, where a known misunderstanding gives them, as in practice.
    mistakes = [] if all_right else services.try_it_slips(page, context["form"].answers())
    if not all_right and not second:
        # A first try with a slip: which boxes to look at again, the slip's name, no figure.
        context.update(_hint(marks), all_right=False, mistakes=mistakes)
        return _render(request, template, context)
    context.update(
        marks=marks, all_right=all_right, second=second, show_answer=True, mistakes=mistakes
    )
    return _render(request, template, context)


@require_safe
def sample_result(request):
    result = SimpleLazyObject(services.sample_result)
    return _render(request, "lessons/sample_result.html", {"result": result})


@require_safe
def topic(request, slug):
    lesson = TOPICS_BY_SLUG.get(slug)
    if lesson is None:
        raise Http404("No such lesson")
    context = {
        "lesson": lesson,
        # In course order: the sample rubber comes between the rubber lesson and the next.
        "previous": previous_page(lesson.url),
        "next": next_page(lesson.url),
        "deals": deals,
    }
    return _render(request, lesson.template, context)


@require_safe
def review_quiz(request):
    worked = services.WORKED["review-quiz"]
    return _render(request, "lessons/review_quiz.html", {"worked": worked})


@require_safe
def review_quiz_result(request):
    worked = services.WORKED["review-quiz"]
    rubber = SimpleLazyObject(worked.play)
    context = {
        "worked": worked,
        "rubber": rubber,
        "rubber_bonus": SimpleLazyObject(lambda: services.rubber_bonus(rubber)),
    }
    return _render(request, "lessons/review_quiz_result.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def review_quiz_table(request, form):
    """Question 2 (Chicago) or 3 (duplicate): deals a-d, tried first, then shown."""
    rows = services.review_table(form)
    fields = services.review_table_fields(rows)
    context = {"form_name": form, "rows": rows, "show_answer": request.GET.get("answer") == "1"}
    status = 200
    if request.method == "POST":
        points = PointsForm(request.POST, fields=fields)
        if points.is_valid():
            marks = services.review_table_marks(rows, points.answers())
            all_right = all(m["right"] for m in marks)
            second = request.POST.get("attempt") == "2"
            context["mistakes"] = services.review_table_slips(form, rows, points.answers())
            if all_right or second:
                context.update(marks=marks, all_right=all_right, second=second, show_answer=True)
            else:  # which figures to look at again, none of the answers, and a second try
                context.update(_hint(marks))
        else:
            status = 422
    else:
        points = PointsForm(fields=fields)
    context["form"] = points
    context["sections"] = [
        (row, [points[f"{row['label']}_{side}"] for side in ("we", "they")]) for row in rows
    ]
    return _render(request, "lessons/review_quiz_table.html", context, status=status)


def _cheat_sheet() -> dict:
    boards = tables.board_rows()
    half = len(boards) // 2
    vulnerability_headings, vulnerability_rows = tables.chukker_vulnerability_rows()
    return {
        "rules": tables.rule_figures(),
        "form_names": [tables.short_label(form) for form in tables.FORMS_COMPARED],
        "form_rules": tables.form_rule_rows(),
        "chukker_headings": vulnerability_headings,
        "chukker_rows": vulnerability_rows,
        "board_pairs": list(zip(boards[:half], boards[half:], strict=True)),
        # Rounding is shown on the sample rubber and the review quiz (rules §8.1, §8.3).
        "sample": deals.sample_rubber(),
        "review": deals.review_quiz_rubber(),
    }


@require_safe
def cheat_sheet(request):
    context = {"sheet": SimpleLazyObject(_cheat_sheet)}
    return _render(request, "lessons/cheat_sheet.html", context)
