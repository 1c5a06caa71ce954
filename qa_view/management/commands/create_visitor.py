"""Make a visitor of the Q&A page; their access code is printed once and never stored."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from limma.models import ApiKey, Workspace
from qa_view.page.visitors import visitor_create


def usd(raw: str) -> Decimal:
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise CommandError(f"--ceiling-usd must be a number of US dollars, not {raw!r}") from None
    if not value.is_finite() or value < 0:
        raise CommandError(f"--ceiling-usd must be 0 or more, not {raw!r}")
    return value


class Command(BaseCommand):
    help = "Create a visitor of the Q&A page (a name and an access code) for a workspace."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("workspace_id")
        parser.add_argument("name", help="What the visitor types to sign in.")
        parser.add_argument(
            "--ceiling-usd", help="What their questions may spend (LIMMA_QA_CAP_VISITOR_USD)."
        )
        parser.add_argument(
            "--key-role",
            choices=[ApiKey.Role.VIEWER, ApiKey.Role.ANALYST],
            default=ApiKey.Role.VIEWER,
            help="viewer (default): stored judgments only; analyst: the page may read, and spend.",
        )

    def handle(
        self,
        *args: Any,
        workspace_id: str,
        name: str,
        ceiling_usd: str | None,
        key_role: str,
        **options: Any,
    ) -> None:
        workspace = Workspace.objects.filter(id=workspace_id).first()
        if workspace is None:
            raise CommandError(f"No workspace has the id {workspace_id!r}.")
        ceiling = usd(ceiling_usd) if ceiling_usd is not None else None
        try:
            visitor, code = visitor_create(
                workspace=workspace, name=name, ceiling_usd=ceiling, key_role=key_role
            )
        except ValidationError as invalid:
            raise CommandError("; ".join(invalid.messages)) from None
        self.stdout.write(f"name: {visitor.name}\naccess code: {code}")
        self.stderr.write("The access code is shown this once; it cannot be read back.")
