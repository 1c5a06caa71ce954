"""Saying what else counts: whether stated words ARE a name the caller accepted, and
what a stated name becomes by its own sentence — settled, a vote, or refused."""
