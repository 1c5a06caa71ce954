"""Recency and the record: whether an experience is current or within N years, what the
record's dates close, and which stored judgments stand as of one request."""
