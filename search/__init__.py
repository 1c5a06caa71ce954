"""The search verb: constraints and briefs to a closed set with counts, gaps and paging."""
