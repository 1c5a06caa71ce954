"""Idea questions: every sentence labelled at load, labels sorted per idea."""
