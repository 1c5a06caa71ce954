"""The demo directory's management commands (make_directory, examples_key)."""
