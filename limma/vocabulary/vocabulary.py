"""A vocabulary of terms on axes: look a name up, climb to broader terms, find mentions.

Pure Python, no database: rule checks use it directly. Lookups are dictionary reads on keys
built once (see folding.py for what a key ignores). Mentions in running text are found with a
token trie per axis, so a 50 KB document is one pass over its tokens.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Iterable

from limma.vocabulary.folding import (
    TOKEN,
    cased_key,
    fold_with_index,
    is_short,
    key,
    original_span,
)
from limma.vocabulary.functions import function_terms
from limma.vocabulary.geography import NON_PLACES, place_terms
from limma.vocabulary.term import Term

Key = tuple[str, ...]
# A trie node maps a token to the next node; _END holds (term or None, cased key or None).
_END = ""
Match = tuple[int, int, Term]


class Vocabulary:
    """Terms on axes, checked once at construction and indexed for O(1) lookups.

    Two terms given with the same axis and name (as keys: "Germany" and "germany") are merged.
    Raises ValueError when a broader name is not a term (or an alias of one) on the same axis,
    when one name or alias would mean two terms of one axis, and when a code is given twice.

    `non_terms` are (axis, phrase) pairs that contain a term's name but do not mention it
    ("New Jersey" is not Jersey): find_in() consumes them and reports nothing for them.
    """

    def __init__(self, terms: Iterable[Term], *, non_terms: Iterable[tuple[str, str]] = ()) -> None:
        self._terms: dict[str, dict[str, Term]] = {}
        self._keyed: dict[str, dict[Key, Term]] = {}  # every name and alias, by key
        self._codes: dict[str, dict[str, Term]] = {}
        self._non_terms = tuple(non_terms)
        merged = _merge_same_terms(terms)
        for axis, by_key in merged.items():
            self._terms[axis] = {term.name: term for term in by_key.values()}
            self._index_surfaces(axis)
        for axis in self._terms:
            self._resolve_broader(axis)
        self._narrower: dict[str, dict[str, list[str]]] = {}
        for axis, by_name in self._terms.items():
            children: dict[str, list[str]] = {name: [] for name in by_name}
            for term in by_name.values():
                for parent in term.broader:
                    children[parent].append(term.name)
            self._narrower[axis] = children
        self._tries = {axis: self._build_trie(axis) for axis in self._terms}
        self._ancestors: dict[tuple[str, str], frozenset[str]] = {}

    # -- construction -------------------------------------------------------------------

    def _index_surfaces(self, axis: str) -> None:
        keyed = self._keyed.setdefault(axis, {})
        codes = self._codes.setdefault(axis, {})
        for term in self._terms[axis].values():
            for surface in (term.name, *term.aliases):
                surface_key = key(surface)
                if not surface_key:
                    raise ValueError(f"{axis}: {term.name!r} has an empty alias {surface!r}")
                other = keyed.setdefault(surface_key, term)
                if other.name != term.name:
                    raise ValueError(
                        f"{axis}: {surface!r} would mean both {other.name!r} and {term.name!r}"
                    )
            for code in term.codes:
                other = codes.setdefault(code, term)
                if other.name != term.name:
                    raise ValueError(
                        f"{axis}: code {code!r} is given to both {other.name!r} and {term.name!r}"
                    )

    def _resolve_broader(self, axis: str) -> None:
        """Each broader name becomes a term's own name; a broader written as an alias resolves."""
        by_name = self._terms[axis]
        for name, term in list(by_name.items()):
            resolved: list[str] = []
            for written in term.broader:
                parent = by_name.get(written) or self._find(axis, written)
                if parent is None:
                    raise ValueError(
                        f"{axis}: {name!r} is under {written!r}, which is not a term of {axis!r}"
                    )
                if parent.name != name and parent.name not in resolved:
                    resolved.append(parent.name)
            if tuple(resolved) != term.broader:
                by_name[name] = Term(axis, name, tuple(resolved), term.aliases, term.codes)
        # The surface indexes hold the terms as given: point them at the resolved ones.
        for table in (self._keyed[axis], self._codes[axis]):
            for surface_key, term in table.items():
                table[surface_key] = by_name[term.name]

    def _build_trie(self, axis: str) -> dict:
        trie: dict = {}

        def insert(tokens: Key, entry: tuple[Term | None, Key | None]) -> None:
            node = trie
            for token in tokens:
                node = node.setdefault(token, {})
            node.setdefault(_END, []).append(entry)

        for term in self._terms[axis].values():
            for surface in dict.fromkeys((term.name, *term.aliases)):
                insert(key(surface), (term, cased_key(surface) if is_short(surface) else None))
        for non_term_axis, phrase in self._non_terms:
            if non_term_axis == axis:
                insert(key(phrase), (None, None))
        return trie

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def shipped(cls) -> Vocabulary:
        """The vocabulary Limma ships: the world's places and job functions (built once)."""
        return _shipped()

    def extended(self, terms: Iterable[Term]) -> Vocabulary:
        """This vocabulary with a workspace's own terms added; a term it has already grows."""
        return Vocabulary([*self._all_terms(), *terms], non_terms=self._non_terms)

    def axes(self) -> tuple[str, ...]:
        return tuple(self._terms)

    def terms(self, axis: str) -> tuple[Term, ...]:
        return tuple(self._terms.get(axis, {}).values())

    def lookup(self, words: str, *, axis: str | None = None) -> Term | None:
        """The term `words` names exactly: by name or alias, else by code as written.

        Names and aliases match without case, accents, spacing or a leading "the". A code
        matches only as the whole string, as written ("DE", "DEU"; never "de"). With no axis,
        a name or alias on any axis (in axes() order) comes before a code.
        """
        axes = self.axes() if axis is None else (axis,)
        surface_key = key(words)
        for each in axes:
            term = self._keyed.get(each, {}).get(surface_key)
            if term is not None:
                return term
        code = words.strip()
        for each in axes:
            term = self._codes.get(each, {}).get(code)
            if term is not None:
                return term
        return None

    def place(self, words: str) -> Term | None:
        return self.lookup(words, axis="place")

    def broader_closure(self, term: Term) -> frozenset[str]:
        """The names of every term above `term`, transitively (not `term` itself)."""
        own = self._own(term)
        by_name = self._terms.get(own.axis, {})
        known = by_name.get(own.name) is own
        cached = self._ancestors.get((own.axis, own.name)) if known else None
        if cached is not None:
            return cached
        seen: set[str] = set()
        stack = list(own.broader)
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.add(name)
                parent = by_name.get(name)
                stack.extend(parent.broader if parent is not None else ())
        seen.discard(own.name)
        closure = frozenset(seen)
        if known:
            self._ancestors[(own.axis, own.name)] = closure
        return closure

    def narrower_closure(self, term: Term) -> frozenset[str]:
        """The names of `term` and every term below it, transitively."""
        own = self._own(term)
        children = self._narrower.get(own.axis, {})
        seen = {own.name}
        stack = list(children.get(own.name, ()))
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.add(name)
                stack.extend(children.get(name, ()))
        return frozenset(seen)

    def is_under(
        self, narrower: str | Term, broader: str | Term, *, axis: str | None = None
    ) -> bool:
        """Whether `narrower` is `broader` or below it; names resolve through lookup()."""
        low = (
            self._own(narrower) if isinstance(narrower, Term) else self.lookup(narrower, axis=axis)
        )
        if low is None:
            return False
        high = (
            self._own(broader) if isinstance(broader, Term) else self.lookup(broader, axis=low.axis)
        )
        if high is None or high.axis != low.axis:
            return False
        return high.name == low.name or high.name in self.broader_closure(low)

    def find_in(self, text: str, *, axis: str | None = None) -> list[Match]:
        """Every mention of a term in `text`: (start, end, term), text[start:end] as written.

        Whole words only; where mentions overlap the longest wins (then the earliest, then the
        earlier axis). Names and aliases of three characters or more match without case;
        shorter ones only as written. Accents never matter. Codes are never searched for.
        """
        folded, index = fold_with_index(text)
        tokens = [(match.group(), match.start(), match.end()) for match in TOKEN.finditer(folded)]
        axes = self.axes() if axis is None else (axis,)
        found: list[tuple[int, int, int, Term | None]] = []
        for rank, each in enumerate(axes):
            trie = self._tries.get(each)
            if trie:
                mentions = _select(_candidates(trie, tokens, text, index, rank))
                found.extend(mention for mention in mentions if mention[3] is not None)
        chosen = found if len(axes) == 1 else _select(found)
        return [(start, end, term) for start, end, _, term in chosen if term is not None]

    # -- helpers ------------------------------------------------------------------------

    def _find(self, axis: str, words: str) -> Term | None:
        return self._keyed.get(axis, {}).get(key(words))

    def _own(self, term: Term) -> Term:
        """The vocabulary's version of `term` (merged, broader resolved), else `term` itself."""
        by_name = self._terms.get(term.axis, {})
        return by_name.get(term.name) or self._find(term.axis, term.name) or term

    def _all_terms(self) -> list[Term]:
        return [term for by_name in self._terms.values() for term in by_name.values()]

    def __repr__(self) -> str:
        counts = ", ".join(f"{axis}: {len(terms)}" for axis, terms in self._terms.items())
        return f"<Vocabulary {counts}>"


def _merge_same_terms(terms: Iterable[Term]) -> dict[str, dict[Key, Term]]:
    merged: dict[str, dict[Key, Term]] = {}
    for term in terms:
        if not isinstance(term, Term):
            raise TypeError(f"a Vocabulary holds Terms, not {term!r}")
        by_key = merged.setdefault(term.axis, {})
        name_key = key(term.name)
        old = by_key.get(name_key)
        if old is None:
            by_key[name_key] = term
        else:
            by_key[name_key] = Term(
                old.axis,
                old.name,
                _union(old.broader, term.broader),
                _union(old.aliases, term.aliases),
                _union(old.codes, term.codes),
            )
    return merged


def _union(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*first, *second)))


def _candidates(
    trie: dict,
    tokens: list[tuple[str, int, int]],
    text: str,
    index: list[int] | None,
    rank: int,
) -> list[tuple[int, int, int, Term | None]]:
    """At each token, the longest phrase of the trie that starts there (if any)."""
    found: list[tuple[int, int, int, Term | None]] = []
    count = len(tokens)
    for first in range(count):
        node = trie.get(tokens[first][0])
        last = first
        best = None
        while node is not None:
            entries = node.get(_END)
            if entries:
                start, end = original_span(text, index, tokens[first][1], tokens[last][2])
                for term, cased in entries:
                    if cased is None or cased_key(text[start:end]) == cased:
                        best = (start, end, rank, term)
                        break
            last += 1
            node = node.get(tokens[last][0]) if last < count else None
        if best is not None:
            found.append(best)
    return found


def _select(
    candidates: list[tuple[int, int, int, Term | None]],
) -> list[tuple[int, int, int, Term | None]]:
    """Non-overlapping mentions, longest first, then earliest, then by rank; in text order."""
    ordered = sorted(candidates, key=lambda c: (c[0] - c[1], c[0], c[2]))
    starts: list[int] = []
    ends: list[int] = []
    chosen: list[tuple[int, int, int, Term | None]] = []
    for candidate in ordered:
        start, end = candidate[0], candidate[1]
        at = bisect_left(starts, end)
        if at > 0 and ends[at - 1] > start:
            continue
        starts.insert(at, start)
        ends.insert(at, end)
        chosen.append(candidate)
    chosen.sort(key=lambda c: c[0])
    return chosen


@functools.cache
def _shipped() -> Vocabulary:
    return Vocabulary(
        [*place_terms(), *function_terms()],
        non_terms=[("place", phrase) for phrase in NON_PLACES],
    )
