"""Which criterion a request asks: its address, and the split of its text into facets,
the caller's or a model's, checked against the text before anything is read or paid for."""
