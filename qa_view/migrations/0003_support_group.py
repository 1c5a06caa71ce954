"""The support group: exactly what support staff need, and nothing else.

Visitors (see, add, change a name or a ceiling, revoke, make a new access code: their spend is
shown on the visitor's own page) and the day ceiling (see its history, set a new one). No
judgment, document, key, ledger row or user: every other admin page is a 403 to support.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

SUPPORT = "support"
PERMISSIONS = [
    ("qa_view", "view_visitor"),
    ("qa_view", "add_visitor"),
    ("qa_view", "change_visitor"),
    ("qa_view", "revoke_visitor"),
    ("qa_view", "reset_visitor_code"),
    ("qa_view", "view_dayceiling"),
    ("qa_view", "add_dayceiling"),
]


def support_group(apps, schema_editor):
    # Permissions are made after migrate (post_migrate); make this app's now so the group gets
    # them on a fresh database as on an old one.
    config = apps.get_app_config("qa_view")
    config.models_module = True
    create_permissions(config, verbosity=0, apps=apps)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=SUPPORT)
    wanted = [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    ]
    group.permissions.set(wanted)


def no_support_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=SUPPORT).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("qa_view", "0002_day_ceiling_and_visitor_keys"),
    ]

    operations = [migrations.RunPython(support_group, no_support_group)]
