"""The offline provider's rules for ideas: labelling and grouping with no model and no network.

Deterministic and shipped with the code, so a fresh checkout answers idea questions; their
quality is what benchmarks/scale/idea_worlds.py measures, never claimed here.
"""
