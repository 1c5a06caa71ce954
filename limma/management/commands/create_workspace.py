"""Make a workspace and its first admin key; the key's token is printed once and never again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from limma.models import Workspace
from limma.services.keys import api_key_create


class Command(BaseCommand):
    help = "Create a workspace with the default pack and print an admin API key for it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")

    def handle(self, *args: Any, name: str, **options: Any) -> None:
        workspace = Workspace.objects.create(name=name)
        _, token = api_key_create(workspace=workspace, name=f"{name} admin", role="admin")
        self.stdout.write(f"workspace_id: {workspace.id}\napi_key: {token}")
