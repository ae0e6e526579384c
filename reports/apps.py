from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """What students did, for their teacher: gradebooks, the class overview, worksheets, CSV."""

    name = "reports"
    verbose_name = "Reports"
