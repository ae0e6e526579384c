from django.apps import AppConfig


class DrawingConfig(AppConfig):
    """How the site draws what the engine computes: cards, score sheets and rule tables."""

    name = "drawing"
    verbose_name = "Drawing"
