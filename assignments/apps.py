from django.apps import AppConfig


class AssignmentsConfig(AppConfig):
    """Assignments set for a class, and each student's attempts at them."""

    name = "assignments"
    verbose_name = "Assignments"

    def ready(self):
        from assignments import receivers  # noqa: F401  (connects to practice's and classes' signals)
