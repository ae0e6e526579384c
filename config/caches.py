"""A cache that fails open: when its storage cannot be read or written, it is an empty cache.

The default cache (settings.CACHES) holds the rate limits' counters in the database. If its
table cannot be read (missing because `createcachetable` was not run, a database that
cannot be reached, a read-only or full disk), Django's DatabaseCache raises, and every page
that counts a try would answer 500. Here each operation that fails logs one line and answers
as an empty cache does: `get` the default, `add` and `set` "not stored". What the cache
spared is then done again (a fragment drawn anew), and the rate limits let the request
through (RATELIMIT_FAIL_OPEN): the cache's own failure never refuses anyone.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, router, transaction

logger = logging.getLogger(__name__)


class FailOpen:
    """Mix in before a cache backend: the operations below catch `errors`."""

    errors: tuple[type[BaseException], ...] = (DatabaseError,)

    @contextmanager
    def _guard(self):
        yield

    def _open(self, what: str, default, call, *args, **kwargs):
        try:
            with self._guard():
                return call(*args, **kwargs)
        except self.errors as error:
            # One line, whatever the database said (PostgreSQL adds the statement below).
            said = " ".join(str(error).split())[:300]
            logger.warning("The cache could not %s, so it answered as an empty one: %s", what, said)
            return default

    def get(self, key, default=None, version=None):
        return self._open("read", default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._open("read", {}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._open("read", False, super().has_key, key, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._open("write", None, super().set, key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._open("write", False, super().add, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._open("write", False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._open("write", False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        return self._open("write", None, super().delete_many, keys, version)

    def clear(self):
        return self._open("write", None, super().clear)


class FailOpenDatabaseCache(FailOpen, DatabaseCache):
    """Django's database cache, failing open (see the module's text)."""

    @contextmanager
    def _guard(self):
        # Inside a transaction (a view's atomic block), a failed statement would leave
        # PostgreSQL's transaction unusable for the rest of the request: a savepoint takes
        # the failure alone. SQLite's transaction carries on after a failed statement, and
        # outside a transaction there is nothing to protect: no savepoint is spent there
        # (on SQLite an IMMEDIATE BEGIN would take the write lock just to read).
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        if connection.in_atomic_block and connection.vendor == "postgresql":
            with transaction.atomic(using=alias):
                yield
        else:
            yield
