"""The people planted for "sold surgical staplers through public tenders in the DACH region".

No length here: four conditions in one experience at a medical-device employer. The cases vary
the function (sales, marketing beside the sales team, tender paperwork), the product (its own
words, other names, another device), the channel (public tenders, public procurement,
distributors, private clinics), the market (DACH or another) and the notes beside them.
"""

from __future__ import annotations

from collections.abc import Callable

from directory.names import MEDTECH
from directory.niches import SURGICAL_STAPLERS, Case, Ctx, Planted, Role, listed, month, some
from directory.prose import call, note, opening, other_person, profile

OWN, CHANNEL = "surgical staplers", "through public tenders"
DACH = ("Germany", "Austria", "Switzerland", "the DACH region", "Liechtenstein")
ELSEWHERE = ("the Benelux", "the Nordics", "Iberia", "the United Kingdom", "Poland")
SALES_TITLES = ("Sales Manager", "Head of Sales", "Regional Sales Director", "Tender Sales Manager")


def markets(ctx: Ctx, pool: tuple[str, ...] = DACH) -> str:
    chosen = some(ctx, pool, 1, 2)
    if "the DACH region" in chosen:
        chosen = ["the DACH region"]
    return ctx.pick(("across ", "in ")) + listed(chosen)


def sold(
    ctx: Ctx,
    subject: str,
    *,
    product: str = OWN,
    channel: str = CHANNEL,
    where: str = "",
    current: bool = True,
) -> str:
    where = where or markets(ctx)
    if current and channel.startswith("through"):
        return ctx.pick(
            (
                f"{subject} sells {product} to public hospitals {channel} {where}.",
                f"{subject} sells {product} {channel} {where}.",
            )
        )
    if current:
        return f"{subject} sells {product} {channel} {where}."
    return f"{subject} sold {product} {channel} {where}."


def _written(
    ctx: Ctx,
    lines: Callable[[Ctx, str, str], list[str]],
    *,
    title: str = "",
    function: str = "Sales",
    end: str = "",
    extra: Callable[[Ctx], list] | None = None,
) -> Planted:
    start = ctx.rng.randint(2006, 2019)
    employer, title = ctx.pick(MEDTECH), title or ctx.pick(SALES_TITLES)
    doc, roles = profile(ctx, lines(ctx, employer, title), before=start)
    role = Role(employer, title, function, month(ctx, start), end)
    return Planted([role, *roles], [doc, *(extra(ctx) if extra else [])])


def stated(
    product: str = OWN, channel: str = CHANNEL, pool: tuple[str, ...] = DACH
) -> Callable[[Ctx, str, str], list[str]]:
    def lines(ctx: Ctx, employer: str, title: str) -> list[str]:
        subject = ctx.pick((ctx.given, ctx.she))
        where = markets(ctx, pool)
        return [
            opening(ctx, employer, title),
            sold(ctx, subject, product=product, channel=channel, where=where),
        ]

    return lines


def plain(ctx: Ctx) -> Planted:
    return _written(ctx, stated())


def sold_only(ctx: Ctx) -> Planted:
    """No word of the function axis: the function is stated by the niche's own "sold"."""

    def lines(ctx: Ctx, employer: str, title: str) -> list[str]:
        return [
            f"{ctx.full} looked after public hospitals for {employer} until 2023.",
            sold(ctx, ctx.given, current=False),
        ]

    return _written(ctx, lines, title="Hospital Account Lead", end="2023-06")


def in_a_call(ctx: Ctx) -> Planted:
    employer = ctx.pick(MEDTECH)
    transcript = call(
        ctx,
        [
            ("them", "Thanks for joining. What do you do today?"),
            ("me", f"I'm a sales manager at {employer}."),
            ("me", f"I sell {OWN} {CHANNEL} {markets(ctx)}, mostly to university hospitals."),
            ("them", "How are the tenders scored?"),
            ("me", "Mostly on price, with a quality share of about a third."),
        ],
    )
    start = ctx.rng.randint(2008, 2018)
    return Planted([Role(employer, "Sales Manager", "Sales", month(ctx, start))], [transcript])


def with_note(*sentences: Callable[[Ctx], str]) -> Callable[[Ctx], Planted]:
    return lambda ctx: _written(
        ctx, stated(), extra=lambda c: [note(c, *(sentence(c) for sentence in sentences))]
    )


def marketing(sentence: str) -> Callable[[Ctx], Planted]:
    """Marketing, not sales: the title and the sentence say so."""

    def lines(ctx: Ctx, employer: str, title: str) -> list[str]:
        said = sentence.format(given=ctx.given, where=markets(ctx), own=OWN, channel=CHANNEL)
        return [opening(ctx, employer, title), said]

    return lambda ctx: _written(ctx, lines, title="Product Marketing Manager", function="Marketing")


def tender_paperwork(ctx: Ctx) -> Planted:
    def lines(ctx: Ctx, employer: str, title: str) -> list[str]:
        return [
            opening(ctx, employer, title),
            f"{ctx.given} prepares the documentation for public tenders for {OWN} {markets(ctx)}.",
        ]

    return _written(ctx, lines, title="Tender Manager", function="Legal")


def denied_alone(ctx: Ctx) -> Planted:
    return _written(
        ctx,
        stated(product="trocars"),
        extra=lambda c: [note(c, f"{c.given} has never sold {OWN}.")],
    )


def _colleague(ctx: Ctx) -> str:
    given, family = other_person(ctx, female=False)
    return (
        f"We also spoke to {ctx.her} colleague {given} {family}, who covers the Nordics. "
        f"He has never sold {OWN} {CHANNEL}."
    )


W, S, G, A, OUT = "world", "Switzerland", "Germany", "Austria", "dach_outside"
CASES: tuple[Case, ...] = (
    # A reader can prove these: every condition in one experience, in the niche's own words.
    Case("stated_whole", SURGICAL_STAPLERS, True, True, {S: 2, A: 2, OUT: 1}, plain),
    Case("stated_by_sold", SURGICAL_STAPLERS, True, True, {A: 1, OUT: 1}, sold_only),
    Case("stated_in_a_call", SURGICAL_STAPLERS, True, True, {A: 1, W: 1}, in_a_call),
    # They fit, under other names: provable only where the name is accepted.
    Case(
        "named_public_procurement",
        SURGICAL_STAPLERS,
        True,
        False,
        {G: 2, S: 1},
        lambda c: _written(c, stated(channel="through public procurement")),
        also="public procurement",
    ),
    Case(
        "named_stapling_devices",
        SURGICAL_STAPLERS,
        True,
        False,
        {G: 1, A: 1},
        lambda c: _written(c, stated(product="surgical stapling devices")),
        also="surgical stapling devices",
    ),
    Case(
        "named_linear_and_circular",
        SURGICAL_STAPLERS,
        True,
        False,
        {G: 1},
        lambda c: _written(c, stated(product="linear and circular staplers")),
        also="linear and circular staplers",
    ),
    # They fit; a note holds a "never" a reader must keep as a doubt.
    Case(
        "harmless_never",
        SURGICAL_STAPLERS,
        True,
        False,
        {S: 1, G: 1},
        with_note(lambda c: f"The firm has never sold {OWN} through distributors."),
    ),
    Case("doubt_about_a_colleague", SURGICAL_STAPLERS, True, False, {G: 1}, with_note(_colleague)),
    # Near misses: one condition short, or denied.
    Case(
        "marketing_not_sales",
        SURGICAL_STAPLERS,
        False,
        False,
        {G: 2, S: 1},
        marketing("{given} markets {own} to public hospitals {channel} {where}."),
    ),
    Case(
        "marketing_beside_the_sales_team",
        SURGICAL_STAPLERS,
        False,
        False,
        {G: 1},
        marketing("{given} supports the sales team selling {own} {channel} {where}."),
    ),
    Case(
        "through_distributors",
        SURGICAL_STAPLERS,
        False,
        False,
        {G: 2, S: 1},
        lambda c: _written(c, stated(channel="through distributors")),
    ),
    Case(
        "to_private_clinics",
        SURGICAL_STAPLERS,
        False,
        False,
        {A: 1},
        lambda c: _written(c, stated(channel="to private clinics")),
    ),
    Case(
        "other_market",
        SURGICAL_STAPLERS,
        False,
        False,
        {G: 1, W: 1},
        lambda c: _written(c, stated(pool=ELSEWHERE)),
    ),
    Case(
        "surgical_sutures",
        SURGICAL_STAPLERS,
        False,
        False,
        {G: 1, S: 1, A: 1},
        lambda c: _written(c, stated(product="surgical sutures")),
    ),
    Case("tender_paperwork", SURGICAL_STAPLERS, False, False, {G: 1}, tender_paperwork),
    Case("firm_denial", SURGICAL_STAPLERS, False, False, {G: 1}, denied_alone),
    Case(
        "firm_denial_beside_a_claim",
        SURGICAL_STAPLERS,
        False,
        False,
        {S: 1},
        with_note(lambda c: f"{c.given} has never sold {OWN}."),
    ),
)
