"""The niche the criteria examples ask (docs/concepts.md#niche), and their one call: a full search.

EUROPE narrows PEOPLE by the one relation it holds; NICHE is the whole niche as one text;
FACETS is its split as the caller states it (as the page's examples file writes the facets:
docs/pages.md#the-example-questions).
"""

from __future__ import annotations

from typing import Any

EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
NICHE = "20+ years marketing baby formula in European markets"
FACETS = [
    {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]


def search(client, workspace: str, **body: Any) -> dict[str, Any]:
    """POST /v1/public/search on the workspace; detail "full" unless the body says otherwise."""
    sent = {"workspace_id": workspace, "detail": "full", **body}
    return client.post("/v1/public/search", sent, format="json").json()
