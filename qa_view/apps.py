from django.apps import AppConfig


class QaViewConfig(AppConfig):
    name = "qa_view"
    verbose_name = "Q&A page"
