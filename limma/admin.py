"""The operators' view of the store: every model listed and filtered, nothing stored changed.

What the verbs store (documents, parts, sentences, entities and their records, relation rows,
coverage gaps, the ledger) is viewable here and never added, changed or deleted: operators
correct data by loading it again through the verbs. A key's role and groups are what it was
made with (`manage.py create_api_key`); here a key is only seen, renamed or revoked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import quote
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

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
from limma.names import name_key
from limma.services.keys import api_key_revoke

NONE_YET = format_html("<p>{}</p>", "None.")

# What the apps above the store made of a document or a person (criteria's judgments, ideas'
# labels), shown on its page: each app adds its own section, so the store imports none of them.
DOCUMENT_SECTIONS: dict[str, Callable[[Document], SafeString]] = {}
ENTITY_SECTIONS: dict[str, Callable[[Entity], SafeString]] = {}


def sections_html(sections: dict[str, Callable[[Any], SafeString]], obj: Model) -> SafeString:
    return format_html_join(
        "",
        '<h3 class="section">{}</h3>{}',
        ((title, section(obj)) for title, section in sections.items()),
    )


def admin_link(obj: Model | None, text: object = None) -> SafeString | str:
    """A link to the object's own admin page (text: its str unless given)."""
    if obj is None:
        return "—"
    meta = obj._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[quote(obj.pk)])
    return format_html('<a href="{}">{}</a>', url, obj if text is None else text)


def html_table(headings: Iterable[str], rows: Iterable[Iterable[object]]) -> SafeString:
    """A small table of already-escaped (or plain) cells, for a read-only field."""
    rows = list(rows)
    if not rows:
        return NONE_YET
    head = format_html_join("", "<th>{}</th>", ((h,) for h in headings))
    body = format_html_join(
        "",
        "<tr>{}</tr>",
        ((format_html_join("", "<td>{}</td>", ((cell,) for cell in row)),) for row in rows),
    )
    return format_html("<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>", head, body)


class StoredAdmin(admin.ModelAdmin):
    """What the verbs stored: seen here, never added, changed or deleted by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class NameSearch:
    """A model admin whose search also finds a person by name as a person would type it: case,
    accents and spacing aside (limma.names.name_key), beside the admin's own word search."""

    name_key_lookup = "name_key"

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        found, duplicates = super().get_search_results(request, queryset, search_term)
        key = name_key(search_term)
        if not key:
            return found, duplicates
        named = queryset.filter(**{f"{self.name_key_lookup}__contains": key})
        return found | named, True


class StoredInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


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
    list_select_related = ["workspace"]
    search_fields = ["name"]


class ExternalIdInline(StoredInline):
    model = ExternalId
    fields = readonly_fields = ["table", "value", "same_as"]


@admin.register(Entity)
class EntityAdmin(NameSearch, StoredAdmin):
    """A person's page: their documents, their relation rows and every judgment of them."""

    list_display = ["display_name", "key", "kind", "workspace", "merged_into"]
    list_filter = ["kind", "workspace"]
    list_select_related = ["workspace", "merged_into"]
    search_fields = ["display_name", "key", "external_ids__value"]
    fields = [
        "display_name",
        "key",
        "kind",
        "workspace",
        "merged_into",
        "created_at",
        "documents_listed",
        "rows_listed",
        "made_of_them",
    ]
    readonly_fields = fields
    inlines = [ExternalIdInline]

    @admin.display(description="documents")
    def documents_listed(self, entity: Entity) -> SafeString:
        documents = entity.documents.order_by("id")
        return html_table(
            ["document", "kind", "state", "access group", "characters"],
            (
                (admin_link(d), d.kind, d.state, d.access_group, f"{len(d.text):,}")
                for d in documents
            ),
        )

    @admin.display(description="relation rows")
    def rows_listed(self, entity: Entity) -> SafeString:
        rows = entity.rows.order_by("id")
        return html_table(
            ["row", "relation", "values", "origin", "where"],
            (
                (
                    admin_link(row, f"#{row.pk}"),
                    row.relation,
                    ", ".join(f"{k}: {v}" for k, v in row.values.items()),
                    row.origin,
                    f"{row.source_table} {row.record_id}".strip()
                    or f"[{row.char_start}:{row.char_end}]",
                )
                for row in rows
            ),
        )

    @admin.display(description="what was made of them")
    def made_of_them(self, entity: Entity) -> SafeString:
        return sections_html(ENTITY_SECTIONS, entity)


@admin.register(ExternalId)
class ExternalIdAdmin(StoredAdmin):
    list_display = ["value", "table", "entity", "same_as"]
    list_filter = ["table"]
    list_select_related = ["entity"]
    search_fields = ["value", "same_as"]


class PartInline(StoredInline):
    model = Part
    fields = ["ordinal", "kind", "char_start", "char_end", "label_state", "passage"]
    readonly_fields = fields
    show_change_link = False

    @admin.display(description="text")
    def passage(self, part: Part) -> str:
        return part.text

    def get_queryset(self, request: HttpRequest) -> QuerySet[Part]:
        return super().get_queryset(request).select_related("document")


@admin.register(Document)
class DocumentAdmin(StoredAdmin):
    """A document's page: its text cut into parts and sentences, its labels, its judgments."""

    list_display = ["__str__", "kind", "entity", "state", "access_group", "origin", "created_at"]
    list_filter = ["kind", "state", "origin", "access_group", "workspace"]
    list_select_related = ["entity"]
    search_fields = ["source_id", "file_name", "entity__display_name"]
    fields = [
        "source_id",
        "workspace",
        "entity",
        "kind",
        "state",
        "access_group",
        "file_name",
        "document_date",
        "origin",
        "source_table",
        "source_column",
        "record_id",
        "text_sha256",
        "segmenter_version",
        "created_at",
        "made_of_it",
        "text",
        "sentences_marked",
    ]
    readonly_fields = fields
    inlines = [PartInline]

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

    @admin.display(description="what was made of it")
    def made_of_it(self, document: Document) -> SafeString:
        return sections_html(DOCUMENT_SECTIONS, document)


@admin.register(Part)
class PartAdmin(StoredAdmin):
    list_display = ["__str__", "document", "kind", "label_state"]
    list_filter = ["kind", "label_state"]
    list_select_related = ["document"]


@admin.register(Sentence)
class SentenceAdmin(StoredAdmin):
    list_display = ["__str__", "document", "speaker", "is_heading", "unlabelled"]
    list_filter = ["is_heading", "unlabelled"]
    list_select_related = ["document"]


@admin.register(RelationRow)
class RelationRowAdmin(StoredAdmin):
    list_display = ["relation", "entity", "values", "origin", "source_table", "workspace"]
    list_filter = ["relation", "origin", "source_table", "workspace"]
    list_select_related = ["entity", "workspace"]
    search_fields = ["entity__display_name", "record_id"]


@admin.register(CoverageGap)
class CoverageGapAdmin(StoredAdmin):
    list_display = ["relation", "reason", "entity", "source_table", "record_id"]
    list_filter = ["relation", "reason", "workspace"]
    list_select_related = ["entity"]
    search_fields = ["entity__display_name", "record_id"]


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    """Keys are made with `manage.py create_api_key` (the token is shown once); here a key is
    renamed or revoked, and its role, workspace and groups stay what they were made with."""

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
    list_select_related = ["workspace"]
    search_fields = ["name", "prefix"]
    fields = [
        "name",
        "prefix",
        "role",
        "workspace",
        "access_groups",
        "created_at",
        "last_used_at",
        "revoked_at",
    ]
    readonly_fields = [name for name in fields if name != "name"]
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # revoked, never deleted: the ledger names the key

    @admin.action(description="Revoke the selected keys", permissions=["change"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiKey]) -> None:
        done, skipped = [], []
        for key in queryset:
            if key.revoked_at is None:
                api_key_revoke(key=key)
                done.append(key.name)
            else:
                skipped.append(key.name)
        if done:
            self.message_user(request, f"Revoked {', '.join(done)}.", messages.SUCCESS)
        if skipped:
            self.message_user(
                request, f"Skipped {', '.join(skipped)}: already revoked.", messages.WARNING
            )


@admin.register(LedgerEntry)
class LedgerEntryAdmin(StoredAdmin):
    list_display = [
        "created_at",
        "role",
        "provider",
        "model",
        "tokens_in",
        "tokens_out",
        "usd",
        "over_hold",
        "seconds",
        "outcome",
        "workspace",
        "visitor",
        "request_id",
    ]
    list_filter = ["outcome", "over_hold", "role", "provider", "model", "workspace"]
    list_select_related = ["workspace"]
    search_fields = ["request_id", "visitor", "error"]
    date_hierarchy = "created_at"
