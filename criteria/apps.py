from django.apps import AppConfig


class CriteriaConfig(AppConfig):
    name = "criteria"
    verbose_name = "Criteria"
