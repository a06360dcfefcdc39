"""``python -m dg_replay``: see ``dg_replay.cli``."""

import sys

from dg_replay.cli import main

sys.exit(main())
