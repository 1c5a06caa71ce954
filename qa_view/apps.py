from django.apps import AppConfig


class QaViewConfig(AppConfig):
    name = "qa_view"
    verbose_name = "Q&A page"

    def ready(self) -> None:
        from qa_view.agent.offline import roles  # noqa: F401 - registers the offline agent role
