"""gunicorn's settings for this site; gunicorn reads ./gunicorn.conf.py where it starts.

Before it listens, gunicorn refuses to start a public server with the public SECRET_KEY
(config/deployment.py). Every other setting comes from the command line (Makefile, README).
"""

import os


def on_starting(server):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    from config.deployment import start_refusal

    refusal = start_refusal(
        debug=settings.DEBUG,
        secret_key=settings.SECRET_KEY,
        binds=list(server.cfg.bind),
        behind_proxy=settings.BEHIND_PROXY,
    )
    if refusal:
        # gunicorn prints a RuntimeError's message, without a traceback, and exits with 1.
        raise RuntimeError(refusal)
