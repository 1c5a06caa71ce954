"""What a rehearsal prepares: the directory, the examples read ahead, one visitor."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from directory import build_directory
from directory.load import directory_load, workspace_for
from limma.conf import limma_settings
from limma.models import Entity, Workspace
from limma.services.keys import api_key_create
from limma.services.vectors import workspace_embed
from qa_view.mcp.agent_key import agent_key_kept
from qa_view.models import Visitor
from qa_view.page.examples import load_examples
from qa_view.page.read_ahead import example_plan, example_read
from qa_view.page.visitors import visitor_code_set, visitor_create, visitor_key_default

VISITOR = "Rehearsal visitor"


KEY_SAYS = {
    "analyst": "reads a visitor's own niche, under the visitor and day ceilings",
    "viewer": "answers only from profiles already read",
}


def rehearsal_prepare(
    *,
    n: int,
    seed: int,
    examples: str,
    max_usd: Decimal,
    spend: bool,
    say: Callable[[str], None],
    visitor_key: str = "analyst",
) -> dict[str, str] | None:
    """Build (or reuse) the directory, read the examples ahead, and make the visitor.

    Returns the visitor's name and a fresh access code, or None when the read would spend and
    spending was not allowed (what it would call and spend is said instead).
    """
    workspace = _directory(n, seed, say)
    file = load_examples(examples)
    analyst, _ = api_key_create(workspace=workspace, name="rehearsal read-ahead", role="analyst")
    prepared = [example for example in file.examples if example.prepared]
    if not spend:
        for example in prepared:
            estimate = example_plan(key=analyst, workspace=workspace, example=example)
            say(
                f"would read {estimate.get('reads', 0)} profiles for about "
                f"${estimate.get('cost_usd', 0):.2f} — {example.question}"
            )
        say("Nothing was started: pass --spend-ok (and --max-usd) to read them.")
        return None
    _embedded(workspace, say)
    left = max_usd
    for example in prepared:
        done = example_read(key=analyst, workspace=workspace, example=example, max_usd=left)
        left -= Decimal(str(done.cost_usd))
        say(
            f"{done.status}: {done.fits} fit of {done.candidates:,} profiles, "
            f"${done.cost_usd:.2f} — {done.question}"
            + ("" if done.fits else "   (this example fits nobody)")
        )
    provider = limma_settings().provider
    say(f"examples read ahead with the {provider} provider")
    visitor = Visitor.objects.filter(workspace=workspace, name=VISITOR).first()
    if visitor is None:
        visitor, code = visitor_create(workspace=workspace, name=VISITOR, key_role=visitor_key)
    else:  # a run again: a fresh code, and the key of the role asked for this time
        code = visitor_code_set(visitor=visitor)
        visitor.api_key = visitor_key_default(
            workspace=workspace, name=visitor.name, role=visitor_key
        )
        visitor.save()
    say(f"the page's key: {visitor_key} ({KEY_SAYS[visitor_key]})")
    agent_key_kept(workspace)
    return {"name": visitor.name, "code": code}


def _directory(n: int, seed: int, say: Callable[[str], None]) -> Workspace:
    name = f"Expert directory {n}/{seed}"
    workspace = Workspace.objects.filter(name=name).first()
    if workspace is not None and Entity.objects.filter(workspace=workspace).exists():
        say(f"reusing the directory already loaded ({name})")
        return workspace
    say(f"building the directory: {n:,} people, seed {seed} (about a minute)")
    brought = directory_load(workspace=workspace_for(name), export=build_directory(n, seed).export)
    say(f"loaded in {brought.seconds:.0f} s")
    return brought.workspace


def _embedded(workspace: Workspace, say: Callable[[str], None]) -> None:
    """The directory's sentences embedded here, before the examples are read: the reads rank
    their candidates by them, and a run again finds them stored."""
    embedded = workspace_embed(workspace=workspace)
    if embedded.sentences:
        say(
            f"embedded {embedded.sentences:,} sentences and {embedded.parts:,} parts with the "
            f"embedded model in {embedded.seconds:.0f} s"
        )
    else:
        say("every sentence already embedded")
