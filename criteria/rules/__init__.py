"""The rule checks: pure functions over text that decide what a quoted sentence proves —
a length, a denial, an accepted name, a recency and the record's end."""
