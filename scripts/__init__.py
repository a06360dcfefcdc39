"""Operational checks run against a real gunicorn server on loopback: load and crash recovery."""
