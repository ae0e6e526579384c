"""INSERT one row with SQL written once per model, for the busiest writes (an answer, a new
practice question). `Model.objects.create` builds the same statement anew every time,
which took longer than the database took to run it.

Only for plain models: no save() of their own, no signals listened to on save, and
defaults set when the instance is made (as Django's field defaults are). The database's
constraints still apply, and raise IntegrityError as create() would.
"""

from __future__ import annotations

from functools import cache

from django.db import connection, models


@cache
def _statement(model: type[models.Model], vendor: str) -> tuple[str, tuple]:
    q = connection.ops.quote_name
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    pk = q(model._meta.pk.column)
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {pk}"
    )
    return sql, fields


class Insert:
    """The INSERT of a new `instance`, its values ready: made before a write lock is taken,
    run while it is held."""

    def __init__(self, instance: models.Model):
        self.instance = instance
        self.sql, fields = _statement(type(instance), connection.vendor)
        self.params = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]

    def run(self) -> models.Model:
        """Store the instance as create() would: its id set, and marked as saved."""
        with connection.cursor() as cursor:
            cursor.execute(self.sql, self.params)
            self.instance.pk = cursor.fetchone()[0]
        self.instance._state.adding = False
        self.instance._state.db = connection.alias
        return self.instance


def insert(instance: models.Model) -> models.Model:
    """Store a new `instance` as create() would: its id set, and marked as saved."""
    return Insert(instance).run()
