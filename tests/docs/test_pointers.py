"""The repository explains itself: what a file points to for an explanation is in the repository.

Two checks over every file of the repository (tracked, or new and not ignored): no file cites
one of the specification's texts by its file name (the repository does not hold them; docs/ says
the same things in the project's own words), and every `docs/….md#anchor` a docstring, comment
or page points to, and every relative link between the pages of docs/, names a page that exists
and a heading it holds, its anchor made as GitHub makes a heading's.
"""

from __future__ import annotations

import functools
import re
import subprocess
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Folders a checkout may hold that are not the repository's own files.
NOT_OURS = {".git", ".venv", "var", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache"}

# The specification's four texts, by the names they were cited by. Joined here, so that this
# file does not cite them itself.
SPEC_TEXTS = ("criteria", "qa-view", "search-mode", "ideas")
SPEC_CITED = re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, SPEC_TEXTS)) + r")\.txt\b")

# A pointer into docs/ from anywhere: docs/<page>.md, with or without #<anchor>.
DOCS_POINTER = re.compile(r"(?<![\w/.-])(docs/[\w./-]*?\.md)(?:#([\w-]+))?")
# A markdown link's target: [text](target), the target without a scheme.
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


@functools.cache
def repository_files() -> tuple[Path, ...]:
    """The repository's files: git's tracked and new unignored ones, else a walk of the tree."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        paths = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            path for path in ROOT.rglob("*") if not NOT_OURS & set(path.relative_to(ROOT).parts)
        ]
    return tuple(sorted(path for path in paths if path.is_file()))


@functools.cache
def text_of(path: Path) -> str | None:
    """The file's text, or None for a file that is not UTF-8 text."""
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: its text lower-cased, every character that is not
    a letter, a digit, a mark, a hyphen, an underscore or a space left out, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text, not its target
    text = text.replace("`", "").replace("*", "")
    kept = (ch for ch in text.lower() if ch in "-_ " or unicodedata.category(ch)[0] in "LNM")
    return "".join(kept).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor in a page, a repeated one numbered as GitHub numbers it."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = None if fenced else HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def pointers(path: Path, text: str) -> list[tuple[Path, str | None, str]]:
    """Each (page, anchor, as written) the file points to: docs/… anywhere, and in a markdown
    page its relative links too (resolved from the page's own folder)."""
    found = [
        (ROOT / match.group(1), match.group(2), match.group(0))
        for match in DOCS_POINTER.finditer(text)
    ]
    if path.suffix == ".md":
        for match in MARKDOWN_LINK.finditer(text):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:: not ours to check
                continue
            page, _, anchor = target.partition("#")
            if page and not page.endswith(".md"):
                continue
            resolved = (path.parent / page).resolve() if page else path
            found.append((resolved, anchor or None, target))
    return found


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        pytest.param("Four lists", "four-lists", id="words"),
        pytest.param("The Q&A page", "the-qa-page", id="an_ampersand_left_out"),
        pytest.param("[source]", "source", id="brackets_left_out"),
        pytest.param("`as_of`", "as_of", id="code_and_an_underscore"),
        pytest.param(
            "What it costs, and how to cap it", "what-it-costs-and-how-to-cap-it", id="a_comma"
        ),
        pytest.param("Accepted names (also)", "accepted-names-also", id="parentheses"),
        pytest.param("Not searched: gaps", "not-searched-gaps", id="a_colon"),
        pytest.param("Reader — identity", "reader--identity", id="a_dash_left_out_spaces_kept"),
        pytest.param("Twenty 20+ years", "twenty-20-years", id="a_plus"),
        pytest.param("Übersicht", "übersicht", id="a_letter_with_an_accent_kept"),
        pytest.param("[The verbs](verbs.md) as tools", "the-verbs-as-tools", id="a_link_s_text"),
    ],
)
def test_a_heading_s_anchor_is_github_s(heading, anchor):
    assert slug(heading) == anchor


def test_a_repeated_heading_is_numbered_and_a_fenced_one_is_no_heading():
    page = "# Verbs\n## Promises\n```\n# not a heading\n```\n## Promises\n### Promises\n"

    assert anchors(page) == {"verbs", "promises", "promises-1", "promises-2"}


@pytest.mark.parametrize(
    ("line", "cites"),
    [
        pytest.param("see " + SPEC_TEXTS[0] + ".txt, section 2", True, id="the_criteria_text"),
        pytest.param("(" + SPEC_TEXTS[1] + ".txt)", True, id="the_qa_view_text"),
        pytest.param("spec/" + SPEC_TEXTS[2] + ".txt", True, id="in_a_path"),
        pytest.param(SPEC_TEXTS[3] + ".txt: labels", True, id="the_ideas_text"),
        pytest.param("requirements.txt", False, id="another_text_file"),
        pytest.param(SPEC_TEXTS[0] + ".txtx", False, id="a_longer_suffix"),
        pytest.param(SPEC_TEXTS[0] + "_txt", False, id="no_dot"),
        pytest.param("my_" + SPEC_TEXTS[3] + ".txt", False, id="a_longer_name"),
        pytest.param("docs/concepts.md#criterion", False, id="a_pointer_into_docs"),
    ],
)
def test_a_citation_of_a_specification_text_is_found_by_its_file_name(line, cites):
    assert bool(SPEC_CITED.search(line)) is cites


def test_no_file_cites_a_text_the_repository_does_not_hold():
    citing = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in repository_files()
        if (text := text_of(path)) is not None
        for number, line in enumerate(text.splitlines(), 1)
        if SPEC_CITED.search(line)
    ]

    assert citing == []


def test_every_pointer_into_docs_names_a_page_and_a_heading_it_holds():
    pages: dict[Path, set[str] | None] = {}

    def anchors_of(page: Path) -> set[str] | None:
        if page not in pages:
            text = text_of(page) if page.is_file() else None
            pages[page] = None if text is None else anchors(text)
        return pages[page]

    broken = []
    checked = 0
    for path in repository_files():
        text = text_of(path)
        if text is None:
            continue
        for page, anchor, written in pointers(path, text):
            checked += 1
            held = anchors_of(page)
            if held is None or (anchor is not None and anchor not in held):
                broken.append(f"{path.relative_to(ROOT)}: {written}")

    assert broken == []
    assert checked > 100  # the docstrings do point into docs/: the walk found them
