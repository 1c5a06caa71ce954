"""What the Q&A page is sent of a run: a projection of its events, never the run itself.

Of a search's compact reply the page gets what it draws; of a search that did not come back, a
code and whether it asked for a niche; of the end, the agent's answer, guarded, and why the loop
stopped; of a failure, a code. What a read cost, request ids, the calls that return more, the
map's version, tool calls and their arguments, tokens and the model's name stay on the server.

The first stage of the answer: fed each event of a run as it happens (qa_view.agent.loop), it
learns of each tool result who it names and the visitor's words it left unsearched, keeps of
each search what the page may use of it (`SearchSeen`, with the evidence the search's own outcome
holds: qa_view.answer.source.search_evidence), and keeps what the page is sent on the Run as it
comes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from criteria.lists.four import NOT_STATED
from criteria.service import READ_NEEDS_WRITE_TYPE
from limma.models import ApiKey, Entity, ExternalId, Workspace
from qa_view.agent.tools import ToolResult
from qa_view.answer.codes import AGENT_FAILED, SEARCH_FAILED
from qa_view.answer.source import search_evidence
from qa_view.models import Run
from search.brief_text import MARKUP
from search.replies import gaps
from search.service import SearchOutcome

# Of a search reply, exactly what the page draws.
REPLY_KEPT = (
    "candidates",
    "close",
    "complete",
    "criterion",
    "detail",
    "incomplete_because",
    "matched",
    "matches",
    "others",
)
READING = "reading"  # only on a read still under way: "Reading 120 profiles — 45 done"
SEARCH = "limma_search"
# The visitor's words, kept beside a reply: what was not searched, the niche, the words of the
# niche its split could not take as a condition, and the markup taken out of the question.
ASKED_WORDS = ("unsearched", "niche_words", "not_split", "markup")
FETCHED = "fetched"  # the people a search restricted to entity_ids asked about

# An id the page may not show: a record's (24 hex), a document's (32 hex), a request's, a
# niche's address, a workspace's. Longer hex runs are not ids of ours and are left alone.
UNKNOWN_ID = (
    r"(?<![0-9A-Za-z_])"
    r"(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{24}|req_[0-9a-f]+|crit_[0-9a-z]+|ws_[0-9a-f]+|map_[0-9a-f]+)"
    r"(?![0-9A-Za-z_])"
)
# How an id is written beside a name: "(414f…)", "[id: 414f…]", 'entity_id "414f…"', "`414f…`".
LABEL = r"(?:\b(?:entity[_ ]id|source[_ ]id|request[_ ]id|record[_ ]id|id)\s*[:=]?\s*)?"
QUOTE = "[\"'`\u201c\u201d]?"
SEPARATORS = " \t,;:-\u2013\u2014\"'`\u201c\u201d"

MONEY = (
    r"[$\u20ac\u00a3]\s?\d|\b\d[\d.,]*\s?(?:USD|EUR|GBP)\b|\b(?:USD|EUR|GBP)\b|\bdollars?\b"
    r"|\beuros?\b|\bcents?\b|\bcosts?\b|\bcosting\b|\bpric(?:e|es|ed|ing)\b|\bspend(?:s|ing)?\b"
    r"|\bbudgets?\b|\bbilled\b|\bbilling\b|\bpaid for\b"
)
METERING = r"\btokens?\b|\busage\b|\bmeter(?:ed|ing)?\b|\bledger\b|\bquotas?\b"
TOOL = (
    r"\blimma_\w+|\btools?\b|\btool[- ]calls?\b|\bfunction[- ]calls?\b|\bMCP\b|\bAPI\b"
    r"|\bendpoints?\b|/v1/"
)
MODEL = (
    r"\bmodels?\b|\bLLMs?\b|\bGPT[\w.-]*|\bClaude\b|\bOpenAI\b|\bAnthropic\b|\bGemini\b"
    r"|\bLlama\b|\bMistral\b|\bchatbot\b"
)
# A field of a reply, where it reads as one: with an underscore, in backticks or quotes, before
# ":" or "=", or in a dotted path. "complete", "close" or "more" in a sentence is English.
REPLY_FIELDS = (
    *("request_id", "map_version", "matched", "matches", "others", "complete", "more", "spent"),
    *("incomplete_because", "criterion", "criteria", "candidates", "close", "detail", "reading"),
    *("entity_id", "constraints", "as_of", "counts", "entities", "provenance", "coverage"),
    *("narrowed_by", "unconstrained_relations", "gaps", "about", "why", "receipt", "status"),
    *("status_reason", "next_offset", "showing", "total", "address", "reads", "usage"),
    *("budget", "estimate"),
)
FIELD_WORD = "|".join(sorted(REPLY_FIELDS, key=len, reverse=True))
FIELD = (
    r"\b[a-z]+_[a-z_]+\b"
    rf"|`[^`\n]*`|[\"'](?:{FIELD_WORD})[\"']|\b(?:{FIELD_WORD})\s*[:=](?!\s*$)"
    rf"|\b(?:{FIELD_WORD})\.[a-z_]+\b|\b[a-z_]+\.(?:{FIELD_WORD})\b"
)
NAMED = re.compile("|".join((MONEY, METERING, TOOL, MODEL)), re.IGNORECASE)
FIELD_NAMED = re.compile(FIELD)  # fields are lower case: "Sales_Lead" is no field of a reply


def _said_once(text: str, start: int, end: int, name: str) -> bool:
    """Whether the name already stands right before or after the id's place in the text."""
    folded = name.casefold()
    before = text[:start].rstrip(SEPARATORS + "*_(").casefold()
    after = text[end:].lstrip(SEPARATORS + "*_)").casefold()
    return before.endswith(folded) or after.startswith(folded)


def _tidy(line: str) -> str:
    line = re.sub(r"[(\[]\s*[)\]]", "", line)
    line = re.sub(r"[ \t]+([,.;:!?)\]])", r"\1", line)
    line = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", line)
    line = re.sub(r"[,;:]+(?=[.!?])", "", line)
    line = re.sub(r",\s*$", "", line)
    line = re.sub(r"[ \t]{2,}", " ", line)
    return line.rstrip()


class Guard:
    """The agent's text as the page may show it: ids as names, forbidden lines left out."""

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self.names: dict[str, str] = {}
        self.words: set[str] = set()  # a deployment's own model names, say
        self.know(names or {})

    def know(self, names: Mapping[str, str]) -> None:
        for entity_id, name in names.items():
            if entity_id and name:
                self.names[str(entity_id)] = str(name)

    def forbid(self, words: Iterable[str]) -> None:
        self.words.update(word for word in words if word and len(word) > 2)

    def _id_pattern(self) -> re.Pattern[str]:
        known = "|".join(re.escape(i) for i in sorted(self.names, key=len, reverse=True))
        ids = rf"(?<![\w-])(?:{known})(?![\w-])|{UNKNOWN_ID}" if known else UNKNOWN_ID
        return re.compile(
            rf"(?P<open>[ \t]*[(\[][ \t]*)?{LABEL}{QUOTE}(?P<id>{ids}){QUOTE}(?(open)[ \t]*[)\]])",
            re.IGNORECASE,
        )

    def names_in(self, line: str) -> str:
        pattern = self._id_pattern()
        if not pattern.search(line):
            return line  # a line with no id in it is drawn as the agent wrote it

        def swap(match: re.Match[str]) -> str:
            name = self.names.get(match.group("id"))
            if name is None or _said_once(line, match.start(), match.end(), name):
                return ""
            return f" ({name})" if match.group("open") else name

        return _tidy(pattern.sub(swap, line))

    def forbidden(self, line: str) -> bool:
        if NAMED.search(line) or FIELD_NAMED.search(line):
            return True
        folded = line.casefold()
        return any(word.casefold() in folded for word in self.words)

    def __call__(self, text: str) -> str:
        kept = []
        for written in str(text or "").splitlines():
            line = self.names_in(written)
            if not self.forbidden(line):
                kept.append(line)
        answer = "\n".join(kept)
        return re.sub(r"\n{3,}", "\n\n", answer).strip()


def reply_names(reply: Mapping[str, Any]) -> dict[str, str]:
    """Every person a search reply names, by id: its matches and who is close."""
    people = list(reply.get("matches") or [])
    close = reply.get("close")
    if isinstance(close, Mapping):
        people += list(close.get("matches") or [])
    return {
        str(person["entity_id"]): str(person["name"])
        for person in people
        if isinstance(person, Mapping) and person.get("entity_id") and person.get("name")
    }


def result_failed(result: Any) -> bool:
    return not (isinstance(result, Mapping) and "matched" in result and "status" not in result)


def search_asked_niche(
    args: Mapping[str, Any], result: Mapping[str, Any] | None, code: str = ""
) -> bool:
    """Whether a search asked for a niche: by criteria, by a brief that may hand one on, or (for
    a reply) by the criterion it carries."""
    if result is not None:
        return "criterion" in result
    return bool(args.get("criteria") or args.get("brief")) or code == READ_NEEDS_WRITE_TYPE


@dataclass(frozen=True)
class SearchSeen:
    """One limma_search the agent made, as the page may use it: the projected reply, or the
    code it was refused with, and whether it asked for a niche."""

    call_id: str
    niche: bool
    ok: bool
    constraints: list[Any]
    reply: dict[str, Any] | None = None  # what the page draws of the reply (kept_of)
    code: str | None = None  # the refusal's type, when it did not come back
    entity_fetch: bool = False  # restricted to entity_ids: one person, not a list
    # Who the reply lists and the words behind each line, from the search already made.
    evidence: dict[str, Any] = field(default_factory=dict)


class PageStream:
    """Feed it a run's events in order; `feed` returns what the page is sent, or None.

    With a workspace, each tool result fed with its ToolResult is learnt from: the event is
    completed with who it names (by every id the page may meet them under) and the visitor's
    words, and each search is kept in `searches`. With `run_pk`, the replies the page is sent
    are saved on that Run as they come, so the page can draw a running question's progress."""

    def __init__(
        self,
        names: Mapping[str, str] | None = None,
        *,
        workspace: Workspace | None = None,
        key: ApiKey | None = None,
        run_pk: int | None = None,
    ) -> None:
        self.workspace = workspace
        self.key = key
        self.run_pk = run_pk
        known = dict(names or {})
        self.guard = Guard(aliases(workspace, known) if workspace is not None else known)
        self.calls: dict[str, dict[str, Any]] = {}
        self.searches: list[SearchSeen] = []
        self.replies_sent: list[dict[str, Any]] = []

    def feed(
        self, event: Mapping[str, Any], result: ToolResult | None = None
    ) -> dict[str, Any] | None:
        kind, data = event.get("kind"), event.get("data") or {}
        if kind == "tool_call":
            args = data.get("args")
            self.calls[str(data.get("id"))] = args if isinstance(args, dict) else {}
            return None
        if kind == "tool_result":
            if result is not None and self.workspace is not None and isinstance(data, dict):
                self._learn(data, result)
            return self._kept(self._result(data))
        if kind == "done":
            self.guard.forbid([str(data.get("model") or "")])
            answer = self.guard(data.get("answer") or "")
            return {"kind": "done", "data": {"answer": answer, "stop": data.get("stop")}}
        if kind == "error":
            return {"kind": "error", "data": {"code": data.get("code") or AGENT_FAILED}}
        return None  # attached, and anything else, stays on the server

    def _learn(self, data: dict[str, Any], result: ToolResult) -> None:
        """Complete a tool result's event with what its result says, and keep its search."""
        assert self.workspace is not None
        data |= asked_words(result.outcome) if result.outcome is not None else {}
        data["names"] = result_names(self.workspace, result.result) if result.ok else {}
        if data.get("tool") == SEARCH:
            args = self.calls.get(str(data.get("id")), {})
            self.searches.append(self._seen(str(data.get("id")), args, result))

    def _seen(self, call_id: str, args: Mapping[str, Any], result: ToolResult) -> SearchSeen:
        fetch = bool(args.get("entity_ids"))
        if not result.ok:
            detail = result.result.get("detail") or {}
            code = str(detail.get("type") or SEARCH_FAILED)
            constraints = args.get("constraints")
            return SearchSeen(
                call_id=call_id,
                niche=search_asked_niche(args, None, code),
                ok=False,
                constraints=list(constraints) if isinstance(constraints, list) else [],
                code=code,
                entity_fetch=fetch,
            )
        reply = result.result
        return SearchSeen(
            call_id=call_id,
            niche=search_asked_niche(args, reply),
            ok=True,
            constraints=searched(args, reply),
            reply=kept_of(reply),
            entity_fetch=fetch,
            evidence=(
                search_evidence(key=self.key, outcome=result.outcome, reply=reply)
                if result.outcome is not None and self.key is not None
                else {}
            ),
        )

    def _kept(self, sent: dict[str, Any] | None) -> dict[str, Any] | None:
        """Save the replies sent so far on the running Run."""
        if sent is not None and self.run_pk is not None:
            self.replies_sent.append(sent)
            Run.objects.filter(pk=self.run_pk, state=Run.State.RUNNING).update(
                page_events=list(self.replies_sent)
            )
        return sent

    def _result(self, data: Mapping[str, Any]) -> dict[str, Any] | None:
        self.guard.know(data.get("names") or {})
        if data.get("tool") != SEARCH:
            return None
        args = self.calls.get(str(data.get("id")), {})
        result = data.get("result") or {}
        if data.get("ok") is False or result_failed(result):
            detail = result.get("detail") if isinstance(result, Mapping) else None
            code = str(detail.get("type")) if isinstance(detail, Mapping) else SEARCH_FAILED
            return {
                "kind": "reply",
                "data": {"code": code, "niche": search_asked_niche(args, None, code)},
            }
        self.guard.know(reply_names(result))
        sent: dict[str, Any] = {"constraints": searched(args, result), "reply": kept_of(result)}
        fetched = args.get("entity_ids")
        if isinstance(fetched, list) and fetched:
            # One person asked about: who, by the name the page knows them by.
            sent["fetched"] = [
                {
                    "entity_id": str(i),
                    "name": self.guard.names.get(str(i), ""),
                    **lacking(result, str(i)),
                }
                for i in fetched
            ]
        # The visitor's own words: what was not searched, and the niche asked for.
        for said in ASKED_WORDS:
            if data.get(said):
                sent[said] = data[said]
        return {"kind": "reply", "data": sent}


def lacking(reply: Mapping[str, Any], entity_id: str) -> dict[str, str]:
    """Of one person a full reply holds one condition short: the condition they lack, in the
    niche's words, and "not_stated" where their documents say nothing for it."""
    blocks = reply.get("criteria") or [{}]
    block = blocks[0] if isinstance(blocks[0], Mapping) else {}
    texts = {f.get("key"): f.get("text") or f.get("key") for f in block.get("facets") or []}
    for listed in ("undetermined", "none"):
        for entry in block.get(listed) or []:
            if not isinstance(entry, Mapping) or entry.get("entity_id") != entity_id:
                continue
            missing = [str(texts.get(key, key)) for key in entry.get("missing") or []]
            if len(missing) != 1:
                return {}
            why = set((entry.get("missing_because") or {}).values())
            return {"lacks": missing[0], "because": NOT_STATED if why == {"silent"} else ""}
    return {}


def kept_of(reply: Mapping[str, Any]) -> dict[str, Any]:
    """What the page draws of a search reply; `reading` too, on a read still under way."""
    return {key: reply[key] for key in (*REPLY_KEPT, READING) if key in reply}


def searched(args: Mapping[str, Any], reply: Mapping[str, Any]) -> list[Any]:
    """The constraints a search ran under: as bound (a brief's compiled ones included)."""
    more = (reply.get("more") or {}).get("entity") or {}
    bound = (more.get("with") or {}).get("constraints")
    if isinstance(bound, list):
        return bound
    asked = args.get("constraints")
    return list(asked) if isinstance(asked, list) else []


# --- what a tool result says ------------------------------------------------------------------


def unsearched_words(outcome: SearchOutcome) -> list[str]:
    """The visitor's own words of every part of the request that was not searched: a brief's
    dropped words, a condition it could not compile, a constraint that could not be bound.
    Markup is no part of the question: it is said apart (markup_words)."""
    said: list[str] = []
    for gap in gaps(outcome):
        if gap.get("why") == MARKUP:
            continue
        if gap.get("words"):
            said.append(str(gap["words"]))
            continue
        constraint = gap.get("constraint")
        value = constraint.get("value") if isinstance(constraint, dict) else constraint
        if isinstance(value, list):
            said += [str(v) for v in value if v not in (None, "")]
        elif value not in (None, ""):
            said.append(str(value))
    return list(dict.fromkeys(" ".join(s.split()) for s in said if s.strip()))


def markup_words(outcome: SearchOutcome) -> list[str]:
    """The markup a brief's compiler took out of the question ("<b>", a script): no condition
    of it, so the words left are the whole question; the page says it was left out."""
    return [str(gap["words"]) for gap in gaps(outcome) if gap.get("why") == MARKUP]


def niche_words(outcome: SearchOutcome) -> str:
    """The niche a search asked for, in its words (a brief's handed-on niche, or the text)."""
    run = outcome.criteria
    if run is not None and run.criterion is not None:
        return " ".join(run.criterion.text.split())
    compiled = outcome.compiled
    return " ".join((compiled.criterion or "").split()) if compiled is not None else ""


def not_split_words(outcome: SearchOutcome) -> list[str]:
    """The words of a niche its split left as no condition (the read then reads nothing):
    "experience", "sold", "directors", as the split hands them back."""
    run = outcome.criteria
    split = run.resolved.split if run is not None else None
    if split is None or split.status != "incomplete":
        return []
    said = [" ".join(str(item.get("words") or "").split()) for item in split.incomplete]
    return list(dict.fromkeys(words for words in said if words))


def asked_words(outcome: SearchOutcome) -> dict[str, Any]:
    """The visitor's own words a search left unsearched, and the niche it asked for."""
    said: dict[str, Any] = {}
    unsearched = unsearched_words(outcome)
    if unsearched:
        said["unsearched"] = unsearched
    niche = niche_words(outcome)
    if niche:
        said["niche_words"] = niche
    not_split = not_split_words(outcome)
    if not_split:
        said["not_split"] = not_split
    markup = markup_words(outcome)
    if markup:
        said["markup"] = markup
    return said


def aliases(workspace: Workspace, names: dict[str, str]) -> dict[str, str]:
    """Every id of a person the page knows: their own, and each record merged into them."""
    if not names:
        return {}
    found = dict(names)
    externals = ExternalId.objects.filter(workspace=workspace, entity__key__in=list(names))
    for value, entity_key in externals.values_list("value", "entity__key"):
        found.setdefault(value, names[entity_key])
    merged = Entity.objects.filter(workspace=workspace, merged_into__key__in=list(names))
    for merged_key, into_key in merged.values_list("key", "merged_into__key"):
        found.setdefault(merged_key, names[into_key])
    return found


def result_names(workspace: Workspace, reply: Mapping[str, Any]) -> dict[str, str]:
    """Who a tool result names, by every id the page may meet them under."""
    names = reply_names(reply)
    for row in reply.get("rows") or []:
        if isinstance(row, Mapping) and row.get("entity_id") and row.get("entity_name"):
            names.setdefault(str(row["entity_id"]), str(row["entity_name"]))
    if reply.get("entity_id") and "source_id" in reply:  # a region: whose document it is
        entity = Entity.objects.filter(workspace=workspace, key=reply["entity_id"]).first()
        if entity is not None and entity.display_name:
            names.setdefault(entity.key, entity.display_name)
    return aliases(workspace, names)
