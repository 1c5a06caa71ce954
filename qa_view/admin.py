"""Support staff's view of the Q&A page: visitors (made, revoked, their ceilings and spend) and
the runs of their questions, read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from qa_view.ceilings import visitor_spent_usd
from qa_view.models import Run, Visitor
from qa_view.visitors import (
    visitor_code_reset,
    visitor_code_set,
    visitor_key_default,
    visitor_revoke,
)

CODE_SHOWN_ONCE = (
    "Access code for {name}: {code} — it is shown this once and cannot be read back; send it "
    "to them with the page's address."
)


@admin.register(Visitor)
class VisitorAdmin(admin.ModelAdmin):
    list_display = ["name", "workspace", "ceiling_usd", "spent", "active", "created_at"]
    list_filter = ["workspace", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name"]
    readonly_fields = ["spent", "revoked_at", "created_at"]
    raw_id_fields = ["api_key"]
    actions = ["revoke", "new_code"]

    def get_fields(self, request: HttpRequest, obj: Visitor | None = None) -> list[str]:
        fields = ["workspace", "name", "ceiling_usd", "api_key"]
        return fields if obj is None else [*fields, "spent", "revoked_at", "created_at"]

    def get_readonly_fields(self, request: HttpRequest, obj: Visitor | None = None) -> list[str]:
        # A visitor's workspace and key stay what they were made with.
        return self.readonly_fields if obj is None else [*self.readonly_fields, "workspace"]

    @admin.display(description="spent (USD)")
    def spent(self, visitor: Visitor) -> str:
        return f"{visitor_spent_usd(visitor):.2f}"

    @admin.display(description="active", boolean=True)
    def active(self, visitor: Visitor) -> bool:
        return not visitor.revoked

    def save_model(self, request: HttpRequest, obj: Visitor, form: Any, change: bool) -> None:
        code = None
        if not change:
            code = visitor_code_set(visitor=obj)
            if obj.api_key_id is None:
                obj.api_key = visitor_key_default(workspace=obj.workspace, name=obj.name)
        super().save_model(request, obj, form, change)
        if code is not None:
            messages.success(request, CODE_SHOWN_ONCE.format(name=obj.name, code=code))

    @admin.action(description="Revoke the selected visitors' access")
    def revoke(self, request: HttpRequest, queryset: QuerySet[Visitor]) -> None:
        for visitor in queryset:
            visitor_revoke(visitor=visitor)
        self.message_user(request, f"Revoked {queryset.count()} visitor(s).")

    @admin.action(description="Make a new access code for the selected visitors")
    def new_code(self, request: HttpRequest, queryset: QuerySet[Visitor]) -> None:
        for visitor in queryset.filter(revoked_at__isnull=True):
            code = visitor_code_reset(visitor=visitor)
            messages.success(request, CODE_SHOWN_ONCE.format(name=visitor.name, code=code))


@admin.register(Run)
class RunAdmin(admin.ModelAdmin):
    list_display = ["question_start", "visitor", "state", "stop", "error_code", "created_at"]
    list_filter = ["state", "visitor"]
    search_fields = ["question", "visitor__name"]
    date_hierarchy = "created_at"

    @admin.display(description="question")
    def question_start(self, run: Run) -> str:
        return format_html("{}", run.question[:80])

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Run | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Run | None = None) -> bool:
        return False
