"""A term of the vocabulary: a name on an axis, its broader terms, aliases and codes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One term on one axis ("place", "function", or a workspace's own axis).

    `broader` names terms of the same axis (several are allowed: Germany sits under Western
    Europe, Central Europe, DACH and EU). `aliases` are other names of the same thing,
    matched without case, accents or spacing (in running text, one shorter than three
    characters only with its case as written).
    `codes` (ISO 3166-1 "DE", "DEU") match only as the whole string, exactly as written, and
    are never searched for in running text: "IN", "IT" and "NO" are also words.
    """

    axis: str
    name: str
    broader: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.axis or not self.name or not self.name.strip():
            raise ValueError(f"a term needs an axis and a name: {self.axis!r}, {self.name!r}")
        for field in ("broader", "aliases", "codes"):
            value = getattr(self, field)
            if isinstance(value, str):
                raise TypeError(f"Term.{field} is a tuple of strings, not the string {value!r}")
            if not isinstance(value, tuple):
                object.__setattr__(self, field, tuple(value))
