"""The agent: the one loop, the tool registry, the prompts and the question it is handed."""
