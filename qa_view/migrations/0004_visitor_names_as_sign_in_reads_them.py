"""Visitors' names as sign-in reads them (stripped, inner spaces made one): a visitor made as
"Bob  Smith" before could never sign in. A name that would then be another visitor's is left
as it was, for support to rename."""

from django.db import migrations


def names_as_sign_in_reads_them(apps, schema_editor):
    Visitor = apps.get_model("qa_view", "Visitor")
    taken = {name.casefold() for name in Visitor.objects.values_list("name", flat=True)}
    for visitor in Visitor.objects.order_by("pk"):
        normal = " ".join(visitor.name.split())
        if normal == visitor.name or not normal or normal.casefold() in taken:
            continue
        taken.add(normal.casefold())
        Visitor.objects.filter(pk=visitor.pk).update(name=normal)


class Migration(migrations.Migration):
    dependencies = [("qa_view", "0003_support_group")]

    operations = [migrations.RunPython(names_as_sign_in_reads_them, migrations.RunPython.noop)]
