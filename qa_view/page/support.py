"""The support group: exactly what support staff need, and nothing else.

Visitors (see, add, change a name or a ceiling, revoke, make a new access code; their spend is
shown on the visitor's own page) and the day ceiling (see its history, set a new one). No
judgment, document, key, ledger row or user: every other admin page is a 403 to support. Made by
the migration 0003_support_group, and again by `support_group_make` wherever it went missing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.management import create_permissions

SUPPORT = "support"
SUPPORT_PERMISSIONS = (
    ("qa_view", "view_visitor"),
    ("qa_view", "add_visitor"),
    ("qa_view", "change_visitor"),
    ("qa_view", "revoke_visitor"),
    ("qa_view", "reset_visitor_code"),
    ("qa_view", "view_dayceiling"),
    ("qa_view", "add_dayceiling"),
)


def support_group_make(apps: Any) -> Any:
    """The support group with exactly SUPPORT_PERMISSIONS (apps: a migration's, or django.apps)."""
    # Permissions are made after migrate (post_migrate): make this app's now, so the group gets
    # them on a fresh database as on an old one.
    config = apps.get_app_config("qa_view")
    models_module = getattr(config, "models_module", None)
    config.models_module = models_module or True
    try:
        create_permissions(config, verbosity=0, apps=apps)
    finally:
        config.models_module = models_module
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=SUPPORT)
    group.permissions.set(
        [
            Permission.objects.get(content_type__app_label=app, codename=codename)
            for app, codename in SUPPORT_PERMISSIONS
        ]
    )
    return group
