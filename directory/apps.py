from django.apps import AppConfig


class DirectoryConfig(AppConfig):
    """The demo directory: its generator and the commands that write it (make_directory,
    examples_key), kept out of the core so `limma/` knows no demo."""

    name = "directory"
    verbose_name = "Demo directory"
