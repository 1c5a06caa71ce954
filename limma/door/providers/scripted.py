"""The scripted provider: stand-in replies from JSON, so examples and tests run offline for free.

`<LIMMA_SCRIPTED_DIR>/<role>.json` is a list of entries
`{"when": {...}, "reply": {...} | "raw": "<text>", "usage": {"in": n, "out": n}}`; the first
entry whose `when` matches the request answers it (matching: `matches`, and
docs/model-roles.md). Tests may instead install `ScriptedProvider({role: entries})` with
`door.use_provider`, or use `door.scripted_replies(role, entries)`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ImproperlyConfigured

from limma.door.providers.base import ProviderFailure, ProviderReply
from limma.door.roles import ROLES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from limma.door.roles import RoleSpec

CONTAINS = "~"
ENTRY_KEYS = {"when", "reply", "raw", "usage"}


@dataclass(frozen=True)
class ScriptEntry:
    """One stand-in reply and the requests it answers."""

    when: Mapping[str, Any]
    content: str
    tokens_in: int = 0
    tokens_out: int = 0


def matches(pattern: Any, value: Any) -> bool:
    """Whether `value` (request JSON) holds `pattern` (an entry's `when`).

    An object matches when every key of the pattern is in the value and matches there (other
    keys of the value are ignored); a list matches a list of the same length item by item; a
    string "~words" matches a string containing "words"; anything else must be equal.
    """
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(
            key in value and matches(item, value[key]) for key, item in pattern.items()
        )
    if isinstance(pattern, list):
        return (
            isinstance(value, list)
            and len(pattern) == len(value)
            and all(map(matches, pattern, value))
        )
    if isinstance(pattern, str) and pattern.startswith(CONTAINS):
        return isinstance(value, str) and pattern[len(CONTAINS) :] in value
    if isinstance(pattern, bool) or isinstance(value, bool):
        return type(pattern) is type(value) and pattern == value
    return pattern == value


def _count(usage: Mapping[str, Any], key: str, where: str) -> int:
    value = usage.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ImproperlyConfigured(f"{where}: usage.{key} must be a whole number >= 0")
    return value


def parse_entry(raw: Any, where: str) -> ScriptEntry:
    """Check one entry's format; a malformed script is a configuration error, not a reply."""
    if not isinstance(raw, dict) or set(raw) - ENTRY_KEYS:
        raise ImproperlyConfigured(f"{where}: an entry is an object with keys {sorted(ENTRY_KEYS)}")
    if ("reply" in raw) == ("raw" in raw):
        raise ImproperlyConfigured(f'{where}: an entry has exactly one of "reply" and "raw"')
    when = raw.get("when", {})
    usage = raw.get("usage", {})
    if not isinstance(when, dict) or not isinstance(usage, dict):
        raise ImproperlyConfigured(f'{where}: "when" and "usage" must be objects')
    if "raw" in raw and not isinstance(raw["raw"], str):
        raise ImproperlyConfigured(f'{where}: "raw" must be a string')
    content = raw["raw"] if "raw" in raw else json.dumps(raw["reply"], ensure_ascii=False)
    return ScriptEntry(when, content, _count(usage, "in", where), _count(usage, "out", where))


def parse_entries(raw: Any, where: str) -> tuple[ScriptEntry, ...]:
    if not isinstance(raw, list):
        raise ImproperlyConfigured(f"{where}: a script is a JSON list of entries")
    return tuple(parse_entry(item, f"{where}[{index}]") for index, item in enumerate(raw))


@lru_cache(maxsize=64)
def _load_file(path: str, modified_ns: int) -> tuple[ScriptEntry, ...]:
    # Keyed on the modification time, so an edited script is read again.
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ImproperlyConfigured(f"{path}: not a readable JSON script: {error}") from error
    return parse_entries(raw, path)


class ScriptedProvider:
    """Replies from entries given per role, or read from `<directory>/<role>.json`."""

    name = "scripted"
    paid = False

    def __init__(
        self,
        entries_by_role: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
        *,
        directory: str = "",
    ) -> None:
        unknown = set(entries_by_role or {}) - set(ROLES)
        if unknown:
            raise ValueError(f"no model roles named {sorted(unknown)}")
        self.entries_by_role = {
            role: parse_entries(list(entries), f"scripted {role}")
            for role, entries in (entries_by_role or {}).items()
        }
        self.directory = directory

    def with_role(self, role: str, entries: Sequence[Mapping[str, Any]]) -> ScriptedProvider:
        """A copy of this provider that answers `role` from `entries` as well."""
        provider = ScriptedProvider({role: entries}, directory=self.directory)
        provider.entries_by_role = {**self.entries_by_role, **provider.entries_by_role}
        return provider

    def _path(self, role: str) -> Path | None:
        if not self.directory:
            return None
        path = Path(self.directory) / f"{role}.json"
        return path if path.is_file() else None

    def entries(self, role: str) -> tuple[ScriptEntry, ...]:
        if role in self.entries_by_role:
            return self.entries_by_role[role]
        path = self._path(role)
        return _load_file(str(path), path.stat().st_mtime_ns) if path else ()

    def available(self, role: str) -> bool:
        """A role is available when it has a script, even one no request will match."""
        return role in self.entries_by_role or self._path(role) is not None

    def complete(
        self,
        *,
        spec: RoleSpec,
        request: BaseModel,
        model: str,
        timeout: float,
        max_retries: int,
        max_tokens: int,
    ) -> ProviderReply:
        data = request.model_dump(mode="json")
        for entry in self.entries(spec.name):
            if matches(entry.when, data):
                return ProviderReply(entry.content, entry.tokens_in, entry.tokens_out)
        raise ProviderFailure(
            "no_scripted_reply", f"no scripted {spec.name} entry matches the request"
        )
