"""Each person's facts (PersonFacts: the codes a search of one constraint per relation reads),
the partial index a search asks whether any extracted row exists with, the scope's order as an
index (name, then id: a page walks it), and the facts of the people already stored written
once here."""

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
    dependencies = [("limma", "0002_relationrow_placed")]

    operations = [
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
                ("facts", models.JSONField(default=dict)),
                (
                    "workspace",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="person_facts",
                        to="limma.workspace",
                    ),
                ),
            ],
        ),
        migrations.AddIndex(
            model_name="relationrow",
            index=models.Index(
                condition=models.Q(("origin", "extracted")),
                fields=["workspace", "relation"],
                name="row_extracted",
            ),
        ),
        migrations.RemoveIndex(model_name="entity", name="limma_entit_workspa_bcc96e_idx"),
        migrations.AddIndex(
            model_name="entity",
            index=models.Index(
                fields=["workspace", "name_key", "key"], name="entity_scope_order"
            ),
        ),
        migrations.RunPython(facts_written, migrations.RunPython.noop),
    ]
