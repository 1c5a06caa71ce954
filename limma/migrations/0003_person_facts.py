"""Each person's facts (PersonFacts, and the FactsSet of codes they hold: what a search of one
constraint per relation reads), the partial index a search asks whether any extracted row
exists with, the scope's order as an index (name, then id: a page walks it), and the facts of
the people already stored written once here."""

import django.db.models.deletion
from django.db import migrations, models


def facts_written(apps, schema_editor) -> None:
    from limma.pack import pack_from_json
    from limma.placement import FactsOf, relation_slots, workspace_facts_rebuild
    from limma.vocabulary import Term, Vocabulary

    Workspace = apps.get_model("limma", "Workspace")
    for workspace in Workspace.objects.all():
        own = [
            Term(axis=t.axis, name=t.name, broader=tuple(t.broader), aliases=tuple(t.aliases))
            for t in workspace.terms.all()
        ]
        vocabulary = Vocabulary.shipped().extended(own) if own else Vocabulary.shipped()
        of = FactsOf(relation_slots(pack_from_json(workspace.pack)), vocabulary)
        workspace_facts_rebuild(workspace, of, apps)


class Migration(migrations.Migration):
    dependencies = [
        ("limma", "0002_relationrow_placed"),
    ]

    operations = [
        migrations.CreateModel(
            name="FactsSet",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("digest", models.CharField(max_length=64)),
                ("facts", models.JSONField(default=dict)),
            ],
        ),
        migrations.CreateModel(
            name="PersonFacts",
            fields=[
                (
                    "entity",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="person_facts",
                        serialize=False,
                        to="limma.entity",
                    ),
                ),
                ("in_record", models.BooleanField(default=False)),
            ],
        ),
        migrations.RemoveIndex(
            model_name="entity",
            name="limma_entit_workspa_bcc96e_idx",
        ),
        migrations.AddIndex(
            model_name="entity",
            index=models.Index(fields=["workspace", "name_key", "key"], name="entity_scope_order"),
        ),
        migrations.AddIndex(
            model_name="relationrow",
            index=models.Index(
                condition=models.Q(("origin", "extracted")),
                fields=["workspace", "relation"],
                name="row_extracted",
            ),
        ),
        migrations.AddField(
            model_name="factsset",
            name="workspace",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="facts_sets",
                to="limma.workspace",
            ),
        ),
        migrations.AddField(
            model_name="personfacts",
            name="facts_set",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="people",
                to="limma.factsset",
            ),
        ),
        migrations.AddField(
            model_name="personfacts",
            name="workspace",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="person_facts",
                to="limma.workspace",
            ),
        ),
        migrations.AddConstraint(
            model_name="factsset",
            constraint=models.UniqueConstraint(
                fields=("workspace", "digest"), name="facts_set_unique"
            ),
        ),
        migrations.RunPython(facts_written, migrations.RunPython.noop),
    ]
