"""Hand records: placeholder until the pages land."""

from django.http import HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def hand_records(request):
    return HttpResponse("")
