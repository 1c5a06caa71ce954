"""What the MCP server offers beside its tools: the workspace's pack and vocabulary as resources
(the names a search's constraints and a facts call may use), and the console's three modes as
prompts (the same system prompt the console's agent runs on, for a client's own model)."""

from __future__ import annotations

import json
from typing import Any

from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS

from limma.models import Workspace
from qa_view.console.modes import LABELS, MODES, system_for

PACK_URI = "limma://workspace/pack"
VOCABULARY_URI = "limma://workspace/vocabulary"
RESOURCES = {
    PACK_URI: (
        "pack",
        "The workspace's pack: its relations and their slots, the document kinds it declares.",
    ),
    VOCABULARY_URI: (
        "vocabulary",
        "The workspace's vocabulary per axis (place, function, its own): each term's name, the "
        "broader terms it sits under and its aliases. A constraint's place or function is "
        "matched through it (Europe holds Germany).",
    ),
}
MODE_SAYS = {
    "answer": "The analyst's agent over facts and regions: a result set, a receipt on every row.",
    "search": "A brief to limma_search first; the closed set read from its reply.",
    "people": "The Q&A page's prompt: conditions to limma_search, the niche read from profiles.",
}
NO_SUCH_RESOURCE = "No resource has this address; the resources: {uris}."
NO_SUCH_PROMPT = "No prompt is named {name!r}; the prompts: {names}."


def resources() -> list[types.Resource]:
    return [
        types.Resource(uri=uri, name=name, description=says, mimeType="application/json")
        for uri, (name, says) in RESOURCES.items()
    ]


def resource_text(uri: str, workspace: Workspace) -> str:
    """The resource's JSON for the key's workspace (McpError: no such resource)."""
    if uri == PACK_URI:
        return json.dumps(workspace.pack, ensure_ascii=False)
    if uri == VOCABULARY_URI:
        vocabulary = workspace.vocabulary
        axes: dict[str, Any] = {
            axis: [
                {"name": t.name, "broader": list(t.broader), "aliases": list(t.aliases)}
                for t in vocabulary.terms(axis)
            ]
            for axis in vocabulary.axes()
        }
        return json.dumps({"axes": axes}, ensure_ascii=False)
    raise invalid(NO_SUCH_RESOURCE.format(uris=", ".join(RESOURCES)))


def prompts() -> list[types.Prompt]:
    question = types.PromptArgument(name="question", description="The question.", required=True)
    return [
        types.Prompt(
            name=mode, title=LABELS[mode], description=MODE_SAYS[mode], arguments=[question]
        )
        for mode in MODES
    ]


def prompt_for(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    """The mode's system prompt and the question, as one user message (MCP prompts carry no
    system role). McpError: no such prompt, or no question."""
    if name not in MODES:
        raise invalid(NO_SUCH_PROMPT.format(name=name, names=", ".join(MODES)))
    question = (arguments or {}).get("question", "").strip()
    if not question:
        raise invalid("The prompt needs its argument: question.")
    text = f"{system_for(name)}\n\nThe question: {question}"
    return types.GetPromptResult(
        description=MODE_SAYS[name],
        messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
        ],
    )


def invalid(message: str) -> McpError:
    """A JSON-RPC error reply (invalid params) saying what was wrong."""
    return McpError(types.ErrorData(code=INVALID_PARAMS, message=message))
