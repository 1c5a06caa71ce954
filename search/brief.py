"""A brief in words, compiled into constraints by the brief_compiler role.

What the compile drops, what it cannot compile and what it cannot bind is NOT searched, and the
reply says so; with no model to compile, the verb refuses (503 compile_unavailable).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from limma import door
from limma.errors import ApplicationError, InvalidRequest, ServiceUnavailable
from limma.models import Workspace
from search.constraints import Constraint, constraints_parsed

COMPILE_UNAVAILABLE = "compile requires a model; pass constraints"
COMPILE_FAILED = "the model that compiles briefs did not answer; pass constraints"
# The refusals' detail.type.
COMPILE_UNAVAILABLE_TYPE, COMPILE_FAILED_TYPE = "compile_unavailable", "compile_failed"


@dataclass(frozen=True)
class Compiled:
    brief: str
    constraints: list[Constraint] = field(default_factory=list)
    criterion: str | None = None
    dropped: list[dict[str, str]] = field(default_factory=list)
    not_compiled: list[dict[str, object]] = field(default_factory=list)


def brief_compile(*, workspace: Workspace, brief: str, context: door.CallContext) -> Compiled:
    if not door.available("brief_compiler"):
        raise ServiceUnavailable(COMPILE_UNAVAILABLE_TYPE, reason=COMPILE_UNAVAILABLE)
    relations = {name: dict(rel.slots) for name, rel in workspace.parsed_pack.relations.items()}
    request = {"brief": brief, "relations": relations, "axes": list(workspace.vocabulary.axes())}
    try:
        reply = door.call("brief_compiler", request, context=context)
    except (door.ModelUnavailable, door.SpendSwitchOff) as refused:
        raise ServiceUnavailable(COMPILE_UNAVAILABLE_TYPE, reason=COMPILE_UNAVAILABLE) from refused
    except (door.ModelCallFailed, door.ModelReplyInvalid) as failed:
        raise ApplicationError(COMPILE_FAILED_TYPE, status=502, reason=COMPILE_FAILED) from failed
    constraints, not_compiled = [], []
    for raw in reply.constraints:
        item = raw.model_dump()
        try:
            constraints += constraints_parsed([item])
        except InvalidRequest:
            not_compiled.append({"constraint": item, "why": "malformed"})
    return Compiled(
        brief=brief,
        constraints=constraints,
        criterion=reply.criterion,
        dropped=[item.model_dump() for item in reply.dropped],
        not_compiled=not_compiled,
    )
