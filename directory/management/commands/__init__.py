"""make_directory writes the demo directory; examples_key mints the examples' key."""
