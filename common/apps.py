from django.apps import AppConfig


class CommonConfig(AppConfig):
    """What every app shares and none owns: form fields, ids, safe redirects, kept pages."""

    name = "common"
    verbose_name = "Common"

    def ready(self):
        from common import checks  # noqa: F401  (registers the start-up checks)
