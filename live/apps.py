from django.apps import AppConfig


class LiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "live"
    verbose_name = "Live class"

    def ready(self):
        # Reports sit below live, so live hands them its sessions at the tables.
        from live.pairs import class_table_sessions
        from reports.at_tables import read_sessions_with

        read_sessions_with(class_table_sessions)
