"""Bounded load and crash checks against a real gunicorn on loopback (the short CI form of
`python -m scripts.loadtest` and `python -m scripts.crashtest`)."""

import pytest

from scripts import crashtest, loadtest

pytestmark = pytest.mark.slow


def test_mixed_load_gives_no_server_error():
    figures = loadtest.run(seconds=4, clients=4)
    assert figures["requests"] > 50
    assert figures["server_errors"] == 0, figures
    assert set(figures["statuses"]) <= {200, 201, 422}, figures


def test_kill_minus_nine_loses_no_confirmed_upload():
    figures = crashtest.run(rounds=2, seconds=1.5, threads=4)
    assert figures["confirmed_uploads"] > 10
    assert figures["lost_or_changed"] == 0, figures
