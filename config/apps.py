from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project's own package as an app, for its system checks (config/checks.py)."""

    name = "config"
    verbose_name = "Site"

    def ready(self):
        from config import checks  # noqa: F401  (registers them)
