from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """The rules engine is pure Python; the app exists for its template tags."""

    name = "scoring"
    verbose_name = "Bridge scoring"
