"""The niche read: facets, plan and price, the read, the rule checks, the four lists."""
