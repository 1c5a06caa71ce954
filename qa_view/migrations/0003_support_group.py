"""The support group, with exactly what support staff need (qa_view/page/support.py)."""

from django.db import migrations

from qa_view.page.support import SUPPORT, support_group_make


def support_group(apps, schema_editor):
    support_group_make(apps)


def no_support_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=SUPPORT).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("qa_view", "0002_day_ceiling_and_visitor_keys"),
    ]

    operations = [migrations.RunPython(support_group, no_support_group)]
