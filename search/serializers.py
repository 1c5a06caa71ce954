"""The search verb's request and reply, as the generated reference describes them."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from rest_framework import serializers

from limma.paging import DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET
from limma.serializers import PageCounts, WorkspaceInput

MAX_LIST_LIMIT = 200  # a list of non-matches holds at most this
AS_OF = re.compile(r"^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$")


class SearchInput(WorkspaceInput):
    constraints = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        default=list,
        max_length=50,
        help_text="[{relation, slot, op, value}]: op eq, ne, in (a list), lt, le, gt, ge (dates, "
        "numbers). A place or function is matched through the vocabulary (Europe holds Germany).",
    )
    brief = serializers.CharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=2000,
        help_text="The request in words, compiled into constraints by the brief_compiler role; "
        "what it drops or cannot bind is said in incomplete_because and was NOT searched.",
    )
    entity_ids = serializers.ListField(
        child=serializers.CharField(max_length=64),
        required=False,
        max_length=MAX_LIMIT,
        help_text="Restrict the search to these entities (a merged record's id names its person).",
    )
    criteria = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        default=list,
        help_text="[{text, facets?, record_check?}] or [{address}]: a niche no field holds, read "
        "from each candidate's own documents. One criterion per search.",
    )
    criteria_budget = serializers.DictField(
        required=False,
        default=dict,
        help_text="{max_reads, max_usd, max_seconds, retry_failed, max_read_seconds}: what one "
        "call may read and spend; max_usd 0 prices only, max_reads 0 reuses only.",
    )
    idea = serializers.CharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=500,
        help_text="An idea in words (where do we discuss pricing risk?): the parts of documents "
        "that discuss it. Alone, or beside constraints / brief / entity_ids (then only documents "
        "about those entities); never beside criteria.",
    )
    idea_budget = serializers.DictField(
        required=False,
        help_text="{max_calls (default 20, 25 labels a call), max_seconds}: what one idea call "
        'may sort. A read-only key sends {"max_calls": 0} and is served stored verdicts.',
    )
    detail = serializers.ChoiceField(["compact", "full"], default="compact")
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, default=0)
    list_limit = serializers.IntegerField(
        min_value=0,
        max_value=MAX_LIST_LIMIT,
        default=DEFAULT_LIMIT,
        help_text="0-200: how many entries each list of non-matches carries (counts stay whole).",
    )
    as_of = serializers.RegexField(
        AS_OF,
        required=False,
        default="",
        allow_blank=True,
        help_text="YYYY, YYYY-MM or YYYY-MM-DD: a row with a period (start, end) counts only "
        "while it ran, and a criterion's recency (currently, within N years) is decided as of "
        "that day. Today where none is given.",
    )

    def validate_as_of(self, value: str) -> str:
        """A day the calendar holds: a criterion's recency is decided as of it."""
        parts = [int(part) for part in value.split("-")] if value else []
        try:
            if parts:
                date(parts[0], *[*parts[1:], 1, 1][:2])
        except ValueError as wrong:
            raise serializers.ValidationError("not a date", code="not_a_date") from wrong
        return value

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: serializers.ErrorDetail("unknown field", code="unknown")
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


class ReceiptOutput(serializers.Serializer):
    origin = serializers.ChoiceField(["declared", "extracted"])
    table = serializers.CharField(required=False)
    columns = serializers.DictField(child=serializers.CharField(), required=False)
    record_id = serializers.CharField(required=False)
    source_id = serializers.CharField(required=False)
    char_start = serializers.IntegerField(required=False)
    char_end = serializers.IntegerField(required=False)
    text = serializers.CharField(required=False)
    made_by = serializers.CharField(required=False)


class WhyOutput(serializers.Serializer):
    relation = serializers.CharField()
    slot = serializers.CharField()
    op = serializers.CharField()
    asked = serializers.JSONField(help_text="The value the condition asked for.")
    value = serializers.JSONField(help_text="The value the row holds, as loaded.")
    term = serializers.CharField(
        required=False, allow_null=True, help_text="The vocabulary's own name for the value."
    )
    receipt = ReceiptOutput(help_text="Where the row is from.")


class AboutOutput(serializers.Serializer):
    title = serializers.CharField(allow_null=True)
    company = serializers.CharField(allow_null=True)
    function = serializers.CharField(allow_null=True)
    place = serializers.CharField(allow_null=True, help_text="By the vocabulary's own name.")


class RowOutput(serializers.Serializer):
    relation = serializers.CharField()
    values = serializers.DictField()
    receipt = ReceiptOutput()


class MatchOutput(serializers.Serializer):
    entity_id = serializers.CharField()
    name = serializers.CharField()
    about = AboutOutput(help_text="Who the person is now: the role held and where.")
    why = WhyOutput(many=True, help_text="Each condition's value and where it is from.")
    rows = RowOutput(many=True, required=False, help_text="full: every row of the person.")


class OthersOutput(serializers.Serializer):
    ruled_out = serializers.IntegerField(help_text="A declared fact says no.")
    not_recorded = serializers.IntegerField(help_text="Nothing on record for a condition.")
    cannot_be_placed = serializers.IntegerField(
        help_text="A value the vocabulary cannot place, or a row the loader withheld."
    )
    cannot_tell = serializers.IntegerField(
        help_text="Candidates whose documents do not settle the niche (undetermined)."
    )


class MoreOutput(serializers.Serializer):
    entity = serializers.DictField(
        help_text="The call that returns one person's rows and receipts."
    )


class SearchOutput(serializers.Serializer):
    request_id = serializers.CharField()
    detail = serializers.ChoiceField(["compact", "full"])
    map_version = serializers.CharField()
    matched = PageCounts()
    matches = MatchOutput(many=True)
    others = OthersOutput()
    complete = serializers.BooleanField(help_text="True only when nothing is missing.")
    incomplete_because = serializers.DictField(
        child=serializers.IntegerField(), help_text="What is missing, with its count."
    )
    more = MoreOutput()
    constraints = serializers.ListField(child=serializers.DictField(), required=False)
    as_of = serializers.CharField(required=False, allow_null=True)
    counts = serializers.DictField(child=serializers.IntegerField(), required=False)
    entities = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    provenance = serializers.DictField(child=serializers.IntegerField(), required=False)
    coverage = serializers.DictField(required=False)
    unconstrained_relations = serializers.ListField(child=serializers.CharField(), required=False)
    gaps = serializers.ListField(child=serializers.DictField(), required=False)
    criteria = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="full: the criterion's block (status, split, plan and price, the four lists, "
        "stated_instead: what people one condition short state instead, worded_instead: where "
        "nobody matched, the words the near misses state for each open condition, nearest its "
        "words first (the embedded model's ranking; nothing accepted), record_check: what the "
        "record was read for, recency_notes).",
    )
    criterion = serializers.DictField(
        required=False,
        help_text="compact: the niche's address, status and counts, and its plan as priced "
        "before anything was read (documents, reused, to_read, cost_usd, cost_basis, "
        "calls_to_complete); found_by: facets and the criterion's own text when a brief's "
        "niche was answered by a criterion already read in other words.",
    )
    candidates = serializers.IntegerField(
        required=False, help_text="compact: how many people the niche was read for."
    )
    close = serializers.DictField(
        required=False, help_text="compact: people one condition short, nearest first (ten)."
    )
    reading = serializers.DictField(
        required=False, help_text="compact: how far an unfinished read has got."
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        # A Python keyword, so named here: the call that continues an unfinished niche read.
        fields["continue"] = serializers.DictField(
            required=False,
            help_text="When the niche is unread or half read and this key may read: {verb, "
            "tool, with: the exact arguments to send again (the criterion's address, a budget "
            "that allows the rest), reads_at_most, cost_usd_at_most}. What was read is reused.",
        )
        return fields
