from django.apps import AppConfig


class LimmaConfig(AppConfig):
    name = "limma"
    verbose_name = "Limma store"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from limma import checks, schema  # noqa: F401 - registers checks and the key's schema
        from limma.placement import person_facts_deleted
        from limma.services.rows import vocabulary_changed

        for signal in (post_save, post_delete):
            signal.connect(vocabulary_changed, sender="limma.VocabularyTerm")
        post_delete.connect(person_facts_deleted, sender="limma.PersonFacts")
