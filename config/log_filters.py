"""Logging filters: a request refused at the door is one line in the log, not a traceback.

Django logs each refused request (too many fields, a body too large, a multipart body it
cannot parse, a bad host) with the whole traceback of the exception behind the 400: more
than thirty lines that say nothing the one line does not, and anyone can send thousands.
"""

from __future__ import annotations

import logging

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http.multipartparser import MultiPartParserError

REFUSED = (SuspiciousOperation, BadRequest, MultiPartParserError)
"""What Django answers with 400 by itself: the request was at fault, not the code."""


class OneLineRefusals(logging.Filter):
    """Drop the traceback of a refused request's record and keep its message, with the
    exception's name and the address, on one line. Other records pass untouched.

    Set on the loggers in config/settings.py QUIET_LOGGERS (LOGGING).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, REFUSED):
            return True
        line = next(iter(record.getMessage().splitlines()), "")
        path = getattr(getattr(record, "request", None), "path", "")
        if path and path not in line:
            line = f"{line}: {path!r}"
        # The message is final: arguments already put in, so none are put in again.
        record.msg, record.args = f"{line} ({type(exc).__name__})", None
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True
