"""A recorded run as one standalone HTML file, and two recorded runs side by side.

Both are drawn from the record alone: a run's lines (the question, each step, the answer, the
baseline) as text, so two runs of one question are compared line by line (difflib) with the
lines that differ marked.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from django.template.loader import render_to_string


def short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def run_lines(record: dict[str, Any]) -> list[str]:
    """The run as lines a person compares: what was asked, called, answered and found."""
    lines = [f"question: {record['question']}", f"mode: {record['mode']}"]
    for step in record["steps"]:
        kind, data = step["kind"], step["data"]
        if kind == "attached":
            lines.append("tools: " + ", ".join(data["tools"]))
        elif kind == "turn":
            if data.get("content"):
                lines.extend(f"model: {line}" for line in data["content"].splitlines() if line)
        elif kind == "tool_call":
            lines.append(f"call {data['tool']} {short(data['args'])}")
        elif kind == "tool_result":
            flag = "ok" if data["ok"] else "error"
            result = data["result"]
            total = (result.get("matched") or {}).get("total") if data["ok"] else None
            counted = f" total={total}" if total is not None else ""
            lines.append(f"reply {data['tool']} {flag}{counted} {short(result, 120)}")
        elif kind == "done":
            lines.append(f"stop: {data['stop']} after {data['turns']} turns")
        elif kind == "error":
            lines.append(f"error: {data.get('message', '')}")
    for line in (record.get("answer") or "").splitlines():
        if line.strip():
            lines.append(f"answer: {line}")
    for baseline in (record.get("compare") or {}).get("baselines", []):
        for mark in baseline.get("receipts", []):
            state = "found" if mark["found"] else "missed"
            span = f"{mark['source_id']}:{mark['char_start']}-{mark['char_end']}"
            lines.append(f"{baseline['method']} {state} {span}")
    return lines


def side_by_side(left: dict[str, Any], right: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of (left line, right line, same): a line present on one side only is a row too."""
    a, b = run_lines(left), run_lines(right)
    rows = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            rows += [{"left": a[i], "right": b[j1 + n], "same": True} for n, i in
                     enumerate(range(i1, i2))]  # fmt: skip
            continue
        for n in range(max(i2 - i1, j2 - j1)):
            rows.append(
                {
                    "left": a[i1 + n] if i1 + n < i2 else "",
                    "right": b[j1 + n] if j1 + n < j2 else "",
                    "same": False,
                }
            )
    return rows


def standalone_html(record: dict[str, Any]) -> str:
    """One HTML file: inline style, no script, no link out — it opens anywhere, offline."""
    steps = []
    for step in record["steps"]:
        data = step["data"]
        pretty = json.dumps(data, ensure_ascii=False, indent=2, default=str)
        steps.append({"kind": step["kind"], "data": data, "json": pretty})
    return render_to_string(
        "console/export.html", {"record": record, "steps": steps, "lines": run_lines(record)}
    )
