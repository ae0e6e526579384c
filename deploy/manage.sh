#!/bin/sh
# Run manage.py as the service runs it: from the project folder, with its virtual environment
# and the settings in its environment file. Run it as the service's user:
#   sudo -u above-the-line /srv/above-the-line/deploy/manage.sh migrate
# ENV_FILE names another environment file (/etc/above-the-line/env unless set).
set -eu
cd "$(dirname "$0")/.."
set -a
. "${ENV_FILE:-/etc/above-the-line/env}"
set +a
exec .venv/bin/python manage.py "$@"
