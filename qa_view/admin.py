"""Support staff's view of the Q&A page: visitors (made, revoked, a new access code, their
ceilings and spend) and the day ceiling; the runs of their questions, read-only.

A visitor's key is never chosen here: the product makes it (a key of the visitor's own
workspace, PAGE_KEY_ROLE) when the visitor is made, and revokes it with the visitor.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from qa_view.models import DayCeiling, Run, Visitor, visitor_name_normal
from qa_view.page.ceilings import day_ceiling_usd, visitor_ceiling_usd, visitors_spent_today_usd
from qa_view.page.spend import visitors_with_spend
from qa_view.page.visitors import (
    visitor_code_reset,
    visitor_code_set,
    visitor_key_default,
    visitor_revoke,
)

CODE_SHOWN_ONCE = (
    "Access code for {name}: {code} — it is shown this once and cannot be read back; send it "
    "to them with the page's address."
)
REVOKED = "Revoked {names} and the key each page ran under."
NEW_CODES = "Made a new access code for {names}; the old one no longer signs in."
SKIPPED_REVOKED = "Skipped {names}: already revoked, so nothing was changed."
CEILING_SET = "{name}'s ceiling is {usd} from now on (it was {before})."
DAY_CEILING_SET = "The day ceiling is {usd} from now on (it was {before})."
SKIPPED_NEW_CODE = (
    "Skipped {names}: revoked visitors get no new access code (their access stays withdrawn)."
)


def usd(value: Decimal) -> str:
    return f"${value:,.2f}"


def day_totals() -> dict[str, str]:
    """What every visitor has spent today (UTC) against the day ceiling, and what is left."""
    spent, ceiling = visitors_spent_today_usd(), day_ceiling_usd()
    return {"spent": usd(spent), "ceiling": usd(ceiling), "left": usd(max(ceiling - spent, 0))}


def names(visitors: list[Visitor]) -> str:
    return ", ".join(visitor.name for visitor in visitors)


class AccessFilter(admin.SimpleListFilter):
    title = "access"
    parameter_name = "access"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("active", "active"), ("revoked", "revoked")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Visitor]) -> QuerySet[Visitor]:
        if self.value() == "active":
            return queryset.filter(revoked_at__isnull=True)
        if self.value() == "revoked":
            return queryset.filter(revoked_at__isnull=False)
        return queryset


class VisitorForm(forms.ModelForm):
    """The name as sign-in reads it; the ceiling 0 or more with two decimals (the model's)."""

    class Meta:
        model = Visitor
        fields = ["workspace", "name", "ceiling_usd"]

    def clean_name(self) -> str:
        name = visitor_name_normal(self.cleaned_data.get("name", ""))
        if not name:
            raise ValidationError("A visitor needs a name to sign in with.")
        return name


@admin.register(Visitor)
class VisitorAdmin(admin.ModelAdmin):
    form = VisitorForm
    list_display = [
        "name",
        "workspace",
        "ceiling",
        "spent_all",
        "left",
        "spent_today",
        "active",
    ]
    list_filter = [AccessFilter, "workspace"]
    list_select_related = ["workspace"]
    search_fields = ["name"]
    actions = ["revoke", "new_code"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Visitor]:
        return visitors_with_spend(super().get_queryset(request))

    def get_fields(self, request: HttpRequest, obj: Visitor | None = None) -> list[str]:
        if obj is None:
            return ["workspace", "name", "ceiling_usd"]
        return [
            "workspace",
            "name",
            "ceiling_usd",
            "spent_all",
            "left",
            "spent_today",
            "page_key",
            "revoked_at",
            "created_at",
        ]

    def get_readonly_fields(self, request: HttpRequest, obj: Visitor | None = None) -> list[str]:
        if obj is None:
            return []
        # A visitor's workspace and key stay what they were made with.
        readonly = ["workspace", "spent_all", "left", "spent_today", "page_key"]
        return [*readonly, "revoked_at", "created_at"]

    def has_delete_permission(self, request: HttpRequest, obj: Visitor | None = None) -> bool:
        return False  # a visitor is revoked, never deleted: their spend stays on the ledger

    def has_revoke_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("qa_view.revoke_visitor")

    def has_reset_code_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("qa_view.reset_visitor_code")

    @admin.display(description="ceiling")
    def ceiling(self, visitor: Visitor) -> str:
        return usd(visitor_ceiling_usd(visitor))

    @admin.display(description="spent in all", ordering="spent_usd")
    def spent_all(self, visitor: Visitor) -> str:
        return usd(visitor.spent_usd)

    @admin.display(description="left")
    def left(self, visitor: Visitor) -> str:
        return usd(max(visitor_ceiling_usd(visitor) - visitor.spent_usd, Decimal(0)))

    @admin.display(description="spent today (UTC)", ordering="spent_today_usd")
    def spent_today(self, visitor: Visitor) -> str:
        return usd(visitor.spent_today_usd)

    @admin.display(description="page's key")
    def page_key(self, visitor: Visitor) -> str:
        key = visitor.api_key
        state = "revoked" if key.revoked_at else "active"
        return f"{key.prefix}… ({key.role}, {state})"

    @admin.display(description="active", boolean=True)
    def active(self, visitor: Visitor) -> bool:
        return not visitor.revoked

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return super().changelist_view(request, {**(extra_context or {}), "day": day_totals()})

    def save_model(self, request: HttpRequest, obj: Visitor, form: Any, change: bool) -> None:
        if change:
            before = Visitor.objects.filter(pk=obj.pk).values_list("ceiling_usd", flat=True).first()
            super().save_model(request, obj, form, change)
            if before is not None and before != obj.ceiling_usd:
                said = CEILING_SET.format(
                    name=obj.name, usd=usd(obj.ceiling_usd), before=usd(before)
                )
                self.message_user(request, said, messages.SUCCESS)
            return
        code = visitor_code_set(visitor=obj)
        obj.api_key = visitor_key_default(workspace=obj.workspace, name=obj.name)
        super().save_model(request, obj, form, change)
        messages.success(request, CODE_SHOWN_ONCE.format(name=obj.name, code=code))

    @admin.action(description="Revoke the selected visitors' access", permissions=["revoke"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[Visitor]) -> None:
        done, skipped = [], []
        for visitor in queryset.select_related("api_key"):
            (done if visitor_revoke(visitor=visitor) else skipped).append(visitor)
        if done:
            self.message_user(request, REVOKED.format(names=names(done)), messages.SUCCESS)
        if skipped:
            self.message_user(
                request, SKIPPED_REVOKED.format(names=names(skipped)), messages.WARNING
            )

    @admin.action(
        description="Make a new access code for the selected visitors", permissions=["reset_code"]
    )
    def new_code(self, request: HttpRequest, queryset: QuerySet[Visitor]) -> None:
        done, skipped = [], []
        for visitor in queryset:
            code = visitor_code_reset(visitor=visitor)
            if code is None:
                skipped.append(visitor)
                continue
            done.append(visitor)
            messages.success(request, CODE_SHOWN_ONCE.format(name=visitor.name, code=code))
        if done:
            self.message_user(request, NEW_CODES.format(names=names(done)), messages.SUCCESS)
        if skipped:
            self.message_user(
                request, SKIPPED_NEW_CODE.format(names=names(skipped)), messages.WARNING
            )


@admin.register(DayCeiling)
class DayCeilingAdmin(admin.ModelAdmin):
    """Setting the day ceiling adds a row: the newest is the ceiling, the rest its history."""

    list_display = ["usd", "set_by", "set_at"]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return super().changelist_view(request, {**(extra_context or {}), "day": day_totals()})

    def get_readonly_fields(self, request: HttpRequest, obj: DayCeiling | None = None):
        return ["usd", "set_by", "set_at"] if obj is not None else []

    def get_fields(self, request: HttpRequest, obj: DayCeiling | None = None) -> list[str]:
        return ["usd"] if obj is None else ["usd", "set_by", "set_at"]

    def has_change_permission(self, request: HttpRequest, obj: DayCeiling | None = None) -> bool:
        return False  # history: a new ceiling is a new row

    def has_delete_permission(self, request: HttpRequest, obj: DayCeiling | None = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: DayCeiling, form: Any, change: bool) -> None:
        before = day_ceiling_usd()
        obj.set_by = request.user.get_username()
        super().save_model(request, obj, form, change)
        self.message_user(
            request,
            DAY_CEILING_SET.format(usd=usd(obj.usd), before=usd(before)),
            messages.SUCCESS,
        )

    def response_add(self, request: HttpRequest, obj: DayCeiling, post_url_continue=None):
        # One line says what changed (save_model's); Django's own "was added" is not repeated.
        return HttpResponseRedirect(reverse("admin:qa_view_dayceiling_changelist"))


@admin.register(Run)
class RunAdmin(admin.ModelAdmin):
    list_display = ["question_start", "visitor", "state", "stop", "error_code", "created_at"]
    list_filter = ["state", "visitor"]
    list_select_related = ["visitor"]
    search_fields = ["question", "visitor__name"]
    date_hierarchy = "created_at"

    @admin.display(description="question")
    def question_start(self, run: Run) -> str:
        return run.question[:80]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Run | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Run | None = None) -> bool:
        return False
