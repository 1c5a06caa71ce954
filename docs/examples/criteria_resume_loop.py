"""Background reading (docs/concepts.md#background-reading): the short loop that resumes a read by
its address.

.venv/bin/python -m docs.examples.criteria_resume_loop
"""

from __future__ import annotations

import time

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        criterion, calls = {"text": NICHE}, 0
        while True:
            response = search(
                client, PEOPLE, constraints=EUROPE, criteria=[criterion], list_limit=0
            )
            read, calls = response["criteria"][0], calls + 1
            if read["status"] != "partial" or calls == 8:
                break
            criterion = {"address": read["address"]}  # the SAME criterion, where it stopped
            if not read["background"]["reading"] and read["reads"]["in_flight_at_return"]:
                time.sleep(20)  # nothing is read behind this reply but an earlier call's last reads
    print(read["status"], "after", calls, "call |", read["counts"])


if __name__ == "__main__":
    main()
