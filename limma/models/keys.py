"""API keys: `lk_<prefix>.<secret>`, the prefix indexed, only a hash of the secret stored.

The secret is 256 random bits, so one SHA-256 is enough (a low-entropy code would need a slow
hash); it is shown once, when the key is made, and compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac

from django.db import models

KEY_PREFIX = "lk_"


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiKeyQuerySet(models.QuerySet["ApiKey"]):
    def active(self) -> ApiKeyQuerySet:
        return self.filter(revoked_at__isnull=True)


class ApiKey(models.Model):
    class Role(models.TextChoices):
        VIEWER = "viewer", "viewer"  # reads; serves stored judgments only
        ANALYST = "analyst", "analyst"  # reads and writes (loads, reads that store judgments)
        ADMIN = "admin", "admin"  # everything an analyst may, and the workspace's keys

    workspace = models.ForeignKey("limma.Workspace", on_delete=models.CASCADE, related_name="keys")
    name = models.CharField(max_length=200)
    prefix = models.CharField(max_length=16, unique=True, editable=False)
    hashed_secret = models.CharField(max_length=64, editable=False)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.VIEWER)
    # The document access groups this key may read; ["*"] reads every group.
    access_groups = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiKeyQuerySet.as_manager()

    class Meta:
        ordering = ["created_at"]
        verbose_name = "API key"

    def __str__(self) -> str:
        return f"{self.name} ({KEY_PREFIX}{self.prefix}…, {self.role})"

    @property
    def reads_every_group(self) -> bool:
        return "*" in self.access_groups

    @property
    def may_write(self) -> bool:
        return self.role in {self.Role.ANALYST, self.Role.ADMIN}

    def matches(self, secret: str) -> bool:
        return hmac.compare_digest(self.hashed_secret, hash_secret(secret))
