"""Pieces of prose both niches' cases are written from: openings, tails, notes and calls.

Each piece is a whole sentence or paragraph as people write them. Nothing here decides what a
person fits: the case that calls a piece says so in its Verdict.
"""

from __future__ import annotations

from directory.names import SCHOOLS, WRITERS
from directory.niches import Ctx, Doc, Role, listed, month

LANGUAGES = ("English", "French", "German", "Spanish", "Italian", "Dutch", "Polish", "Swedish")
EARLIER = (
    ("finance", "Finance"),
    ("sales", "Sales"),
    ("operations", "Operations"),
    ("consulting", "Consulting"),
    ("market research", "Marketing"),
    ("procurement", "Procurement"),
)
EARLIER_COMPANIES = ("Corbel Consulting", "Yarrow Foods", "Wexford Pharma", "Castellan Retail")
HOBBIES = (
    "coaches a youth football team",
    "sails on weekends",
    "is a keen cyclist",
    "sings in a choir",
    "runs half marathons",
    "volunteers at a food bank",
)


def other_person(ctx: Ctx, female: bool | None = None) -> tuple[str, str]:
    """Somebody else's given and family name, never sharing a name with the person."""
    female = ctx.rng.random() < 0.5 if female is None else female
    while True:
        given = ctx.pick(WRITERS.female if female else WRITERS.male)
        family = ctx.pick(WRITERS.family)
        if given != ctx.given and family != ctx.family:
            return given, family


def opening(ctx: Ctx, employer: str, title: str, start: int | None = None) -> str:
    """The sentence that opens the experience; with a start, it dates the role."""
    if start is not None:
        return f"{ctx.full} joined {employer} in {start} as {title}."
    return ctx.pick(
        (
            f"{ctx.full} is {title} at {employer}, based in {ctx.city}.",
            f"{ctx.full} works as {title} at {employer} in {ctx.city}.",
        )
    )


def earlier(ctx: Ctx, before: int) -> tuple[str, Role]:
    """A paragraph about an earlier role at another employer, and that role on record."""
    words, function = ctx.pick(EARLIER)
    company = ctx.pick(EARLIER_COMPANIES)
    years = ctx.rng.randint(2, 6)
    text = f"Earlier, {ctx.given} spent {years} years in {words} at {company}."
    role = Role(
        company, f"{function} Analyst", function, month(ctx, before - years), f"{before}-01"
    )
    return text, role


def personal(ctx: Ctx) -> str:
    return ctx.pick(
        (
            f"{ctx.given} studied at {ctx.pick(SCHOOLS)} and speaks "
            f"{listed(ctx.rng.sample(LANGUAGES, 2))}.",
            f"Outside work, {ctx.given} {ctx.pick(HOBBIES)}.",
            f"{ctx.given} holds an MBA from {ctx.pick(SCHOOLS)}.",
        )
    )


def profile(
    ctx: Ctx, lines: list[str], *, before: int, dated: bool = True
) -> tuple[Doc, list[Role]]:
    """A profile: the experience's lines, then an earlier role and a personal line."""
    paragraph, role = earlier(ctx, before)
    text = "\n".join(lines) + "\n\n" + paragraph + " " + personal(ctx) + "\n"
    return Doc("profile", text, ctx.date() if dated else ""), [role]


def note(ctx: Ctx, *sentences: str) -> Doc:
    """A screening note: a dated line, then what the screener wrote."""
    when = ctx.date()
    lines = [f"Screening call with {ctx.full}, {when}.", *sentences]
    lines.append(ctx.pick(("Available for calls from July.", "Rate agreed.", "No conflicts.")))
    return Doc("screening_note", "\n".join(lines) + "\n", when)


def call(ctx: Ctx, turns: list[tuple[str, str]]) -> Doc:
    """A call transcript: `[hh:mm:ss] Speaker: words` turns, the person by their given name."""
    second, lines = 4, []
    for speaker, words in turns:
        who = ctx.given if speaker == "me" else "Interviewer"
        lines.append(f"[00:{second // 60:02d}:{second % 60:02d}] {who}: {words}")
        second += 7 + ctx.rng.randint(3, 40)
    return Doc("transcript", "\n".join(lines) + "\n", ctx.date())


def reference(ctx: Ctx, employer: str, lines: list[str]) -> Doc:
    """A reference somebody else wrote about the person, in that writer's first person."""
    given, family = other_person(ctx)
    head = f"Reference for {ctx.full}, written by {given} {family}, a former manager at {employer}."
    closing = ctx.pick(
        (f"I would hire {ctx.him} again without hesitation.", "I recommend them warmly.")
    )
    text = head + "\n\n" + "\n".join(lines) + "\n" + closing + "\n"
    return Doc("reference", text, ctx.date(), author=f"{given} {family}")
