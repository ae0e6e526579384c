from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from config.rendering import page_for_everyone, rendered_once
from lessons import deals, services
from lessons.course import TOPICS, TOPICS_BY_SLUG
from lessons.forms import PointsForm, TryItForm
from quizzes.selectors import progress_rows
from quizzes.services import learner_for_request
from scoring import tables


def _render(request, template, context):
    context.setdefault("section", "lessons")
    return render(request, template, context)


@require_GET
def index(request):
    learner = learner_for_request(request)
    levels = {row["skill"]: row["level"] for row in progress_rows(learner=learner)}
    completed = {t.slug for t in TOPICS if levels.get(t.skill) in ("practised", "mastered")}
    return _render(request, "lessons/index.html", {"topics": TOPICS, "completed": completed})


def _for_everyone(request, key, template, make_context):
    """A lesson page the same for every visitor (see config.rendering)."""
    return page_for_everyone(
        request, f"page:{key}", template, lambda: {"section": "lessons", **make_context()}
    )


@require_GET
def sample_rubber(request):
    return _for_everyone(
        request,
        "sample-rubber",
        "lessons/sample_rubber.html",
        lambda: {
            "draw": services.sample_draw(),
            "draw_rows": services.draw_rows(),
            "deals": deals.SAMPLE_RUBBER,
        },
    )


@require_http_methods(["GET", "POST"])
def worked_deal(request, number, worked="sample-rubber"):
    worked = services.WORKED[worked]
    if not 1 <= number <= worked.size:
        raise Http404(f"{worked.title} has {worked.size} deals")
    # "Try it first" only checks figures and changes nothing, so it is a GET form.
    data = request.POST if request.method == "POST" else request.GET
    tried = "check" in data
    context = {
        "worked": worked,
        "number": number,
        "label": worked.label(number),
        "section": "lessons",
        "show_answer": request.GET.get("answer") == "1",
    }
    if not tried and not request.htmx:
        key = f"deal:{worked.slug}:{number}:{context['show_answer']}"
        return _for_everyone(
            request,
            key,
            "lessons/sample_deal.html",
            lambda: {**context, "panel_html": _deal_panel(request, context)},
        )
    if not tried and request.htmx.target != "answer-panel":
        return HttpResponse(_deal_panel(request, context))
    page = services.deal_page(number, worked)
    form = TryItForm(data) if tried else TryItForm()
    context.update(page=page, form=form)
    if tried and form.is_valid():
        marks = services.try_it_marks(page.record, form.answers())
        context.update(marks=marks, all_right=all(m["right"] for m in marks), show_answer=True)
    if request.htmx:
        if not tried:
            partial = "answer-panel"
        else:
            partial = "try-response" if form.is_valid() else "try-panel"
        return render(request, f"lessons/sample_deal.html#{partial}", context)
    return render(request, "lessons/sample_deal.html", context)


def _deal_panel(request, context) -> str:
    """The deal panel before any try: the same for everyone."""
    worked, number = context["worked"], context["number"]

    def full_context():
        return {**context, "page": services.deal_page(number, worked), "form": TryItForm()}

    key = f"deal-panel:{worked.slug}:{number}:{context['show_answer']}"
    return rendered_once(request, key, "lessons/sample_deal.html#deal-panel", full_context)


@require_GET
def sample_result(request):
    return _for_everyone(
        request, "sample-result", "lessons/sample_result.html", services.sample_result
    )


@require_GET
def topic(request, slug):
    lesson = TOPICS_BY_SLUG.get(slug)
    if lesson is None:
        raise Http404("No such lesson")
    position = TOPICS.index(lesson)
    return _for_everyone(
        request,
        f"topic:{slug}",
        lesson.template,
        lambda: {
            "lesson": lesson,
            "previous": TOPICS[position - 1] if position else None,
            "next": TOPICS[position + 1] if position + 1 < len(TOPICS) else None,
            "deals": deals,
        },
    )


@require_GET
def review_quiz(request):
    return _for_everyone(
        request,
        "review-quiz",
        "lessons/review_quiz.html",
        lambda: {"worked": services.WORKED["review-quiz"]},
    )


@require_GET
def review_quiz_result(request):
    worked = services.WORKED["review-quiz"]
    return _for_everyone(
        request,
        "review-quiz-result",
        "lessons/review_quiz_result.html",
        lambda: {"worked": worked, "rubber": worked.play()},
    )


@require_http_methods(["GET", "POST"])
def review_quiz_table(request, form):
    """Question 2 (Chicago) or 3 (duplicate): deals a-d, tried first, then shown."""
    rows = services.review_table(form)
    fields = services.review_table_fields(rows)
    context = {"form_name": form, "rows": rows, "show_answer": request.GET.get("answer") == "1"}
    if request.method == "POST":
        points = PointsForm(request.POST, fields=fields)
        if points.is_valid():
            marks = services.review_table_marks(rows, points.answers())
            context.update(marks=marks, all_right=all(m["right"] for m in marks), show_answer=True)
    else:
        points = PointsForm(fields=fields)
    context["form"] = points
    context["sections"] = [
        (row, [points[f"{row['label']}_{side}"] for side in ("we", "they")]) for row in rows
    ]
    return _render(request, "lessons/review_quiz_table.html", context)


@require_GET
def cheat_sheet(request):
    def context():
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
            # Rounding is shown on seed 000's rubbers: the sample rubber and the review quiz.
            "sample": deals.sample_rubber(),
            "review": deals.review_quiz_rubber(),
        }

    return _for_everyone(request, "cheat-sheet", "lessons/cheat_sheet.html", context)
