"""ASGI entry point, for servers that stream (server-sent events need one)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "limma.settings")
application = get_asgi_application()
