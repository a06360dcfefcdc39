"""RFC 6901 JSON pointers, so every finding can say exactly where in the submitted document it is."""


def escape(token: object) -> str:
    """One reference token: ``~`` and ``/`` in object keys must be escaped or the pointer changes meaning."""
    text = str(token)
    if "~" in text or "/" in text:
        return text.replace("~", "~0").replace("/", "~1")
    return text


def pointer(*tokens: object) -> str:
    """Join tokens (keys or 0-based indexes) into a pointer; no tokens is the whole document, ``""``."""
    return "".join("/" + escape(token) for token in tokens)


def join(base: str, *tokens: object) -> str:
    """Extend an existing pointer, e.g. a game's ``/games/2`` with a path inside that game."""
    return base + pointer(*tokens)
