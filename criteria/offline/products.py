"""The offline reader's lexicon: product names that are one thing, whichever a writer uses.

A reading model knows that a profile saying "baby formula" states "infant formula"; the offline
reader (criteria/offline/reader.py) knows it from this short, shipped list, and from nothing
else. Only the offline roles read it. The product's own checks never do: they check the quote a
reader gives against the document, whoever the reader is, and a name a caller must decide
("infant milks" under "baby formula": knowledge of a trade) is offered to the caller as a name to
accept (docs/concepts.md#accepted-names-also), never taken from here. So a group holds only
names that are one product by any reader's account: two words for one thing, British and
American usage included ("nappies", "diapers").
"""

from __future__ import annotations

import re

ONE_PRODUCT: tuple[tuple[str, ...], ...] = (
    ("infant formula", "baby formula", "infant formulas", "baby formulas"),
    ("nappies", "diapers", "nappy", "diaper"),
    ("mobile phones", "cell phones", "cellphones", "mobile phone", "cell phone", "cellphone"),
    ("soft drinks", "fizzy drinks", "soft drink", "fizzy drink"),
    ("over-the-counter medicines", "OTC medicines", "non-prescription medicines"),
    ("generic drugs", "generic medicines"),
)


def _pattern(name: str) -> re.Pattern[str]:
    words = r"[\s-]+".join(re.escape(word) for word in re.split(r"[\s-]+", name))
    return re.compile(rf"(?<!\w){words}(?!\w)", re.IGNORECASE)


_GROUPS = tuple(tuple((name, _pattern(name)) for name in group) for group in ONE_PRODUCT)


def other_names(words: str) -> list[str]:
    """The words with a product name of the lexicon in them written with each other name of
    its group, longest name first ("marketing infant formula" -> "marketing baby formula", ...);
    empty when they name no product of the lexicon."""
    found = []
    for group in _GROUPS:
        for name, pattern in sorted(group, key=lambda item: -len(item[0])):
            match = pattern.search(words)
            if match is None:
                continue
            low, high = match.span()
            found += [
                words[:low] + other + words[high:]
                for other, _ in group
                if other.casefold() != name.casefold()
            ]
            break
    return found
