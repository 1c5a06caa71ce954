from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "search"
    verbose_name = "Search"

    def ready(self) -> None:
        from search import offline  # noqa: F401 - registers the offline brief compiler
