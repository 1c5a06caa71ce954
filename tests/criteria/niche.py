"""The specification's niche ("20+ years marketing baby formula in European markets") as the
facets a split gives it, typed: the rule tests' shared criterion."""

from __future__ import annotations

from criteria.types import Facet

DURATION = Facet("duration", "duration", "20+ years", min_years=20.0)
FUNCTION = Facet(
    "function", "condition", "marketing", value="Marketing", axis="function", typed=True
)
PRODUCT = Facet("product", "condition", "baby formula")
MARKET = Facet(
    "market",
    "condition",
    "in European markets",
    value="Europe",
    axis="place",
    typed=True,
    core="European markets",
)
FACETS = (DURATION, FUNCTION, PRODUCT, MARKET)
