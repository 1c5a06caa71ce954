"""The `agent` role for the offline provider: a deterministic stand-in for the Q&A view's model.

Its rules, and nothing more (a fresh checkout answers a question with no key and no network):
- first turn: a prepared example is searched as stated (its constraints and its niche by facets)
  reuse-only first; a follow-up about someone listed ("the second one", a listed name) fetches
  that person — the last search, entity_ids=[id], detail full, reuse-only; one about a place in
  a list where nobody stands ("the fifth close one" of three), or by a name nobody listed
  holds, is answered with what the lists hold, searching nothing; any other follow-up
  searches the new words as a brief with the last search's constraints and niche by address;
  anything else is searched as brief = the visitor's question;
- a reuse-only search whose niche was never read (not_run, over_budget) is sent once more
  without the budget; a niche still not read (it could not be split, or is over what may be
  read) is followed by the ordinary conditions alone, which the page offers under a heading;
  a read still going on in the background (partial, time_budget) is asked again, up to
  WAIT_CALLS searches, so the answer is the finished read where it finishes;
- then it answers from the last result in plain sentences, naming people by name, never by id;
  outside the Q&A page (the console's people mode: no page note in the question) it first
  fetches the rows, quotes and receipts of who fits, and cites each quote by its span;
- under the console's answer and search prompts it follows those modes' own rules
  (qa_view/console/offline.py, docs/pages.md#the-console).
"""

from __future__ import annotations

import json
import re
from typing import Any

from criteria.lists.four import NONE, NOT_RECORDED, UNDETERMINED
from criteria.lists.four import NOT_READ as DOCUMENT_NOT_READ
from criteria.service import READ_NEEDS_WRITE_TYPE
from criteria.status import PARTIAL, TIME_BUDGET
from limma.door import offline_handler
from limma.vocabulary import Vocabulary
from qa_view.agent.question import CLOSE, EARLIER, EXAMPLE, FOUND, NOTE
from qa_view.agent.tools import READ_ONLY_TOOLS
from qa_view.answer.codes import NO_PROFILE_READ, SEARCH_FAILED, sentence_for
from qa_view.answer.origin import LIST_CHANGES, NOT_READ
from qa_view.console.offline import console_mode, console_step, marker, spanned

SEARCH = READ_ONLY_TOOLS[0]
REUSE_ONLY = {"max_reads": 0}
PERSON_LINE = re.compile(r'^  \d+\. (?P<name>.*) \(entity_id "(?P<id>(?:[^"\\]|\\.)*)"\)$')
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
}  # fmt: skip
# A place in a list: "the second one", "the last?", "the first of the close ones", "number 2";
# never "last year" or "in the first quarter" (a time, not somebody's place).
ORDINAL = re.compile(
    r"\bthe\s+(?P<word>" + "|".join(ORDINALS) + r"|last)\b"
    r"(?=\s*(?:$|[?.!,;]|(?:close\s+)?(?:one|ones|person|expert|of)\b|close\b))"
    r"|(?:number|no\.|#)\s*(?P<number>\d+)",
    re.IGNORECASE,
)
LEAD_IN = re.compile(
    r"^(?:(?:and|but|now|ok|okay|so|then|only|just|what about|how about)\b[\s,]*)*"
    r"(?:(?:those|the ones|ones|people|experts)\b\s*(?:who are\s*)?)?",
    re.IGNORECASE,
)
# "tell me more about Greta", "who is Bastien Mercier?": somebody asked about by a name.
NAME_ASKED = re.compile(
    r"(?i:\b(?:tell me (?:a bit )?(?:more )?about|more (?:about|on)|who is|who's))\s+"
    r"(?P<name>[A-Z][^\W\d_]*(?:[-'\u2019][^\W\d_]+)*"
    r"(?:\s+(?:[A-Z]\.|[A-Z][^\W\d_]*(?:[-'\u2019][^\W\d_]+)*))*)"
)
CLOSE_ASKED = re.compile(r"\bclose\b|\bone condition short\b|\bnearly\b", re.IGNORECASE)
THE_CLOSE_ONE = re.compile(r"\bthe close (?:one|person|expert)\b", re.IGNORECASE)
RECEIPTS_OF = 10  # people whose quotes the console's people mode fetches
WAIT_CALLS = 6  # searches of one question while its read goes on (the loop allows eight turns)


def _line_value(block: str, label: str) -> Any:
    match = re.search(rf"^  {label}: (.*)$", block, re.MULTILINE)
    if match is None:
        return None
    try:
        return json.loads(match.group(1))
    except json.JSONDecodeError:
        # The follow-up's criterion line: "crit_…" and words after it.
        quoted = re.match(r'"([^"]*)"', match.group(1))
        return quoted.group(1) if quoted else None


def _listed(block: str, heading: str) -> list[dict[str, str]]:
    lines = block.split(heading, 1)[1].splitlines()[1:] if heading in block else []
    people = []
    for line in lines:
        match = PERSON_LINE.match(line)
        if match is None:
            break
        people.append({"name": match["name"].replace('\\"', '"'), "id": match["id"]})
    return people


def _parsed(content: str) -> dict[str, Any]:
    """The composed question, read back: the visitor's words and the blocks after them."""
    question, _, _ = content.partition("\n\n[")
    asked: dict[str, Any] = {"question": question.strip()}
    if EARLIER in content:
        block = content.split(EARLIER, 1)[1].split("\n\n[", 1)[0]
        found = FOUND.split("{", 1)[0]
        asked["follow_up"] = {
            "constraints": _line_value(block, "constraints") or [],
            "criterion": _line_value(block, "criterion"),
            "people": _listed(block, found) if found in block else [],
            "close": _listed(block, CLOSE),
        }
    if EXAMPLE in content:
        block = content.split(EXAMPLE, 1)[1].split("\n\n[", 1)[0]
        asked["example"] = {
            "constraints": _line_value(block, "constraints") or [],
            "criteria": _line_value(block, "criteria") or [],
        }
    return asked


def person_asked(question: str, follow_up: dict[str, Any]) -> dict[str, str] | None:
    """Who of the last answer a follow-up asks about: by name (first name or surname alone
    too), or by place in a list ("the second one", "the second close one", "the last of the
    close"); where nobody fit, "the second one" is the second of those close."""
    people, close = follow_up["people"], follow_up["close"]
    called = called_so(question, people + close)
    if len(called) == 1:
        return called[0]
    if called:
        return None  # two listed people answer to that name: which one is not said
    match = ORDINAL.search(question)
    if match is None:
        alone = len(close) == 1 and THE_CLOSE_ONE.search(question)
        return close[0] if alone else None
    listed = close if CLOSE_ASKED.search(question) or not people else people
    if match["number"]:
        index = int(match["number"])
    else:
        word = match["word"].casefold()
        index = len(listed) if word == "last" else ORDINALS[word]
    return listed[index - 1] if 0 < index <= len(listed) else None


def called_so(question: str, listed: list[dict[str, str]]) -> list[dict[str, str]]:
    """Who of the listed the question names: by the whole name, else by surname alone, else
    by first name alone (all who answer to it: two may)."""
    folded = question.casefold()
    words = set(re.findall(r"[^\W_]+", folded))
    parted = [
        (
            person,
            [part for part in re.findall(r"[^\W_]+", person["name"].casefold()) if len(part) > 2],
        )
        for person in listed
        if person.get("name")
    ]
    whole = [person for person, _ in parted if person["name"].casefold() in folded]
    if whole:
        return whole[:1]
    for at in (-1, 0):  # the surname, then the first name
        found = [person for person, parts in parted if parts and parts[at] in words]
        if found:
            return list({person["id"]: person for person in found}.values())
    return []


def nobody_there(question: str, follow_up: dict[str, Any]) -> str | None:
    """A follow-up that asks about somebody by their place in the last answer's lists where
    nobody stands there ("the fifth close one" of three): what the lists hold, said; never a
    search of the words as a new brief."""
    if person_asked(question, follow_up) is not None:
        return None
    people, close = follow_up["people"], follow_up["close"]
    called = called_so(question, people + close)
    if len(called) > 1:
        return (
            f"{_names(called)} were listed in the last answer; ask about one of them by their "
            "whole name."
        )
    named = NAME_ASKED.search(question)
    if named and not _a_term(named["name"]):
        return (
            f"Nobody called {named['name']} was listed in the last answer; ask about a name on "
            "its list, or ask a new question."
        )
    if not (ORDINAL.search(question) or THE_CLOSE_ONE.search(question)):
        return None
    if not people and not close:
        return "The last answer listed nobody."
    if CLOSE_ASKED.search(question) or not people:
        if not close:
            return "The last answer listed nobody as close."
        return (
            _count(
                len(close),
                "The last answer listed 1 person as close, ",
                "The last answer listed {n} people as close, ",
            )
            + _names(close)
            + "."
        )
    return (
        _count(
            len(people),
            "The last answer listed 1 person who fits, ",
            "The last answer listed {n} people who fit, ",
        )
        + _names(people)
        + "."
    )


def _a_term(words: str) -> bool:
    """The words are a term of the vocabulary ("Germany", "Sales"): a place or a function is
    asked about, not a person."""
    found = Vocabulary.shipped().find_in(words)
    return any(low == 0 and high == len(words) for low, high, _ in found)


def first_search(asked: dict[str, Any]) -> dict[str, Any]:
    """The first turn's search, by the question's kind."""
    follow_up, example = asked.get("follow_up"), asked.get("example")
    if example and example["criteria"]:
        return {
            "constraints": example["constraints"],
            "criteria": example["criteria"],
            "criteria_budget": dict(REUSE_ONLY),
        }
    if follow_up is None:
        return {"brief": asked["question"]}
    niche = [{"address": follow_up["criterion"]}] if follow_up.get("criterion") else []
    person = person_asked(asked["question"], follow_up)
    if person is not None:
        fetch: dict[str, Any] = {
            "constraints": follow_up["constraints"],
            "entity_ids": [person["id"]],
            "detail": "full",
        }
        return fetch | ({"criteria": niche, "criteria_budget": dict(REUSE_ONLY)} if niche else {})
    words = LEAD_IN.sub("", asked["question"]).strip()
    search: dict[str, Any] = {"constraints": follow_up["constraints"]}
    if words:
        search["brief"] = words
    return search | ({"criteria": niche, "criteria_budget": dict(REUSE_ONLY)} if niche else {})


def _count(total: int, one: str, many: str) -> str:
    return one.format(n=total) if total == 1 else many.format(n=total)


def _names(people: list[dict[str, Any]]) -> str:
    names = [str(person.get("name") or "someone") for person in people]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def answer_list(reply: dict[str, Any]) -> str:
    """ "7 people fit." and who they are, by name; who is one condition short with another
    condition established. How many are close is the page's to say: it counts who of them
    shares something of substance with the question, which a compact reply does not tell."""
    criterion = reply.get("criterion") or {}
    if criterion.get("status") in NOT_READ:
        return sentence_for(criterion.get("status_reason") or criterion["status"])
    total = (reply.get("matched") or {}).get("total", 0)
    so_far = " so far" if criterion.get("status") == PARTIAL else ""
    first = (
        _count(total, "1 person fits" + so_far + ".", "{n} people fit" + so_far + ".")
        if total
        else "Nobody fits" + so_far + "."
    )
    close = reply.get("close") or {}
    reading = reply.get("reading") or {}
    if so_far and reading.get("of"):
        first += f" {reading['of'] - reading.get('done', 0)} of {reading['of']} profiles have not"
        first += " been read yet."
    lines = [first]
    matches = reply.get("matches") or []
    if matches:
        lines.append(("They are " if len(matches) > 1 else "It is ") + _names(matches) + ".")
    # Of those one condition short, only who establishes another condition is named: whose
    # documents establish nothing (a niche of one condition) is no near miss.
    near = [m for m in close.get("matches") or [] if m.get("why")]
    if near:
        lines.append("One condition short: " + _names(near) + ".")
    for code, count in (reply.get("incomplete_because") or {}).items():
        if code.startswith(LIST_CHANGES):
            lines.append(sentence_for(code, count))
    return "\n".join(lines)


def _who(person: dict[str, Any]) -> str:
    about = person.get("about") or {}
    role = " at ".join(str(v) for v in (about.get("title"), about.get("company")) if v)
    said = person["name"] + (f" is {role}" if role else "")
    if about.get("place"):
        said += f"{',' if role else ' is'} based in {about['place']}"
    return said + "."


def answer_person(reply: dict[str, Any], wanted: str) -> str:
    """What one person's fetch returned, in sentences."""
    block = (reply.get("criteria") or [{}])[0]
    matches = reply.get("matches") or []
    if matches:
        person = matches[0]
        lines = [_who(person)]
        entry = next((m for m in block.get("matched") or [] if m.get("entity_id") == wanted), {})
        said = [e["text"] for e in entry.get("evidence") or [] if e.get("text")]
        # A quote inside another one is said once, in the longer.
        quotes = [q for i, q in enumerate(said) if not any(q in o and q != o for o in said)]
        quotes = list(dict.fromkeys(quotes))
        if quotes:
            lines.append("Their documents say: " + "; ".join(f"“{q}”" for q in quotes) + ".")
        return "\n".join(lines)
    facets = {f.get("key"): f.get("text") or f.get("key") for f in block.get("facets") or []}
    for listed in (UNDETERMINED, NONE, NOT_RECORDED):
        entry = next((m for m in block.get(listed) or [] if m.get("entity_id") == wanted), None)
        if entry is not None:
            name = entry.get("name") or "This person"
            missing = [f"“{facets.get(key, key)}”" for key in entry.get("missing") or []]
            said = _quotes(entry)
            has = f" Their documents say: {'; '.join(said)}." if said else ""
            if listed == UNDETERMINED and missing:
                lacking = ", ".join(missing)
                short = f"{name} is one condition short: their documents do not establish"
                return f"{short} {lacking}.{has}{_handed_on(entry)}"
            if listed == NONE:
                return f"{name} does not fit: their documents say no.{has}"
            return f"{name} does not fit every condition: " + sentence_for(
                entry.get("reason", DOCUMENT_NOT_READ)
            )
    return "That person does not fit every condition of this search."


def _handed_on(entry: dict[str, Any]) -> str:
    """The sentences stating a length the reader did not take as proved, said as such."""
    said = [
        str(item["text"])
        for item in entry.get("lengths_not_proved") or []
        if isinstance(item, dict) and item.get("text")
    ]
    if not said:
        return ""
    quoted = "; ".join(f"“{text}”" for text in dict.fromkeys(said))
    return f" A sentence of theirs states a length that could not be verified, {quoted}."


def _quotes(entry: dict[str, Any]) -> list[str]:
    """The words of a person's documents an entry holds, each once, in quotes."""
    said = [e["text"] for e in entry.get("evidence") or [] if isinstance(e, dict) and e.get("text")]
    kept = [q for q in said if not any(q in o and q != o for o in said)]
    return [f"“{q}”" for q in dict.fromkeys(kept)]


def _refused(result: dict[str, Any]) -> str:
    code = str((result.get("detail") or {}).get("type") or SEARCH_FAILED)
    return NO_PROFILE_READ if code == READ_NEEDS_WRITE_TYPE else sentence_for(code)


def _calls_and_results(messages: list[Any]) -> tuple[str, list[tuple[dict[str, Any], str]]]:
    """The last user message, and each tool call since it with the text of its result."""
    start = max(i for i, m in enumerate(messages) if m.role == "user")
    args: dict[str, dict[str, Any]] = {}
    done = []
    for message in messages[start + 1 :]:
        for call in message.tool_calls or []:
            args[call.id] = dict(call.arguments)
        if message.role == "tool":
            done.append((args.get(message.tool_call_id or "", {}), message.content or ""))
    return messages[start].content or "", done


def _result(text: str) -> tuple[bool, dict[str, Any]]:
    ok = not text.startswith("Error executing tool")
    body = text if ok else text.split(": ", 1)[1]
    try:
        return ok, json.loads(body)
    except json.JSONDecodeError:
        return False, {}


def next_step(messages: list[Any]) -> dict[str, Any]:
    content, done = _calls_and_results(messages)
    asked = _parsed(content)
    system = messages[0].content if messages and messages[0].role == "system" else ""
    mode = console_mode(system or "")
    if mode is not None:
        return console_step(mode, asked, [(args, *_result(text)) for args, text in done])
    on_the_page = NOTE in content
    if not done:
        follow_up = asked.get("follow_up")
        said = nobody_there(asked["question"], follow_up) if follow_up else None
        if said is not None:
            return {"content": said, "tool_calls": []}
        return {"content": None, "tool_calls": [_call(1, first_search(asked))]}
    args, text = done[-1]
    ok, result = _result(text)
    if not ok:
        return {"content": _refused(result), "tool_calls": []}
    listed = _result(done[-2][1])[1] if len(done) > 1 else {}
    if not on_the_page and args == receipts_fetch(listed):
        # The console's people mode: the list answered, each person's quotes with receipts.
        return {"content": answer_list(listed) + quoted(result), "tool_calls": []}
    if not _asks_a_niche(args) and len(done) > 1:
        # Who the ordinary conditions alone leave, after a niche that was not read: the answer
        # is still that niche's (the page offers this list under a heading, never as "fit").
        niche = next(_result(t)[1] for a, t in reversed(done) if _asks_a_niche(a))
        return {"content": answer_list(niche), "tool_calls": []}
    status = (result.get("criterion") or {}).get("status")
    retried = any(not a.get("criteria_budget") for a, _ in done if a.get("criteria"))
    if args.get("criteria_budget") == REUSE_ONLY and status in NOT_READ and not retried:
        again = {k: v for k, v in args.items() if k != "criteria_budget"}
        return {"content": None, "tool_calls": [_call(len(done) + 1, again)]}
    criterion = result.get("criterion") or {}
    still_reading = status == PARTIAL and criterion.get("status_reason") == TIME_BUDGET
    if still_reading and len(done) < WAIT_CALLS:
        # The read goes on in the background: ask again, which waits for it once more, so the
        # visitor sees "Reading 120 profiles — 45 done" and then the answer.
        return {"content": None, "tool_calls": [_call(len(done) + 1, dict(args))]}
    if args.get("entity_ids"):
        return {"content": answer_person(result, args["entity_ids"][0]), "tool_calls": []}
    bound = _bound(result)
    if status in NOT_READ and _asks_a_niche(args) and bound:
        # The niche was not read (it could not be split, or is over what may be read): search
        # the ordinary conditions alone, so the page can offer who they leave.
        return {"content": None, "tool_calls": [_call(len(done) + 1, {"constraints": bound})]}
    fetch = receipts_fetch(result) if not on_the_page else None
    if fetch is not None:
        return {"content": None, "tool_calls": [_call(len(done) + 1, fetch)]}
    return {"content": answer_list(result), "tool_calls": []}


def receipts_fetch(reply: dict[str, Any]) -> dict[str, Any] | None:
    """The people prompt's rule 4 for the people who fit, outside the Q&A page: their rows,
    quotes and receipts, the niche by its address reuse-only (nothing is read or spent)."""
    address = (reply.get("criterion") or {}).get("address")
    ids = [m["entity_id"] for m in reply.get("matches") or [] if m.get("entity_id")]
    if not address or not ids:
        return None
    return {
        "constraints": _bound(reply),
        "criteria": [{"address": address}],
        "criteria_budget": dict(REUSE_ONLY),
        "entity_ids": ids[:RECEIPTS_OF],
        "detail": "full",
    }


def quoted(reply: dict[str, Any]) -> str:
    """Each person who fits as Name (entity_id) with the words their documents say, each
    quote with its receipt."""
    block = (reply.get("criteria") or [{}])[0]
    lines = []
    for entry in block.get("matched") or []:
        quotes = [
            f"“{e['text']}” {marker(e)}"
            for e in entry.get("evidence") or []
            if spanned(e) and e.get("text")
        ]
        if quotes:
            lines.append(f"{entry.get('name')} ({entry.get('entity_id')}) — {'; '.join(quotes)}")
    return "".join("\n" + line for line in lines)


def _asks_a_niche(args: dict[str, Any]) -> bool:
    return bool(args.get("brief") or args.get("criteria"))


def _bound(reply: dict[str, Any]) -> list[Any]:
    """The constraints a search ran under, as bound (a brief's compiled ones included)."""
    bound = (((reply.get("more") or {}).get("entity") or {}).get("with") or {}).get("constraints")
    return list(bound) if isinstance(bound, list) else []


def _call(number: int, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"call-{number}", "name": SEARCH, "arguments": arguments}


@offline_handler("agent")
def agent(request: Any) -> dict[str, Any]:
    return next_step(list(request.messages))
