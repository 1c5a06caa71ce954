"""A small typed client for Limma's public verbs, over httpx and nothing else.

    with LimmaClient("https://limma.example.org", "lk_….…", workspace_id="ws_…") as limma:
        ingested = limma.ingest(entity_name="Greta Ostrander", document_kind="profile", text=text)
        span = limma.region(source_id=ingested["source_id"], start=0, end=5)

Each method takes its verb's fields as keyword arguments and returns the reply's JSON object.
`workspace_id` defaults to the client's own; keyword arguments set to `None` are not sent.
A refusal raises `LimmaClientError` (4xx) or `LimmaServerError` (5xx), built from the one
refusal shape `{"status": N, "path": "...", "detail": {"type": "...", ...}}`; a reply that is
not JSON raises a `LimmaError` of type `not_json` carrying the text. Network failures are
httpx's own exceptions (`httpx.TransportError`), raised as they are.

This module imports nothing from Django, so a program that has only httpx can use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import Any, Self

import httpx

__all__ = ["LimmaClient", "LimmaClientError", "LimmaError", "LimmaServerError"]

Reply = dict[str, Any]

NOT_JSON = "not_json"
UNEXPECTED_REPLY = "unexpected_reply"
TEXT_KEPT = 2_000


class LimmaError(Exception):
    """A reply Limma refused or that the client could not read.

    `status` is the HTTP status, `path` the verb's path, `detail` the reply's detail object
    and `type` its stable code (`detail["type"]`); `request_id` is the reply's X-Request-Id.
    """

    def __init__(
        self,
        status: int,
        path: str,
        detail: Mapping[str, Any],
        *,
        request_id: str | None = None,
    ) -> None:
        self.status = status
        self.path = path
        self.detail: dict[str, Any] = dict(detail)
        self.type: str = str(self.detail.get("type", UNEXPECTED_REPLY))
        self.request_id = request_id
        super().__init__(f"{status} {self.type} at {path}: {self.detail}")


class LimmaClientError(LimmaError):
    """A 4xx refusal: the request must change before it is sent again."""


class LimmaServerError(LimmaError):
    """A 5xx refusal (e.g. 503 `compile_unavailable`): the request may succeed later."""


def error_class(status: int) -> type[LimmaError]:
    if 400 <= status < 500:
        return LimmaClientError
    if status >= 500:
        return LimmaServerError
    return LimmaError


def error_for(response: httpx.Response) -> LimmaError:
    """The exception a non-2xx reply (or a 2xx reply that is not a JSON object) stands for."""
    status = response.status_code
    path = response.request.url.path
    request_id = response.headers.get("X-Request-Id")
    cls = error_class(status) if not response.is_success else LimmaError
    try:
        body = response.json()
    except ValueError:
        detail = {"type": NOT_JSON, "text": response.text[:TEXT_KEPT]}
        return cls(status, path, detail, request_id=request_id)
    if not isinstance(body, dict):
        return cls(status, path, {"type": UNEXPECTED_REPLY, "body": body}, request_id=request_id)
    detail = body.get("detail")
    if not isinstance(detail, dict) or "type" not in detail:
        detail = {"type": UNEXPECTED_REPLY, "body": body}
    reply_status = body.get("status")
    if isinstance(reply_status, int) and not isinstance(reply_status, bool):
        status = reply_status
    reply_path = body.get("path")
    if isinstance(reply_path, str) and reply_path:
        path = reply_path
    return cls(status, path, detail, request_id=request_id)


class LimmaClient:
    """One httpx.Client holding the API key; use it as a context manager or call close()."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        workspace_id: str | None = None,
        timeout: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.workspace_id = workspace_id
        self._http = httpx.Client(
            base_url=base_url,
            headers={"Authorization": f"Bearer {api_key}", "Accept": "application/json"},
            timeout=timeout,
            transport=transport,
        )

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def search(self, **fields: Any) -> Reply:
        """POST /v1/public/search: a question over the workspace."""
        return self._post("/v1/public/search", fields)

    def idea(
        self, idea: str, *, idea_budget: Mapping[str, Any] | None = None, **fields: Any
    ) -> Reply:
        """POST /v1/public/search with an idea: the parts of documents that discuss it.

        idea_budget {max_calls, max_seconds} bounds the sorting; a read-only key sends
        {"max_calls": 0}. Beside constraints, brief or entity_ids; detail, limit, offset."""
        return self._post("/v1/public/search", {"idea": idea, "idea_budget": idea_budget, **fields})

    def ingest(self, **fields: Any) -> Reply:
        """POST /v1/public/ingest: entity_name or entity_id, document_kind, text, file_name,
        document_date, access_group."""
        return self._post("/v1/public/ingest", fields)

    def connect(
        self, *, tables: Mapping[str, Any], mapping: Mapping[str, Any], **fields: Any
    ) -> Reply:
        """POST /v1/public/connect: an export's tables and the mapping that reads them."""
        return self._post("/v1/public/connect", {"tables": tables, "mapping": mapping, **fields})

    def region(
        self, *, source_id: str, start: int | None = None, end: int | None = None, **fields: Any
    ) -> Reply:
        """GET /v1/public/region: document.text[start:end] of one document, byte for byte."""
        return self._get(
            "/v1/public/region", {"source_id": source_id, "start": start, "end": end, **fields}
        )

    def facts(self, *, relation_query: Mapping[str, Any], **fields: Any) -> Reply:
        """POST /v1/public/facts: relation_query {relation, where?, entity_ids?}, limit, offset."""
        return self._post("/v1/public/facts", {"relation_query": relation_query, **fields})

    def documents(self, **fields: Any) -> Reply:
        """GET /v1/public/documents: entity_id, kind, limit, offset."""
        return self._get("/v1/public/documents", fields)

    def _fields(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        sent = {name: value for name, value in fields.items() if value is not None}
        if "workspace_id" not in sent and self.workspace_id is not None:
            sent["workspace_id"] = self.workspace_id
        return sent

    def _post(self, path: str, fields: Mapping[str, Any]) -> Reply:
        return self._reply(self._http.post(path, json=self._fields(fields)))

    def _get(self, path: str, fields: Mapping[str, Any]) -> Reply:
        return self._reply(self._http.get(path, params=self._fields(fields)))

    @staticmethod
    def _reply(response: httpx.Response) -> Reply:
        if not response.is_success:
            raise error_for(response)
        try:
            body = response.json()
        except ValueError:
            raise error_for(response) from None
        if not isinstance(body, dict):
            raise error_for(response)
        return body
