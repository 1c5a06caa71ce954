"""search-mode.txt, "When the API has no model for the compile": the 503 a brief gets.

.venv/bin/python -m docs.examples.search_compile_unavailable
"""

from __future__ import annotations

import json

from docs.examples import scratch


def main() -> None:
    scratch.setup()
    from limma import door

    client, workspace_id = scratch.client_for("People")
    # A deployment with no model that compiles briefs: the scripted provider with no script.
    with door.use_provider(door.ScriptedProvider()):
        reply = client.post(
            "/v1/public/search",
            {"workspace_id": workspace_id, "brief": "VP-level Sales leaders in DACH."},
            format="json",
        )
    print("is_error:", reply.status_code >= 400)
    print(json.dumps(reply.json(), separators=(", ", ": ")))


if __name__ == "__main__":
    main()
