"""Make an API key for a workspace; its token is printed once and never stored."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from limma.models import ApiKey, Workspace
from limma.services.keys import api_key_create


class Command(BaseCommand):
    help = "Create an API key (viewer, analyst or admin) for a workspace."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("workspace_id")
        parser.add_argument("--name", default="key")
        parser.add_argument("--role", choices=ApiKey.Role.values, default=ApiKey.Role.VIEWER)
        parser.add_argument(
            "--groups",
            default="*",
            help="Comma-separated access groups the key may read (* = all).",
        )

    def handle(
        self, *args: Any, workspace_id: str, name: str, role: str, groups: str, **options: Any
    ) -> None:
        workspace = Workspace.objects.filter(id=workspace_id).first()
        if workspace is None:
            raise CommandError(f"No workspace has the id {workspace_id!r}.")
        access_groups = [group.strip() for group in groups.split(",") if group.strip()]
        _, token = api_key_create(
            workspace=workspace, name=name, role=role, access_groups=access_groups
        )
        self.stdout.write(token)
