from django.apps import AppConfig


class BridgefilesConfig(AppConfig):
    """Bridge files (PBN, LIN): read a club's boards and results, scored by the engine."""

    name = "bridgefiles"
    verbose_name = "Bridge files"
