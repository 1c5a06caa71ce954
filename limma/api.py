"""The load and read verbs of the store, as thin DRF views: validate, call a service, reply."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from limma.access import access_workspace
from limma.auth import MayWrite
from limma.match import CANNOT_BE_PLACED
from limma.middleware import declared_length
from limma.models import ApiKey, ConnectJob, Workspace
from limma.paging import MAX_LIMIT, page_of
from limma.parsers import checked
from limma.placement import WITHHELD
from limma.serializers import (
    ConnectInput,
    ConnectJobOutput,
    ConnectOutput,
    DocumentsInput,
    DocumentsOutput,
    FactsInput,
    FactsOutput,
    IngestInput,
    IngestOutput,
    RegionInput,
    RegionOutput,
    VerifyInput,
    VerifyOutput,
    document_item,
    fact_row,
    gap_item,
)
from limma.services.connect import connect_summary, export_connect
from limma.services.connect_job import (
    connect_job_for,
    connect_job_start,
    export_rows,
    is_long_connect,
)
from limma.services.documents import documents_list
from limma.services.facts import facts_enumerate
from limma.services.ingest import document_ingest
from limma.services.labelling_state import labelling_states
from limma.services.region import region_read
from limma.services.verify import computed_verify


def valid(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """A verb's input validated: first held to what the database can store (limma.parsers), so
    a query string's or a tool call's NUL is a 422 naming its field, never a database error.
    A query string is read as its values, so an empty one is the blank it is, not an omission
    (DRF's reading of HTML forms)."""
    data = checked(query_values(data) if isinstance(data, QueryDict) else data)
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def query_values(query: QueryDict) -> dict[str, Any]:
    """A query string as JSON would carry it: a name given once is its value, else the list."""
    return {name: values[0] if len(values) == 1 else values for name, values in query.lists()}


class IngestApi(APIView):
    permission_classes = [MayWrite]

    @extend_schema(request=IngestInput, responses={201: IngestOutput}, operation_id="ingest")
    def post(self, request: Request) -> Response:
        data = valid(IngestInput, request.data)
        workspace = access_workspace(request.auth, data["workspace_id"])
        reply = ingest_answer(
            data, key=request.auth, workspace=workspace, request_id=request.request_id
        )
        return Response(reply, status=201)


def ingest_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The ingest verb's reply to valid input: the MCP tool answers with it too."""
    fields = {k: v for k, v in data.items() if k not in ("workspace_id", "document_kind")}
    ingested = document_ingest(key=key, workspace=workspace, kind=data["document_kind"], **fields)
    document = ingested.document
    labelling = labelling_states([document])[document.pk]
    return {
        "request_id": request_id,
        "source_id": document.source_id,
        "entity_id": document.entity.key,
        "entity_name": document.entity.display_name,
        "kind": document.kind,
        "state": document.state,
        "chars": len(document.text),
        "parts": [
            {"location": [part.char_start, part.char_end], "kind": part.kind}
            for part in ingested.parts
        ],
        "labelling": labelling,
    }


class ConnectApi(APIView):
    permission_classes = [MayWrite]

    @extend_schema(
        request=ConnectInput,
        responses={200: ConnectOutput, 202: ConnectJobOutput},
        operation_id="connect",
    )
    def post(self, request: Request) -> Response:
        data = valid(ConnectInput, request.data)
        workspace = access_workspace(request.auth, data["workspace_id"])
        status, reply = connect_or_job(
            data,
            workspace=workspace,
            body_bytes=declared_length(request),
            request_id=request.request_id,
        )
        headers = {"Location": reply["status_url"]} if status == 202 else None
        return Response(reply, status=status, headers=headers)


def connect_or_job(
    data: dict[str, Any], *, workspace: Workspace, body_bytes: int, request_id: str
) -> tuple[int, dict[str, Any]]:
    """A connect loaded in the call (200), or, over the size the verb names, handed to the
    workers as a job whose status is read later (202): the MCP tool answers the same way."""
    if not is_long_connect(rows=export_rows(data["tables"]), body_bytes=body_bytes):
        return 200, connect_answer(data, workspace=workspace, request_id=request_id)
    job = connect_job_start(
        workspace=workspace,
        tables=data["tables"],
        mapping=data["mapping"],
        body_bytes=body_bytes,
        request_id=request_id,
    )
    job.refresh_from_db()  # a worker may have begun or ended it already
    return 202, connect_job_answer(job, request_id=request_id)


def connect_answer(
    data: dict[str, Any], *, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The connect verb's reply to valid input: the MCP tool answers with it too."""
    loaded = export_connect(workspace=workspace, tables=data["tables"], mapping=data["mapping"])
    return {"request_id": request_id, **connect_summary(loaded)}


class ConnectJobApi(APIView):
    permission_classes = [MayWrite]

    @extend_schema(responses={200: ConnectJobOutput}, operation_id="connect_job")
    def get(self, request: Request, job_id: str) -> Response:
        job = connect_job_for(request.auth, job_id)
        return Response(connect_job_answer(job, request_id=request.request_id))


def connect_job_answer(job: ConnectJob, *, request_id: str) -> dict[str, Any]:
    """A connect job's status: how far it got, and at its end what it wrote (result) or why
    it wrote nothing (refusal)."""
    ended = job.state in ConnectJob.ENDED
    done = job.state == ConnectJob.State.DONE
    return {
        "request_id": request_id,
        "job_id": job.job_id,
        "status_url": reverse("connect-job", args=[job.job_id]),
        "state": job.state,
        "connect_request_id": job.request_id,
        "progress": {
            "rows_total": job.rows_total,
            "rows_checked": job.rows_checked,
            "body_bytes": job.body_bytes,
        },
        "result": job.result if done else None,
        "refusal": job.result if ended and not done else None,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
    }


class RegionApi(APIView):
    @extend_schema(parameters=[RegionInput], responses={200: RegionOutput}, operation_id="region")
    def get(self, request: Request) -> Response:
        data = valid(RegionInput, request.query_params)
        access_workspace(request.auth, data["workspace_id"])
        return Response(region_answer(data, key=request.auth, request_id=request.request_id))


def region_answer(data: dict[str, Any], *, key: ApiKey, request_id: str) -> dict[str, Any]:
    """The region verb's reply to valid input: the Q&A agent's tool answers with it too."""
    region = region_read(
        key=key, source_id=data["source_id"], start=data.get("start"), end=data.get("end")
    )
    document = region.document
    return {
        "request_id": request_id,
        "source_id": document.source_id,
        "start": region.start,
        "end": region.end,
        "text": region.text,
        "length": len(document.text),
        "entity_id": document.entity.key if document.entity else None,
        "kind": document.kind,
    }


class FactsApi(APIView):
    @extend_schema(request=FactsInput, responses={200: FactsOutput}, operation_id="facts")
    def post(self, request: Request) -> Response:
        data = valid(FactsInput, request.data)
        workspace = access_workspace(request.auth, data["workspace_id"])
        return Response(
            facts_answer(data, key=request.auth, workspace=workspace, request_id=request.request_id)
        )


def facts_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The facts verb's reply to valid input: the Q&A agent's tool answers with it too."""
    query = data["relation_query"]
    facts = facts_enumerate(
        key=key,
        workspace=workspace,
        relation=query["relation"],
        where=query.get("where", []),
        entity_ids=query.get("entity_ids"),
    )
    page = page_of(facts.rows, limit=data["limit"], offset=data["offset"])
    incomplete = {}
    if facts.gaps:
        incomplete[WITHHELD] = len(facts.gaps)
    if facts.not_placed:
        incomplete[CANNOT_BE_PLACED] = len(facts.not_placed)
    return {
        "request_id": request_id,
        "relation": facts.relation,
        "rows": [fact_row(row) for row in page.items],
        "matched": page.counts(),
        "not_placed": [fact_row(row) for row in facts.not_placed[:MAX_LIMIT]],
        "gaps": [gap_item(gap) for gap in facts.gaps[:MAX_LIMIT]],
        "complete": not incomplete,
        "incomplete_because": incomplete,
    }


class DocumentsApi(APIView):
    @extend_schema(
        parameters=[DocumentsInput], responses={200: DocumentsOutput}, operation_id="documents"
    )
    def get(self, request: Request) -> Response:
        data = valid(DocumentsInput, request.query_params)
        workspace = access_workspace(request.auth, data["workspace_id"])
        return Response(
            documents_answer(
                data, key=request.auth, workspace=workspace, request_id=request.request_id
            )
        )


def documents_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The documents verb's reply to valid input: the MCP tool answers with it too."""
    documents = documents_list(
        key=key, workspace=workspace, entity_id=data.get("entity_id", ""), kind=data.get("kind", "")
    )
    total = documents.count()
    page = list(documents[data["offset"] : data["offset"] + data["limit"]])
    states = labelling_states(page)
    counts = page_of(range(total), limit=data["limit"], offset=data["offset"]).counts()
    return {
        "request_id": request_id,
        "documents": [document_item(document, states[document.pk]) for document in page],
        "matched": counts,
    }


class VerifyApi(APIView):
    @extend_schema(request=VerifyInput, responses={200: VerifyOutput}, operation_id="verify")
    def post(self, request: Request) -> Response:
        data = valid(VerifyInput, request.data)
        workspace = access_workspace(request.auth, data["workspace_id"])
        return Response(
            verify_answer(
                data, key=request.auth, workspace=workspace, request_id=request.request_id
            )
        )


def verify_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The verify verb's reply to valid input: the console's agent and MCP answer with it too."""
    receipts = [
        row.get("receipt", row) if isinstance(row.get("receipt"), dict) else row
        for row in data["rows"]
    ]
    verified = computed_verify(
        key=key,
        workspace=workspace,
        relation=data["relation"],
        receipts=receipts,
        computed=data["computed"],
    )
    return {
        "request_id": request_id,
        "relation": verified.relation,
        "kind": verified.kind,
        "claimed": verified.claimed,
        "recomputed": verified.recomputed,
        "holds": verified.holds,
        "arithmetic": verified.arithmetic,
        "rows": [fact_row(row) for row in verified.rows],
        "not_found": verified.not_found,
        "unusable": verified.unusable,
    }
