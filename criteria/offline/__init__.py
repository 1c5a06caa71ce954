"""The offline provider of the four criteria roles: split, read, second call and typing
call decided by rules and the shipped lexicon, deterministic, no model and no spend."""
