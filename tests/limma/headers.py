"""Reading a reply's headers as a browser would."""

from __future__ import annotations


def directives(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy's directives: each name and its values."""
    found = {}
    for part in header.split(";"):
        name, *values = part.split()
        found[name] = values
    return found
