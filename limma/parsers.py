"""The verbs' JSON parser: bounded in size and nesting, and text every database can store.

json.loads recurses once per level and raises RecursionError on a deep enough array, and it
accepts a lone surrogate ("\\ud800") that no database can store and a NUL ("\\u0000") that
PostgreSQL's text cannot: all are refused here, before any verb sees the request, with a named
fault in the API's one shape. `checked` is also what every verb's input and every tool's
arguments pass (limma.api.valid), so a query string or a model's tool call is held to it too.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from limma.errors import ApplicationError, InvalidRequest

MAX_DEPTH = 32  # deeper than any verb's input needs (a criterion is four levels)
SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_FAULT = "surrogate_characters_not_allowed"
NUL = "\x00"
NUL_FAULT = "null_characters_not_allowed"  # DRF's own code for the same refusal
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # either of the two above


def max_body_bytes() -> int:
    return int(getattr(settings, "LIMMA_MAX_BODY_BYTES", 8 * 1024 * 1024))


BODY_TOO_LARGE = "The request body is larger than this deployment accepts."
TOO_DEEP = f"The JSON nests deeper than {MAX_DEPTH} levels."


def body_too_large() -> ApplicationError:
    return ApplicationError(
        "body_too_large", status=413, max_bytes=max_body_bytes(), reason=BODY_TOO_LARGE
    )


def too_deep() -> InvalidRequest:
    return InvalidRequest("json_too_deep", max_depth=MAX_DEPTH, reason=TOO_DEEP)


def unstorable(text: str) -> str | None:
    """The fault of a string no database can store (a NUL, a lone surrogate), else None."""
    if NUL in text:
        return NUL_FAULT
    if SURROGATE.search(text):
        return SURROGATE_FAULT
    return None


def checked(value: Any) -> Any:
    """The parsed value, walked without recursion: too deep, or a key or a string no database
    can store, is refused (422 naming the field). A large body (a connect's export) is read
    once for its depth and all its text in one search; only a body found at fault is walked
    again to name its fields."""
    texts: list[str] = [value] if isinstance(value, str) else []
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            texts.extend(key for key in item if isinstance(key, str))
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= MAX_DEPTH and children:
            raise too_deep()  # a child of this one is deeper than allowed
        for child in children:
            if isinstance(child, str):
                texts.append(child)
            elif isinstance(child, dict | list):
                stack.append((child, depth + 1))
    if UNSTORABLE.search("".join(texts)):
        raise InvalidRequest(faults=sorted(set(faults_named(value)))[:20])
    return value


def faults_named(value: Any) -> list[str]:
    """Each key or string of the value no database can store, named by its path."""
    stack: list[tuple[Any, str]] = [(value, "")]
    faults: list[str] = []
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                fault = unstorable(key) if isinstance(key, str) else None
                if fault:
                    faults.append(f"{path or 'request'}:{fault}")
                    continue
                stack.append((child, f"{path}.{key}" if path else str(key)))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(item))
        elif isinstance(item, str) and (fault := unstorable(item)):
            faults.append(f"{path or 'request'}:{fault}")
    return faults


class JsonParser(JSONParser):
    """DRF's JSON parser, bounded: 413 over the size, 400 too deep, 422 a NUL or a lone
    surrogate."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = max_body_bytes()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise body_too_large()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            value = json.loads(raw.decode(encoding))
        except RecursionError:
            raise too_deep() from None
        except ValueError as error:
            raise exceptions.ParseError(f"JSON parse error - {error}") from None
        return checked(value)
