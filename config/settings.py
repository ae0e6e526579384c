"""Settings for the whole site, driven by the environment.

Safe defaults for a laptop (SQLite in the project folder, DEBUG off unless asked
for) and strict ones for production: with DEBUG off and a real SECRET_KEY,
`python manage.py check --deploy` is clean.
"""

import os
from pathlib import Path

import dj_database_url

from config import release

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

# The release running; template fragments kept for everyone are keyed by it (config/release.py).
RELEASE = os.environ.get("RELEASE") or release.fingerprint(BASE_DIR)

# Without SECRET_KEY the site still starts (tests, a laptop), but with a key that
# `check --deploy` rejects by its "django-insecure-" prefix, so it cannot slip into production.
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    "django-insecure-local-only-key-set-SECRET_KEY-in-production-3f9a1c"
)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # Before the admin, whose registration templates its own would otherwise replace.
    "accounts",
    # Site staff's support pages at /admin/ (createsuperuser makes the first account).
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "common",
    "drawing",
    "quizzes",
    "lessons",
    "scorepad",
    "bridgefiles",
    "handrecords",
    "classes",
    "assignments",
    "teaching",
    "reports",
    "live",
    # The site's own system checks (config/checks.py).
    "config",
]

MIDDLEWARE = [
    # HEAD gets GET's headers without the body: gunicorn warns of every body it must drop.
    "config.middleware.head_without_body",
    # /healthz answered first, whatever the Host header or the scheme (a probe by IP address).
    "config.middleware.health_probe",
    "django.middleware.security.SecurityMiddleware",
    # Forged input (a NUL in an address or a cookie) gets a 400, not a database error.
    "config.middleware.reject_nul_characters",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the address: /fr/… and /nl/… in French and Dutch, the rest in English.
    "django.middleware.locale.LocaleMiddleware",
    # A first visit whose browser prefers French or Dutch goes to that language's address.
    "config.languages.first_visit_language",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.vary_on_htmx",
    # A teacher's or a student's own page: Cache-Control: private, no-store.
    "config.middleware.private_pages",
    # A database that cannot be written in time: a 503 saying nothing was saved, not a 500.
    "config.middleware.DatabaseUnavailableMiddleware",
    # A view that raises Ratelimited gets the "too many tries" page (RATELIMIT_VIEW).
    "django_ratelimit.middleware.RatelimitMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it locks out repeated failed logins.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # A student's classes, linked from every page's header.
                "classes.context_processors.student",
                # LANGUAGE_CODE and the switcher's addresses (config/languages.py).
                "config.languages.current",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx"],
        },
    }
]

# Database: SQLite in the project folder unless DATABASE_URL says otherwise.
# SQLite is configured here, and nothing wraps it:
# - WAL lets readers and one writer work at once; SQLite checkpoints its own log.
# - IMMEDIATE transactions take the write lock at BEGIN, so two writers queue instead of
#   failing with "database is locked" halfway through.
# - `timeout` is SQLite's busy timeout: how long a write queues for the lock (DATABASE_TIMEOUT
#   seconds), well below gunicorn's worker timeout (its default 30 s, which `make serve` and
#   bench/server.py keep). Past it the write fails and the visitor gets a 503 with Retry-After
#   saying nothing was saved (config.middleware.DatabaseUnavailableMiddleware): never a
#   request hung until gunicorn kills its worker.
# - synchronous=NORMAL: in WAL mode a commit survives the app crashing, and can be lost
#   only if the machine loses power; each commit then costs no fsync.
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "db.sqlite3"))
DATABASE_TIMEOUT = float(os.environ.get("DATABASE_TIMEOUT", "5"))
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": DATABASE_TIMEOUT,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
}
# PostgreSQL waits as long for a row lock, and for a new connection (libpq counts whole
# seconds, two at least), then fails the same way.
POSTGRES_OPTIONS = {
    "connect_timeout": max(2, round(DATABASE_TIMEOUT)),
    "options": f"-c lock_timeout={round(DATABASE_TIMEOUT * 1000)}",
}
# Each app-server process keeps its connection for a minute rather than opening one per
# request. On SQLite that matters most: closing the last connection checkpoints and
# removes the WAL, which made every write request several times slower.
CONN_MAX_AGE = int(os.environ.get("CONN_MAX_AGE", "60"))
# DATABASE_POOL=1 (PostgreSQL only): Django's connection pool instead of one persistent
# connection per process (psycopg's pool, installed with the requirements).
DATABASE_POOL = env_bool("DATABASE_POOL", False)
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=CONN_MAX_AGE)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = dict(SQLITE_OPTIONS)
    else:
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
        DATABASES["default"]["OPTIONS"] = {
            **POSTGRES_OPTIONS,
            **DATABASES["default"].get("OPTIONS", {}),  # what the URL says wins
        }
        if DATABASE_POOL:
            # A pooled connection goes back to the pool after each request.
            DATABASES["default"]["OPTIONS"]["pool"] = True
            DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            "OPTIONS": dict(SQLITE_OPTIONS),
            "CONN_MAX_AGE": CONN_MAX_AGE,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Failed logins: five tries per username and address, then a one-hour pause.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind the README's reverse proxy, the client's address is the one the proxy forwards:
# read one way for the lockout and the rate limits (common/clients.py).
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
AXES_CLIENT_IP_CALLABLE = "common.clients.client_ip"

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/teachers/"
LOGOUT_REDIRECT_URL = "/"

# Content-Security-Policy: only this site's own scripts, styles and images. No inline
# script or style anywhere (htmx is configured not to inject its indicator style).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

# Rate limits (django-ratelimit) count in the shared cache; the database cache keeps
# them shared between app servers without another service.
CACHES = {
    # The rate limits' counters (classes/limits.py) and little else. Django's default of 300
    # entries, a third dropped when full, let a script that sends a new cookie each time
    # wipe the counter of its own address: room for a million, and expired ones go first.
    "default": {
        "BACKEND": "config.caches.FailOpenDatabaseCache",  # an unreadable table: no 500
        "LOCATION": "cache_table",
        "OPTIONS": {"MAX_ENTRIES": 1_000_000, "CULL_FREQUENCY": 3},
    },
    # Template fragments the same for everyone ({% cache ... using="fragments" %}: a lesson's
    # body, an engine-drawn sheet; a gradebook's tables, whose keys carry the stamps of
    # assignments/stamps.py), each process its own: a fragment takes less time to draw
    # than to fetch from another server. The release is in every key (KEY_PREFIX), so a new
    # release never serves an old fragment. The language is in every key too (a vary_on argument
    # of each {% cache %} tag: LANGUAGE_CODE, from config.languages.current). Under
    # DEBUG nothing is kept, so an edited template or lesson shows at the next request.
    "fragments": (
        {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        if DEBUG
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "fragments",
            "TIMEOUT": None,
            "KEY_PREFIX": RELEASE,
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    ),
}
RATELIMIT_USE_CACHE = "default"
# When the counters cannot be read or written (a read-only or full database), the limits
# let the request through: their own failure must never answer "Too many tries". What the
# request itself writes then fails on its own, with its own answer.
RATELIMIT_FAIL_OPEN = True
RATELIMIT_IP_META_KEY = "common.clients.client_ip"
RATELIMIT_VIEW = "config.views.rate_limited"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English at the addresses the site always had; French under /fr/, Dutch under /nl/
# (config/urls.py). The words are translated in locale/ (README: Translations).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands")]
# The project's catalogue, and the engine's: scoring/ is plain Python, not an installed app,
# so Django would not look in its locale/ folder by itself (the apps' own are found).
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "scoring" / "locale"]
# How each language writes a figure a person reads (common/figures.py): Django's own formats
# (1 100 in French, 1.100 in Dutch), but English as the site always wrote it (1100).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names with a long cache life; `make` runs collectstatic.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "config.storage.CompressedManifestStaticFilesStorageWithCachedUrls"
        )
    },
}

# Sessions live in the database so any app server can continue any learner's work.
# Django's plain database store: one indexed read per request with a session. Not
# cached_db: its cache would be the database cache above, a second read of the same database
# (and a write for every session saved) to spare the first.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # a student's personal link, a learner's practice
# A logged-in account's session ends this long after the login (accounts/receivers.py).
TEACHER_SESSION_AGE = 60 * 60 * 24 * 14
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# Each form carries its own token (htmx sends it with the form's other fields),
# so no script ever needs to read the cookie.
CSRF_COOKIE_HTTPONLY = True

# Every form on the site is a few short fields. Anything far larger is refused before a
# view sees it, with a 400 page that says why (config.views.bad_request).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

# bench/web.py sets this to route the baseline page it measures every page against.
BENCHMARK_BASELINE = env_bool("BENCHMARK_BASELINE", False)

# Production hardening. Each can be turned off for a plain-HTTP local server
# (the benchmark and `make serve` do so), but the defaults follow DEBUG.
_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", _SECURE)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", _SECURE)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", _SECURE)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000 if _SECURE else 0))
# HSTS covers this host only unless asked: includeSubDomains would force HTTPS on every
# site under the parent domain (a school's or a club's shared domain), and preload writes
# that into browsers for months. A deliberate default, so `check --deploy` is not asked
# to warn about it (security.W005, security.W021); setting either variable turns it on.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]
# The language a visitor chose in the footer (django.views.i18n.set_language): kept a year,
# sent as the session cookie is.
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if BEHIND_PROXY:
    # The proxy (deploy/nginx.conf, deploy/Caddyfile) sets X-Forwarded-Proto on every
    # request, replacing any a client sent; without it, every request would look like plain
    # HTTP and be redirected to https for ever. The proxy passes the Host header as the
    # visitor sent it, so X-Forwarded-Host is not needed (USE_X_FORWARDED_HOST stays off).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# A health probe (a load balancer's, by IP address over plain HTTP) is answered before any
# of this by config.middleware.health_probe; should it ever reach SecurityMiddleware, it is
# not redirected either.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Mail (password resets, the sign-up notice). With EMAIL_HOST set it goes out by SMTP;
# without, it is printed to the console, which suits a laptop only: with DEBUG off the
# system checks warn about it (config/checks.py). `python manage.py sendtestemail
# you@example.org` tries the settings (docs/hosting.md).
CONSOLE_EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else CONSOLE_EMAIL_BACKEND
)
EMAIL_HOST = EMAIL_HOST or "localhost"
# STARTTLS on the submission port (587), or TLS from the first byte (465): not both.
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_PORT = int(
    os.environ.get("EMAIL_PORT") or (465 if EMAIL_USE_SSL else 587 if EMAIL_USE_TLS else 25)
)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
# Seconds to wait for the mail server: a password reset must not hang until gunicorn kills
# its worker (Django's own default waits for ever).
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "noreply@localhost")
# The sender of mail to the site's staff (ADMINS); the same address unless set.
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

# A request refused with 400 (too many fields, a body too large, a bad multipart body, an
# unknown host) is one line in the log, not a traceback (config/log_filters.py). A filter
# on a logger sees only what is logged on that very logger: Django names each refusal's
# logger after its exception (django.security.<class name>), so each is listed.
QUIET_LOGGERS = [
    "django.request",
    *(
        f"django.security.{name}"
        for name in (
            "TooManyFieldsSent",
            "TooManyFilesSent",
            "RequestDataTooBig",
            "SuspiciousMultipartForm",
            "SuspiciousFileOperation",
            "DisallowedHost",
            "DisallowedRedirect",
            "SuspiciousOperation",
        )
    ),
]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_refusals": {"()": "config.log_filters.OneLineRefusals"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {name: {"filters": ["one_line_refusals"]} for name in QUIET_LOGGERS},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
