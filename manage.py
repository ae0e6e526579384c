#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line
    from django.db.utils import OperationalError

    try:
        execute_from_command_line(sys.argv)
    except OperationalError as error:
        # A PostgreSQL database not made yet: one line saying `createdb`, not a traceback.
        from django.conf import settings

        from config.deployment import missing_database_message

        message = missing_database_message(error, settings.DATABASES["default"])
        if message is None:
            raise
        sys.exit(message)


if __name__ == "__main__":
    main()
