"""Database sessions, read with SQL written once.

Every request with a session reads it first; Django's own store builds that one-row query
with the ORM each time, which took longer than running it. Saving, expiry and everything
else are Django's (django.contrib.sessions.backends.db).
"""

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        model = self.model
        alias = router.db_for_read(model)
        connection = connections[alias]
        q = connection.ops.quote_name
        sql = (
            f"SELECT {q('session_data')} FROM {q(model._meta.db_table)} "
            f"WHERE {q('session_key')} = %s AND {q('expire_date')} > %s"
        )
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return model(session_key=self.session_key, session_data=row[0])
