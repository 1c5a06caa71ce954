"""The verbs as an MCP tool server: its tools, resources and two transports."""
