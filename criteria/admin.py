"""Operators read every criterion and every judgment here, and never change one: a judgment
explains itself on its page (criteria/explain.py), the answer to "why is this person not a
match?" on one screen."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from criteria.explain import VERDICTS, explanation, judgment_verdict, verdict_of
from criteria.models import Criterion, Judgment
from limma.admin import (
    DOCUMENT_SECTIONS,
    ENTITY_SECTIONS,
    NameSearch,
    StoredAdmin,
    admin_link,
    html_table,
)
from limma.models import Document, Entity


@admin.register(Criterion)
class CriterionAdmin(StoredAdmin):
    list_display = ["address", "text", "decomposed_by", "reader_version", "workspace", "created_at"]
    list_filter = ["decomposed_by", "reader_version", "workspace"]
    list_select_related = ["workspace"]
    search_fields = ["address", "text"]
    readonly_fields = [field.name for field in Criterion._meta.fields]


class VerdictFilter(admin.SimpleListFilter):
    """The lists' verdict of each judgment, worked out from what is stored (no stored column)."""

    title = "verdict"
    parameter_name = "verdict"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(VERDICTS.items())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Judgment]) -> QuerySet[Judgment]:
        wanted = self.value()
        if wanted not in VERDICTS:
            return queryset
        stored = queryset.values_list(
            "pk", "state", "outcome", "criterion__facets", "failure"
        ).iterator(chunk_size=500)
        return queryset.filter(
            pk__in=[
                pk
                for pk, state, outcome, facets, failure in stored
                if verdict_of(state, outcome, facets, failure) == wanted
            ]
        )


@admin.register(Judgment)
class JudgmentAdmin(NameSearch, StoredAdmin):
    list_display = ["person", "criterion_text", "verdict", "state", "document", "calls", "usd"]
    list_display_links = ["person"]
    list_filter = [
        ("criterion", admin.RelatedOnlyFieldListFilter),
        ("criterion__workspace", admin.RelatedOnlyFieldListFilter),
        "state",
        "failure",
        VerdictFilter,  # last: it reads the judgments the filters before it left, in Python
    ]
    list_select_related = ["criterion", "document__entity"]
    search_fields = [
        "document__entity__display_name",
        "criterion__address",
        "criterion__text",
        "document__source_id",
    ]
    search_help_text = "A person's name, a criterion's words or address, a document's source id."
    name_key_lookup = "document__entity__name_key"
    fields = ["explained"]
    readonly_fields = ["explained"]

    class Media:
        css = {"all": ["criteria/explained.css"]}

    @admin.display(description="person", ordering="document__entity__display_name")
    def person(self, judgment: Judgment) -> str:
        entity = judgment.document.entity
        return str(entity) if entity is not None else "(no person)"

    @admin.display(description="criterion", ordering="criterion__text")
    def criterion_text(self, judgment: Judgment) -> str:
        return judgment.criterion.text

    @admin.display(description="verdict")
    def verdict(self, judgment: Judgment) -> str:
        return VERDICTS[judgment_verdict(judgment)]

    @admin.display(description="why")
    def explained(self, judgment: Judgment) -> SafeString:
        return render_to_string("admin/criteria/judgment/explained.html", explanation(judgment))

    def get_queryset(self, request: HttpRequest) -> QuerySet[Judgment]:
        return super().get_queryset(request).select_related("criterion", "document__entity")


def judgments_table(judgments: QuerySet[Judgment]) -> SafeString:
    """Judgments as rows (person, criterion, verdict, state), each linked to its explanation."""
    rows = judgments.select_related("criterion", "document__entity").order_by("id")
    return html_table(
        ["judgment", "person", "criterion", "verdict", "state"],
        (
            (
                admin_link(j, f"#{j.pk}"),
                admin_link(j.document.entity),
                admin_link(j.criterion, j.criterion.text),
                VERDICTS[judgment_verdict(j)],
                j.state,
            )
            for j in rows
        ),
    )


def document_judgments(document: Document) -> SafeString:
    return judgments_table(Judgment.objects.filter(document=document))


def entity_judgments(entity: Entity) -> SafeString:
    return judgments_table(Judgment.objects.filter(document__entity=entity))


DOCUMENT_SECTIONS["judgments"] = document_judgments
ENTITY_SECTIONS["judgments"] = entity_judgments
