"""The visitor's page: sign-in, visitors and their ceilings, the examples, the views that ask."""
