"""What the differential tests of the compiled modules share: a script run in a child process on the
compiled modules or, under ``CARD_REPLAY_PURE=1``, on their source (which is used is settled at import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from replaykit import native


def replayed(script: str, modules: list[str], documents: list[dict], pure: bool) -> tuple[dict, list[str]]:
    """Run ``script`` with the ``modules`` as its arguments and ``documents`` as JSON lines on its input; it
    prints how each module was loaded (a JSON object), then one line per document."""
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", script, *modules], cwd=native.ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=True,
                          input="".join(json.dumps(document) + "\n" for document in documents))
    paths, *lines = done.stdout.splitlines()
    return json.loads(paths), lines
