"""Worked examples of docs/: each runs its calls on a scratch store and prints (see README.md)."""
