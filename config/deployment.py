"""Whether a server may start with these settings: never a public one with the public key.

The default SECRET_KEY is in this repository for anyone to read; with it, anyone can forge
a session or a password-reset link. It is fine on a laptop, where only this machine can
reach the server, and nowhere else. gunicorn asks `start_refusal` before it listens
(gunicorn.conf.py), so `make serve` and a hand-started gunicorn both obey it.
"""

from __future__ import annotations

import ipaddress
import re
import shlex

PUBLIC_KEY_PREFIX = "django-insecure-"
"""What the default key starts with; Django's `check --deploy` rejects it by it too."""

HOW_TO_SET_A_KEY = (
    "Set one, the same on every app server:\n"
    "    export SECRET_KEY=\"$(python -c 'import secrets; print(secrets.token_urlsafe(50))')\""
)


def is_loopback(bind: str) -> bool:
    """Whether a gunicorn bind ("127.0.0.1:8000", "[::1]:8000", "unix:/run/x.sock", ...)
    is reachable from this machine only. A socket file or a passed descriptor is not: a
    reverse proxy in front of it serves the world."""
    if bind.startswith(("unix:", "fd://")):
        return False
    if bind.startswith("["):
        host = bind[1:].partition("]")[0]
    elif bind.count(":") > 1:  # a bare IPv6 address, without a port
        host = bind
    else:
        host = bind.partition(":")[0]
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name, or "" (every address)
        return False


def start_refusal(
    *, debug: bool, secret_key: str, binds: list[str], behind_proxy: bool
) -> str | None:
    """Why a server with these settings must not start, or None when it may.

    DEBUG off means a real deployment; with the public key it may only listen on loopback,
    and not behind a proxy (BEHIND_PROXY), which would carry the world's requests to it.
    """
    if debug or not secret_key.startswith(PUBLIC_KEY_PREFIX):
        return None
    public = [bind for bind in binds if not is_loopback(bind)]
    if not public and not behind_proxy:
        return None
    where = (
        f"it would listen on {', '.join(public)}, not only on this machine (loopback)"
        if public
        else "BEHIND_PROXY says a proxy brings it requests from elsewhere"
    )
    return (
        f"Refusing to start: DEBUG is off and SECRET_KEY is the public default, and {where}. "
        "Anyone can read the default key, and with it forge sessions and password-reset "
        f"links.\n{HOW_TO_SET_A_KEY}"
    )


MISSING_DATABASE = re.compile(r'database "(?P<name>[^"]+)" does not exist')


def missing_database_message(error: Exception, settings_dict: dict) -> str | None:
    """One line saying to run createdb, when `error` is PostgreSQL's "database does not
    exist" for the database in `settings_dict`; None for any other error.

    manage.py prints it instead of a traceback: a new PostgreSQL server has no database of
    the site's yet, and `make run` or `migrate` is usually the first to find out.
    """
    found = MISSING_DATABASE.search(str(error))
    if not found or "postgresql" not in settings_dict.get("ENGINE", ""):
        return None
    options = [
        *(["-h", settings_dict["HOST"]] if settings_dict.get("HOST") else []),
        *(["-p", str(settings_dict["PORT"])] if settings_dict.get("PORT") else []),
        *(["-U", settings_dict["USER"]] if settings_dict.get("USER") else []),
    ]
    createdb = shlex.join(["createdb", *options, found["name"]])
    return (
        f'The PostgreSQL database "{found["name"]}" does not exist yet: make it first with '
        f"`{createdb}`, then run this again (docs/hosting.md)."
    )
