"""API-key authentication (`Authorization: Bearer lk_<prefix>.<secret>`) and role permissions."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from limma.models import ApiKey
from limma.models.keys import KEY_PREFIX

KEY_MALFORMED = "The API key is malformed: expected lk_<prefix>.<secret>."
KEY_UNKNOWN = "The API key is unknown or revoked."
WRITE_NEEDS_ANALYST = "This verb writes to the workspace: it needs an analyst or admin key."


def key_for_token(token: str) -> ApiKey:
    """The active key a bearer token names (the API's and the MCP server's one check)."""
    if not token.startswith(KEY_PREFIX) or "." not in token or "\x00" in token:
        raise exceptions.AuthenticationFailed(KEY_MALFORMED)
    prefix, _, secret = token.removeprefix(KEY_PREFIX).partition(".")
    key = ApiKey.objects.active().select_related("workspace").filter(prefix=prefix).first()
    if key is None or not key.matches(secret):
        raise exceptions.AuthenticationFailed(KEY_UNKNOWN)
    return key


class ApiKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[None, ApiKey] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        if not header:
            return None
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer":
            return None
        key = key_for_token(token.strip())
        if key.last_used_at is None or (timezone.now() - key.last_used_at).total_seconds() > 60:
            ApiKey.objects.filter(pk=key.pk).update(last_used_at=timezone.now())
        return None, key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="limma"'


class HasApiKey(permissions.BasePermission):
    def has_permission(self, request: Request, view: object) -> bool:
        return isinstance(request.auth, ApiKey)


class WriteDenied(exceptions.PermissionDenied):
    type = "write_needs_analyst_key"
    default_detail = WRITE_NEEDS_ANALYST


class MayWrite(HasApiKey):
    """Loads and reads that store what they find need an analyst or admin key."""

    def has_permission(self, request: Request, view: object) -> bool:
        if not super().has_permission(request, view):
            return False
        if not request.auth.may_write:
            raise WriteDenied()
        return True
