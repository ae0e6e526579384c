from django.apps import AppConfig


class CommonConfig(AppConfig):
    """What every app shares and none owns: form fields, ids, safe redirects."""

    name = "common"
    verbose_name = "Common"
