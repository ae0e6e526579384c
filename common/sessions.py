"""Database sessions, read with SQL written once.

Every request with a session reads it first; Django's own store builds that one-row query
with the ORM each time, which took longer than running it. Saving, expiry and everything
else are Django's (django.contrib.sessions.backends.db).
"""

from functools import cache

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def load(self):
        # The stored text decoded, with no model instance made for it on the way.
        data = self._session_data_from_db()
        return {} if data is None else self.decode(data)

    def _get_session_from_db(self):
        data = self._session_data_from_db()
        if data is None:
            return None
        return self.model(session_key=self.session_key, session_data=data)

    def _session_data_from_db(self) -> str | None:
        """The session's stored text, unless it has expired; else None, and no key."""
        model = self.model
        connection = connections[router.db_for_read(model)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_select(model, connection.vendor), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return row[0]


@cache
def _select(model, vendor: str) -> str:
    q = connections[router.db_for_read(model)].ops.quote_name
    return (
        f"SELECT {q('session_data')} FROM {q(model._meta.db_table)} "
        f"WHERE {q('session_key')} = %s AND {q('expire_date')} > %s"
    )
