from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from lessons import deals, services
from lessons.course import TOPICS, TOPICS_BY_SLUG
from lessons.forms import TryItForm


def _render(request, template, context, partial=None):
    context.setdefault("section", "lessons")
    if partial and request.htmx and not request.htmx.boosted:
        template = f"{template}#{partial}"
    return render(request, template, context)


@require_GET
def index(request):
    return _render(request, "lessons/index.html", {"topics": TOPICS})


@require_GET
def sample_rubber(request):
    return _render(
        request,
        "lessons/sample_rubber.html",
        {
            "draw": services.sample_draw(),
            "draw_rows": services.draw_rows(),
            "deals": deals.SAMPLE_RUBBER,
        },
    )


@require_http_methods(["GET", "POST"])
def sample_deal(request, number):
    if not 1 <= number <= services.SAMPLE_DEALS:
        raise Http404("The sample rubber has eight deals")
    page = services.deal_page(number)
    context = {"page": page, "total_deals": services.SAMPLE_DEALS, "show_answer": False}
    partial = "deal-panel"
    if request.method == "POST":
        form = TryItForm(request.POST)
        context["form"] = form
        if form.is_valid():
            marks = services.try_it_marks(page.record, form.answers())
            context.update(marks=marks, all_right=all(m["right"] for m in marks))
            context["show_answer"] = True
            partial = "try-response"
        else:
            partial = "try-panel"
    else:
        context["form"] = TryItForm()
        context["show_answer"] = request.GET.get("answer") == "1"
        if request.htmx and request.htmx.target == "answer-panel":
            partial = "answer-panel"
    return _render(request, "lessons/sample_deal.html", context, partial)


@require_GET
def sample_result(request):
    return _render(request, "lessons/sample_result.html", services.sample_result())


@require_GET
def topic(request, slug):
    lesson = TOPICS_BY_SLUG.get(slug)
    if lesson is None:
        raise Http404("No such lesson")
    position = TOPICS.index(lesson)
    context = {
        "lesson": lesson,
        "previous": TOPICS[position - 1] if position else None,
        "next": TOPICS[position + 1] if position + 1 < len(TOPICS) else None,
        "deals": deals,
    }
    return _render(request, lesson.template, context)
