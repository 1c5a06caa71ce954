"""A small shipped lexicon: words and the broader term each falls under.

The offline labeller gives a topic its broader term from here (the topic's head word's own
stem when none is listed); the offline grouper reads an idea's words through it, so "pricing
risk" reaches a label filed under pricing whose words are "raise our fees".
"""

from __future__ import annotations

from ideas.words import stem

BROADER_WORDS: dict[str, str] = {
    "pricing": "price prices pricing fee fees cost costs charge charges tariff tariffs rate rates "
    "discount discounts surcharge markup quote quotes expensive cheap priced",
    "payment": "payment payments pay paid unpaid invoice invoices invoicing billing bill bills "
    "overdue arrears refund refunds deposit instalment installment remittance",
    "termination": "terminate terminates terminated termination cancel cancels cancellation "
    "expire expiry expiration renewal renew notice exit end ending rescind",
    "data retention": "retain retains retained retention delete deletes deleted deletion erase "
    "erasure purge archive archived archiving backup backups keep kept storage stored store "
    "record records log logs",
    "privacy": "privacy personal consent gdpr confidential confidentiality disclose disclosure "
    "anonymise anonymize",
    "security": "security secure password passwords encryption encrypted breach breaches access "
    "credential credentials vulnerability firewall",
    "liability": "liability liable indemnity indemnify damages warranty warranties negligence "
    "claim claims compensation penalty penalties",
    "risk": "risk risks risky exposure uncertainty volatility threat threats hazard",
    "employment": "employee employees staff hire hiring salary salaries wage wages payroll "
    "recruit recruitment onboarding leave",
    "support": "support ticket tickets helpdesk troubleshoot troubleshooting issue issues error "
    "errors bug bugs outage",
    "meetings": "meeting meetings agenda minutes attendee attendees action actions",
    "schedule": "deadline deadlines schedule timeline date dates delay delays quarter annual "
    "monthly yearly",
    "software": "button click save saving settings menu screen login app application upload "
    "download install",
    "contract": "contract contracts agreement agreements clause clauses party parties term "
    "terms obligation obligations",
}

BROADER: dict[str, str] = {
    stem(word): broader for broader, listed in BROADER_WORDS.items() for word in listed.split()
}


def broader_of(stems: list[str]) -> str | None:
    """The broader term of the first of the stems the lexicon lists, or None."""
    return next((BROADER[s] for s in stems if s in BROADER), None)


def broaders_of(stems: list[str]) -> set[str]:
    """Every broader term the lexicon gives any of the stems."""
    return {BROADER[s] for s in stems if s in BROADER}
