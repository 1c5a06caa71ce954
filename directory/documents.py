"""The background's prose: profiles, call transcripts, references and screening notes.

Written from a person's roles, as people write them — a third-person bio, a first-person
summary, a CV-like list; a call with `[00:00:12] Name: …` turns; a reference somebody else
wrote in the first person; a screener's note. None of it states either niche: the background
is what the constraints leave around the planted people, and it reads as silent.
"""

from __future__ import annotations

import random

from directory.niches import Ctx, Doc, Role, listed
from directory.people import Person
from directory.prose import HOBBIES, LANGUAGES, call, note, other_person, reference

AREAS = {
    "Castellan Retail": "home furnishings", "Dunmore Energy": "offshore wind",
    "Eskerud Telecom": "mobile networks", "Fairholt Insurance": "motor insurance",
    "Gryphon Media": "regional newspapers", "Isarwerk Chemie": "industrial coatings",
    "Juniper Mobility": "e-bikes", "Kestrel Software": "payroll software",
    "Lindqvist Paper": "corrugated board", "Maribel Textiles": "workwear",
    "Nordlicht Solar": "rooftop solar", "Alvero Logistics": "contract logistics",
    "Brightwater Bank": "small-business lending", "Orrin Analytics": "retail analytics",
    "Pellucid Cosmetics": "skincare", "Ravenna Hotels": "city hotels",
    "Solent Shipping": "container shipping", "Tessaro Motors": "commercial vans",
    "Umbra Games": "mobile games", "Vellum Publishing": "textbooks",
    "Wexford Pharma": "generic medicines", "Yarrow Foods": "breakfast cereals",
    "Corbel Consulting": "operations consulting",
}  # fmt: skip
MARKETS = (
    "Germany", "France", "the Nordics", "Benelux", "Spain", "Italy", "the United Kingdom",
    "North America", "Latin America", "Southeast Asia", "Japan", "India", "the Middle East",
    "Poland", "Australia", "the DACH region", "China",
)  # fmt: skip
ACTIVITY = {
    "Marketing": "leads marketing for {area} in {markets}",
    "Sales": "sells {area} to key accounts in {markets}",
    "Business Development": "builds partnerships for {area} in {markets}",
    "Finance": "runs financial planning for the {area} business",
    "Operations": "runs operations for {area}",
    "Supply Chain": "manages the {area} supply chain across {markets}",
    "Procurement": "buys for the {area} business",
    "General Management": "runs the {area} business in {markets}",
    "Product Management": "owns the product roadmap for {area}",
}
PROFILE_SHARE, CALL_SHARE, REFERENCE_SHARE, NOTE_SHARE = 0.97, 0.22, 0.1, 0.18


def activity(role: Role, rng: random.Random) -> str:
    area = AREAS.get(role.company, "its core business")
    form = ACTIVITY.get(role.function, "works in " + role.function.lower() + " on {area}")
    markets = listed(rng.sample(MARKETS, rng.randint(1, 2)))
    return form.format(area=area, markets=markets)


def ctx_of(person: Person, rng: random.Random) -> Ctx:
    return Ctx(
        person.given,
        person.family,
        person.female,
        person.country,
        person.city,
        rng,
        middle=person.middle,
    )


def background_docs(person: Person, rng: random.Random) -> list[Doc]:
    ctx, docs = ctx_of(person, rng), []
    if rng.random() < PROFILE_SHARE:
        docs.append(profile_of(person, ctx))
    if rng.random() < CALL_SHARE:
        docs.append(call_of(person, ctx))
    if rng.random() < REFERENCE_SHARE and len(person.roles) > 1:
        docs.append(reference_of(person, ctx))
    if rng.random() < NOTE_SHARE:
        docs.append(note_of(person, ctx))
    return docs


def profile_of(person: Person, ctx: Ctx) -> Doc:
    rng, last = ctx.rng, person.roles[-1]
    doing = activity(last, rng)
    is_ = "is" if not last.end else "was"
    first_year = int(person.roles[0].start[:4])
    form = rng.randrange(3)
    if form == 0:
        lines = [
            f"{person.name} {is_} {last.title} at {last.company}, based in {person.city}.",
            f"{person.given} {doing}.",
        ]
        if len(person.roles) > 1:
            before = person.roles[-2]
            lines.append(
                f"Before that, {person.given} worked at {before.company} as {before.title}."
            )
        lines.append(f"Outside work, {person.given} {rng.choice(HOBBIES)}.")
        text = "\n".join(lines)
    elif form == 1:
        years = ctx.year - first_year
        text = (
            f"I am {_article(last.title)} {last.title} with {last.company} in {person.city}. "
            f"I {_first_person(doing)}.\n\n"
            f"I have {years} years of experience and speak {rng.choice(LANGUAGES)}."
        )
    else:
        rows = [
            f"{role.title}, {role.company} ({role.start[:4]}\u2013{role.end[:4] or 'present'})"
            for role in reversed(person.roles)
        ]
        text = person.name + "\n\n" + "\n".join(rows) + f"\n\nBased in {person.city}."
    dated = rng.random() < 0.85
    return Doc("profile", text + "\n", ctx.date() if dated else "")


def call_of(person: Person, ctx: Ctx) -> Doc:
    last = person.roles[-1]
    since = last.start[:4]
    return call(
        ctx,
        [
            ("them", "Thanks for taking the call. Could you describe your current role?"),
            ("me", f"Sure. I'm {_article(last.title)} {last.title} at {last.company}."),
            ("them", "How long have you been there?"),
            ("me", f"Since {since}."),
            ("them", "What takes most of your time?"),
            ("me", ctx.pick(("Budgets, honestly.", "Hiring.", "Customers.", "Reporting."))),
        ],
    )


def reference_of(person: Person, ctx: Ctx) -> Doc:
    role = person.roles[-2]
    lines = [
        f"{person.given} {_past(activity(role, ctx.rng))}.",
        f"{person.given} was reliable, calm under pressure and good with people.",
    ]
    return reference(ctx, role.company, lines)


def note_of(person: Person, ctx: Ctx) -> Doc:
    last = person.roles[-1]
    return note(ctx, f"{person.given} can speak to {last.function.lower()} at {last.company}.")


def _article(words: str) -> str:
    return "an" if words[:1].upper() in "AEIOU" else "a"


def _first_person(doing: str) -> str:
    verb, _, rest = doing.partition(" ")
    plain = {"leads": "lead", "sells": "sell", "builds": "build", "runs": "run", "buys": "buy"}
    plain |= {"manages": "manage", "owns": "own", "works": "work"}
    return f"{plain.get(verb, verb)} {rest}"


def _past(doing: str) -> str:
    verb, _, rest = doing.partition(" ")
    past = {"leads": "led", "sells": "sold", "builds": "built", "runs": "ran", "buys": "bought"}
    past |= {"manages": "managed", "owns": "owned", "works": "worked"}
    return f"{past.get(verb, verb)} {rest}"


def short_profile(person: Person, ctx: Ctx, role: Role) -> Doc:
    """A one-line profile for a planted person whose case wrote none."""
    text = f"{person.name} is {role.title} at {role.company}, based in {person.city}.\n"
    return Doc("profile", text, ctx.date())


__all__ = ["background_docs", "ctx_of", "other_person", "short_profile"]
