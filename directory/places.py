"""Where the directory's people are based: countries all over the world, weighted to Europe.

QUOTAS are people per 3,000: at --n 3000 every country holds exactly its quota (888 in
Europe: 109 in France, 153 in Germany, 56 in Switzerland), at another size the quotas are
scaled by largest remainder. How a country is written varies as in a real export: mostly the
English name, sometimes the native one ("Deutschland", "Schweiz", "Suisse", "Österreich").
"""

from __future__ import annotations

import random
from typing import NamedTuple


class Country(NamedTuple):
    name: str  # the vocabulary's English name
    quota: int  # people per 3,000
    pool: str  # the naming region of directory.names.POOLS
    native: tuple[str, ...] = ()  # other ways the export writes it
    cities: tuple[str, ...] = ()


# fmt: off
COUNTRIES: tuple[Country, ...] = (
    # Europe: 888 per 3,000.
    Country("France", 109, "french", (), ("Paris", "Lyon", "Lille", "Bordeaux", "Nantes")),
    Country("Germany", 153, "german", ("Deutschland",),
            ("Hamburg", "Munich", "Frankfurt", "Berlin", "Düsseldorf")),
    Country("Switzerland", 56, "german", ("Schweiz", "Suisse"),
            ("Zurich", "Basel", "Geneva", "Lausanne", "Bern")),
    Country("Austria", 40, "german", ("Österreich",), ("Vienna", "Graz", "Linz")),
    Country("United Kingdom", 95, "anglo", ("UK",), ("London", "Manchester", "Leeds")),
    Country("Italy", 70, "italian", ("Italia",), ("Milan", "Rome", "Turin", "Bologna")),
    Country("Spain", 65, "spanish", ("España",), ("Madrid", "Barcelona", "Valencia")),
    Country("Netherlands", 55, "dutch", ("Nederland",), ("Amsterdam", "Rotterdam", "Utrecht")),
    Country("Belgium", 30, "dutch", ("België", "Belgique"), ("Brussels", "Antwerp", "Ghent")),
    Country("Sweden", 30, "nordic", ("Sverige",), ("Stockholm", "Gothenburg", "Malmö")),
    Country("Poland", 35, "polish", ("Polska",), ("Warsaw", "Kraków", "Poznań")),
    Country("Denmark", 20, "nordic", ("Danmark",), ("Copenhagen", "Aarhus")),
    Country("Norway", 18, "nordic", ("Norge",), ("Oslo", "Bergen")),
    Country("Finland", 15, "nordic", ("Suomi",), ("Helsinki", "Espoo")),
    Country("Portugal", 20, "portuguese", (), ("Lisbon", "Porto")),
    Country("Ireland", 17, "anglo", ("Éire",), ("Dublin", "Cork")),
    Country("Czechia", 15, "central_european", ("Česko",), ("Prague", "Brno")),
    Country("Greece", 12, "greek", ("Hellas",), ("Athens", "Thessaloniki")),
    Country("Hungary", 10, "central_european", ("Magyarország",), ("Budapest",)),
    Country("Romania", 13, "central_european", ("România",), ("Bucharest", "Cluj-Napoca")),
    Country("Luxembourg", 5, "french", ("Lëtzebuerg",), ("Luxembourg City",)),
    Country("Estonia", 5, "nordic", ("Eesti",), ("Tallinn",)),
    # The rest of the world: 2,112 per 3,000.
    Country("United States", 480, "anglo", ("USA",),
            ("New York", "Chicago", "San Francisco", "Boston", "Atlanta")),
    Country("Canada", 110, "anglo", (), ("Toronto", "Montreal", "Vancouver")),
    Country("Mexico", 70, "latin_american", ("México",), ("Mexico City", "Monterrey")),
    Country("Brazil", 120, "latin_american", ("Brasil",), ("São Paulo", "Rio de Janeiro")),
    Country("Argentina", 40, "latin_american", (), ("Buenos Aires",)),
    Country("Colombia", 30, "latin_american", (), ("Bogotá", "Medellín")),
    Country("Chile", 22, "latin_american", (), ("Santiago",)),
    Country("India", 290, "indian", (), ("Mumbai", "Bengaluru", "Delhi", "Pune")),
    Country("China", 180, "east_asian", ("中国",), ("Shanghai", "Beijing", "Shenzhen")),
    Country("Japan", 110, "east_asian", ("日本",), ("Tokyo", "Osaka")),
    Country("South Korea", 50, "east_asian", (), ("Seoul", "Busan")),
    Country("Singapore", 70, "southeast_asian", (), ("Singapore",)),
    Country("Vietnam", 50, "southeast_asian", ("Việt Nam",), ("Hanoi", "Ho Chi Minh City")),
    Country("Indonesia", 50, "southeast_asian", (), ("Jakarta", "Surabaya")),
    Country("Thailand", 35, "southeast_asian", (), ("Bangkok",)),
    Country("Malaysia", 30, "southeast_asian", (), ("Kuala Lumpur",)),
    Country("Philippines", 40, "southeast_asian", (), ("Manila", "Cebu")),
    Country("Australia", 80, "anglo", (), ("Sydney", "Melbourne")),
    Country("New Zealand", 15, "anglo", ("Aotearoa",), ("Auckland",)),
    Country("United Arab Emirates", 40, "middle_eastern", ("UAE",), ("Dubai", "Abu Dhabi")),
    Country("Saudi Arabia", 20, "middle_eastern", (), ("Riyadh",)),
    Country("Israel", 25, "middle_eastern", (), ("Tel Aviv",)),
    Country("Turkey", 30, "middle_eastern", ("Türkiye",), ("Istanbul", "Ankara")),
    Country("South Africa", 35, "african", (), ("Johannesburg", "Cape Town")),
    Country("Nigeria", 45, "african", (), ("Lagos", "Abuja")),
    Country("Kenya", 25, "african", (), ("Nairobi",)),
    Country("Egypt", 20, "middle_eastern", (), ("Cairo",)),
)
# fmt: on
BY_NAME = {country.name: country for country in COUNTRIES}
EUROPE = frozenset(c.name for c in COUNTRIES[:22])
DACH = frozenset(("Germany", "Austria", "Switzerland"))
NATIVE_SHARE = 0.25  # how often a country with a native name is written that way


def quotas(n: int) -> dict[str, int]:
    """People per country at size n: the quotas, scaled by largest remainder; exact at 3,000."""
    total = sum(country.quota for country in COUNTRIES)
    exact = {c.name: c.quota * n / total for c in COUNTRIES}
    counts = {name: int(value) for name, value in exact.items()}
    rest = n - sum(counts.values())
    by_remainder = sorted(exact, key=lambda name: (-(exact[name] - counts[name]), name))
    for name in by_remainder[:rest]:
        counts[name] += 1
    return counts


def label(country: str, rng: random.Random) -> str:
    """How the export writes the country: its English name, or now and then a native one."""
    native = BY_NAME[country].native
    if native and rng.random() < NATIVE_SHARE:
        return rng.choice(native)
    return country


def city(country: str, rng: random.Random) -> str:
    return rng.choice(BY_NAME[country].cities)
