"""Limma: answers over a directory of people and their documents, with proof."""
