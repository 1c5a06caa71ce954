from django.apps import AppConfig


class QaViewConfig(AppConfig):
    name = "qa_view"
    verbose_name = "Q&A page"

    def ready(self) -> None:
        from qa_view import offline_agent  # noqa: F401 - registers the offline agent role
