"""The reading of a Chromium trace by ``benchmarks.browser`` (``--trace``): a load's CPU by where it ran, until
the charts are drawn, and plotly.js's compile, on a small trace written by hand."""

from __future__ import annotations

import json

from benchmarks.browser import cpu_until_drawn

PAGE, BROWSER = 7, 1


def named(pid: int, tid: int | None, name: str) -> dict:
    if tid is None:
        return {"ph": "M", "pid": pid, "tid": 0, "name": "process_name", "args": {"name": name}}
    return {"ph": "M", "pid": pid, "tid": tid, "name": "thread_name", "args": {"name": name}}


def task(pid: int, tid: int, name: str, ts: float, cpu: float, wall: float | None = None, **args) -> dict:
    """A top-level task at ``ts`` ms, taking ``cpu`` ms of its thread (``wall`` ms in all)."""
    return {"ph": "X", "pid": pid, "tid": tid, "name": name, "cat": "toplevel,v8", "ts": ts * 1e3,
            "dur": (wall or cpu) * 1e3, "tdur": cpu * 1e3, "args": args}


def test_a_trace_is_summed_by_where_it_ran_until_the_charts_are_drawn():
    events = [named(PAGE, None, "Renderer"), named(PAGE, 1, "CrRendererMain"), named(BROWSER, None, "Browser"),
              named(PAGE, 2, "ThreadPoolForegroundWorker"), named(PAGE, 3, "Compositor"),
              {"ph": "R", "pid": PAGE, "tid": 1, "name": "navigationStart", "ts": 1000e3},
              task(PAGE, 2, "v8.parseOnBackground", 1040, 150, 200, data={"url": "/vendor/plotly-basic.min.js"}),
              task(PAGE, 2, "v8.parseOnBackground", 1050, 3, data={"url": "/static/charts.js"}),
              task(PAGE, 2, "RasterTask", 1100, 20),
              task(PAGE, 1, "Layout", 1080, 30),
              task(PAGE, 1, "EvaluateScript", 1250, 40, data={"url": "/vendor/plotly-basic.min.js"}),
              task(PAGE, 3, "Commit", 1090, 5),
              task(BROWSER, 1, "RunTask", 1010, 12),
              task(BROWSER, 1, "RunTask", 1700, 99),  # after the charts were drawn: not counted
              {"ph": "R", "pid": PAGE, "tid": 1, "name": "charts-drawn", "ts": 1500e3}]
    cpu = cpu_until_drawn(json.dumps({"traceEvents": events}).encode())
    assert (cpu["main"], cpu["workers"], cpu["raster"], cpu["compositor"], cpu["browser"]) == (70, 173, 20, 5, 12)
    assert cpu["all"] == 70 + 173 + 5 + 12
    # the bundle's compile alone: 150 ms of CPU over 200 ms, begun 40 ms after navigation start
    assert (cpu["compile from"], cpu["compile CPU"], cpu["compile wall"]) == (40, 150, 200)
    assert (cpu["plotly.js at"], cpu["drawn at"]) == (250, 500)
