"""Operators inspect every criterion and every judgment; judgments are never edited by hand."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from criteria.models import Criterion, Judgment


@admin.register(Criterion)
class CriterionAdmin(admin.ModelAdmin):
    list_display = ["address", "text", "decomposed_by", "reader_version", "workspace", "created_at"]
    list_filter = ["decomposed_by", "reader_version", "workspace"]
    search_fields = ["address", "text"]
    readonly_fields = [field.name for field in Criterion._meta.fields]


@admin.register(Judgment)
class JudgmentAdmin(admin.ModelAdmin):
    list_display = ["criterion", "document", "state", "failure", "calls", "usd", "reader_identity"]
    list_filter = ["state", "failure", "reader_identity"]
    search_fields = ["criterion__address", "document__source_id"]
    raw_id_fields = ["criterion", "document"]

    def get_readonly_fields(self, request: HttpRequest, obj: object = None) -> list[str]:
        return [field.name for field in Judgment._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
