"""Input and output serializers of the store's verbs: the verb reference is generated from them."""

from __future__ import annotations

import math
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from limma.access import ACCESS_GROUP
from limma.match import OPS
from limma.models import CoverageGap, Document, RelationRow
from limma.paging import DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET
from limma.services.facts import receipt

MAX_TEXT_CHARS = 2_000_000


class WorkspaceInput(serializers.Serializer):
    workspace_id = serializers.CharField(max_length=32, help_text="The workspace, `ws_…`.")


class IngestInput(WorkspaceInput):
    entity_name = serializers.CharField(
        max_length=300,
        required=False,
        default="",
        allow_blank=True,
        help_text="Who the document is about; found by name, or made when nobody carries it.",
    )
    entity_id = serializers.CharField(
        max_length=64,
        required=False,
        default="",
        allow_blank=True,
        help_text="Who the document is about, by id (instead of entity_name).",
    )
    document_kind = serializers.CharField(
        max_length=64, help_text="A document kind the workspace's pack declares."
    )
    text = serializers.CharField(
        max_length=MAX_TEXT_CHARS,
        allow_blank=False,
        trim_whitespace=False,
        help_text="The document's text, stored exactly as sent.",
    )
    file_name = serializers.CharField(max_length=300, required=False, default="", allow_blank=True)
    document_date = serializers.DateField(required=False, default=None, allow_null=True)
    access_group = serializers.RegexField(
        ACCESS_GROUP,
        required=False,
        default="general",
        help_text="Only keys that may read this group ever see the document.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs["entity_name"].strip() and not attrs["entity_id"]:
            raise serializers.ValidationError(
                {"entity_name": "Send entity_name or entity_id."}, code="required"
            )
        return attrs


class PartOutput(serializers.Serializer):
    location = serializers.ListField(child=serializers.IntegerField(), help_text="[start, end)")
    kind = serializers.CharField()


class LabellingOutput(serializers.Serializer):
    state = serializers.ChoiceField(
        ["labelled", "being_labelled", "partly_labelled", "not_labelled"]
    )
    parts = serializers.IntegerField()
    labelled = serializers.IntegerField()
    not_labelled = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Parts not labelled, by cause: being_labelled, failed, model_unavailable, "
        "deferred.",
    )
    sentences_not_labelled = serializers.IntegerField()


class IngestOutput(serializers.Serializer):
    request_id = serializers.CharField()
    source_id = serializers.CharField()
    entity_id = serializers.CharField()
    entity_name = serializers.CharField()
    kind = serializers.CharField()
    state = serializers.CharField()
    chars = serializers.IntegerField()
    parts = PartOutput(many=True)
    labelling = LabellingOutput()


def mapping_item(required: tuple[str, ...], optional: tuple[str, ...], **more: Any) -> Any:
    """A mapping entry: its required fields are non-empty strings, its optional ones strings."""
    return {
        "type": "object",
        "required": [*required],
        "properties": {
            **{name: {"type": "string", "minLength": 1} for name in required},
            **{name: {"type": "string"} for name in optional},
            **more,
        },
    }


# The mapping as limma.services.connect_mapping reads it: what it requires is required here, so a
# refused mapping is one whose tables, columns, relations or kinds the export or pack lacks.
MAPPING_SCHEMA = {
    "type": "object",
    "required": ["entities"],
    "properties": {
        "entities": {
            "type": "array",
            "minItems": 1,
            "items": mapping_item(("table", "id", "name"), ("kind", "same_as")),
        },
        "relations": {
            "type": "array",
            "items": mapping_item(
                ("relation", "table", "entity"),
                ("entity_table", "id", "withheld"),
                slots={
                    "type": "object",
                    "minProperties": 1,
                    "additionalProperties": {"type": "string", "minLength": 1},
                },
            )
            | {"required": ["relation", "table", "entity", "slots"]},
        },
        "documents": {
            "type": "array",
            "items": mapping_item(
                ("table", "kind", "text", "entity"),
                ("entity_table", "id", "file_name", "date", "access_group"),
            ),
        },
    },
}


@extend_schema_field(MAPPING_SCHEMA)
class MappingField(serializers.DictField):
    """connect's mapping: which tables hold entities, relation rows and documents."""


class ExportTablesField(serializers.DictField):
    """connect's tables, each a list of records. An export of thousands of records is taken as
    it is once its shape holds, not built again record by record as DictField does (the same
    value: a parsed JSON body's keys are text already); any other shape gets DictField's own
    errors."""

    def to_internal_value(self, data: Any) -> Any:
        if type(data) is dict and all(
            type(name) is str
            and type(rows) is list
            and all(type(row) is dict and all(type(key) is str for key in row) for row in rows)
            for name, rows in data.items()
        ):
            return data
        return super().to_internal_value(data)


class ConnectInput(WorkspaceInput):
    tables = ExportTablesField(
        child=serializers.ListField(child=serializers.DictField()),
        help_text="The export: each table a list of records (objects of column -> value).",
    )
    mapping = MappingField(
        help_text=(
            "entities[] {table, id, name, kind?, same_as?}; relations[] {relation, table, entity, "
            "entity_table?, slots {slot: column}, id?, withheld?}; documents[] {table, entity, "
            "entity_table?, kind, text, id?, file_name?, date?, access_group?}."
        )
    )


class ConnectEntityCounts(serializers.Serializer):
    created = serializers.IntegerField(help_text="Entities this load made.")
    merged = serializers.IntegerField(help_text="Records found to be the same person as another.")
    total = serializers.IntegerField(help_text="Entities the export's records name.")


class ConnectRowCounts(serializers.Serializer):
    created = serializers.IntegerField(help_text="Declared rows written: new or changed.")
    kept = serializers.IntegerField(help_text="Declared rows already held, unchanged.")
    removed = serializers.IntegerField(help_text="Declared rows deleted: gone, or changed.")
    withheld = serializers.IntegerField(help_text="Rows the export withholds: coverage gaps.")


class ConnectDocumentCounts(serializers.Serializer):
    registered = serializers.IntegerField(help_text="Prose fields registered as documents.")
    kept = serializers.IntegerField(help_text="Documents already held with the same text.")
    superseded = serializers.IntegerField(help_text="Documents a changed text replaced.")


class ConnectOutput(serializers.Serializer):
    request_id = serializers.CharField()
    entities = ConnectEntityCounts()
    rows = ConnectRowCounts()
    documents = ConnectDocumentCounts()
    model_calls = serializers.IntegerField(help_text="Always 0: connect loads no model.")


class ConnectJobProgress(serializers.Serializer):
    rows_total = serializers.IntegerField(help_text="The export's rows, over all its tables.")
    rows_checked = serializers.IntegerField(
        help_text="Rows checked: all of them once the export holds and is being written."
    )
    body_bytes = serializers.IntegerField(help_text="The request body's size.")


class ConnectJobResult(ConnectOutput):
    request_id = None


class ConnectJobRefusal(serializers.Serializer):
    status = serializers.IntegerField(help_text="The status the connect would have answered.")
    type = serializers.CharField(help_text="export_invalid, load_failed, ...")
    reason = serializers.CharField(required=False)
    faults = serializers.ListField(child=serializers.CharField(), required=False)
    fault_count = serializers.IntegerField(required=False)


class ConnectJobOutput(serializers.Serializer):
    request_id = serializers.CharField()
    job_id = serializers.CharField()
    status_url = serializers.CharField(help_text="Where the job's status is read (GET).")
    state = serializers.ChoiceField(
        choices=["queued", "checking", "writing", "done", "refused", "failed"]
    )
    connect_request_id = serializers.CharField(help_text="The request that started the job.")
    progress = ConnectJobProgress()
    result = ConnectJobResult(allow_null=True, help_text="Done: what the connect wrote.")
    refusal = ConnectJobRefusal(
        allow_null=True, help_text="Refused or failed: why nothing was written."
    )
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class RegionInput(WorkspaceInput):
    source_id = serializers.CharField(max_length=64)
    start = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_OFFSET, default=None, allow_null=True
    )
    end = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_OFFSET, default=None, allow_null=True
    )


class RegionOutput(serializers.Serializer):
    request_id = serializers.CharField()
    source_id = serializers.CharField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    text = serializers.CharField(help_text="document.text[start:end], byte for byte.")
    length = serializers.IntegerField()
    entity_id = serializers.CharField(allow_null=True)
    kind = serializers.CharField()


CONDITION_SCHEMA = {
    "oneOf": [
        {"type": "array", "minItems": 3, "maxItems": 3, "description": "[slot, op, value]"},
        {
            "type": "object",
            "required": ["slot", "op", "value"],
            "properties": {
                "slot": {"type": "string", "minLength": 1},
                "op": {"type": "string", "enum": list(OPS)},
                "value": {},
            },
        },
    ]
}


@extend_schema_field(CONDITION_SCHEMA)
class ConditionField(serializers.JSONField):
    """One condition of a where: a slot, an op and the value compared."""


class RelationQueryInput(serializers.Serializer):
    relation = serializers.CharField(max_length=64)
    where = serializers.ListField(
        child=ConditionField(),
        required=False,
        default=list,
        help_text='[[slot, op, value], …] or [{"slot", "op", "value"}, …]; '
        "op: eq ne in lt le gt ge.",
    )
    entity_ids = serializers.ListField(
        child=serializers.CharField(max_length=64), required=False, max_length=MAX_LIMIT
    )


class FactsInput(WorkspaceInput):
    relation_query = RelationQueryInput()
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, default=0)


class PageCounts(serializers.Serializer):
    total = serializers.IntegerField(help_text="Every item, not the length of this page.")
    showing = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    next_offset = serializers.IntegerField(allow_null=True)


class DeclaredReceipt(serializers.Serializer):
    origin = serializers.ChoiceField(["declared"])
    table = serializers.CharField(help_text="The export table the row was loaded from.")
    columns = serializers.DictField(
        child=serializers.CharField(), help_text="Each slot and the column it was read from."
    )
    record_id = serializers.CharField(help_text="The export record's id.")


class ExtractedReceipt(serializers.Serializer):
    origin = serializers.ChoiceField(["extracted"])
    source_id = serializers.CharField(help_text="The document the row was read from.")
    char_start = serializers.IntegerField()
    char_end = serializers.IntegerField()
    text = serializers.CharField(help_text="document.text[char_start:char_end].")
    made_by = serializers.CharField(help_text="What read the row.")


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="Receipt",
        serializers={"declared": DeclaredReceipt, "extracted": ExtractedReceipt},
        resource_type_field_name="origin",
    )
)
class ReceiptField(serializers.DictField):
    """A row's receipt: the export's table and columns, or the span a read took it from."""


class FactRowOutput(serializers.Serializer):
    entity_id = serializers.CharField()
    entity_name = serializers.CharField()
    values = serializers.DictField()
    receipt = ReceiptField(
        help_text="declared: {origin, table, columns, record_id}; extracted: {origin, source_id, "
        "char_start, char_end, text, made_by}."
    )


class GapOutput(serializers.Serializer):
    entity_id = serializers.CharField(allow_null=True)
    entity_name = serializers.CharField(allow_null=True)
    relation = serializers.CharField()
    reason = serializers.CharField()
    table = serializers.CharField()
    record_id = serializers.CharField()


class FactsOutput(serializers.Serializer):
    request_id = serializers.CharField()
    relation = serializers.CharField()
    rows = FactRowOutput(many=True)
    matched = PageCounts()
    not_placed = FactRowOutput(many=True, help_text="Rows whose value the vocabulary cannot place.")
    gaps = GapOutput(many=True, help_text="Rows the loader withheld: the record has a hole here.")
    complete = serializers.BooleanField()
    incomplete_because = serializers.DictField(child=serializers.IntegerField())


class DocumentsInput(WorkspaceInput):
    entity_id = serializers.CharField(max_length=64, required=False)
    kind = serializers.CharField(max_length=64, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, default=0)


class DocumentItemOutput(serializers.Serializer):
    source_id = serializers.CharField()
    entity_id = serializers.CharField(allow_null=True)
    entity_name = serializers.CharField(allow_null=True)
    kind = serializers.CharField()
    file_name = serializers.CharField()
    document_date = serializers.DateField(allow_null=True)
    state = serializers.CharField()
    access_group = serializers.CharField()
    origin = serializers.CharField()
    chars = serializers.IntegerField()
    parts = serializers.IntegerField()
    labelling = LabellingOutput()


class DocumentsOutput(serializers.Serializer):
    request_id = serializers.CharField()
    documents = DocumentItemOutput(many=True)
    matched = PageCounts()


def fact_row(row: RelationRow) -> dict[str, Any]:
    return {
        "entity_id": row.entity.key,
        "entity_name": row.entity.display_name,
        "values": row.values,
        "receipt": receipt(row),
    }


def gap_item(gap: CoverageGap) -> dict[str, Any]:
    return {
        "entity_id": gap.entity.key if gap.entity else None,
        "entity_name": gap.entity.display_name if gap.entity else None,
        "relation": gap.relation,
        "reason": gap.reason,
        "table": gap.source_table,
        "record_id": gap.record_id,
    }


def document_item(document: Document, labelling: dict[str, Any]) -> dict[str, Any]:
    return {
        "source_id": document.source_id,
        "entity_id": document.entity.key if document.entity else None,
        "entity_name": document.entity.display_name if document.entity else None,
        "kind": document.kind,
        "file_name": document.file_name,
        "document_date": document.document_date.isoformat() if document.document_date else None,
        "state": document.state,
        "access_group": document.access_group,
        "origin": document.origin,
        "chars": len(document.text),
        "parts": document.part_count,
        "labelling": labelling,
    }


class ComputedInput(serializers.Serializer):
    kind = serializers.ChoiceField(
        ["count", "sum", "share", "years"],
        help_text="count: the rows (or, of=people, the people); sum: a slot's numbers; share: "
        "the fraction of the rows that meet `where`; years: the time the rows' periods cover.",
    )
    value = serializers.FloatField(help_text="The value the answer gave (a share as a fraction).")
    of = serializers.ChoiceField(["rows", "people"], default="rows", required=False)
    slot = serializers.CharField(max_length=64, required=False, help_text="sum: the slot.")
    where = serializers.ListField(
        required=False, min_length=3, max_length=3, help_text="share: [slot, op, value]."
    )
    start_slot = serializers.CharField(max_length=64, default="start", required=False)
    end_slot = serializers.CharField(max_length=64, default="end", required=False)
    as_of = serializers.DateField(
        required=False, help_text="years: where an open end runs to (default: today)."
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if not math.isfinite(data["value"]):
            raise serializers.ValidationError({"value": "A value is a finite number."})
        if data["kind"] == "sum" and not data.get("slot"):
            raise serializers.ValidationError({"slot": "A sum names the slot it adds."})
        if data["kind"] == "share" and not data.get("where"):
            raise serializers.ValidationError({"where": "A share names its condition."})
        if "as_of" in data:
            data["as_of"] = data["as_of"].isoformat()
        return data


class VerifyInput(WorkspaceInput):
    relation = serializers.CharField(max_length=64, help_text="The relation the rows are of.")
    rows = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=MAX_LIMIT,
        help_text="The rows the answer listed: each its receipt as limma_facts gave it "
        "(declared: table, record_id; extracted: source_id, char_start, char_end), or the row "
        "with its receipt.",
    )
    computed = ComputedInput()


class VerifyOutput(serializers.Serializer):
    request_id = serializers.CharField()
    relation = serializers.CharField()
    kind = serializers.CharField()
    claimed = serializers.FloatField()
    recomputed = serializers.FloatField(allow_null=True)
    holds = serializers.BooleanField(
        help_text="The claim equals the recomputed value at the claim's own decimals, every "
        "receipt named a stored row and every value used was readable."
    )
    arithmetic = serializers.CharField()
    rows = FactRowOutput(many=True, help_text="The stored rows the receipts named.")
    not_found = serializers.ListField(child=serializers.DictField())
    unusable = serializers.ListField(child=serializers.CharField())
