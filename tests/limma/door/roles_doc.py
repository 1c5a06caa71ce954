"""The roles as docs/model-roles.md shows them: their names, and each one's JSON blocks."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[3] / "docs" / "model-roles.md"
# The roles the docs describe: each `## `name`` section, in the docs' order.
NAMES = re.findall(r"^## `(\w+)`$", DOCS.read_text(), flags=re.MULTILINE)


def doc_sections() -> dict[str, list[str]]:
    """Each `## <title>` section of the docs, as the JSON blocks it holds."""
    sections: dict[str, list[str]] = {}
    for section in re.split(r"^## ", DOCS.read_text(), flags=re.MULTILINE)[1:]:
        title = section.splitlines()[0].strip().strip("`")
        sections[title] = re.findall(r"```json\n(.*?)```", section, flags=re.DOTALL)
    return sections
