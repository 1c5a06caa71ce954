"""The offline stand-in for the agent's model: deterministic, no key and no network."""
