from django.apps import AppConfig


class IdeasConfig(AppConfig):
    name = "ideas"
    verbose_name = "Ideas"

    def ready(self) -> None:
        from ideas.offline import handlers  # noqa: F401 - registers the offline idea roles
