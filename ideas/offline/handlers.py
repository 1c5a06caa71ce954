"""Registers the offline rules for the two idea roles with the door (from IdeasConfig.ready)."""

from __future__ import annotations

from typing import Any

from ideas.offline.grouper import idea_grouper
from ideas.offline.labeller import part_labeller
from limma.door.providers import offline_handler
from limma.door.shapes import IdeaGroupRequest, PartLabelRequest


@offline_handler("part_labeller")
def offline_part_labeller(request: PartLabelRequest) -> dict[str, Any]:
    return part_labeller(request)


@offline_handler("idea_grouper")
def offline_idea_grouper(request: IdeaGroupRequest) -> dict[str, Any]:
    return idea_grouper(request)
