"""Django settings for Limma, read from the environment with safe defaults.

The embedded default needs nothing installed beyond requirements.txt: SQLite under var/,
django-q2's ORM broker and the offline model provider. Production sets DATABASE_URL,
LIMMA_PROVIDER=openai and, optionally, REDIS_URL.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("LIMMA_VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool) -> bool:
    """Read a yes/no environment variable; anything but a clear yes or no is refused."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"{name} must be 1/0, true/false, yes/no or on/off, not {raw!r}")


def _secret_key() -> str:
    """Use DJANGO_SECRET_KEY, or a random key kept under var/ so sessions survive a restart."""
    configured = os.environ.get("DJANGO_SECRET_KEY")
    if configured:
        return configured
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(64))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_flag("DJANGO_DEBUG", False)
SECRET_KEY = _secret_key()
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # the reference's Swagger UI, served from our own static files
    "django_htmx",
    "django_q",
    "limma.apps.LimmaConfig",
    "search.apps.SearchConfig",
    "ideas.apps.IdeasConfig",
    "criteria.apps.CriteriaConfig",
    "qa_view.apps.QaViewConfig",
    "directory.apps.DirectoryConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "limma.middleware.RequestIdMiddleware",
    "limma.middleware.BodyLimitMiddleware",
    "limma.middleware.DatabaseUnavailableMiddleware",
    "qa_view.page.host.PageOnlyStaticMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# The hosted Q&A service serves the page alone (qa_view/page/host.py): no admin, verbs or reference.
LIMMA_PAGE_ONLY = os.environ.get("LIMMA_PAGE_ONLY", "0") == "1"
ROOT_URLCONF = "limma.page_urls" if LIMMA_PAGE_ONLY else "limma.urls"
# A refused CSRF token under /qa/ is the page's own sentence (qa_view/page/failures.py).
CSRF_FAILURE_VIEW = "qa_view.page.failures.csrf_failure"
WSGI_APPLICATION = "limma.wsgi.application"

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
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'limma.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several django-q2 workers write to one file: WAL and a busy timeout keep them from
    # failing with "database is locked"; short write transactions do the rest.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The search's grouped queries are short: JIT compiling them cost more than it saved
    # (1.7 s of a 3.8 s query at 100,000 people).
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"]["options"] = "-c jit=off"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The largest body a verb accepts (an ingest of MAX_TEXT_CHARS in UTF-8 fits): above it, 413.
LIMMA_MAX_BODY_BYTES = int(os.environ.get("LIMMA_MAX_BODY_BYTES", str(8 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = LIMMA_MAX_BODY_BYTES
# A connect over either size is loaded by a worker: 202, a job id and its status URL.
LIMMA_CONNECT_INLINE_ROWS = int(os.environ.get("LIMMA_CONNECT_INLINE_ROWS", "10000"))
LIMMA_CONNECT_INLINE_BYTES = int(os.environ.get("LIMMA_CONNECT_INLINE_BYTES", "1000000"))

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
# WhiteNoise serves the static files without a manifest, from the apps and static/ themselves
# (WHITENOISE_USE_FINDERS), so a fresh clone run with DEBUG off (gunicorn, runserver) serves the
# admin's and the page's files with no build step to forget; `collectstatic` (make run, make
# demo) still compresses them into STATIC_ROOT. The price: names are not content-hashed, so
# browsers revalidate a file after WHITENOISE_MAX_AGE (60 s) instead of caching it for a year.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# Off DEBUG the cookies, HSTS and redirect are on unless LIMMA_SECURE=0 says the site is
# served over plain HTTP on purpose (a page on a loopback port).
SECURE = env_flag("LIMMA_SECURE", not DEBUG)
SECURE_SSL_REDIRECT = SECURE
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_HSTS_SECONDS = 31_536_000 if SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# The page runs its own scripts and styles only (htmx is served from static/); nothing inline,
# nothing from another origin, no frame around it.
SECURE_CSP = {
    "default-src": [CSP.NONE],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
}
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["limma.auth.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["limma.auth.HasApiKey"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["limma.parsers.JsonParser"],
    "EXCEPTION_HANDLER": "limma.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    # The reference loads Swagger UI from drf-spectacular-sidecar's static files, never a CDN:
    # it works offline and under the site's CSP of 'self' alone.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "TITLE": "Limma",
    "DESCRIPTION": "Answers over a directory of people and their documents, with proof.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get components of their own, with the bounds the verbs enforce (minLength).
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "limma.schema.error_responses",
        "search.schema.search_request",
    ],
}


# The one time every other is derived from: how long a background task may run. django-q2's
# timeout is it, its retry a minute more; a criteria read's claim lease must be shorter
# (the system check limma.E005), so that a killed worker's claim is free before the task
# is handed out again.
LIMMA_TASK_TIMEOUT_SECONDS = int(os.environ.get("LIMMA_TASK_TIMEOUT", "900"))


def q_cluster_for(timeout: int = LIMMA_TASK_TIMEOUT_SECONDS) -> dict[str, object]:
    """django-q2: the ORM broker by default, Redis when REDIS_URL is given.

    retry must outlast the longest task (a criteria read waits on model calls), or a task
    still running is handed out again; tasks are idempotent all the same.
    """
    cluster: dict[str, object] = {
        "name": "limma",
        "workers": int(os.environ.get("LIMMA_WORKERS", "2")),
        "timeout": timeout,
        "retry": timeout + 60,
        "max_attempts": 3,
        "ack_failures": True,
        # A finished task's result is not stored (what it did is in its judgment); failures are.
        "save_limit": -1,
        "catch_up": False,
        "label": "Background work",
    }
    if REDIS_URL:
        cluster["redis"] = REDIS_URL
    else:
        cluster["orm"] = "default"
    return cluster


Q_CLUSTER = q_cluster_for()
# A criteria read's claim is a lease renewed by a heartbeat (a quarter of it) while the read
# runs: a killed worker's claim is taken again by the next call or task once it runs out.
LIMMA_CLAIM_LEASE_SECONDS = float(os.environ.get("LIMMA_CLAIM_LEASE_SECONDS", "60"))
# A call that handed its reads to the workers and saw none of them claimed for this long (a dead
# or stuck cluster) reads them itself, claiming each as a worker would.
LIMMA_UNCLAIMED_SECONDS = float(os.environ.get("LIMMA_UNCLAIMED_SECONDS", "10"))
# A task that loses the database runs again, with a short backoff, for this long at most
# (limma/database.py); after it, django-q2's own retry.
LIMMA_DATABASE_RETRY_SECONDS = float(os.environ.get("LIMMA_DATABASE_RETRY_SECONDS", "300"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LIMMA_LOG_LEVEL", "INFO")},
}

# The Q&A page (qa_view): a new visitor's spend ceiling in US dollars (each visitor's own is set
# in the admin), read from the ledger; at it, the next question is refused before anything runs.
LIMMA_QA_CAP_VISITOR_USD = os.environ.get("LIMMA_QA_CAP_VISITOR_USD", "5")
# The Q&A page: the reply tokens a paid agent call is priced at before it is sent (its hold).
LIMMA_QA_REPLY_TOKENS = int(os.environ.get("LIMMA_QA_REPLY_TOKENS", "2048"))
# The door holds every paid call made for a visitor under their ceilings: the agent's and the
# reads its searches start, in the request or in a worker (a callable of the ledger name).
LIMMA_SPEND_GUARD = "qa_view.page.ceilings.visitor_spend_guard"
# The Q&A page: what all visitors together may spend per UTC day, in US dollars (ledger).
LIMMA_QA_CAP_DAY_USD = os.environ.get("LIMMA_QA_CAP_DAY_USD", "20")
# The Q&A page's examples file: what to call the directory, and the "Try:" questions.
LIMMA_QA_EXAMPLES = os.environ.get(
    "LIMMA_QA_EXAMPLES", str(BASE_DIR / "qa_view" / "examples" / "qa_examples.json")
)

# The MCP server's tool list (manage.py mcp_server): comma-separated tool names; empty = all.
# A key is still listed only the tools it may call.
LIMMA_MCP_TOOLS = os.environ.get("LIMMA_MCP_TOOLS", "")
# The hosts the MCP server's streamable HTTP answers to (its Host header; an Origin, when sent, is
# one of them over http or https): comma-separated, any port. Loopback by default.
LIMMA_MCP_ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("LIMMA_MCP_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
    if host.strip()
]
# The evaluator's console (/console/): the key its agent acts under, where its runs are recorded
# (LIMMA_DATA_DIR/runs), whether they are, and its chips ({"answer": [...], "search": [...]}).
LIMMA_CONSOLE_API_KEY = os.environ.get("LIMMA_CONSOLE_API_KEY", "")
LIMMA_DATA_DIR = Path(os.environ.get("LIMMA_DATA_DIR", VAR_DIR))
LIMMA_CONSOLE_RECORD = env_flag("LIMMA_CONSOLE_RECORD", True)
LIMMA_CONSOLE_HINTS = os.environ.get("LIMMA_CONSOLE_HINTS", "")
