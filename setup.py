"""Packaging: every package of the checkout is found, so a new game's package needs no line anywhere but
its entry point in pyproject.toml (which holds the rest of the configuration).

The folders the service reads at run time (templates, static files, samples, documents, the plotly.js
bundle) travel inside the ``api`` package as ``api.site.*``, mapped in pyproject.toml's package-dir.

setuptools writes the project's metadata (``card_replay.egg-info``) beside setup.py unless told otherwise;
there, on the import path of ``python -m …`` and of pytest, it would outlive the installed metadata and hide
entry points added since (a new game). It goes into build/ instead, which nothing imports from.
"""

from pathlib import Path

from setuptools import find_packages, setup

SITE = ["api.site.templates", "api.site.static", "api.site.sample_games", "api.site.docs", "api.site.vendor",
        "api.site.translations"]
NOT_SHIPPED = ["tests", "tests.*", "benchmarks", "benchmarks.*", "scripts", "scripts.*", "build", "build.*"]
METADATA = Path(__file__).resolve().parent / "build"

METADATA.mkdir(exist_ok=True)  # egg_info wants its folder to exist
setup(packages=[*find_packages(exclude=NOT_SHIPPED), *SITE], options={"egg_info": {"egg_base": str(METADATA)}})
