"""How a length is counted: whether ONE form of sentence grants a duration facet,
and every other length written handed on as a doubt with its count."""
