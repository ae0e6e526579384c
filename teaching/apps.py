from django.apps import AppConfig


class TeachingConfig(AppConfig):
    """Only the migration history of the tables classes and assignments now own (they keep
    their teaching_ names, db_table): the app stays installed so that its migrations run."""

    name = "teaching"
    verbose_name = "Teaching"
