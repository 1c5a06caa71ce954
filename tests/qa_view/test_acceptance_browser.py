"""What a visitor really types, end to end, checked against the directory's answer key.

A small directory made by the demo's generator (directory/generator.py) is loaded through
connect; a visitor with a key that may read asks, in real Chromium, questions of the kinds a
customer types — counts, lists, negation, a niche in its own words and in other words,
questions about nothing the directory holds, markup, new questions in the follow-up box and
follow-ups that refer to the answer — and every answer is held to the answer key
(directory/key.py):

- nobody is listed as fitting who does not fit (for every question);
- where a count is asked, the first line holds the whole count;
- where the question uses the niche's own words, the people a reader can prove are listed;
- where it uses other words, the page offers a way on: someone who fits is listed, or "ask in
  these words" asks again and lists them;
- a question about nothing the directory holds is said to be outside it, and nothing is read.

The questions were written before the page was changed for them. QUESTIONS is what the page is
built against; HELD_OUT is run only with LIMMA_HELD_OUT=1 (they are kept from development, so
they measure the page rather than what it was tuned on). A question the page still answers
wrong is in KNOWN_WRONG with the reason, so a fix that makes it pass removes it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import pytest
from django.db import connections

from criteria.models import Judgment
from directory import build_directory
from directory.niches import INFANT_FORMULA, NICHES, SURGICAL_STAPLERS
from limma.services.connect import export_connect
from qa_view.page.visitors import visitor_create
from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_workspace

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

N, SEED = 160, 7  # enough people that every planted case of both niches is in the directory


def place(value: str, op: str = "eq") -> dict[str, str]:
    return {"relation": "based_in", "slot": "place", "op": op, "value": value}


@dataclass(frozen=True)
class Question:
    """One question and what the answer key says its answer must hold."""

    text: str
    kind: str  # niche, other_words, count, list, off_topic, refers
    constraints: tuple[dict[str, str], ...] = ()
    niche: str | None = None  # the niche the question states whole (the key's truth holds)
    after: str | None = None  # asked in the follow-up box under the answer to this question
    refers_to: int | None = None  # "the second one": the listed person the answer is about
    only: dict[str, str] | None = None  # "only those in Germany": the earlier list narrowed
    constraints_all: tuple[dict[str, str], ...] = field(default=())


FRANCE_FORMULA = "Who in France has 20+ years marketing infant formula in European markets?"
SWISS_STAPLERS = (
    "Who in Switzerland has sold surgical staplers through public tenders in the DACH region?"
)
STAPLERS = "Who sold surgical staplers through public tenders in the DACH region?"

QUESTIONS: tuple[Question, ...] = (
    # The examples typed out, and their niches typed in other forms.
    Question(FRANCE_FORMULA, "niche", (place("France"),), INFANT_FORMULA),
    Question(SWISS_STAPLERS, "niche", (place("Switzerland"),), SURGICAL_STAPLERS),
    Question(
        "Who in Switzerland sold surgical staplers through public tenders in the DACH region?",
        "niche", (place("Switzerland"),), SURGICAL_STAPLERS,
    ),
    Question(STAPLERS, "niche", (), SURGICAL_STAPLERS),
    Question(
        "Who in France marketed infant formula in European markets for 20+ years?",
        "niche", (place("France"),), INFANT_FORMULA,
    ),
    Question(
        "<b>Who</b> in Switzerland has sold surgical staplers through public tenders in the "
        "DACH region?",
        "niche", (place("Switzerland"),), SURGICAL_STAPLERS,
    ),
    # Counts and lists over constraints alone: the whole count in the first line.
    Question("How many people in the directory are based in Poland?", "count", (place("Poland"),)),
    Question("How many people are based in Germany?", "count", (place("Germany"),)),
    Question("Count the people based in Switzerland", "count", (place("Switzerland"),)),
    Question("How many people are not based in Europe?", "count", (place("Europe", "ne"),)),
    Question("List everyone based in Austria", "list", (place("Austria"),)),
    Question("Who are the people based in France?", "list", (place("France"),)),
    # Negation: never its opposite.
    Question(
        "Who has 20+ years marketing infant formula in European markets, based outside Europe?",
        "niche", (place("Europe", "ne"),), INFANT_FORMULA,
    ),
    Question(
        "Who sold surgical staplers through public tenders in the DACH region, not based in "
        "Germany?",
        "niche", (place("Germany", "ne"),), SURGICAL_STAPLERS,
    ),
    # The niche in other words than the documents use: a way on to those who fit.
    Question(
        "Who in Germany sold surgical stapling devices through public procurement in the DACH "
        "region?",
        "other_words", (place("Germany"),), SURGICAL_STAPLERS,
    ),
    Question(
        "Who in Europe has 20+ years marketing baby formula in European markets?",
        "other_words", (place("Europe"),), INFANT_FORMULA,
    ),
    # About nothing the directory holds: said at once, nothing read.
    Question("What's the capital of France?", "off_topic"),
    Question("write me a poem", "off_topic"),
    Question("what time is it in Tokyo", "off_topic"),
    # The follow-up box: new questions answered as in the top box, and follow-ups that refer.
    Question(
        "Who in Switzerland sold surgical staplers through public tenders in the DACH region?",
        "niche", (place("Switzerland"),), SURGICAL_STAPLERS, after=FRANCE_FORMULA,
    ),
    Question(
        "How many people are based in Poland?", "count", (place("Poland"),), after=SWISS_STAPLERS
    ),
    Question("the second one", "refers", after=STAPLERS, refers_to=1),
    Question(
        "only those in Germany", "refers", (place("Germany"),), SURGICAL_STAPLERS,
        after=STAPLERS, only=place("Germany"),
    ),
)  # fmt: skip

HELD_OUT: tuple[Question, ...] = (
    Question("How many experts live in Spain?", "count", (place("Spain"),)),
    Question("Show everyone based in Switzerland", "list", (place("Switzerland"),)),
    Question(
        "Who in Italy has 20+ years marketing infant formula in European markets?",
        "niche", (place("Italy"),), INFANT_FORMULA,
    ),
    Question(
        "Which people outside Germany sold surgical staplers through public tenders in the DACH "
        "region?",
        "niche", (place("Germany", "ne"),), SURGICAL_STAPLERS,
    ),
    Question(
        "Who in Austria sold linear and circular staplers through public tenders in the DACH "
        "region?",
        "other_words", (place("Austria"),), SURGICAL_STAPLERS,
    ),
    Question("What is the weather in Paris today?", "off_topic"),
    Question("tell me a joke", "off_topic"),
    Question("Count everyone based in Europe except Germany", "count",
             (place("Europe"), place("Germany", "ne"))),
    Question(STAPLERS, "niche", (), SURGICAL_STAPLERS, after=FRANCE_FORMULA),
    Question("the first one", "refers", after=SWISS_STAPLERS, refers_to=0),
)  # fmt: skip

# Questions the page still answers wrong, each with why (a fix that makes one pass removes it).
KNOWN_WRONG: dict[str, str] = {}

OUTSIDE = re.compile(r"outside what the directory holds|nothing the directory holds", re.I)
ASK_IN_THESE_WORDS = re.compile(r"ask in these words", re.I)


@pytest.fixture
def demo_directory(db):
    built = build_directory(N, SEED)
    workspace = make_workspace("Demo")
    tables, mapping = built.export["tables"], built.export["mapping"]
    export_connect(workspace=workspace, tables=tables, mapping=mapping)
    return workspace, built.key


@pytest.fixture
def chromium(tmp_path):
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1100, "height": 900},
        )
        context.set_default_timeout(60_000)
        playwright_api.expect.set_options(timeout=60_000)  # a niche is read while the page waits
        try:
            yield context.new_page()
        finally:
            playwright_api.expect.set_options(timeout=5_000)
            context.close()
            connections.close_all()


class Visit:
    """The visitor's browser: asks in the top box or the follow-up box and reads the answer."""

    def __init__(self, page, url: str) -> None:
        self.page, self.url = page, url

    def ask(self, question: str) -> object:
        self.page.goto(f"{self.url}/qa/")
        self.page.get_by_label("Your question").fill(question)
        self.page.get_by_role("button", name="Ask", exact=True).first.click()
        return self.answered(1)

    def follow_up(self, question: str) -> object:
        runs = self.page.locator(".run").count()
        self.page.get_by_label("Ask a follow-up").fill(question)
        self.page.get_by_label("Ask a follow-up").press("Enter")
        return self.answered(runs + 1)

    def answered(self, runs: int) -> object:
        expect = playwright_api.expect
        expect(self.page.locator(".run")).to_have_count(runs)
        run = self.page.locator(".run").last
        expect(run.locator(".reading")).to_have_count(0)
        expect(run.locator(".first-line, .sentences").first).to_be_visible()
        return run


def listed_fitting(run) -> list[str]:
    return [n.strip() for n in run.locator("ol[id$='-fits'] .name").all_inner_texts()]


def wrongly_listed(names: list[str], fitting_ids: set[str], key) -> list[str]:
    """Listed names none of whose holders (a name may be held twice) fits."""
    by_name: dict[str, set[str]] = {}
    for pid, person in key.people.items():
        by_name.setdefault(person.name, set()).add(pid)
    return [name for name in names if not (by_name.get(name, set()) & fitting_ids)]


def names_of(ids, key) -> set[str]:
    return {key.people[pid].name for pid in ids}


@dataclass
class Seen:
    """One answer as the visitor sees it."""

    run: object
    text: str
    first: str
    listed: list[str]
    earlier: list[str] | None
    read: bool  # whether any document was read for it


def faults(question: Question, visit: Visit, key) -> list[str]:
    """What is wrong with the page's answer to the question (nothing when it is right)."""
    before = Judgment.objects.count()
    earlier = None
    if question.after:
        earlier = listed_fitting(visit.ask(question.after))
        run = visit.follow_up(question.text)
    else:
        run = visit.ask(question.text)
    lines = run.locator(".first-line")
    first = lines.first.inner_text() if lines.count() else ""
    seen = Seen(run, run.inner_text(), first, listed_fitting(run), earlier, False)
    seen.read = Judgment.objects.count() != before
    found = []
    # The visitor's own words are shown as typed (escaped, in the asked line); no markup is
    # ever drawn, and no template's own text reaches the page.
    body = visit.page.locator("body").inner_text()
    drawn = run.locator(".first-line b, .first-line script, .people b, .people script").count()
    if any(mark in body for mark in ("{#", "#}", "{%", "{{")) or drawn:
        found.append("markup shown")
    check = {"off_topic": off_topic, "count": counted, "list": counted, "refers": refers}
    return found + check.get(question.kind, niche)(question, seen, visit, key)


def off_topic(question: Question, seen: Seen, visit: Visit, key) -> list[str]:
    found = []
    if not OUTSIDE.search(seen.text):
        found.append(f"not said to be outside the directory: {seen.first!r}")
    if seen.read:
        found.append("documents were read")
    if seen.listed:
        found.append("people listed")
    return found


def counted(question: Question, seen: Seen, visit: Visit, key) -> list[str]:
    found = []
    candidates = set(key.candidates(list(question.constraints)))
    numbers = [n.replace(",", "") for n in re.findall(r"\d[\d,]*", seen.first)]
    if str(len(candidates)) not in numbers:
        found.append(f"count {len(candidates)} not in {seen.first!r}")
    if wrong := wrongly_listed(seen.listed, candidates, key):
        found.append(f"listed outside the constraints: {wrong[:5]}")
    return found


def refers(question: Question, seen: Seen, visit: Visit, key) -> list[str]:
    if question.refers_to is None:
        return niche(question, seen, visit, key)
    earlier = seen.earlier or []
    if len(earlier) <= question.refers_to:
        return [f"the earlier answer listed {len(earlier)}"]
    if earlier[question.refers_to] not in seen.text:
        return [f"not about {earlier[question.refers_to]}: {seen.text[:120]!r}"]
    return []


def niche(question: Question, seen: Seen, visit: Visit, key) -> list[str]:
    found = []
    candidates = set(key.candidates(list(question.constraints)))
    fitting = set(key.fits(question.niche)) & candidates
    if wrong := wrongly_listed(seen.listed, fitting, key):
        found.append(f"{len(wrong)} listed who do not fit: {wrong[:5]}")
    outside = set(seen.listed) - set(seen.listed if seen.earlier is None else seen.earlier)
    if question.only is not None and outside:
        found.append(f"listed who were not in the earlier answer: {sorted(outside)[:5]}")
    if question.kind == "niche" and question.only is None:
        provable = names_of(set(key.provable(question.niche)) & candidates, key)
        missing = provable - set(seen.listed)
        if missing and not seen.run.locator(".show-more").count():
            found.append(f"{len(missing)} provable people missing: {sorted(missing)[:5]}")
    if question.kind == "other_words" and fitting and not seen.listed:
        found += way_on(question, seen, visit, key, fitting)
    return found


def way_on(question: Question, seen: Seen, visit: Visit, key, fitting: set[str]) -> list[str]:
    """Nobody listed for the niche in other words: the page must offer the documents' words,
    and asking in the one a visitor would choose (a name of the niche's condition) must list
    who fits."""
    offers = seen.run.get_by_role("button", name=ASK_IN_THESE_WORDS)
    if not offers.count():
        return [f"no way on to the {len(fitting)} who fit: {seen.first!r}"]
    niche = NICHES[question.niche]
    meant = {name.casefold() for names in niche.names.values() for name in names}
    meant |= {facet["text"].casefold() for facet in niche.facets}
    labels = [offers.nth(n).get_attribute("aria-label") or "" for n in range(offers.count())]
    chosen = next(
        (
            n
            for n, label in enumerate(labels)
            if label.split("“")[-1].rstrip("”").casefold() in meant
        ),
        None,
    )
    if chosen is None:
        return [f"no words of the niche offered: {labels}"]
    offers.nth(chosen).click()
    again = visit.answered(visit.page.locator(".run").count() + 1)
    relisted = listed_fitting(again)
    if not relisted:
        return ["asked in these words, still nobody listed"]
    if wrong := wrongly_listed(relisted, fitting, key):
        return [f"in these words, {len(wrong)} listed who do not fit"]
    return []


def held_out() -> bool:
    return os.environ.get("LIMMA_HELD_OUT") == "1"


def run_questions(questions, live_server, chromium, demo_directory) -> dict[str, list[str]]:
    workspace, key = demo_directory
    visitor, code = visitor_create(workspace=workspace, name="Acceptance", key_role="analyst")
    page = chromium
    page.goto(f"{live_server.url}/qa/")
    page.get_by_label("Name").fill(visitor.name)
    page.get_by_label("Access code").fill(code)
    page.get_by_role("button", name="Sign in").click()
    visit = Visit(page, live_server.url)
    results: dict[str, list[str]] = {}
    for question in questions:
        label = f"{question.after} → {question.text}" if question.after else question.text
        results[label] = faults(question, visit, key)
    right = sum(1 for found in results.values() if not found)
    report = "\n".join(
        f"{'ok ' if not f else 'BAD'} {q}: {'; '.join(f)}" for q, f in results.items()
    )
    print(f"\n{right}/{len(results)} right\n{report}")
    return results


def test_typed_questions_answer_as_the_key_says(live_server, chromium, demo_directory):
    results = run_questions(QUESTIONS, live_server, chromium, demo_directory)
    wrong = {q: f for q, f in results.items() if f and q not in KNOWN_WRONG}
    fixed = [q for q in KNOWN_WRONG if q in results and not results[q]]
    assert not wrong, wrong
    assert not fixed, f"right now, take them out of KNOWN_WRONG: {fixed}"


@pytest.mark.skipif(not held_out(), reason="held out: run with LIMMA_HELD_OUT=1")
def test_held_out_questions_answer_as_the_key_says(live_server, chromium, demo_directory):
    results = run_questions(HELD_OUT, live_server, chromium, demo_directory)
    assert not {q: f for q, f in results.items() if f}
