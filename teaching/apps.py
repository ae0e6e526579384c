from django.apps import AppConfig


class TeachingConfig(AppConfig):
    """Teachers' classes, students, assignments, gradebooks and worksheets."""

    name = "teaching"
    verbose_name = "Teaching"

    def ready(self):
        from teaching import receivers  # noqa: F401  (connects to practice's signals)
