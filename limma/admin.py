"""The operators' view of the store: every model listed and filtered; the ledger read-only."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from limma.models import (
    ApiKey,
    CoverageGap,
    Document,
    Entity,
    ExternalId,
    LedgerEntry,
    Part,
    RelationRow,
    Sentence,
    VocabularyTerm,
    Workspace,
)


class VocabularyTermInline(admin.TabularInline):
    model = VocabularyTerm
    extra = 0


@admin.register(Workspace)
class WorkspaceAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "created_at"]
    search_fields = ["id", "name"]
    readonly_fields = ["id", "created_at"]
    inlines = [VocabularyTermInline]


@admin.register(VocabularyTerm)
class VocabularyTermAdmin(admin.ModelAdmin):
    list_display = ["name", "axis", "workspace"]
    list_filter = ["axis", "workspace"]
    search_fields = ["name"]


class ExternalIdInline(admin.TabularInline):
    model = ExternalId
    extra = 0
    readonly_fields = ["table", "value", "same_as"]


@admin.register(Entity)
class EntityAdmin(admin.ModelAdmin):
    list_display = ["display_name", "key", "kind", "workspace", "merged_into"]
    list_filter = ["kind", "workspace"]
    search_fields = ["display_name", "key", "external_ids__value"]
    readonly_fields = ["name_key", "created_at"]
    raw_id_fields = ["merged_into"]
    inlines = [ExternalIdInline]


@admin.register(ExternalId)
class ExternalIdAdmin(admin.ModelAdmin):
    list_display = ["value", "table", "entity", "same_as"]
    list_filter = ["table"]
    search_fields = ["value", "same_as"]
    raw_id_fields = ["entity"]


class PartInline(admin.TabularInline):
    model = Part
    extra = 0
    can_delete = False
    fields = ["ordinal", "kind", "char_start", "char_end", "label_state", "passage"]
    readonly_fields = fields

    @admin.display(description="text")
    def passage(self, part: Part) -> str:
        return part.text

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "entity", "state", "access_group", "origin", "created_at"]
    list_filter = ["kind", "state", "origin", "access_group", "workspace"]
    search_fields = ["source_id", "file_name", "entity__display_name"]
    raw_id_fields = ["entity"]
    readonly_fields = [
        "source_id",
        "text",
        "text_sha256",
        "segmenter_version",
        "origin",
        "source_table",
        "source_column",
        "record_id",
        "created_at",
        "sentences_marked",
    ]
    inlines = [PartInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Document]:
        return super().get_queryset(request).select_related("entity")

    @admin.display(description="sentences")
    def sentences_marked(self, document: Document) -> str:
        """Each sentence on its own line, as the segmenter cut it, with its offsets."""
        rows = (
            (s.char_start, s.char_end, s.speaker, document.text[s.char_start : s.char_end])
            for s in document.sentences.all()
        )
        return format_html(
            "<ol>{}</ol>",
            format_html_join("", "<li><code>[{}:{}]</code> <b>{}</b> {}</li>", rows),
        )


@admin.register(Part)
class PartAdmin(admin.ModelAdmin):
    list_display = ["__str__", "document", "kind", "label_state"]
    list_filter = ["kind", "label_state"]
    raw_id_fields = ["document"]


@admin.register(Sentence)
class SentenceAdmin(admin.ModelAdmin):
    list_display = ["__str__", "document", "speaker", "is_heading", "unlabelled"]
    list_filter = ["is_heading", "unlabelled"]
    raw_id_fields = ["document", "part"]


@admin.register(RelationRow)
class RelationRowAdmin(admin.ModelAdmin):
    list_display = ["relation", "entity", "values", "origin", "source_table", "workspace"]
    list_filter = ["relation", "origin", "source_table", "workspace"]
    search_fields = ["entity__display_name", "record_id"]
    raw_id_fields = ["entity", "document"]


@admin.register(CoverageGap)
class CoverageGapAdmin(admin.ModelAdmin):
    list_display = ["relation", "reason", "entity", "source_table", "record_id"]
    list_filter = ["relation", "reason", "workspace"]
    raw_id_fields = ["entity", "part"]


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    """Keys are made with `manage.py create_api_key` (the token is shown once); here, revoked."""

    list_display = [
        "name",
        "prefix",
        "role",
        "workspace",
        "access_groups",
        "last_used_at",
        "revoked_at",
    ]
    list_filter = ["role", "workspace"]
    search_fields = ["name", "prefix"]
    readonly_fields = ["prefix", "created_at", "last_used_at"]
    exclude = ["hashed_secret"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = [
        "created_at",
        "role",
        "provider",
        "model",
        "tokens_in",
        "tokens_out",
        "usd",
        "seconds",
        "outcome",
        "workspace",
        "visitor",
        "request_id",
    ]
    list_filter = ["outcome", "role", "provider", "model", "workspace"]
    search_fields = ["request_id", "visitor", "error"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
