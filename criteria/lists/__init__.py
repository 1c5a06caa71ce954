"""Four lists, never two: which list each candidate is on — matched, none, undetermined,
not_recorded — the counts that stay whole, the reply's block, its rows and stated_instead."""
