"""idea_worlds.py's world: contracts, policies, meeting notes and support articles with ideas
planted in many phrasings, near misses that share an idea's words and not its meaning, and the
gold written as the text is.

Deterministic: document i of a world is drawn from its own `random.Random(f"{seed}:{i}")`, so the
same seed gives the same text byte for byte, and the world at 4x documents holds the world at 1x
as its first documents (grouping calls can then only grow with the labels the new documents
bring).

Gold is per sentence, by exact offsets into the document's text: every planted sentence names
the idea it was planted for and, for the multi-idea reading, the other ideas it also discusses
(`also`); a near miss names the idea whose words it borrows. Each paragraph holds at most one
planted sentence or near miss, so a part is attributed to at most one of them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

PLANTED = "planted"
NEAR_MISS = "near_miss"
FILLER = "filler"

GENRES = ("contract", "policy", "meeting_notes", "support_article")
# The pack's document kind each genre is ingested as.
GENRE_KIND = {
    "contract": "contract",
    "policy": "note",
    "meeting_notes": "note",
    "support_article": "note",
}
DOCUMENTS_AT_1X = 48


@dataclass(frozen=True)
class Idea:
    key: str
    question: str


@dataclass(frozen=True)
class Phrasing:
    """One way of saying an idea (or, for a near miss, of borrowing its words)."""

    key: str
    idea: str
    template: str
    genres: tuple[str, ...] = GENRES
    also: tuple[str, ...] = ()


IDEAS = (
    Idea("price_increase", "where do we discuss raising prices?"),
    Idea("data_retention", "which documents talk about data retention?"),
    Idea("termination", "where do we discuss ending the contract?"),
    Idea("late_payment", "where is late payment discussed?"),
    Idea("security_breach", "where do we discuss security breaches?"),
    Idea("remote_work", "where do we discuss working from home?"),
)
IDEA_KEYS = tuple(idea.key for idea in IDEAS)

C, P, M, S = GENRES
NOT_SUPPORT = (C, P, M)

PHRASINGS = (
    # price_increase
    Phrasing("fees_once_a_year", "price_increase",
             "{party} reserves the right to raise its fees once a year.", (C, M)),
    Phrasing("rates_go_up", "price_increase",
             "Subscription rates may go up by up to {pct}% at each renewal.", (C, S, M)),
    Phrasing("charges_in_line_with_inflation", "price_increase",
             "The supplier can adjust its charges annually in line with inflation.", (C, M)),
    Phrasing("cost_more_per_seat", "price_increase",
             "From {month} the monthly plan will cost {amount} more per seat.", (S, M)),
    Phrasing("pass_surcharge_on", "price_increase",
             "We agreed to pass the new {material} surcharge on to our customers.", (M,)),
    Phrasing("list_prices_increase", "price_increase",
             "List prices will increase by {pct}% on the first of {month}.", (C, M, S)),
    Phrasing("higher_bill", "price_increase",
             "Customers on the legacy tier will see a higher bill after the migration.", (S, M)),
    Phrasing("cancel_if_fees_rise", "price_increase",
             "If the fees rise by more than {pct}%, the customer may cancel the agreement.", (C,),
             also=("termination",)),
    # data_retention
    Phrasing("records_deleted_after_closing", "data_retention",
             "Customer records are deleted {days} days after the account is closed.", (P, S, C)),
    Phrasing("keep_only_as_long_as_law", "data_retention",
             "We keep personal data only as long as the law requires.", (P, S)),
    Phrasing("backups_destroyed", "data_retention",
             "Backups are stored for {months} months and then destroyed.", (P, C, M)),
    Phrasing("logs_purged", "data_retention",
             "Log files older than {days} days are purged automatically.", (P, S, M)),
    Phrasing("invoices_archived", "data_retention",
             "Invoices must be archived for {years} years for tax purposes.", (P, C, M)),
    Phrasing("mailboxes_wiped", "data_retention",
             "Mailboxes of former staff are kept for {months} months before they are wiped.",
             (P, M)),
    Phrasing("cctv_footage", "data_retention",
             "The retention period for CCTV footage is {days} days.", (P,)),
    Phrasing("erase_on_termination", "data_retention",
             "{party} shall erase all client data within {days} days of termination.", (C,),
             also=("termination",)),
    # termination
    Phrasing("terminate_with_notice", "termination",
             "Either party may terminate this agreement with {days} days' written notice.", (C,)),
    Phrasing("cancel_subscription", "termination",
             "The customer can cancel the subscription at the end of any billing period.",
             (C, S)),
    Phrasing("end_if_insolvent", "termination",
             "{party} may end the engagement immediately if the other party becomes insolvent.",
             (C,)),
    Phrasing("expires_unless_renewed", "termination",
             "This agreement expires on the last day of {month} unless both parties renew it.",
             (C,)),
    Phrasing("walk_away", "termination",
             "We discussed whether to walk away from the {party} deal next year.", (M,)),
    Phrasing("non_renewal_notice", "termination",
             "Notice of non-renewal must reach us {days} days before the term ends.", (C, M)),
    Phrasing("terminates_if_unpaid", "termination",
             "The contract terminates automatically if the invoice remains unpaid.", (C, M),
             also=("late_payment",)),
    # late_payment
    Phrasing("interest_on_unpaid", "late_payment",
             "Invoices not paid within {days} days accrue interest at {pct}% per month.", (C,)),
    Phrasing("not_settled_reminder", "late_payment",
             "{party} has not settled the {month} invoice yet, so a reminder went out.", (M,)),
    Phrasing("late_fee", "late_payment",
             "A late fee of {amount} applies to every overdue balance.", (C, S)),
    Phrasing("arrears_suspended", "late_payment",
             "Accounts more than {days} days in arrears are suspended.", (C, S, P)),
    Phrasing("chase_outstanding", "late_payment",
             "We will chase the outstanding amounts before the quarter closes.", (M,)),
    Phrasing("collection_agency", "late_payment",
             "Overdue payments are handed to a collection agency after two reminders.", (C, P)),
    # security_breach
    Phrasing("report_unauthorised_access", "security_breach",
             "Any unauthorised access to customer data must be reported within {hours} hours.",
             (P, C)),
    Phrasing("notify_without_delay", "security_breach",
             "{party} shall notify the client without undue delay after learning of a breach.",
             (C,)),
    Phrasing("stolen_password", "security_breach",
             "Last week an attacker used a stolen password to enter the admin panel.", (M,)),
    Phrasing("phishing_mailbox", "security_breach",
             "A phishing email led to one compromised mailbox in {month}.", (M, P)),
    Phrasing("account_hacked", "security_breach",
             "If you suspect your account was hacked, reset your password and contact us.", (S,)),
    Phrasing("infected_laptop", "security_breach",
             "The incident response team isolated the infected laptop within an hour.", (M, P)),
    # remote_work
    Phrasing("work_from_home_days", "remote_work",
             "Staff may work from home up to {weekdays} days a week.", (P, M)),
    Phrasing("remote_vpn", "remote_work",
             "Employees working remotely must use the company VPN.", (P, S)),
    Phrasing("home_office_fridays", "remote_work",
             "The team agreed that Fridays are home-office days.", (M,)),
    Phrasing("hybrid_approval", "remote_work",
             "Hybrid working requires the approval of your manager.", (P,)),
    Phrasing("equipment_allowance", "remote_work",
             "Home workers get an allowance of {amount} for equipment.", (P, M)),
    Phrasing("job_from_city", "remote_work",
             "{person} asked whether she could do her job from {city} for the summer.", (M,)),
)  # fmt: skip

NEAR_MISSES = (
    Phrasing("raise_questions", "price_increase",
             "Please raise any questions with the facilitator before the break.", (M, P)),
    Phrasing("click_prices", "price_increase",
             "Click Prices in the menu to open the catalogue view.", (S,)),
    Phrasing("raised_a_ticket", "price_increase",
             "The team raised a ticket about the broken login page.", (M, S)),
    Phrasing("click_save_keep", "data_retention", "Click Save to keep your changes.", (S,)),
    Phrasing("employee_retention", "data_retention",
             "Employee retention improved after the new bonus scheme.", (M, P)),
    Phrasing("chart_data", "data_retention",
             "The data in this chart comes from the {month} survey.", (M, S)),
    Phrasing("customer_retention", "data_retention",
             "Customer retention is the main goal of the sales team this quarter.", (M,)),
    Phrasing("cleaning_contract_signed", "termination",
             "The contract for the office cleaning was signed by facilities.", (M, C)),
    Phrasing("meeting_ended", "termination",
             "The meeting ended at {time} with no further business.", (M,)),
    Phrasing("press_end", "termination", "Press End to return to the last page.", (S,)),
    Phrasing("payment_methods", "late_payment",
             "Payment methods accepted are card and bank transfer.", (C, S)),
    Phrasing("late_shift", "late_payment", "The late shift starts at ten in the evening.", (P, M)),
    Phrasing("late_reply", "late_payment",
             "Sorry for the late reply to your question about the new dashboard.", (S, M)),
    Phrasing("security_desk", "security_breach",
             "The security desk in the lobby issues visitor badges.", (P, M)),
    Phrasing("dress_code_breach", "security_breach",
             "A breach of the dress code is handled by line managers.", (P,)),
    Phrasing("social_security", "security_breach",
             "Social security contributions are deducted from salaries every month.", (P, C)),
    Phrasing("click_home", "remote_work", "Click Home to go back to the dashboard.", (S,)),
    Phrasing("working_group", "remote_work",
             "The working group meets every second Tuesday.", (M, P)),
    Phrasing("home_insurance", "remote_work",
             "Our home insurance partner offers a discount to members.", (S, P)),
    Phrasing("remote_controls", "remote_work",
             "Remote controls for the meeting room projector are in the drawer.", (M, S)),
)  # fmt: skip

FILLERS = {
    "contract": (
        "This agreement is governed by the laws of {country}.",
        "Headings are for convenience only.",
        "Each party signs two originals.",
        "{party} is a company registered in {country}.",
        "Notices are sent to the addresses given above.",
        "The services are described in the first schedule.",
        "Nothing in this clause limits liability for fraud.",
    ),
    "policy": (
        "This policy applies to all employees and contractors.",
        "Questions about this policy go to the People team.",
        "The policy is reviewed every year by the board.",
        "Managers make sure their teams have read it.",
        "Exceptions are recorded in writing.",
    ),
    "meeting_notes": (
        "Present were {person}, {person2} and {person3}.",
        "The meeting started at {time}.",
        "Minutes were taken by {person}.",
        "The next meeting is on {weekday}.",
        "{person} gave an update on the office move.",
        "Coffee and pastries were provided by the host team.",
    ),
    "support_article": (
        "This article applies to version {version} of the app.",
        "Open Settings from the top right corner.",
        "Screenshots may differ slightly on mobile.",
        "If you are still stuck, contact our support team.",
        "The steps below take about five minutes.",
    ),
}

TITLES = {
    "contract": "{party} Services Agreement",
    "policy": "{topic} Policy",
    "meeting_notes": "{team} meeting notes",
    "support_article": "How to {task}",
}
# A contract's clause heading: the planted idea's own heading, a neutral one otherwise.
CLAUSE_HEADINGS = {
    "price_increase": "Fees",
    "data_retention": "Data",
    "termination": "Term",
    "late_payment": "Payment",
    "security_breach": "Security",
    "remote_work": "Staff",
}
NEUTRAL_HEADINGS = ("General", "Notices", "Liability", "Definitions", "Miscellaneous")

SLOTS = {
    "party": ("Northwind", "Quellmark", "Brightwater", "Halden", "Orvik", "Tessera"),
    "pct": ("3", "5", "8", "10", "12"),
    "month": ("January", "March", "June", "September", "November"),
    "amount": ("2 euros", "5 euros", "10 dollars", "15 pounds"),
    "material": ("steel", "energy", "freight", "packaging"),
    "days": ("14", "30", "60", "90"),
    "months": ("6", "12", "18", "24"),
    "years": ("6", "7", "10"),
    "hours": ("24", "48", "72"),
    "weekdays": ("two", "three"),
    "person": ("Ana", "Ben", "Chloe", "Dario", "Esra", "Farid", "Greta"),
    "city": ("Lisbon", "Krakow", "Valencia", "Tallinn"),
    "country": ("Ireland", "Sweden", "Portugal", "the Netherlands"),
    "time": ("ten", "eleven", "noon"),
    "weekday": ("Monday", "Wednesday", "Thursday"),
    "version": ("4", "5", "6"),
    "topic": ("Workplace", "Information", "Finance", "Staff"),
    "team": ("Finance", "Operations", "Product", "Leadership"),
    "task": ("manage your account", "export a report", "update your plan", "reset access"),
}
SLOT = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class WorldSpec:
    """What a world is written from: its genres, ideas, phrasings, near misses, fillers,
    titles, clause headings and slots (this module's tables are OFFICE's; more in
    _idea_worlds_more.py)."""

    name: str
    genres: tuple[str, ...]
    genre_kind: dict[str, str]
    ideas: tuple[Idea, ...]
    phrasings: tuple[Phrasing, ...]
    near_misses: tuple[Phrasing, ...]
    fillers: dict[str, tuple[str, ...]]
    titles: dict[str, str]
    clause_headings: dict[str, str]
    slots: dict[str, tuple[str, ...]]
    contract_genre: str  # the genre whose paragraphs are numbered clauses


OFFICE = WorldSpec(
    name="office",
    genres=GENRES,
    genre_kind=GENRE_KIND,
    ideas=IDEAS,
    phrasings=PHRASINGS,
    near_misses=NEAR_MISSES,
    fillers=FILLERS,
    titles=TITLES,
    clause_headings=CLAUSE_HEADINGS,
    slots=SLOTS,
    contract_genre="contract",
)


@dataclass(frozen=True)
class GoldSentence:
    """One sentence of a document as written: where it is, and what it was written to say."""

    start: int
    end: int
    text: str
    role: str  # planted, near_miss or filler
    phrasing: str = ""  # the phrasing's or near miss's key
    idea: str = ""  # the idea it was planted for (or whose words a near miss borrows)
    also: tuple[str, ...] = ()  # other ideas it discusses: the multi-idea reading

    def discusses(self, idea: str, reading: str) -> bool:
        """Whether gold expects this sentence for the idea, as planted or under multi-idea."""
        if self.role != PLANTED:
            return False
        return self.idea == idea or (reading == "multi" and idea in self.also)


@dataclass
class WorldDocument:
    file_name: str
    genre: str
    entity_name: str
    text: str
    sentences: list[GoldSentence] = field(default_factory=list)
    kind: str = ""  # the pack's document kind it is ingested as

    def __post_init__(self) -> None:
        self.kind = self.kind or GENRE_KIND[self.genre]


@dataclass
class World:
    seed: int
    documents: list[WorldDocument]
    spec: WorldSpec = OFFICE

    @property
    def ideas(self) -> tuple[Idea, ...]:
        return self.spec.ideas

    def gold(self) -> Iterable[tuple[WorldDocument, GoldSentence]]:
        for document in self.documents:
            for sentence in document.sentences:
                yield document, sentence

    def expected(self, idea: str, reading: str = "planted") -> set[tuple[str, int]]:
        """(file name, sentence start) of every sentence gold expects for the idea."""
        return {
            (document.file_name, sentence.start)
            for document, sentence in self.gold()
            if sentence.discusses(idea, reading)
        }

    def sentence_count(self) -> int:
        return sum(len(document.sentences) for document in self.documents)


class _Writer:
    """Builds one document's text and its gold at the same time."""

    def __init__(self) -> None:
        self.text = ""
        self.sentences: list[GoldSentence] = []

    def line(self, heading: str) -> None:
        self.text += heading + "\n"

    def paragraph(self, sentences: list[tuple[str, str, Phrasing | None]]) -> None:
        for index, (sentence, role, phrasing) in enumerate(sentences):
            if index:
                self.text += " "
            start = len(self.text)
            self.text += sentence
            self.sentences.append(
                GoldSentence(
                    start=start,
                    end=len(self.text),
                    text=sentence,
                    role=role,
                    phrasing=phrasing.key if phrasing else "",
                    idea=phrasing.idea if phrasing else "",
                    also=phrasing.also if phrasing else (),
                )
            )
        self.text += "\n\n"


def fill(template: str, rng: random.Random, slots: dict[str, tuple[str, ...]] = SLOTS) -> str:
    chosen: dict[str, str] = {}

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in chosen:
            pool = slots[name.rstrip("23")]
            taken = set(chosen.values())
            chosen[name] = rng.choice([v for v in pool if v not in taken] or list(pool))
        return chosen[name]

    return SLOT.sub(value, template)


def world_document(seed: int, index: int, spec: WorldSpec = OFFICE) -> WorldDocument:
    """Document `index` of the world of `seed`, drawn from its own generator."""
    rng = random.Random(f"{seed}:{index}")
    genre = spec.genres[index % len(spec.genres)]
    party = rng.choice(spec.slots["party"])
    writer = _Writer()
    title = fill(spec.titles[genre].replace("{party}", party), rng, spec.slots)
    fitting = [p for p in spec.phrasings if genre in p.genres]
    misses = [p for p in spec.near_misses if genre in p.genres]
    planted = rng.sample(fitting, k=min(rng.randint(2, 4), len(fitting)))
    signals: list[tuple[str, Phrasing]] = [(PLANTED, phrasing) for phrasing in planted] + [
        (NEAR_MISS, phrasing)
        for phrasing in rng.sample(misses, k=min(rng.randint(1, 2), len(misses)))
    ]
    paragraphs: list[tuple[str, list[tuple[str, str, Phrasing | None]]]] = []
    fillers = rng.sample(spec.fillers[genre], k=len(spec.fillers[genre]))  # each at most once

    def filler() -> tuple[str, str, None]:
        return fill(fillers.pop().replace("{party}", party), rng, spec.slots), FILLER, None

    for role, phrasing in signals:
        sentence = fill(phrasing.template.replace("{party}", party), rng, spec.slots)
        paragraph: list[tuple[str, str, Phrasing | None]] = [(sentence, role, phrasing)]
        if fillers and rng.random() < 0.6:
            paragraph.insert(rng.randint(0, 1), filler())
        heading = spec.clause_headings[phrasing.idea] if role == PLANTED else ""
        paragraphs.append((heading, paragraph))
    for _ in range(min(rng.randint(1, 3), len(fillers))):
        paragraphs.append(("", [filler()]))
    rng.shuffle(paragraphs)
    writer.line(title)
    writer.text += "\n"
    for number, (heading, paragraph) in enumerate(paragraphs, start=1):
        if genre == spec.contract_genre:
            writer.line(f"{number}. {heading or rng.choice(NEUTRAL_HEADINGS)}")
        writer.paragraph(paragraph)
    return WorldDocument(
        file_name=f"{genre}-{index:05d}.txt",
        genre=genre,
        entity_name=f"{party} {'Ltd' if index % 2 else 'Group'}",
        text=writer.text.rstrip("\n") + "\n",
        sentences=writer.sentences,
        kind=spec.genre_kind[genre],
    )


def build_world(
    seed: int = 12, scale: int = 1, documents: int | None = None, spec: WorldSpec = OFFICE
) -> World:
    """The world of `seed` at `scale` x DOCUMENTS_AT_1X documents (or exactly `documents`)."""
    count = documents if documents is not None else DOCUMENTS_AT_1X * scale
    return World(
        seed=seed,
        documents=[world_document(seed, index, spec) for index in range(count)],
        spec=spec,
    )
