"""The evaluator's console (/console/): one agent loop in three modes, compare, record, replay."""
