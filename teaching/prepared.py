"""Queries whose SQL the ORM writes once per process; each request only runs them.

Building a query (resolving its fields, joins and expressions) and compiling it to SQL cost
the ORM more than SQLite takes to run a small one, and a page builds the same few queries on
every request. A Prepared query is built once, with stand-ins where the request's values
go, and compiled once per database connection; each run sends that SQL with the request's
values and converts the rows as values_list() would (dates, booleans, JSON). The query is
still written with the ORM, so its joins, its managers' filters and each database's
dialect are the ORM's.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet

# Stand-ins for the values of a run: values no real row can hold, each found by equality
# in the compiled query's parameters (so a lookup that changed its value, as `contains`
# wraps it in %, is refused when the query is compiled rather than run wrong).
_STAND_IN = {int: -(10**15), str: "\x1fprepared\x1f"}


def _stand_in(kind: type, index: int) -> Any:
    if kind is int:
        return _STAND_IN[int] - index
    if kind is str:
        return f"{_STAND_IN[str]}{index}"
    raise TypeError(f"A prepared query takes int or str values, not {kind.__name__}")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    slots: tuple[tuple[int, int], ...]
    """(position in params, index of the run's value) for each value given at run time."""
    converters: tuple[tuple[int, tuple, Any], ...]
    """(column, its converters, its expression) for each column that has converters."""


class Prepared:
    """A values_list() query built once, compiled once per connection, run with new values:

        names = Prepared(lambda teacher: Classroom.objects.filter(teacher_id=teacher)
                         .values_list("name"), int)
        names.rows(7)   # [("Tuesday beginners",)]: what the queryset gives for teacher 7

    `build` makes the query from stand-ins of the given kinds (int or str); a value that is
    not one of its parameters as given (a lookup that changes it) is refused when compiled.
    """

    def __init__(self, build: Callable[..., QuerySet], *kinds: type):
        self.build = build
        self.kinds = kinds
        self._queryset: QuerySet | None = None
        self._compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    @property
    def queryset(self) -> QuerySet:
        """The query as built with the stand-ins (built on first use, not at import)."""
        if self._queryset is None:
            stand_ins = [_stand_in(kind, i) for i, kind in enumerate(self.kinds)]
            self._queryset = self.build(*stand_ins)
        return self._queryset

    @property
    def db(self) -> str:
        return self.queryset.db

    def _compile(self, connection) -> _Compiled:
        stand_ins = [_stand_in(kind, i) for i, kind in enumerate(self.kinds)]
        # A copy of the query: compiling sets up its joins, and threads may compile at once.
        compiler = self.queryset.query.clone().get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        slots = []
        for index, stand_in in enumerate(stand_ins):
            found = [n for n, p in enumerate(params) if type(p) is type(stand_in) and p == stand_in]
            if not found:
                raise ValueError(f"Value {index} of the prepared query is not a parameter of {sql}")
            slots.extend((n, index) for n in found)
        fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
        converters = compiler.get_converters(fields)
        compiled = _Compiled(
            sql=sql,
            params=tuple(params),
            slots=tuple(slots),
            converters=tuple(
                (column, tuple(functions), expression)
                for column, (functions, expression) in converters.items()
            ),
        )
        self._compiled[connection] = compiled
        return compiled

    def rows(self, *values) -> list:
        """The query's rows for these values, each a tuple, converted as values_list()
        converts them. A NULL is read as None without asking the column's converters:
        Django's own all leave None as it is (a custom field that read NULL as something
        else would need it asked)."""
        # Each of the kind it was compiled for: None, for one, would need IS NULL, not =.
        if len(values) != len(self.kinds) or not all(map(isinstance, values, self.kinds)):
            kinds = ", ".join(kind.__name__ for kind in self.kinds)
            raise TypeError(f"The prepared query takes values of the kinds {kinds}, not {values}")
        connection = connections[self.db]
        compiled = self._compiled.get(connection) or self._compile(connection)
        params = list(compiled.params)
        for position, index in compiled.slots:
            params[position] = values[index]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            found = cursor.fetchall()
        if compiled.converters:
            return _converted(found, compiled.converters, connection)
        return found


def _converted(rows: list, converters: tuple, connection) -> list[tuple]:
    """The rows with each value converted as the ORM converts it (SQLite's text to dates,
    its 0 and 1 to booleans, JSON to lists), column by column: the calls of
    SQLCompiler.apply_converters, without those for the NULLs (most of the values of a LEFT
    JOIN's columns)."""
    if not rows:
        return rows
    columns = list(zip(*rows, strict=True))
    for column, functions, expression in converters:
        values = columns[column]
        for function in functions:
            values = [None if v is None else function(v, expression, connection) for v in values]
        columns[column] = values
    return list(zip(*columns, strict=True))


def field_names(model: type[Model]) -> list[str]:
    """A model's columns, in the order Model.from_db() takes them."""
    return [field.attname for field in model._meta.concrete_fields]
