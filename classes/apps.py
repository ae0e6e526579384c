from django.apps import AppConfig


class ClassesConfig(AppConfig):
    """A teacher's classes and their students: join codes, personal links, merges."""

    name = "classes"
    verbose_name = "Classes"

    def ready(self):
        from classes import receivers  # noqa: F401  (connects to practice's signals)
