"""Cut a stored document's text into parts and sentences, by exact offsets.

Limma answers with exact quotes, so every span is a pair of ``str`` indices
into the *original* text: ``text[start:end]`` is the quote. Nothing is
rewritten, and the spans tile the text: every non-whitespace character lies
in exactly one sentence, so nothing a person wrote falls out of reach.

Own regex splitter rather than syntok or pysbd: both re-read their offsets on
our cases, but on 50 KB syntok takes ~90 ms and pysbd ~220 ms, over budget;
this pass (lines first, then one ``finditer`` over sentence punctuation per
run of prose, looking back at the word before each full stop) takes ~6-15 ms.

The lines and parts are made here; a run of prose is cut into sentences in
limma.segment_sentences.

Rules decided here (the spec leaves them open):

* Heading: a Markdown ``#`` line, or a short line (<= 80 chars, <= 12 words,
  not starting in lower case) with no final stop, or of <= 8 words ending
  in ":". It starts its paragraph or follows a finished sentence, and the
  next line does not go on in lower case. Headings wait for the next body
  and become its first sentences; with no body to open (end of text, or a
  turn next) they form a part of their own. A numbered heading ("3.
  Termination") opens a "clause", any other a "section". A numbered line
  followed by one numbered the same way ("1. Eggs" / "2. Milk") is a clause.
* A paragraph that yields exactly one sentence is a part of kind "sentence".
* Transcript: >= 2 turns, turn lines (with their continuation lines) are
  more than half the non-empty lines, and it reads as a dialogue (a
  timestamp, a speaker who speaks twice, or Q/A), which keeps forms
  ("Name: ...", "Email: ...") out. Each turn is one part and one sentence,
  running over following lines up to a blank line or the next turn.
* No sentence ends at the full stop of a title, Latin abbreviation or
  company suffix ("Dr.", "e.g.", "Inc."), an initial ("N."), a dotted
  acronym ("U.S.") or a list number, nor at "No." / "p." / "Art." before a
  digit; so "the U.S. The next" stays one sentence: a long quote beats a cut.
* After a list item, an unindented line not in lower case starts a sentence.
* Line breaks are those of ``str.splitlines`` (\r\n, \r, \n, \f, U+2028...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from limma.segment_sentences import (
    CLOSERS,
    TERM_CHARS,
    SentenceSpan,
    is_abbreviation,
    split_run,
)

__all__ = ["SEGMENTER_VERSION", "PartSpan", "SentenceSpan", "segment"]

SEGMENTER_VERSION = "seg-1"


@dataclass(frozen=True)
class PartSpan:
    """A section, clause, paragraph, turn or lone sentence, with its sentences."""

    start: int
    end: int
    kind: str  # "section", "clause", "paragraph", "turn" or "sentence"
    sentences: tuple[SentenceSpan, ...]


_NEWLINE = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_HEADING_BAD_END = ",;-(/&\u2013\u2014"  # en and em dashes
_TURN = re.compile(
    r"(?:[\[(]?(?P<ts>\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?)[\])]?\s*)?"
    r"(?P<label>[^\W\d_][\w'\u2019.-]*(?: [^\W\d_][\w'\u2019.-]*){0,3}):(?=\s|$)"
)
_CLAUSE = re.compile(
    r"(?P<sub>\d{1,3}(?:\.\d{1,3})+\.?(?=\s|$))"
    r"|(?P<num>\d{1,3}\.(?=\s|$))"
    r"|(?P<paren>\((?:\d{1,3}|[a-z]{1,2}|[ivxlc]{1,5})\)(?=\s|$))"
    r"|(?P<word>(?:article|art\.|section|clause|schedule|annex)\s+(?:\d+|[ivxlc]+)\b"
    r"|§{1,2}\s*\d+)",
    re.IGNORECASE,
)
_ITEM = re.compile(r"(?:[-*+•‣◦▪●○\u2013\u2014]|\d{1,3}\)|[^\W\d_]\))(?=\s|$)")
_MD_HEADING = re.compile(r"#{1,6}(?=\s|$)")


@dataclass(slots=True)
class _Line:
    """A line's stripped span and what it looks like; mutable while classifying."""

    start: int
    end: int
    kind: str = "text"  # blank | turn | item | clause | text | heading
    indented: bool = False
    marker: str | None = None  # clause numbering family: sub, num, paren, word
    speaker: str | None = None
    timestamp: str | None = None


def segment(text: str, *, transcript: bool | None = None) -> tuple[PartSpan, ...]:
    """Cut ``text`` into parts and sentences whose spans re-read it exactly.

    transcript=None detects it: the document is a transcript when most
    non-empty lines are turns (see the module docstring for the full test).
    """
    lines = _read_lines(text)
    if transcript is None:
        transcript = _looks_like_transcript(lines)
    _assign_kinds(text, lines, transcript)
    builder = _Builder(text)
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if line.kind == "turn":
            j = i + 1
            while j < n and lines[j].kind not in ("blank", "turn"):
                j += 1
            builder.turn(line, lines[j - 1].end)
            i = j
            continue
        if line.kind == "blank":
            builder.close()
        elif line.kind == "heading":
            builder.heading(line)
        else:
            builder.body_line(line)
        i += 1
    return builder.finish()


def _read_lines(text: str) -> list[_Line]:
    """Split into lines (stripped spans) and note turn labels, numbering, bullets."""
    lines: list[_Line] = []
    pos = 0
    for m in (*_NEWLINE.finditer(text), None):
        stop = m.start() if m else len(text)
        raw = text[pos:stop]
        body = raw.lstrip()
        start = stop - len(body)
        lines.append(_Line(start, start + len(body.rstrip()), indented=start > pos))
        if body:
            _note_line_features(lines[-1], body.rstrip())
        pos = m.end() if m else stop
    for line in lines:
        if line.start == line.end:
            line.kind = "blank"
    return lines


def _note_line_features(line: _Line, content: str) -> None:
    """Record what the line's opening looks like; kinds are decided later."""
    turn = _TURN.match(content)
    if turn and all(w[0].isupper() for w in turn["label"].split()):
        line.speaker, line.timestamp = turn["label"], turn["ts"]
    if _ITEM.match(content):
        line.kind = "item"
    clause = _CLAUSE.match(content)
    # "2.5 million people" starts with a number, not a clause.
    if clause and not (
        clause.lastgroup == "sub" and content[clause.end() :].lstrip()[:1].islower()
    ):
        line.marker = clause.lastgroup


def _looks_like_transcript(lines: list[_Line]) -> bool:
    """Most non-empty lines belong to turns, and the turns look like a dialogue."""
    non_empty = in_turns = 0
    inside = False
    speakers: list[str] = []
    timed = False
    for line in lines:
        if line.kind == "blank":
            inside = False
            continue
        non_empty += 1
        if line.speaker:
            inside = True
            speakers.append(line.speaker)
            timed = timed or line.timestamp is not None
        in_turns += inside
    if len(speakers) < 2 or in_turns * 2 <= non_empty:
        return False
    return timed or len(set(speakers)) < len(speakers) or bool({"Q", "A"} & set(speakers))


def _assign_kinds(text: str, lines: list[_Line], transcript: bool) -> None:
    """Settle each line's kind: turn, item, clause, heading or text."""
    for line in lines:
        if line.kind == "blank":
            continue
        if transcript and line.speaker:
            line.kind = "turn"
        elif line.kind != "item" and line.marker:
            line.kind = "clause"
    following: list[_Line | None] = [None] * len(lines)  # next non-blank line
    for i in range(len(lines) - 2, -1, -1):
        after = lines[i + 1]
        following[i] = after if after.kind != "blank" else following[i + 1]
    for i, line in enumerate(lines):
        if line.kind not in ("clause", "text"):
            continue
        after = following[i]
        if line.marker and after and after.marker == line.marker:
            continue  # "1. Eggs" / "2. Milk": a list of clauses, not a heading
        prev = lines[i - 1] if i else None
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if _is_heading(text, line, prev, nxt):
            line.kind = "heading"


def _is_heading(text: str, line: _Line, prev: _Line | None, nxt: _Line | None) -> bool:
    """A title-shaped line placed where a title opens what follows (module docstring)."""
    content = text[line.start : line.end]
    if _MD_HEADING.match(content):
        return True
    colon = content.endswith(":")
    if not _title_shaped(text, line, content, colon):
        return False
    first = prev is None or prev.kind in ("blank", "turn")
    last = nxt is None or nxt.kind in ("blank", "turn")
    opens = first or bool(line.marker) or prev.kind == "heading" or _ends_terminal(text, prev)
    if colon:
        placed = opens
    elif last:
        placed = first
    else:
        placed = opens and not text[nxt.start].islower()
    # "Hi. Thanks" holds a sentence end: prose, not a title.
    return placed and len(split_run(text, line.start, line.end)) == 1


def _title_shaped(text: str, line: _Line, content: str, colon: bool) -> bool:
    """Short, not starting in lower case, and (unless it ends in ":") no final stop."""
    words = len(content.split())
    if content[0].islower() or len(content) > 80 or words > (8 if colon else 12):
        return False
    if colon:
        return True
    if _ends_terminal(text, line) or content[-1] in _HEADING_BAD_END:
        return False
    return any(ch.isalpha() for ch in content)


def _ends_terminal(text: str, line: _Line) -> bool:
    """Does the line end in sentence punctuation (maybe followed by quotes)?"""
    j = line.end
    while j > line.start and text[j - 1] in CLOSERS:
        j -= 1
    return j > line.start and text[j - 1] in TERM_CHARS


class _Builder:
    """Collects lines into parts: pending headings, then a body of prose runs.

    A run is a stretch of lines that the prose splitter reads as one; runs are
    cut where a line ended a sentence or a list item begins, so those always
    end or start sentences whatever the splitter thinks.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.parts: list[PartSpan] = []
        self.headings: list[SentenceSpan] = []
        self.heading_kind = "section"
        self.runs: list[list[int]] = []
        self.body_kind = "paragraph"
        self.in_item = False

    def heading(self, line: _Line) -> None:
        """A heading ends the body before it and waits for the body after it."""
        self.close()
        if not self.headings:
            self.heading_kind = "clause" if line.marker else "section"
        self.headings.append(SentenceSpan(line.start, line.end, is_heading=True))

    def turn(self, line: _Line, end: int) -> None:
        """A turn is a part of its own; headings waiting before it stand alone."""
        self.close()
        self._flush_headings()
        span = SentenceSpan(line.start, end, speaker=line.speaker, timestamp=line.timestamp)
        self.parts.append(PartSpan(line.start, end, "turn", (span,)))

    def body_line(self, line: _Line) -> None:
        """Add a clause, list item or prose line to the current body."""
        if line.kind == "clause":
            self.close()
            self.body_kind = "clause"
        last = self.runs[-1] if self.runs else None
        if last is None or line.kind != "text" or self._run_ended(last, line):
            self.runs.append([line.start, line.end])
            self.in_item = line.kind == "item"
        else:
            last[1] = line.end

    def _leaves_item(self, line: _Line) -> bool:
        """After a list item, an unindented line in upper case is not its continuation."""
        return self.in_item and not line.indented and not self.text[line.start].islower()

    def _run_ended(self, run: list[int], line: _Line) -> bool:
        """Did the run's last line end a sentence, before this next line?"""
        text, run_start, end = self.text, run[0], run[1]
        if self._leaves_item(line):
            return True
        if text[end - 1] in CLOSERS:
            return _ends_terminal(self.text, _Line(run_start, end))
        k = end
        while k > run_start and text[k - 1] in TERM_CHARS:
            k -= 1
        if k == end:
            return False
        if text[k:end] != ".":
            return True
        return not is_abbreviation(text, run_start, k, text[line.start])

    def close(self) -> None:
        """End the current body, if any, as a part (with pending headings first)."""
        if not self.runs:
            return
        body = [s for run in self.runs for s in split_run(self.text, run[0], run[1])]
        if self.headings:
            kind = self.heading_kind
        elif self.body_kind == "clause":
            kind = "clause"
        else:
            kind = "sentence" if len(body) == 1 else "paragraph"
        sentences = (*self.headings, *body)
        self.parts.append(PartSpan(sentences[0].start, sentences[-1].end, kind, sentences))
        self.headings, self.runs, self.body_kind = [], [], "paragraph"

    def _flush_headings(self) -> None:
        """Headings with no body to open become a part of their own."""
        if self.headings:
            hs = tuple(self.headings)
            self.parts.append(PartSpan(hs[0].start, hs[-1].end, self.heading_kind, hs))
            self.headings = []

    def finish(self) -> tuple[PartSpan, ...]:
        self.close()
        self._flush_headings()
        return tuple(self.parts)
