"""The people planted for "20+ years marketing infant formula in European markets".

Every case writes one experience at an infant-nutrition employer and says, in its Case, whether
the person fits and whether a reader could prove it (directory/niches.py says what counts).
Lengths come in the closed form and in every other form people write; the product under other
names; other markets; a condition short; denials firm, reported and in doubt.
"""

from __future__ import annotations

from collections.abc import Callable

from directory.names import INFANT_NUTRITION, PACKAGING
from directory.niches import INFANT_FORMULA, Case, Ctx, Planted, Role, listed, month, some
from directory.prose import call, note, opening, other_person, profile, reference

OWN = "infant formula"
EUROPEAN = (
    "Germany", "France", "Belgium", "the Netherlands", "Spain", "Italy", "Poland", "Austria",
    "Switzerland", "the United Kingdom", "Portugal", "Sweden", "Denmark",
)  # fmt: skip
EUROPEAN_REGIONS = ("the Nordics", "Benelux", "Iberia", "the DACH region")
ELSEWHERE = ("Southeast Asia", "Latin America", "the Gulf states", "North America")
TITLES = ("Marketing Director", "Head of Marketing", "Brand Director", "Senior Brand Manager")


def markets(ctx: Ctx, pool: tuple[str, ...] = EUROPEAN) -> str:
    """Where the work is: a few countries, or one region (never a country and its region)."""
    if pool is EUROPEAN and ctx.rng.random() < 0.2:
        return ctx.pick(("across ", "in ")) + ctx.pick(EUROPEAN_REGIONS)
    return ctx.pick(("across ", "in ")) + listed(some(ctx, pool))


def work(ctx: Ctx, subject: str, product: str = OWN, where: str = "", current: bool = True) -> str:
    """The sentence that states the work: marketing, the product, the markets."""
    where = where or markets(ctx)
    if current:
        forms = (
            f"{subject} leads marketing for {product} {where}.",
            f"{subject} runs brand management for {product} {where}.",
            f"{subject} heads marketing for {product} {where}.",
        )
    else:
        forms = (
            f"{subject} led marketing for {product} {where}.",
            f"{subject} ran brand management for {product} {where}.",
        )
    return ctx.pick(forms)


def _long(ctx: Ctx) -> int:
    """The start of twenty years and more of the work, as of the directory's present."""
    return ctx.rng.randint(1995, ctx.year - 21)


def _written(
    ctx: Ctx,
    lines: Callable[[Ctx, str, str, int], list[str]],
    *,
    start: int | None = None,
    function: str = "Marketing",
    employers: tuple[str, ...] = INFANT_NUTRITION,
    title: str = "",
    dated: bool = True,
    extra: Callable[[Ctx], list] | None = None,
) -> Planted:
    """A profile from `lines(ctx, employer, title, start)`, its role and earlier role on record."""
    start = start or _long(ctx)
    employer, title = ctx.pick(employers), title or ctx.pick(TITLES)
    doc, roles = profile(ctx, lines(ctx, employer, title, start), before=start, dated=dated)
    role = Role(employer, title, function, month(ctx, start))
    return Planted([role, *roles], [doc, *(extra(ctx) if extra else [])])


def _closed(ctx: Ctx, start: int) -> str:
    years = ctx.year - start
    return ctx.pick(
        (
            f"{ctx.given} has done this work for more than 20 years.",
            f"{ctx.full} has done this work for {years - 1} years.",
            f"{ctx.given} has held this role since {start}.",
        )
    )


def _provable(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
    subject = ctx.pick((ctx.given, ctx.she))
    return [opening(ctx, employer, title), work(ctx, subject), _closed(ctx, start)]


def _named(product: str) -> Callable[[Ctx, str, str, int], list[str]]:
    def lines(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
        return [opening(ctx, employer, title), work(ctx, ctx.given, product), _closed(ctx, start)]

    return lines


def provable(ctx: Ctx) -> Planted:
    return _written(ctx, _provable)


def from_to(ctx: Ctx) -> Planted:
    """An ended role, its length in the closed form's dates."""
    start, end = ctx.rng.randint(1990, 1998), ctx.rng.randint(2019, 2023)
    employer, title = ctx.pick(INFANT_NUTRITION), ctx.pick(TITLES)
    lines = [
        f"{ctx.full} was {title} at {employer}.",
        work(ctx, ctx.given, current=False),
        f"{ctx.given} did this work from {start} to {end}.",
    ]
    doc, roles = profile(ctx, lines, before=start)
    return Planted(
        [Role(employer, title, "Marketing", month(ctx, start), month(ctx, end)), *roles], [doc]
    )


def in_a_call(ctx: Ctx) -> Planted:
    start = _long(ctx)
    employer, title = ctx.pick(INFANT_NUTRITION), ctx.pick(TITLES)
    transcript = call(
        ctx,
        [
            ("them", "Thanks for making the time. Could you start with your current role?"),
            ("me", f"Sure. I lead marketing for {OWN} at {employer} {markets(ctx)}."),
            ("me", "I have done this work for more than 20 years."),
            ("them", "And before that?"),
            ("me", "A few years in market research, mostly for retailers."),
        ],
    )
    return Planted([Role(employer, title, "Marketing", month(ctx, start))], [transcript])


def referenced(ctx: Ctx) -> Planted:
    start = _long(ctx)
    employer, title = ctx.pick(INFANT_NUTRITION), ctx.pick(TITLES)
    lines = [work(ctx, ctx.given), f"{ctx.given} has done this work for more than 20 years."]
    return Planted(
        [Role(employer, title, "Marketing", month(ctx, start))], [reference(ctx, employer, lines)]
    )


def set_aside(ctx: Ctx) -> Planted:
    given, family = other_person(ctx)
    return _written(
        ctx,
        _provable,
        extra=lambda c: [
            note(
                c,
                f"We also asked about {given}, who reports to {c.him}.",
                f"{given} {family} has never worked on {OWN}.",
            )
        ],
    )


def _length_in(form: str) -> Callable[[Ctx, str, str, int], list[str]]:
    """Lines whose length is written in `form`, never the closed one."""

    def lines(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
        where, years = markets(ctx), ctx.year - start
        head = opening(ctx, employer, title)
        if form == "pronoun":
            return [
                head,
                work(ctx, ctx.given),
                f"{ctx.she} has done this work for more than 20 years.",
            ]
        if form == "inline":
            return [head, f"{ctx.given} leads marketing for {OWN} {where} for {years} years."]
        if form == "since":
            return [head, f"Since {start}, {ctx.given} has led marketing for {OWN} {where}."]
        if form == "family":
            return [
                head,
                work(ctx, ctx.given),
                f"{ctx.family} has done this work for more than 20 years.",
            ]
        if form == "spent":
            return [
                head,
                f"{ctx.given} has spent {years} years leading marketing for {OWN} {where}.",
            ]
        if form == "career":
            return [
                head,
                work(ctx, ctx.given),
                f"{ctx.given} has {years + 3} years of experience in consumer goods.",
            ]
        if form == "record":
            return [head, work(ctx, ctx.given)]
        if form == "two_below":
            return [
                head,
                work(ctx, ctx.given),
                f"{ctx.she} manages a budget of five million.",
                f"{ctx.she} holds an MBA from INSEAD.",
                f"{ctx.given} has done this work for more than 20 years.",
            ]
        raise ValueError(form)

    return lines


def length(form: str, dated: bool = True) -> Callable[[Ctx], Planted]:
    return lambda ctx: _written(ctx, _length_in(form), dated=dated)


def undated_since(ctx: Ctx) -> Planted:
    def lines(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
        return [
            opening(ctx, employer, title),
            work(ctx, ctx.given),
            f"{ctx.given} has held this role since {start}.",
        ]

    return _written(ctx, lines, dated=False)


def named(product: str) -> Callable[[Ctx], Planted]:
    return lambda ctx: _written(ctx, _named(product))


def with_note(*sentences: Callable[[Ctx], str]) -> Callable[[Ctx], Planted]:
    """The whole niche in the closed form, and a note whose sentences may deny it."""
    return lambda ctx: _written(
        ctx, _provable, extra=lambda c: [note(c, *(sentence(c) for sentence in sentences))]
    )


def short(ctx: Ctx) -> Planted:
    start = ctx.rng.randint(ctx.year - 18, ctx.year - 12)

    def lines(ctx: Ctx, employer: str, title: str, _: int) -> list[str]:
        years = ctx.year - start
        return [
            opening(ctx, employer, title),
            work(ctx, ctx.given),
            f"{ctx.given} has done this work for {years} years.",
        ]

    return _written(ctx, lines, start=start)


def contradicted(ctx: Ctx) -> Planted:
    start = ctx.rng.randint(2012, 2018)

    def lines(ctx: Ctx, employer: str, title: str, _: int) -> list[str]:
        return [
            opening(ctx, employer, title, start),
            work(ctx, ctx.she),
            f"{ctx.given} has done this work for more than 20 years.",
        ]

    return _written(ctx, lines, start=start)


def predecessor(ctx: Ctx) -> Planted:
    start = ctx.rng.randint(2014, 2019)
    given, family = other_person(ctx)

    def lines(ctx: Ctx, employer: str, title: str, _: int) -> list[str]:
        return [
            f"{ctx.full} took over from {given} {family} as {title} at {employer} in {start}.",
            work(ctx, ctx.given),
            f"{given} {family} has done this work for more than 20 years.",
        ]

    return _written(ctx, lines, start=start)


def elsewhere(ctx: Ctx) -> Planted:
    def lines(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
        return [
            opening(ctx, employer, title),
            work(ctx, ctx.given, where=markets(ctx, ELSEWHERE)),
            _closed(ctx, start),
        ]

    return _written(ctx, lines)


def another_function(sentence: str, title: str, function: str, employers=INFANT_NUTRITION):
    """The product and a market, in another function (or of another thing): a condition short."""

    def lines(ctx: Ctx, employer: str, title_: str, start: int) -> list[str]:
        said = sentence.format(given=ctx.given, where=markets(ctx), own=OWN)
        return [opening(ctx, employer, title_), said, _closed(ctx, start)]

    return lambda ctx: _written(ctx, lines, function=function, title=title, employers=employers)


def denied_alone(ctx: Ctx) -> Planted:
    """Another product's marketing, and the person's own firm "never": in a note, or in a
    turn of a call that is theirs."""

    def lines(ctx: Ctx, employer: str, title: str, start: int) -> list[str]:
        product = ctx.pick(("breakfast cereals", "yoghurt drinks", "pet food"))
        return [opening(ctx, employer, title), work(ctx, ctx.given, product), _closed(ctx, start)]

    def denial(c: Ctx) -> list:
        if c.rng.random() < 0.5:
            return [note(c, f"{c.given} has never worked on {OWN}.")]
        asked = f"Have you worked on {OWN} or other infant nutrition?"
        return [call(c, [("them", asked), ("me", f"I have never worked on {OWN} myself.")])]

    return _written(ctx, lines, employers=("Yarrow Foods", "Quellmark Foods"), extra=denial)


def in_a_reference_first_person(ctx: Ctx) -> Planted:
    """A reference whose writer's "I" states the length: whose twenty-two years?"""
    start = _long(ctx)
    employer, title = ctx.pick(INFANT_NUTRITION), ctx.pick(TITLES)
    lines = [work(ctx, ctx.given), f"I held this role for {ctx.year - start} years."]
    return Planted(
        [Role(employer, title, "Marketing", month(ctx, start))], [reference(ctx, employer, lines)]
    )


def _reported(ctx: Ctx) -> str:
    given, family = other_person(ctx)
    return f"{given} {family} confirmed that {ctx.given} has never worked on {OWN}."


def _deputy(ctx: Ctx) -> str:
    given, family = other_person(ctx, female=True)
    return (
        f"We also spoke to {ctx.her} deputy, {given} {family}, who joined last year. "
        f"She has never worked on {OWN} herself."
    )


def _herself(ctx: Ctx) -> str:
    return f"{ctx.she} has never worked on {OWN} {'herself' if ctx.female else 'himself'}."


W = "world"
E = "europe"
F = "France"
CASES: tuple[Case, ...] = (
    # A reader can prove these: the whole niche in one experience, the closed form.
    Case("closed_form", INFANT_FORMULA, True, True, {F: 2, W: 3}, provable),
    Case("closed_form_dates", INFANT_FORMULA, True, True, {W: 1}, from_to),
    Case("closed_form_in_a_call", INFANT_FORMULA, True, True, {W: 1}, in_a_call),
    Case("closed_form_in_a_reference", INFANT_FORMULA, True, True, {W: 1}, referenced),
    Case("denial_of_another_set_aside", INFANT_FORMULA, True, True, {W: 1}, set_aside),
    # They fit; their length is written in another form, and a reader cannot prove it.
    Case("length_behind_a_pronoun", INFANT_FORMULA, True, False, {F: 1, E: 3}, length("pronoun")),
    Case("length_inside_the_work", INFANT_FORMULA, True, False, {F: 1, E: 2, W: 1},
         length("inline")),
    Case("length_since_in_the_work", INFANT_FORMULA, True, False, {E: 2}, length("since")),
    Case("length_by_family_name", INFANT_FORMULA, True, False, {E: 2}, length("family")),
    Case("length_spent", INFANT_FORMULA, True, False, {F: 1, E: 1}, length("spent")),
    Case("length_of_the_career", INFANT_FORMULA, True, False, {E: 1}, length("career")),
    Case("length_on_record_only", INFANT_FORMULA, True, False, {F: 1, E: 2}, length("record")),
    Case("length_two_lines_below", INFANT_FORMULA, True, False, {E: 1}, length("two_below")),
    Case("length_since_undated", INFANT_FORMULA, True, False, {E: 1}, undated_since),
    Case("length_in_a_writers_first_person", INFANT_FORMULA, True, False, {E: 1},
         in_a_reference_first_person),
    # They fit, under another name of the product: provable only where the name is accepted.
    Case("named_baby_formula", INFANT_FORMULA, True, False, {F: 1, E: 2}, named("baby formula"),
         also="baby formula"),
    Case("named_infant_milks", INFANT_FORMULA, True, False, {E: 2, W: 1}, named("infant milks"),
         also="infant milks"),
    # They fit; a note holds a "never" a reader must keep as a doubt.
    Case("harmless_never", INFANT_FORMULA, True, False, {F: 1, E: 1},
         with_note(lambda c: f"The firm has never sold {OWN} in Asia.")),
    Case("doubt_about_a_deputy", INFANT_FORMULA, True, False, {E: 1}, with_note(_deputy)),
    # Near misses: one condition short, or denied.
    Case("short_length", INFANT_FORMULA, False, False, {F: 1, E: 2, W: 1}, short),
    Case("length_contradicts_start", INFANT_FORMULA, False, False, {E: 1}, contradicted),
    Case("length_of_a_predecessor", INFANT_FORMULA, False, False, {E: 1}, predecessor),
    Case("other_market", INFANT_FORMULA, False, False, {E: 2, W: 2}, elsewhere),
    Case("sales_not_marketing", INFANT_FORMULA, False, False, {F: 1, E: 2},
         another_function("{given} leads sales of {own} {where}.", "Sales Director", "Sales")),
    Case("sales_beside_marketing", INFANT_FORMULA, False, False, {E: 1},
         another_function("{given} sells {own} {where} and works closely with the marketing team.",
                          "Key Account Manager", "Sales")),
    Case("packaging_for_the_product", INFANT_FORMULA, False, False, {E: 1},
         another_function("{given} leads marketing for packaging for {own} {where}.",
                          "Marketing Manager", "Marketing", PACKAGING)),
    Case("infant_cereals", INFANT_FORMULA, False, False, {F: 1, E: 1}, named("infant cereals")),
    Case("firm_denial", INFANT_FORMULA, False, False, {E: 2}, denied_alone),
    Case("firm_denial_beside_a_claim", INFANT_FORMULA, False, False, {F: 1, E: 1},
         with_note(lambda c: "The profile was written by an agency.",
                   lambda c: f"{c.given} has never worked on {OWN}.")),
    Case("reported_denial", INFANT_FORMULA, False, False, {E: 1}, with_note(_reported)),
    Case("doubt_about_the_person", INFANT_FORMULA, False, False, {E: 1},
         with_note(lambda c: "The role is broader than the profile says.", _herself)),
)  # fmt: skip
