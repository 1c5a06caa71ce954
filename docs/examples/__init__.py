"""The specification's examples as code that prints the same results (see README.md here)."""
