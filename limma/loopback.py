"""Whether an address listens on this machine alone: the servers Limma starts by hand (the MCP
server's streamable HTTP, the console) are plain HTTP there and guarded beyond it."""

from __future__ import annotations

import ipaddress

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """Whether binding `host` listens on this machine alone (a name other than localhost is not
    resolved: it counts as beyond)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
