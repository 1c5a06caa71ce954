"""Each relation row's vocabulary slots placed at write (limma.placement), and the rows already
stored placed once here."""

from django.db import migrations, models

BATCH = 2000


def rows_placed(apps, schema_editor) -> None:
    from limma.pack import pack_from_json
    from limma.placement import relation_slots, row_placed
    from limma.vocabulary import Term, Vocabulary

    Workspace = apps.get_model("limma", "Workspace")
    RelationRow = apps.get_model("limma", "RelationRow")
    for workspace in Workspace.objects.all():
        own = [
            Term(axis=t.axis, name=t.name, broader=tuple(t.broader), aliases=tuple(t.aliases))
            for t in workspace.terms.all()
        ]
        vocabulary = Vocabulary.shipped().extended(own) if own else Vocabulary.shipped()
        slots = relation_slots(pack_from_json(workspace.pack))
        changed = []
        rows = RelationRow.objects.filter(workspace=workspace, relation__in=list(slots))
        for row in rows.iterator(chunk_size=BATCH):
            row.placed = row_placed(row.values, slots[row.relation], vocabulary)
            changed.append(row)
            if len(changed) >= BATCH:
                RelationRow.objects.bulk_update(changed, ["placed"])
                changed = []
        RelationRow.objects.bulk_update(changed, ["placed"])


class Migration(migrations.Migration):
    dependencies = [("limma", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="relationrow",
            name="placed",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(rows_placed, migrations.RunPython.noop),
    ]
