"""The console's modes (docs/pages.md#the-console): three modes, the search prompt its own, rule 0.

.venv/bin/python -m docs.examples.search_mode
"""

from __future__ import annotations

from docs.examples import scratch


def main() -> None:
    scratch.setup()
    from qa_view.console.modes import ANSWER_SYSTEM, MODES, SEARCH_SYSTEM, system_for

    own = system_for("search") is SEARCH_SYSTEM and SEARCH_SYSTEM is not ANSWER_SYSTEM
    print("modes:", MODES, "| search prompt is its own:", own)
    rule_0 = SEARCH_SYSTEM.split("\n0. ", 1)[1].split("\n1. ", 1)[0]
    print("0. " + " ".join(rule_0.split()))


if __name__ == "__main__":
    main()
