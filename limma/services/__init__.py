"""The store's verbs, one module per verb: ingest, connect, region, facts, documents, keys."""
