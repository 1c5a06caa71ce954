"""The offline agent under the console's answer and search modes (docs/pages.md#the-console).

Each mode's prompt leads the stand-in to that mode's own first call, and its answer is written
in the prompt's result-set format with the receipts the verbs returned, never made up:
- answer: one limma_facts call per address the question names (what the brief compiles to; where
  it speaks of roles, the function it names and a year after "before"/"after" as the role's
  start), paged; a niche the question states besides is then searched reuse-only first, with
  the quotes of who fits (detail full);
- search: the question to limma_search as a brief with detail full, the closed set read from its
  reply with each row's receipt; a niche that could not be read leaves the ordinary conditions
  searched alone, and the part not searched is said.

A row loaded from an export has its table and columns as its source ("no receipt"); a row a
read wrote cites its span as [p1:<char_start>-<char_end>] (a document here has no pages).
"""

from __future__ import annotations

import re
from typing import Any

from limma.pack import DEFAULT_PACK
from limma.vocabulary import Vocabulary
from qa_view.answer.codes import SEARCH_FAILED, sentence_for
from qa_view.answer.origin import NOT_READ
from qa_view.console.modes import ANSWER, ANSWER_SYSTEM, SEARCH, SEARCH_SYSTEM
from search.offline import compile_brief

Done = list[tuple[dict[str, Any], bool, dict[str, Any]]]  # each call's arguments, ok, result
FACTS, SEARCH_TOOL = "limma_facts", "limma_search"
REUSE_ONLY = {"max_reads": 0}
PAGE = 200  # the verbs' largest page
MAX_PAGES = 4  # pages of one address (the loop allows eight turns)
ROWS_SHOWN = 50  # rows of one address written into the answer; the count is always whole
ROLE_WORDS = re.compile(r"\b(?:role|roles|held|holds|title|titles|start|started|starting)\b", re.I)
YEAR = re.compile(r"\b(?P<word>before|after|since|until)\s+(?P<year>(?:19|20)\d\d)\b", re.I)
YEAR_OPS = {"before": "lt", "until": "le", "after": "gt", "since": "ge"}
# The default pack's relations, as the brief compiler takes them (the stand-in knows no other).
RELATIONS = {name: dict(r["slots"]) for name, r in DEFAULT_PACK["relations"].items()}


def console_mode(system: str) -> str | None:
    """The console's mode whose prompt this is; None for any other (the people prompt)."""
    return {ANSWER_SYSTEM: ANSWER, SEARCH_SYSTEM: SEARCH}.get(system)


def marker(receipt: dict[str, Any]) -> str:
    """A span's receipt as the prompts write it: [p1:<char_start>-<char_end>]."""
    return f"[p1:{receipt['char_start']}-{receipt['char_end']}]"


def spanned(receipt: Any) -> bool:
    """A receipt that names a span of a stored document (a row from an export names none)."""
    return (
        isinstance(receipt, dict)
        and isinstance(receipt.get("source_id"), str)
        and isinstance(receipt.get("char_start"), int)
        and isinstance(receipt.get("char_end"), int)
    )


def addresses(question: str, example: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The facts calls the question implies: one per relation, its conditions as `where`."""
    constraints = list((example or {}).get("constraints") or []) or addressed(question)
    where: dict[str, list[list[Any]]] = {}
    for c in constraints:
        where.setdefault(c["relation"], []).append([c["slot"], c["op"], c["value"]])
    if not where:
        relation = "held_role" if ROLE_WORDS.search(question) else "based_in"
        where[relation] = []
    return [{"relation": relation, "where": w, "limit": PAGE} for relation, w in where.items()]


def addressed(question: str) -> list[dict[str, Any]]:
    """The conditions on the record a question names: what the brief compiles to (a place, a
    negated one as its ne), and where the question speaks of roles, the function it names and
    a year bounding the role's start."""
    found = list(compile_brief(question, RELATIONS)["constraints"])
    if not ROLE_WORDS.search(question):
        return found
    slots = {(c["relation"], c["slot"]) for c in found}
    terms = Vocabulary.shipped().find_in(question, axis="function")
    function = next((term.name for _, _, term in terms if term), None)
    if function and ("held_role", "function") not in slots:
        found.append({"relation": "held_role", "slot": "function", "op": "eq", "value": function})
    year = YEAR.search(question)
    if year and ("held_role", "start") not in slots:
        op = YEAR_OPS[year["word"].casefold()]
        found.append({"relation": "held_role", "slot": "start", "op": op, "value": year["year"]})
    return found


def niche_of(question: str, example: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The niche a question states besides the record: the example's criteria, or the brief's
    niche where the question is not about roles held (a role's words are its record)."""
    if example and example.get("criteria"):
        return list(example["criteria"])
    if ROLE_WORDS.search(question):
        return []
    text = compile_brief(question, RELATIONS)["criterion"]
    return [{"text": text}] if text else []


def call(number: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "content": None,
        "tool_calls": [{"id": f"call-{number}", "name": name, "arguments": arguments}],
    }


def refused(result: dict[str, Any]) -> dict[str, Any]:
    code = str((result.get("detail") or {}).get("type") or SEARCH_FAILED)
    return {"content": sentence_for(code), "tool_calls": []}


def answer_step(asked: dict[str, Any], done: Done) -> dict[str, Any]:
    """Answer mode: the addresses by limma_facts, paged; then the niche's quotes; then the
    result set."""
    question, example = asked["question"], asked.get("example")
    if done and not done[-1][1]:
        return refused(done[-1][2])
    if done and "relation" in done[-1][0]:
        args, _, result = done[-1]
        next_offset = (result.get("matched") or {}).get("next_offset")
        pages = sum(1 for a, _, _ in done if _same_address(a, args))
        if next_offset is not None and pages < MAX_PAGES:
            return call(len(done) + 1, FACTS, {**args, "offset": next_offset})
    called = [a for a, _, _ in done if "relation" in a]
    for address in addresses(question, example):
        if not any(_same_address(address, a) for a in called):
            return call(len(done) + 1, FACTS, address)
    niche = niche_of(question, example)
    searched = [(a, r) for a, _, r in done if "relation" not in a]
    if niche and not searched:
        constraints = list((example or {}).get("constraints") or []) or addressed(question)
        asks = {"constraints": constraints, "criteria": niche, "detail": "full"}
        return call(len(done) + 1, SEARCH_TOOL, asks | {"criteria_budget": dict(REUSE_ONLY)})
    if searched and len(searched) == 1:
        args, result = searched[0]
        status = (result.get("criterion") or _criteria_block(result)).get("status")
        if status in NOT_READ:
            again = {k: v for k, v in args.items() if k != "criteria_budget"}
            return call(len(done) + 1, SEARCH_TOOL, again)
    return {"content": answer_result_set(done), "tool_calls": []}


def _same_address(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.get("relation") == b.get("relation") and a.get("where") == b.get("where")


def _criteria_block(result: dict[str, Any]) -> dict[str, Any]:
    blocks = result.get("criteria") or [{}]
    return blocks[0] if isinstance(blocks[0], dict) else {}


def answer_result_set(done: Done) -> str:
    """The answer mode's result set: every address's rows with their receipts, its count."""
    facts: dict[tuple[str, str], dict[str, Any]] = {}
    for args, _, result in done:
        if "relation" not in args:
            continue
        key = (args["relation"], repr(args.get("where")))
        entry = facts.setdefault(key, {"args": args, "rows": [], "total": 0})
        entry["rows"].extend(result.get("rows") or [])
        entry["total"] = (result.get("matched") or {}).get("total", 0)
    niche = next(((a, r) for a, _, r in reversed(done) if "relation" not in a), None)
    sections, total = [], 0
    for entry in facts.values():
        total += entry["total"]
        sections.append(_facts_section(entry))
    if niche is not None:
        count, lines = _niche_section(*niche)
        total += count
        sections.append(lines)
    addresses_n = len(facts) + (niche is not None)
    first = f"{total} results at {addresses_n} address{'es' if addresses_n != 1 else ''}"
    return "\n\n".join([first, *sections])


def _facts_section(entry: dict[str, Any]) -> str:
    args, rows = entry["args"], entry["rows"]
    where = " and ".join(f"{s} {o} {v}" for s, o, v in args.get("where") or [])
    lines = [f"{args['relation']}{' where ' + where if where else ''}"]
    for row in rows[:ROWS_SHOWN]:
        values = ", ".join(f"{k} {v}" for k, v in (row.get("values") or {}).items())
        receipt = row.get("receipt")
        cited = marker(receipt) if spanned(receipt) else "no receipt"
        lines.append(f"| {row.get('entity_name') or 'someone'} | {values} | {cited} |")
    shown = min(len(rows), ROWS_SHOWN)
    more = f" (rows 1-{shown} shown)" if shown < entry["total"] else ""
    lines.append(f"Count: {entry['total']}{more}" if entry["total"] else "None")
    return "\n".join(lines)


def _niche_section(args: dict[str, Any], result: dict[str, Any]) -> tuple[int, str]:
    """The niche's address: who fits every condition, each quote with its receipt."""
    block = _criteria_block(result)
    text = ((args.get("criteria") or [{}])[0] or {}).get("text") or "the niche"
    status = block.get("status") or (result.get("criterion") or {}).get("status")
    if status in NOT_READ:
        reason = block.get("status_reason") or status
        return 0, f"criterion {text}\nNot recorded: {sentence_for(reason)}"
    lines = [f"criterion {text}"]
    for entry in block.get("matched") or []:
        quotes = [
            f"“{e['text']}” {marker(e)}"
            for e in entry.get("evidence") or []
            if spanned(e) and e.get("text")
        ]
        lines.append(f"| {entry.get('name') or 'someone'} | {'; '.join(quotes) or 'no receipt'} |")
    total = (result.get("matched") or {}).get("total", 0)
    lines.append(f"Count: {total}" if total else "None")
    return total, "\n".join(lines)


def search_step(asked: dict[str, Any], done: Done) -> dict[str, Any]:
    """Search mode: the brief (or the example's stated search) with detail full, once more
    without the budget when its niche was never read, the ordinary conditions alone when it
    could not be; then the closed set with each row's receipt."""
    example = asked.get("example")
    if not done:
        if example and example.get("criteria"):
            stated = {"constraints": example["constraints"], "criteria": example["criteria"]}
            asks = stated | {"criteria_budget": dict(REUSE_ONLY)}
        else:
            asks = {"brief": asked["question"]}
        return call(1, SEARCH_TOOL, asks | {"detail": "full"})
    args, ok, result = done[-1]
    if not ok:
        return refused(result)
    status = (result.get("criterion") or _criteria_block(result)).get("status")
    if args.get("criteria_budget") == REUSE_ONLY and status in NOT_READ and len(done) == 1:
        again = {k: v for k, v in args.items() if k != "criteria_budget"}
        return call(2, SEARCH_TOOL, again)
    if status in NOT_READ and (args.get("brief") or args.get("criteria")):
        # The niche was not read: the conditions on the record the question names (the bound
        # ones and those the brief left in its niche, as limma_facts would address them).
        bound = _bound(result)
        conditions = bound + [c for c in addressed(asked["question"]) if c not in bound]
        if conditions:
            return call(len(done) + 1, SEARCH_TOOL, {"constraints": conditions, "detail": "full"})
    niche = next((r for a, _, r in done if a.get("brief") or a.get("criteria")), result)
    return {"content": closed_set(result, niche, args), "tool_calls": []}


def _bound(reply: dict[str, Any]) -> list[Any]:
    bound = (((reply.get("more") or {}).get("entity") or {}).get("with") or {}).get("constraints")
    return list(bound) if isinstance(bound, list) else []


def closed_set(result: dict[str, Any], asked: dict[str, Any], args: dict[str, Any]) -> str:
    """The search's closed set: its whole count, each match with its rows' receipts, and what
    was not searched (`asked`: the reply to the brief; `args`: the call `result` answers)."""
    matched = result.get("matched") or {}
    total = matched.get("total", 0)
    lines = [f"{total} results at 1 address" if total else "0 results"]
    for match in result.get("matches") or []:
        about = match.get("about") or {}
        said = ", ".join(str(about[k]) for k in ("title", "company", "place") if about.get(k))
        cited = [
            f"“{row['receipt'].get('text', '')}” {marker(row['receipt'])}"
            for row in match.get("rows") or []
            if spanned(row.get("receipt"))
        ]
        lines.append(
            f"| {match.get('name') or 'someone'} | {said} | {'; '.join(cited) or 'no receipt'} |"
        )
    showing = matched.get("showing")
    more = f" (rows {showing[0]}-{showing[1]} shown)" if showing and showing[1] < total else ""
    lines.append(f"Count: {total}{more}")
    not_searched = dict(asked.get("incomplete_because") or {})
    criterion = asked.get("criterion") or _criteria_block(asked)
    if criterion.get("status") in NOT_READ:
        lines.append(f"Not searched: {sentence_for(criterion.get('status_reason') or 'not_run')}")
        if asked is not result:
            conditions = " and ".join(
                f"{c['relation']}.{c['slot']} {c['op']} {c['value']}"
                for c in args.get("constraints") or []
            )
            lines.append(f"Searched instead as conditions on the record: {conditions}")
    for code, count in not_searched.items():
        if code.startswith(("dropped", "not_compiled", "not_bound:")):
            lines.append(f"Not searched: {sentence_for(code, count)}")
    return "\n".join(lines)


def console_step(mode: str, asked: dict[str, Any], done: Done) -> dict[str, Any]:
    """The next step of the offline agent under the console's answer or search mode."""
    return answer_step(asked, done) if mode == ANSWER else search_step(asked, done)
