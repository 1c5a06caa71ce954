"""A brief with no model to compile it (docs/verbs.md#a-brief): the 503 a brief gets, as the
agent reads it from a real tool call over an MCP client session (the SDK's in-process client).

.venv/bin/python -m docs.examples.search_compile_unavailable
"""

from __future__ import annotations

from docs.examples import scratch


def main() -> None:
    scratch.setup()
    import anyio
    from mcp.shared.memory import create_connected_server_and_client_session

    from limma import door
    from limma.models import ApiKey
    from qa_view.mcp.server import build_server, result_text

    _, workspace_id = scratch.client_for("People")
    key = ApiKey.objects.get(workspace_id=workspace_id)

    async def call_tool(name: str, arguments: dict) -> object:
        async with create_connected_server_and_client_session(build_server(key)) as client:
            return await client.call_tool(name, arguments)

    # A deployment with no model that compiles briefs: the scripted provider with no script.
    with door.use_provider(door.ScriptedProvider()):
        result = anyio.run(
            call_tool,
            "limma_search",
            {"workspace_id": workspace_id, "brief": "VP-level Sales leaders in DACH."},
        )
    print("is_error:", bool(result.isError))
    print(result_text(result))


if __name__ == "__main__":
    main()
