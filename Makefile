# Two commands for a newcomer: `make run` and `make test`. Both set everything up
# on the first call (virtual environment, packages, database, static files) and
# skip what is already done on the next. `make check` is the quick loop between edits:
# the linters and every test but the browser and slow ones, on both cores (README: How long
# make check takes).

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
# `make run HOST=0.0.0.0`: reachable from phones on the room's Wi-Fi (README: a live class).
HOST   ?= 127.0.0.1
# The tests run on every core (pytest-xdist); TEST_WORKERS=0 runs them in this one process.
TEST_WORKERS ?= auto
export PIP_DISABLE_PIP_VERSION_CHECK = 1

STATIC_SOURCES := $(shell find static -type f 2>/dev/null)
# The French and Dutch translations, compiled from locale/ and each app's locale/ (README:
# Translations). Built, never committed, like the static files.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po */locale/*/LC_MESSAGES/django.po))

.PHONY: run test check setup install lint format serve messages makemessages bench bench-web bench-live bench-classroom requirements clean

run: setup
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Everything: what CI runs (on SQLite, then on PostgreSQL with DATABASE_URL).
test: lint staticfiles/staticfiles.json $(MESSAGES)
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py createcachetable -v0
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# The quick loop: the linters, then every test not marked browser or slow, each property
# test with fewer examples (tests/conftest.py: hypothesis profiles).
check: lint staticfiles/staticfiles.json $(MESSAGES)
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup \
		-m "not browser and not slow" $(PYTEST_ARGS)

setup: $(VENV)/.installed staticfiles/staticfiles.json $(MESSAGES)
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py createcachetable -v0

# Production-like server on this machine: gunicorn, DEBUG off, plain HTTP on loopback.
# Behind HTTPS in production, leave the SECURE_* switches on (README: Running in production).
serve: setup
	DEBUG=0 SECURE_SSL_REDIRECT=0 SESSION_COOKIE_SECURE=0 CSRF_COOKIE_SECURE=0 SECURE_HSTS_SECONDS=0 \
		$(BIN)/gunicorn config.wsgi --bind 127.0.0.1:$(PORT) --workers $${WORKERS:-2} \
		--access-logfile - --no-control-socket

# Style, the import layers (pyproject.toml: [tool.importlinter]) and missing migrations.
lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python manage.py makemigrations --check --dry-run >/dev/null || \
		(echo "Models changed without a migration: run 'python manage.py makemigrations'." && exit 1)

format: $(VENV)/.test-installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Both benchmarks; their figures are in docs/performance.md. About four minutes.
bench: $(VENV)/.test-installed staticfiles/staticfiles.json
	$(BIN)/python bench/scoring_speed.py
	$(BIN)/python bench/web.py --database $${BENCH_DATABASE:-both}

# The web benchmark alone: BENCH_DATABASE=sqlite or postgres (needs 127.0.0.1:5432).
bench-web: $(VENV)/.test-installed staticfiles/staticfiles.json
	$(BIN)/python bench/web.py --database $${BENCH_DATABASE:-both}

# A live class of 200 phones for a minute (issue 17), about 90 s per database.
bench-live: $(VENV)/.test-installed staticfiles/staticfiles.json
	$(BIN)/python bench/live_class.py --database $${BENCH_DATABASE:-both}

# How many classrooms of 30 at once (issue 33): learners, a live class and a teacher each;
# the largest N with p95 < 100 ms and no error. Up to about 20 minutes per database.
bench-classroom: $(VENV)/.test-installed staticfiles/staticfiles.json
	$(BIN)/python bench/classroom.py --database $${BENCH_DATABASE:-both}

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.test-installed: requirements.txt requirements-test.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -r requirements-test.txt
	touch $(VENV)/.installed $@

# settings.py: an app added there may bring static files of its own (the admin does).
staticfiles/staticfiles.json: $(VENV)/.installed $(STATIC_SOURCES) config/settings.py
	$(BIN)/python manage.py collectstatic --noinput -v0
	touch $@

# The translations, compiled as Django's compilemessages does: GNU gettext's msgfmt (Debian:
# apt-get install gettext), each .mo remade when its .po changes.
messages: $(MESSAGES)

%/LC_MESSAGES/django.mo: %/LC_MESSAGES/django.po
	msgfmt --check-format -o $@ $<

# After marking or changing words in templates or code: the .po files take in what is new
# (then translate each empty msgstr, and fix each one marked fuzzy).
makemessages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l fr -l nl --add-location file \
		--ignore 'staticfiles/*' --ignore 'tests/*' --ignore 'bench/*'

# Recompile the pinned requirements (with hashes) from requirements*.in, e.g. after adding a
# dependency there. `make requirements UPGRADE=1` also moves every pin to its newest release.
requirements: $(VENV)/.test-installed
	$(BIN)/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade) \
		-o requirements.txt requirements.in
	$(BIN)/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade) \
		-o requirements-test.txt requirements-test.in

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
