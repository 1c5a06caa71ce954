"""Settings for the test suite: fast hashing, in-process caches, tasks run inline."""

from limma.settings import *  # noqa: F403
from limma.settings import Q_CLUSTER

DEBUG = False
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
Q_CLUSTER = {**Q_CLUSTER, "sync": True}
LIMMA = {"PROVIDER": "offline"}
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"handlers": [], "level": "WARNING"},
    "loggers": {"django-q": {"level": "WARNING"}},
}
