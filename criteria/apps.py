from django.apps import AppConfig


class CriteriaConfig(AppConfig):
    name = "criteria"
    verbose_name = "Criteria"

    def ready(self) -> None:
        from criteria.offline import roles as offline  # noqa: F401
