from django.apps import AppConfig


class LimmaConfig(AppConfig):
    name = "limma"
    verbose_name = "Limma store"

    def ready(self) -> None:
        from limma import checks, schema  # noqa: F401 - registers checks and the key's schema
