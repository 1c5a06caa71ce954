from django.apps import AppConfig


class IdeasConfig(AppConfig):
    name = "ideas"
    verbose_name = "Ideas"

    def ready(self) -> None:
        from ideas.facts import part_label_rows
        from ideas.offline import handlers  # noqa: F401 - registers the offline idea roles
        from limma.services.facts import derived_relation_register

        derived_relation_register("part_label", part_label_rows)
